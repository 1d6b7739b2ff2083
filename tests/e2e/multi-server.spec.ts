/**
 * Two real server processes on one PostgreSQL (docs/decisions/0026-several-servers.md),
 * as behind a load balancer: one Vista sandbox, one Firebase Auth emulator and
 * one SMTP sink in this test process, shared by both servers; the same
 * `PUBLIC_URL` and `SESSION_SECRET` for both (the browser sees one site), each
 * server reached on its own loopback port. Asserts, and prints the figures:
 *
 * - the sync is done once: every listing's details are fetched from Vista once
 *   across both processes (the leader lock);
 * - a redirect rule saved through server A is served by server B within 1 s
 *   (NOTIFY → reload);
 * - a session cookie made on A works on B;
 * - failed sign-ins spread over A and B hit 429 at the global count (30 per
 *   IP), not per process;
 * - leads posted to both are delivered exactly once (the outbox's `skip locked`).
 *
 * Skipped without `TEST_DATABASE_URL` (a PostgreSQL server where the test may
 * create a database); CI sets it. Runs after `npm run build`: the servers are
 * `node build/node/server.js` when that bundle exists, else `tsx server/index.ts`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import pg from "pg";
import { startAuthEmulator, type RunningAuthEmulator } from "../../server/auth-emulator";
import { startVistaSandbox, type RunningVistaSandbox } from "../../server/vista-sandbox";
import { startSmtpSink, type SmtpSink } from "../integration/helpers/smtp-sink";
import {
  createScratchDatabase,
  freePort,
  type ScratchDatabase,
  spawnServer,
  stopServer,
  waitForHealth,
  waitUntil,
  type SpawnedServer,
} from "./spawned-server";

const adminUrl = process.env.TEST_DATABASE_URL?.trim();
/** Failed sign-ins per client IP in 15 minutes (LOGIN_IP_LIMIT in app/.server/auth/protection.ts). */
const LOGIN_IP_POINTS = 30;
const LEADS_EMAIL = "contatos@imobiliaria.example";

/** A server process named for the figures and messages ("a", "b"). */
type ServerProcess = SpawnedServer & { name: string };

/**
 * A server on `port` with `env` (the e2e server's own settings not inherited)
 * and a temporary DATA_DIR removed when it exits.
 */
async function startServer(name: string, port: number, env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer({ port, env, dataDirPrefix: `imobiliaria-multi-${name}-` });
  return Object.assign(server, { name });
}

/** Polls `check` every 20 ms until it returns a value; the elapsed ms and the value. */
async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string) {
  const started = performance.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return { ms: performance.now() - started, value };
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

(adminUrl ? test.describe : test.describe.skip)("several servers on one PostgreSQL", () => {
  // Skipped when TEST_DATABASE_URL is unset (no PostgreSQL to create a database on); CI sets it.
  test.describe.configure({ timeout: 90_000 });

  let database: ScratchDatabase | undefined;
  const sandboxLog: string[] = [];
  const sessionSecret = randomBytes(32).toString("hex");
  let smtp: SmtpSink;
  let sandbox: RunningVistaSandbox;
  let emulator: RunningAuthEmulator;
  let sandboxDir: string;
  let databaseUrl: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let publicUrl: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    database = await createScratchDatabase(adminUrl!, "multi");
    databaseUrl = database.url;

    smtp = await startSmtpSink();

    sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-multi-vista-"));
    // A small published catalogue (about 2% of the data set) keeps the first sync to seconds.
    sandbox = await startVistaSandbox({
      port: 0,
      dataDir: sandboxDir,
      hiddenShare: 0.98,
      log: (line) => sandboxLog.push(line),
    });
    emulator = await startAuthEmulator({ port: 0 });

    const [portA, portB] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${portA}`;
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      SESSION_SECRET: sessionSecret,
      VISTA_URL: sandbox.url,
      VISTA_KEY: sandbox.key,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_EMAIL,
      SYNC_INTERVAL_SECONDS: "3600",
    };
    a = await startServer("a", portA, env);
    b = await startServer("b", portB, env);
    for (const server of [a, b]) {
      // Any answer means the server listens (health may say 503 until the first sync).
      await waitUntil(server, async () => (await fetch(`${server.url}/health/server`)).status > 0, {
        timeoutMs: 60_000,
        intervalMs: 20,
        what: `servidor ${server.name} no ar`,
      });
    }
    // The first sync (one leader) has filled the read model.
    await waitForHealth(
      a,
      (health) =>
        Boolean(health.sync?.lastSuccessAt) && !health.sync?.running && (health.sync?.activeListings ?? 0) > 0,
      60_000,
    );
  });

  test.afterAll(async () => {
    await Promise.all([stopServer(a, { killAfterMs: 10_000 }), stopServer(b, { killAfterMs: 10_000 })]);
    await Promise.all([sandbox?.close(), emulator?.stop(), smtp?.close()]);
    if (sandboxDir) fs.rmSync(sandboxDir, { recursive: true, force: true });
    await database?.drop();
  });

  test("syncs once, shares saves, sessions and limits, and delivers each lead once", async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // 1. One sync leader: each listing's details were read from Vista once, by one process.
      const { rows: listingRows } = await db.query<{ n: number }>("select count(*)::int as n from listings");
      const detailCalls = sandboxLog.filter((line) => line.includes("/imoveis/detalhes")).length;
      const followers = [a!, b!].filter((server) => server.output().includes("outro processo está sincronizando"));
      console.log(
        `[multi-server] ${listingRows[0].n} imóveis sincronizados; ${detailCalls} chamadas a imoveis/detalhes; ` +
          `seguidor(es) que pularam a rodada: ${followers.map((server) => server.name).join(", ") || "nenhum (rodadas sem sobreposição)"}`,
      );
      expect(listingRows[0].n).toBeGreaterThan(0);
      expect(detailCalls).toBe(listingRows[0].n);

      // 2. An admin signs in on A; the session cookie works on B.
      const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
      const firebase = initializeApp(
        { projectId: emulator.projectId },
        `multi-${new URL(databaseUrl).pathname.slice(1)}`,
      );
      const email = "admin-cluster@imobiliaria.example";
      const password = "senha-cluster-1234";
      try {
        const user = await getAuth(firebase).createUser({ email, password, displayName: "Admin Cluster" });
        // On the emulator a role comes only from a `users` row, never from a claim (ADR 0065).
        await db.query(`insert into users (uid, email, display_name, role) values ($1, $2, 'Admin Cluster', 'admin')`, [
          user.uid,
          email,
        ]);
      } finally {
        await deleteApp(firebase);
        if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
        else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
      }
      const login = await fetch(`${a!.url}/login-corretores`, {
        method: "POST",
        headers: { Origin: publicUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password, redirectTo: "/painel" }),
        redirect: "manual",
      });
      expect(login.status).toBe(302);
      const session = login.headers
        .getSetCookie()
        .map((cookie) => /^((?:__Host-)?session=[^;]+)/.exec(cookie)?.[1])
        .find(Boolean);
      expect(session, "cookie de sessão criado em A").toBeTruthy();
      const panelOnB = await fetch(`${b!.url}/painel`, { headers: { Cookie: session! }, redirect: "manual" });
      const anonymousOnB = await fetch(`${b!.url}/painel`, { redirect: "manual" });
      console.log(
        `[multi-server] /painel em B com o cookie de A: ${panelOnB.status}; sem cookie: ${anonymousOnB.status}`,
      );
      expect(panelOnB.status).toBe(200);
      expect(anonymousOnB.status).toBe(302);

      // 3. A redirect rule saved through A is served by B within 1 s.
      const fromPath = `/promocao-${randomBytes(3).toString("hex")}`;
      expect((await fetch(`${b!.url}${fromPath}`, { redirect: "manual" })).status).toBe(404);
      const saved = await fetch(`${a!.url}/admin/redirecionamentos`, {
        method: "POST",
        headers: { Origin: publicUrl, Cookie: session!, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "save",
          fromPath,
          target: "/todos-os-imoveis",
          statusCode: "301",
          active: "on",
        }),
        redirect: "manual",
      });
      expect(saved.status).toBe(302);
      const applied = await until(
        async () => {
          const response = await fetch(`${b!.url}${fromPath}`, { redirect: "manual" });
          return response.status === 301 ? response.headers.get("location") : undefined;
        },
        1000,
        "regra salva em A servida por B",
      );
      console.log(`[multi-server] regra salva em A servida por B em ${applied.ms.toFixed(0)} ms`);
      expect(new URL(applied.value!, publicUrl).pathname).toBe("/todos-os-imoveis");

      // 4. Failed sign-ins spread over A and B: refused at the global count, not per process.
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_IP_POINTS; i++) {
        const server = i % 2 ? b! : a!;
        const response = await fetch(`${server.url}/api/auth/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: `ninguem-${i}@exemplo.com`, password: "senha-errada-123" }),
        });
        statuses.push(response.status);
      }
      const firstRefusal = statuses.indexOf(429);
      console.log(
        `[multi-server] tentativas de login falhas alternando A/B: primeira recusa 429 na tentativa ${firstRefusal + 1}`,
      );
      expect(statuses.slice(0, LOGIN_IP_POINTS).every((status) => status === 401)).toBe(true);
      expect(statuses[LOGIN_IP_POINTS]).toBe(429);

      // 5. Leads posted to both servers are delivered once each (e-mail and Vista).
      const { rows: codes } = await db.query<{ code: string }>("select code from listings order by code limit 1");
      const people = [0, 1, 2, 3].map((i) => `cliente-cluster-${i}@exemplo.com.br`);
      for (const [i, person] of people.entries()) {
        const server = i % 2 ? b! : a!;
        const response = await fetch(`${server.url}/api/email/more-information`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": `cluster-${i}` },
          body: JSON.stringify({
            code: codes[0].code,
            name: `Cliente Cluster ${i}`,
            phone: "(11) 91234-5678",
            email: person,
            message: "Gostaria de visitar.",
          }),
        });
        expect(response.status).toBe(201);
      }
      const delivered = await until(
        async () => {
          const { rows } = await db.query<{ pending: number; sent: number }>(
            `select count(*) filter (where status <> 'sent')::int as pending, count(*) filter (where status = 'sent')::int as sent
             from lead_deliveries`,
          );
          return rows[0].pending === 0 && rows[0].sent > 0 ? rows[0].sent : undefined;
        },
        30_000,
        "entrega dos contatos",
      );
      // One more poll of both workers (5 s) would show a duplicate, if any.
      await new Promise((resolve) => setTimeout(resolve, 5500));
      // Per contact: how many e-mails each recipient got about it (the agency, a broker…): 1 each.
      const recipientsOf = (person: string) =>
        smtp.messages
          .filter((message) => message.includes(person))
          .map((message) => /^To: *(.+)$/im.exec(message)?.[1]?.trim() ?? "?");
      const perPerson = people.map((person) => {
        const recipients = recipientsOf(person);
        return recipients.length > 0 && new Set(recipients).size === recipients.length ? 1 : recipients.length;
      });
      const vistaPerPerson = people.map(
        (person) => sandbox.leads().filter((lead) => JSON.stringify(lead.lead).includes(person)).length,
      );
      console.log(
        `[multi-server] ${delivered.value} entregas em ${(delivered.ms / 1000).toFixed(1)} s; destinatários por contato: ${people.map((person) => recipientsOf(person).join("+")).join(", ")}; leads no Vista por contato: ${vistaPerPerson.join(", ")}`,
      );
      expect(perPerson).toEqual(people.map(() => 1));
      expect(vistaPerPerson).toEqual(people.map(() => 1));
      expect(smtp.messages.length + sandbox.leads().length).toBe(delivered.value);
    } finally {
      await db.end();
    }
  });
});
