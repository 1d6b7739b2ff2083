/**
 * The lead outbox with an SMTP server that hangs (ADR 0069): two workers — a
 * second server started during the hang, as in a rolling deploy — a REAL
 * SMTP exchange (smtp-server in this process, greeting withheld while it
 * hangs) and the Vista sandbox over HTTP, on PGlite and on PostgreSQL
 * (`TEST_DATABASE_URL`; there each worker has its own connection pool, as
 * two processes would). The leases, timeouts and probe interval are short
 * options; the tests wait for the server's events and for the workers'
 * passes, never for the clock.
 */
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/.server/db";
import { leadDeliveries } from "~/.server/db/schema";
import { recordLead } from "~/.server/leads/store";
import { startLeadWorker, type LeadWorker, type LeadWorkerOptions } from "~/.server/leads/worker";
import { createMailer, type Mailer, type MailerOptions } from "~/.server/mail/transport";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { startHangingSmtp, type HangingSmtp } from "./helpers/hanging-smtp";
import { useSandboxAndFolder } from "./helpers/sandbox-folder";

const AGENCY_EMAIL = "contato@exemplo.com.br";
const PUBLIC_URL = "https://www.exemplo.com.br";
const LEADS = 12;

const leadIdOf = (raw: string) => /^X-Lead-Id: (\S+)/im.exec(raw)?.[1];

const shared = useSandboxAndFolder("outbox-smtp");

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("the lead outbox with a hanging SMTP server on %s", (kind) => {
  let env: TestDatabase;
  /** The second server's database: its own pool on PostgreSQL; PGlite has one connection per folder. */
  let second: Database;
  /** What a test started (workers, mailers, servers), stopped after it in reverse order. */
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    env = await createTestDatabase(kind);
    second = env.url ? await openDatabase({ url: env.url }) : env.database;
  }, 60_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    if (second !== env?.database) await second?.close();
    await env?.cleanup();
  });

  /** Records `LEADS` sell requests (each: one agency e-mail, one Vista lead) named `{prefix} {i}`. */
  async function recordLeads(prefix: string): Promise<{ ids: string[]; names: string[] }> {
    const ids: string[] = [];
    const names: string[] = [];
    for (let i = 0; i < LEADS; i++) {
      const name = `${prefix} ${i + 1}`;
      const { lead } = await recordLead(
        { kind: "sell", name, phone: "11 3456-7890", location: "Pinheiros" },
        { idempotencyKey: `${prefix}-${i}`, db: env.database.db, agencyEmail: AGENCY_EMAIL },
      );
      ids.push(lead.id);
      names.push(name);
    }
    return { ids, names };
  }

  function mailerFor(smtp: HangingSmtp, options: Partial<MailerOptions>): Mailer {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir: path.join(shared.folder, "unused"),
      from: "site@exemplo.com.br",
      ...options,
    });
    cleanups.push(() => mailer.close());
    return mailer;
  }

  function startWorker(database: Database, options: Omit<LeadWorkerOptions, "database" | "getVista">): LeadWorker {
    const worker = startLeadWorker({
      database,
      getVista: () => shared.sandbox.client,
      publicUrl: PUBLIC_URL,
      agencyTitle: "Horizonte Imobiliária",
      onError: () => undefined,
      ...options,
    });
    cleanups.push(() => worker.stop({ timeoutMs: 100 }));
    return worker;
  }

  async function pendingOf(ids: string[]) {
    const rows = await env.database.db.select().from(leadDeliveries).where(inArray(leadDeliveries.leadId, ids));
    return rows.filter((row) => row.status === "pending");
  }

  /** Runs passes of both workers until none of the leads' rows is pending; returns the rounds it took. */
  async function drain(workers: LeadWorker[], ids: string[], maxRounds: number): Promise<number> {
    for (let round = 1; round <= maxRounds; round++) {
      await Promise.all(workers.map((worker) => worker.runOnce()));
      if ((await pendingOf(ids)).length === 0) return round;
    }
    throw new Error(`the outbox did not drain in ${maxRounds} rounds`);
  }

  /** E-mails received per lead and Vista leads posted per name. */
  function deliveries(smtp: HangingSmtp, ids: string[], names: string[]) {
    const mails = new Map<string, number>();
    for (const raw of smtp.messages) {
      const id = leadIdOf(raw);
      if (id) mails.set(id, (mails.get(id) ?? 0) + 1);
    }
    const vista = names.map((name) => shared.sandbox.sandbox.leads().filter((lead) => lead.lead.nome === name).length);
    return {
      emails: ids.map((id) => mails.get(id) ?? 0),
      vista,
      totals: `${ids.reduce((sum, id) => sum + (mails.get(id) ?? 0), 0)} e-mails and ${vista.reduce((a, b) => a + b, 0)} Vista leads for ${ids.length} leads`,
    };
  }

  it("delivers each e-mail and Vista lead once when a send hangs past the lease and a second worker starts", async () => {
    const smtp = await startHangingSmtp();
    cleanups.push(() => smtp.close());
    // The client waits as long as the server does: here the lease, renewed, must keep the row.
    const mailer = mailerFor(smtp, { timeoutMs: 60_000 });
    const { ids, names } = await recordLeads(`Demorado ${kind}`);
    smtp.hang();
    const options = { mailer, leaseMs: 1000, deliveryTimeoutMs: 60_000, batch: 100, intervalMs: 20 };

    const first = startWorker(env.database, options);
    await smtp.waitForHeld(1); // the first worker is sending, the server is silent
    const other = startWorker(second, options);
    // The second worker claimed rows whose first lease ran out while the first waited, and is sending.
    await smtp.waitForHeld(2);
    smtp.recover();
    await drain([first, other], ids, 20);

    const result = deliveries(smtp, ids, names);
    console.log(`[outbox hanging SMTP, ${kind}] two workers, send held past the lease: ${result.totals}`);
    expect(result.emails).toEqual(ids.map(() => 1));
    expect(result.vista).toEqual(names.map(() => 1));
  });

  it("drains the backlog on the next passes once a silent SMTP server recovers, not at the backoff", async () => {
    const smtp = await startHangingSmtp();
    cleanups.push(() => smtp.close());
    smtp.hang();
    // A silent server costs one greeting timeout per pass.
    const mailer = mailerFor(smtp, { timeouts: { connection: 2000, greeting: 200, socket: 2000 } });
    const { ids, names } = await recordLeads(`Recuperado ${kind}`);
    // The test runs every pass itself (probes on each), so that none is in progress while it looks.
    // The longest jitter: the backoff the recovery must beat is as long as it gets (36 s).
    // The delivery's own bound ends a silent send too (a `TimeoutError`, as the greeting timeout's
    // ETIMEDOUT): short, so a pass does not wait out half the lease should the greeting timeout not
    // fire first, yet long enough for the Vista leads the first pass also posts to the sandbox.
    const options = {
      mailer,
      leaseMs: 10_000,
      deliveryTimeoutMs: 1000,
      batch: 100,
      intervalMs: 600_000,
      probeIntervalMs: 0,
      random: () => 0.999,
    };
    /** A worker whose loop is stopped before its first pass: only `runOnce` runs passes. */
    const manualWorker = async (database: Database) => {
      const worker = startWorker(database, options);
      await worker.stop();
      return worker;
    };

    const first = await manualWorker(env.database);
    await first.runOnce(); // one e-mail timed out, the others given back untried
    const other = await manualWorker(second);
    await other.runOnce(); // its probe made one e-mail due, tried it, and it timed out too
    const waiting = await pendingOf(ids);
    expect(waiting).toHaveLength(LEADS);
    expect(waiting.every((row) => row.channel === "email_agency" && row.waitingOn === "smtp")).toBe(true);
    // Tried: the first e-mail twice (the second pass's probe picks the row due first); the others never.
    expect(waiting.filter((row) => row.attempts > 0).map((row) => row.attempts)).toEqual([2]);
    expect(deliveries(smtp, ids, names).vista).toEqual(names.map(() => 1));
    // Each pass tried the row its probe made due: with no pass running, every row waits on its backoff.
    const checkedAt = Date.now();
    const onBackoff = waiting.filter((row) => row.nextAttemptAt.getTime() > checkedAt);
    expect(onBackoff).toHaveLength(LEADS);
    const backoffEnds = Math.min(...onBackoff.map((row) => row.nextAttemptAt.getTime()));

    smtp.recover();
    const rounds = await drain([first, other], ids, 4);

    const result = deliveries(smtp, ids, names);
    console.log(
      `[outbox hanging SMTP, ${kind}] recovery: drained in ${rounds} rounds of passes, ` +
        `${Math.round((backoffEnds - Date.now()) / 1000)} s before the first backoff ended; ${result.totals}`,
    );
    // Every row was sent before any of them was due by its backoff: the recovery, not the timer, did it.
    expect(Date.now()).toBeLessThan(backoffEnds);
    expect(result.emails).toEqual(ids.map(() => 1));
    expect(result.vista).toEqual(names.map(() => 1));
  });
});
