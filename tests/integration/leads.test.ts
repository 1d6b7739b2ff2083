/**
 * Lead store, outbox and delivery end to end ("Tests"):
 * PGlite (and PostgreSQL when TEST_DATABASE_URL is set), a REAL SMTP peer
 * (smtp-server in this process) and the Vista sandbox over HTTP.
 */
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokers, leadDeliveries, leads, listings } from "~/.server/db/schema";
import { deliveriesOf, LeadValidationError, recordLead } from "~/.server/leads/store";
import { deliverDue, startLeadWorker } from "~/.server/leads/worker";
import { createMailer, type Mailer } from "~/.server/mail/transport";
import type { Broker } from "~/domain/listing";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { useSandboxAndFolder } from "./helpers/sandbox-folder";

/** A real SMTP server in the test process that keeps every accepted message. */
interface TestSmtp {
  port: number;
  /** Raw messages accepted (DATA completed). */
  messages: string[];
  /** Resolves when a message's DATA arrived on a hanging server. */
  hung: Promise<void>;
  close(): Promise<void>;
}

async function startSmtp(options: { port?: number; hang?: boolean } = {}): Promise<TestSmtp> {
  const messages: string[] = [];
  let markHung!: () => void;
  const hung = new Promise<void>((resolve) => (markHung = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.hang) {
          markHung(); // never answers: the delivery hangs until the connection dies
          return;
        }
        messages.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, messages, hung, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes quoted-printable soft breaks and escapes so the text can be searched. */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

const leadIdOf = (raw: string) => /^X-Lead-Id: (\S+)/im.exec(raw)?.[1];

const BROKER: Broker = {
  code: "77",
  name: "Carla Corretora",
  email: "carla@exemplo.com.br",
  phone: "",
  mobile: "11988887777",
  creci: "",
  photoUrl: "",
};
const AGENCY_EMAIL = "contato@exemplo.com.br";
const PUBLIC_URL = "https://www.exemplo.com.br";

const shared = useSandboxAndFolder("leads");

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("leads on %s", (kind) => {
  let env: TestDatabase;
  let smtp: TestSmtp;
  let mailer: Mailer;
  const deliver = (now: Date, extra: Partial<Parameters<typeof deliverDue>[0]> = {}) =>
    deliverDue({
      db: env.database.db,
      mailer,
      vista: shared.sandbox.client,
      now,
      publicUrl: PUBLIC_URL,
      agencyTitle: "Horizonte Imobiliária",
      ...extra,
    });
  const sandboxLeadsNamed = (name: string) => shared.sandbox.sandbox.leads().filter((lead) => lead.lead.nome === name);
  /** Whether any delivery is still pending (a pass may find none due while one is held or backing off). */
  const pendingLeft = async () =>
    (await env.database.db.select().from(leadDeliveries).where(eq(leadDeliveries.status, "pending")).limit(1)).length >
    0;
  const drain = async (from: Date) => {
    // Repeated passes, each one hour later, until nothing is due (the backoff is capped at 1 h).
    let now = from;
    for (let pass = 0; pass < 20; pass++) {
      const result = await deliver(now, { batch: 100 });
      if (result.sent + result.failed === 0 && !(await pendingLeft())) return;
      now = new Date(now.getTime() + 3_600_000 * 1.5);
    }
    throw new Error("outbox did not drain");
  };

  beforeAll(async () => {
    env = await createTestDatabase(kind);
    const now = new Date();
    const listing = makeListing({
      code: "LEAD1",
      title: "Apartamento com varanda em Moema",
      salePrice: 1_250_000,
      broker: BROKER,
    });
    await env.database.db.insert(listings).values(storedRow(listing, { condominiumSlug: null, now }));
    await env.database.db.insert(brokers).values({ code: BROKER.code, data: BROKER });
    smtp = await startSmtp();
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir: path.join(shared.folder, "unused"),
      from: "site@exemplo.com.br",
      timeoutMs: 3000,
    });
  }, 60_000);
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await env?.cleanup();
  });

  it("rejects invalid input with pt-BR messages and writes nothing", async () => {
    const error = await recordLead(
      { kind: "sell", name: "Ana", phone: "123", location: "" },
      { idempotencyKey: `${kind}-bad`, db: env.database.db, agencyEmail: AGENCY_EMAIL },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadValidationError);
    expect((error as LeadValidationError).fieldErrors.phone).toEqual([
      "Informe um telefone válido com DDD, por exemplo (11) 91234-5678.",
    ]);
    expect(
      await env.database.db
        .select()
        .from(leads)
        .where(eq(leads.idempotencyKey, `${kind}-bad`)),
    ).toHaveLength(0);
  });

  it("turns a more-information lead into one agency mail, one broker mail and one Vista lead", async () => {
    const name = `Maria Info ${kind}`;
    const { lead, created } = await recordLead(
      {
        kind: "info",
        code: "LEAD1",
        name,
        phone: "+55 (11) 91234-5678",
        email: "maria@example.com",
        message: "Posso visitar no sábado? <b>obrigada</b>",
      },
      { idempotencyKey: `${kind}-info-1`, db: env.database.db, agencyEmail: AGENCY_EMAIL },
    );
    expect(created).toBe(true);
    expect(lead.phone).toBe("11912345678");
    const deliveries = await deliveriesOf(lead.id, env.database.db);
    expect(deliveries.map((d) => `${d.channel}:${d.recipient ?? ""}:${d.status}`).sort()).toEqual([
      `email_agency:${AGENCY_EMAIL}:pending`,
      `email_broker:${BROKER.email}:pending`,
      "vista::pending",
    ]);

    await drain(new Date());
    const mails = smtp.messages.filter((raw) => leadIdOf(raw) === lead.id);
    expect(mails).toHaveLength(2);
    const agencyMail = decoded(mails.find((raw) => /^To: contato@exemplo\.com\.br/im.test(raw))!);
    expect(agencyMail.replace(/\r?\n\s+/g, " ")).toContain(
      `Message-ID: <lead-${lead.id}-email_agency@www.exemplo.com.br>`,
    );
    expect(agencyMail).toContain(`Nome: ${name}`);
    expect(agencyMail).toContain("Telefone: (11) 91234-5678");
    expect(agencyMail).toContain("Imóvel: Apartamento com varanda em Moema");
    expect(agencyMail).toContain("Código: LEAD1");
    expect(agencyMail).toMatch(/R\$ 1\.250\.000/);
    expect(agencyMail).toContain(`${PUBLIC_URL}/detalhes/apartamento-moema/LEAD1`);
    expect(agencyMail).toContain("&lt;b&gt;obrigada&lt;/b&gt;");
    expect(mails.some((raw) => /^To: carla@exemplo\.com\.br/im.test(raw))).toBe(true);

    const vista = sandboxLeadsNamed(name);
    expect(vista).toHaveLength(1);
    expect(vista[0]!.lead).toEqual({
      nome: name,
      email: "maria@example.com",
      fone: "11912345678",
      interesse: "Venda",
      anuncio: "LEAD1",
      veiculo: "Site Horizonte Imobiliária",
      mensagem: "Posso visitar no sábado? <b>obrigada</b>",
    });
    const after = await deliveriesOf(lead.id, env.database.db);
    expect(
      after.every((d) => d.status === "sent" && d.attempts === 1 && d.sentAt !== null && d.lockedUntil === null),
    ).toBe(true);
  });

  it("gives one lead for five submissions of the same form, sequential and concurrent", async () => {
    const input = { kind: "sell" as const, name: "Rui Vendedor", phone: "(21) 2345-6789", location: "Copacabana" };
    const sequential = [];
    for (let i = 0; i < 5; i++)
      sequential.push(
        await recordLead(input, { idempotencyKey: `${kind}-seq`, db: env.database.db, agencyEmail: AGENCY_EMAIL }),
      );
    expect(sequential.map((r) => r.created)).toEqual([true, false, false, false, false]);
    expect(new Set(sequential.map((r) => r.lead.id)).size).toBe(1);

    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        recordLead(input, { idempotencyKey: `${kind}-conc`, db: env.database.db, agencyEmail: AGENCY_EMAIL }),
      ),
    );
    expect(concurrent.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(concurrent.map((r) => r.lead.id)).size).toBe(1);

    for (const key of [`${kind}-seq`, `${kind}-conc`]) {
      const rows = await env.database.db.select().from(leads).where(eq(leads.idempotencyKey, key));
      expect(rows).toHaveLength(1);
      // sell: agency e-mail + Vista, written once.
      expect(await deliveriesOf(rows[0]!.id, env.database.db)).toHaveLength(2);
    }
    await drain(new Date());
  });

  it("accepts every lead while SMTP refuses connections and Vista answers 500, then delivers each exactly once", async () => {
    const port = smtp.port;
    await smtp.close(); // connections now refused
    shared.sandbox.sandbox.setFaults({ status: 500, count: -1, paths: ["/lead"] });
    const names = Array.from({ length: 20 }, (_, i) => `Falha ${kind} ${i}`);
    const ids: string[] = [];
    const failures: string[] = [];
    try {
      for (const [i, name] of names.entries()) {
        const { lead, created } = await recordLead(
          { kind: "sell", name, phone: `1191234${String(5600 + i)}`, location: `Rua ${i}` },
          { idempotencyKey: `${kind}-fault-${i}`, db: env.database.db, agencyEmail: AGENCY_EMAIL },
        );
        expect(created).toBe(true);
        ids.push(lead.id);
      }
      const start = new Date();
      const down = await deliver(start, { batch: 100, onFailure: ({ error }) => failures.push(error) });
      expect(down).toEqual({ sent: 0, failed: 40 });
      expect(failures.some((error) => /ECONNREFUSED/.test(error))).toBe(true);
      expect(failures.some((error) => /VistaServerError/.test(error))).toBe(true);
      const pending = await env.database.db.select().from(leadDeliveries).where(inArray(leadDeliveries.leadId, ids));
      expect(pending).toHaveLength(40);
      for (const row of pending) {
        expect(row.status).toBe("pending");
        expect(row.attempts).toBe(1);
        expect(row.lastError).not.toBeNull();
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(start.getTime());
        expect(row.lockedUntil).toBeNull();
      }
      // Still down one backoff later: the rows are retried, never given up.
      expect(await deliver(new Date(start.getTime() + 60_000), { batch: 100 })).toEqual({ sent: 0, failed: 40 });
    } finally {
      smtp = await startSmtp({ port }); // recovery
      shared.sandbox.sandbox.setFaults(null);
    }
    await drain(new Date(Date.now() + 3_600_000));

    const mailsPerLead = new Map<string, number>();
    for (const raw of smtp.messages) {
      const id = leadIdOf(raw);
      if (id) mailsPerLead.set(id, (mailsPerLead.get(id) ?? 0) + 1);
    }
    const delivered = ids.filter((id) => mailsPerLead.get(id) === 1).length;
    const duplicated = ids.filter((id) => (mailsPerLead.get(id) ?? 0) > 1).length;
    const lost = ids.filter((id) => !mailsPerLead.has(id)).length;
    const vistaCounts = names.map((name) => sandboxLeadsNamed(name).length);
    console.log(
      `[leads fault test, ${kind}] submitted ${ids.length}; e-mail delivered ${delivered}, duplicated ${duplicated}, lost ${lost}; ` +
        `Vista delivered ${vistaCounts.filter((n) => n === 1).length}, duplicated ${vistaCounts.filter((n) => n > 1).length}, lost ${vistaCounts.filter((n) => n === 0).length}`,
    );
    expect({ delivered, duplicated, lost }).toEqual({ delivered: 20, duplicated: 0, lost: 0 });
    expect(vistaCounts).toEqual(names.map(() => 1));
    const rows = await env.database.db.select().from(leadDeliveries).where(inArray(leadDeliveries.leadId, ids));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 3)).toBe(true);
  });

  it("loses nothing when the worker is stopped while a delivery hangs", async () => {
    const hanging = await startSmtp({ hang: true });
    const hangingMailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${hanging.port}`,
      outboxDir: path.join(shared.folder, "unused"),
      from: "site@exemplo.com.br",
      timeoutMs: 60_000,
    });
    const name = `Interrompido ${kind}`;
    const { lead } = await recordLead(
      { kind: "sell", name, phone: "11 3456-7890", location: "Pinheiros" },
      { idempotencyKey: `${kind}-kill`, db: env.database.db, agencyEmail: AGENCY_EMAIL },
    );
    const leaseMs = 60_000;
    const worker = startLeadWorker({
      database: env.database,
      mailer: hangingMailer,
      getVista: () => shared.sandbox.client,
      intervalMs: 20,
      leaseMs,
      publicUrl: PUBLIC_URL,
      agencyTitle: "Horizonte Imobiliária",
    });
    await hanging.hung; // the agency e-mail is mid-delivery
    await worker.stop({ timeoutMs: 50 }); // the "killed" worker: its lease stays
    const [held] = await env.database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, lead.id))
      .then((rows) => rows.filter((r) => r.channel === "email_agency"));
    expect(held!.status).toBe("pending");
    expect(held!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Another worker before the lease expires does not touch it.
    expect(
      (
        await deliverDue({
          db: env.database.db,
          mailer,
          vista: shared.sandbox.client,
          publicUrl: PUBLIC_URL,
          agencyTitle: "Horizonte Imobiliária",
        })
      ).sent,
    ).toBeLessThanOrEqual(1);
    expect(smtp.messages.filter((raw) => leadIdOf(raw) === lead.id)).toHaveLength(0);
    hangingMailer.close();
    await hanging.close();
    // The cut connection fails the stopped worker's delivery: wait for it to record that (a
    // transport-waiting row) so the drain below does not race it.
    await worker.stop({ timeoutMs: 30_000 });

    await drain(new Date(Date.now() + leaseMs + 1000));
    expect(hanging.messages).toHaveLength(0);
    expect(smtp.messages.filter((raw) => leadIdOf(raw) === lead.id)).toHaveLength(1);
    expect(sandboxLeadsNamed(name)).toHaveLength(1);
    const rows = await deliveriesOf(lead.id, env.database.db);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });
});
