/**
 * Response reminders (ADR 0080) on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set: the broker's reminder once the target has passed,
 * the administrators' notice after 60 minutes, the opening hours respected,
 * answered and merged leads left alone, the fallback when Vista has not
 * answered, the e-mails the worker sends, and exactly one row, one history
 * entry and one e-mail per reminder with two servers on one PostgreSQL.
 * Injected clocks throughout: nothing sleeps.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "~/.server/db";
import { leadDeliveries, leadEvents, leads, listings, users } from "~/.server/db/schema";
import { saveLeadRoutingSettings } from "~/.server/leads/routing";
import { runLeadSla, startLeadSla } from "~/.server/leads/sla";
import { recordLead } from "~/.server/leads/store";
import { deliverDue } from "~/.server/leads/worker";
import type { Mailer, MailMessage } from "~/.server/mail/transport";
import type { OpeningHours } from "~/lib/agency";
import { postgresTestUrl } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { useTestDatabase } from "./helpers/use-database";

/** Mon–Fri 9h–18h, São Paulo. */
const HOURS: OpeningHours = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
];
const MINUTE = 60_000;
/** Monday 2026-03-09 10:00 in São Paulo. */
const MONDAY_10H = new Date("2026-03-09T10:00:00-03:00");
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

/** A mailer that keeps what it was given. */
function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: "file", sent, send: async (message) => void sent.push(message), close: () => undefined };
}
const noVista = { createLead: async () => ({}) };

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("lead reminders on %s", (kind) => {
  const env = useTestDatabase(kind);
  let db: Db;
  let keys = 0;
  /** A lead about listing SLA1 (its broker is Bia), received at `createdAt`. */
  const lateLead = async (createdAt: Date, input: Record<string, unknown> = {}, on: Db = db) => {
    const { lead } = await recordLead(
      {
        kind: "info",
        code: "SLA1",
        name: "Rita <b>Souza</b>",
        email: "rita@exemplo.com.br",
        message: "Oi",
        ...input,
      } as never,
      { idempotencyKey: `sla-${kind}-${++keys}`, db: on, agencyEmail: "contato@exemplo.com.br" },
    );
    await db.update(leads).set({ createdAt }).where(eq(leads.id, lead.id));
    return lead.id;
  };
  const sla = (now: Date, extra: Partial<Parameters<typeof runLeadSla>[0]> = {}) =>
    runLeadSla({ db, now, slaMinutes: 15, adminMinutes: 60, openingHours: HOURS, ...extra });
  const remindersOf = async (leadId: string) =>
    (
      await db
        .select({ channel: leadDeliveries.channel, recipient: leadDeliveries.recipient })
        .from(leadDeliveries)
        .where(and(eq(leadDeliveries.leadId, leadId), inArray(leadDeliveries.channel, ["sla_broker", "sla_admin"])))
    ).sort((a, b) => a.channel.localeCompare(b.channel));
  const reminderEvents = async (leadIds: string[]) =>
    db
      .select()
      .from(leadEvents)
      .where(and(inArray(leadEvents.leadId, leadIds), eq(leadEvents.type, "reminder")));

  beforeAll(async () => {
    db = env.database.db;
    await db.insert(listings).values(
      storedRow(
        makeListing({ code: "SLA1", title: "Casa com quintal", broker: { code: "21", name: "Bia" } as never }),
        {
          condominiumSlug: null,
          now: new Date(),
        },
      ),
    );
    await db.insert(users).values([
      { uid: "bia", email: "bia@exemplo.com.br", displayName: "Bia Corretora", role: "agent", brokerCode: "21" },
      { uid: "adm-1", email: "adm1@exemplo.com.br", role: "admin" },
      { uid: "adm-2", email: "adm2@exemplo.com.br", role: "admin" },
      { uid: "adm-off", email: "adm-off@exemplo.com.br", role: "admin", disabled: true },
    ]);
  }, 60_000);
  beforeEach(async () => {
    // Each test sees only its own leads.
    await db.delete(leads);
    await saveLeadRoutingSettings({ fallback: "off" }, null, db);
  });

  it("reminds the broker once after 15 business minutes, the administrators once after 60", async () => {
    const id = await lateLead(MONDAY_10H);
    expect(await sla(at(MONDAY_10H, 14))).toMatchObject({ brokerReminders: 0, adminReminders: 0 });
    expect(await remindersOf(id)).toEqual([]);

    expect(await sla(at(MONDAY_10H, 15))).toMatchObject({ brokerReminders: 1, adminReminders: 0 });
    expect(await sla(at(MONDAY_10H, 30))).toMatchObject({ brokerReminders: 0, adminReminders: 0 });
    expect(await remindersOf(id)).toEqual([{ channel: "sla_broker", recipient: "bia@exemplo.com.br" }]);

    expect(await sla(at(MONDAY_10H, 60))).toMatchObject({ brokerReminders: 0, adminReminders: 1 });
    expect(await sla(at(MONDAY_10H, 90))).toMatchObject({ examined: 0, adminReminders: 0 });
    expect(await remindersOf(id)).toEqual([
      { channel: "sla_admin", recipient: "adm1@exemplo.com.br, adm2@exemplo.com.br" },
      { channel: "sla_broker", recipient: "bia@exemplo.com.br" },
    ]);
    const events = await reminderEvents([id]);
    expect(events.map((event) => [event.toValue, event.actorUid]).sort()).toEqual([
      ["sla_admin", null],
      ["sla_broker", null],
    ]);

    // The worker sends them: staff addresses, the lead named and escaped, its page linked.
    const mailer = memoryMailer();
    await deliverDue({
      db,
      mailer,
      vista: noVista,
      now: at(MONDAY_10H, 61),
      batch: 100,
      publicUrl: "https://www.exemplo.com.br",
      agencyTitle: "Horizonte Imobiliária",
    });
    const reminders = mailer.sent.filter((mail) => /sem resposta/.test(mail.subject));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([
      "adm1@exemplo.com.br, adm2@exemplo.com.br",
      "bia@exemplo.com.br",
    ]);
    for (const mail of reminders) {
      expect(mail.subject).toBe("Lead sem resposta há 1 h 1 min: Rita <b>Souza</b>");
      expect(mail.text).toContain(`https://www.exemplo.com.br/painel/leads/${id}`);
      expect(mail.text).toContain("Casa com quintal (código SLA1)");
      expect(mail.html).toContain("Rita &lt;b&gt;Souza&lt;/b&gt;");
      expect(mail.html).not.toContain("<b>Souza");
      expect(mail.replyTo).toBeUndefined();
    }
    expect(reminders.find((mail) => mail.to.startsWith("adm"))!.text).toContain("Responsável: Bia Corretora");
  });

  it("sends nothing for a reminder whose lead was answered or given to another broker before it went out", async () => {
    const answered = await lateLead(MONDAY_10H);
    const moved = await lateLead(MONDAY_10H);
    expect(await sla(at(MONDAY_10H, 15))).toMatchObject({ brokerReminders: 2 });
    // Between the queueing and the send (an SMTP outage, say): one answered, one reassigned.
    await db.update(leads).set({ status: "em_atendimento" }).where(eq(leads.id, answered));
    await db.update(leads).set({ assignedUid: "adm-1" }).where(eq(leads.id, moved));
    const mailer = memoryMailer();
    const pass = await deliverDue({
      db,
      mailer,
      vista: noVista,
      now: at(MONDAY_10H, 16),
      batch: 100,
      publicUrl: "https://www.exemplo.com.br",
      agencyTitle: "Horizonte Imobiliária",
    });
    expect(pass.failed).toBe(0);
    expect(mailer.sent.filter((mail) => /sem resposta/.test(mail.subject))).toEqual([]);
    // Settled, not retried.
    const pending = await db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.channel, "sla_broker"), eq(leadDeliveries.status, "pending")));
    expect(pending).toEqual([]);
  });

  it("a lead whose broker was reminded leaves the scan until the administrators' target: newer leads are not starved", async () => {
    const older = await lateLead(MONDAY_10H);
    expect(await sla(at(MONDAY_10H, 15), { limit: 1 })).toMatchObject({ brokerReminders: 1 });
    const newer = await lateLead(at(MONDAY_10H, 10));
    // With room for one lead per run, the newer lead is the one examined: the older one waits for 60 minutes.
    expect(await sla(at(MONDAY_10H, 26), { limit: 1 })).toMatchObject({ examined: 1, brokerReminders: 1 });
    expect((await remindersOf(newer)).map((row) => row.channel)).toEqual(["sla_broker"]);
    expect((await remindersOf(older)).map((row) => row.channel)).toEqual(["sla_broker"]);
  });

  it("counts only opening hours: Friday 17h55 is late on Monday at 9h10, not before", async () => {
    const friday = new Date("2026-03-13T17:55:00-03:00");
    const id = await lateLead(friday);
    expect((await sla(new Date("2026-03-13T23:00:00-03:00"))).brokerReminders).toBe(0);
    expect((await sla(new Date("2026-03-16T09:09:00-03:00"))).brokerReminders).toBe(0);
    expect((await sla(new Date("2026-03-16T09:10:00-03:00"))).brokerReminders).toBe(1);
    expect((await sla(new Date("2026-03-16T09:54:59-03:00"))).adminReminders).toBe(0);
    expect((await sla(new Date("2026-03-16T09:55:00-03:00"))).adminReminders).toBe(1);
    expect((await remindersOf(id)).map((row) => row.channel)).toEqual(["sla_admin", "sla_broker"]);
    // Without opening hours every minute counts: the same lead would have been late on Friday at 18h10.
    const other = await lateLead(friday);
    expect((await sla(new Date("2026-03-13T18:10:00-03:00"), { openingHours: [] })).brokerReminders).toBe(1);
    expect((await remindersOf(other)).map((row) => row.channel)).toEqual(["sla_broker"]);
  });

  it("leaves answered, merged and LGPD leads alone, and reminds nobody of a lead without a broker (the administrators still)", async () => {
    const answered = await lateLead(MONDAY_10H);
    await db.update(leads).set({ status: "em_atendimento" }).where(eq(leads.id, answered));
    const merged = await lateLead(MONDAY_10H);
    await db.update(leads).set({ mergedIntoId: answered }).where(eq(leads.id, merged));
    const orphan = await lateLead(MONDAY_10H, { code: "NOPE" });
    await db.update(leads).set({ kind: "whatsapp" }).where(eq(leads.id, orphan)); // no Vista delivery pending
    await db.delete(leadDeliveries).where(and(eq(leadDeliveries.leadId, orphan), eq(leadDeliveries.channel, "vista")));
    const lgpd = await lateLead(MONDAY_10H);
    await db.update(leads).set({ kind: "lgpd" }).where(eq(leads.id, lgpd));

    await sla(at(MONDAY_10H, 120));
    expect(await remindersOf(answered)).toEqual([]);
    expect(await remindersOf(merged)).toEqual([]);
    expect(await remindersOf(lgpd)).toEqual([]);
    expect((await remindersOf(orphan)).map((row) => row.channel)).toEqual(["sla_admin"]);
  });

  it("tells the administrators at the broker's target when nobody is responsible, once, and the lead leaves the scan", async () => {
    const orphan = await lateLead(MONDAY_10H, { code: "NOPE" });
    await db.update(leads).set({ kind: "whatsapp" }).where(eq(leads.id, orphan));
    await db.delete(leadDeliveries).where(and(eq(leadDeliveries.leadId, orphan), eq(leadDeliveries.channel, "vista")));
    expect(await sla(at(MONDAY_10H, 14))).toMatchObject({ examined: 0, adminReminders: 0 });
    expect(await sla(at(MONDAY_10H, 15))).toMatchObject({ examined: 1, brokerReminders: 0, adminReminders: 1 });
    expect((await remindersOf(orphan)).map((row) => row.channel)).toEqual(["sla_admin"]);
    // Past both targets it is no longer a candidate: it cannot crowd newer leads out of a bounded scan.
    expect(await sla(at(MONDAY_10H, 120))).toMatchObject({ examined: 0, adminReminders: 0 });
  });

  it("gives a lead Vista has not answered to the rotation when it becomes late, and reminds that broker", async () => {
    await saveLeadRoutingSettings({ fallback: "round_robin" }, null, db);
    await db.update(users).set({ receivesLeads: false });
    await db.update(users).set({ receivesLeads: true }).where(eq(users.uid, "bia"));
    const id = await lateLead(MONDAY_10H, { code: "UNKNOWN" });
    const [before] = await db.select().from(leads).where(eq(leads.id, id));
    expect(before!.assignedUid).toBeNull();
    const result = await sla(at(MONDAY_10H, 15));
    expect(result).toMatchObject({ assigned: 1, brokerReminders: 1 });
    const [after] = await db.select().from(leads).where(eq(leads.id, id));
    expect(after).toMatchObject({ assignedUid: "bia", assignedBy: "round_robin" });
    expect(await remindersOf(id)).toEqual([{ channel: "sla_broker", recipient: "bia@exemplo.com.br" }]);
  });

  it("runs as a periodic job on the real clock (every minute counts without opening hours)", async () => {
    const id = await lateLead(new Date(Date.now() - 20 * MINUTE));
    const job = startLeadSla({ database: env.database, firstRunDelayMs: 3_600_000, log: () => undefined });
    try {
      const result = await job.runNow();
      expect(result).toMatchObject({ brokerReminders: 1, adminReminders: 0 });
    } finally {
      await job.stop();
    }
    expect((await remindersOf(id)).map((row) => row.channel)).toEqual(["sla_broker"]);
  });

  it("queues and sends each reminder exactly once when two servers scan and deliver at the same time", async () => {
    const other: Database = kind === "postgres" ? await openDatabase({ url: env.url!, poolSize: 4 }) : env.database;
    try {
      const ids = await Promise.all(Array.from({ length: 5 }, () => lateLead(MONDAY_10H)));
      const now = at(MONDAY_10H, 75);
      const scans = await Promise.all(
        [db, other.db, db, other.db].map((on) =>
          runLeadSla({ db: on, now, slaMinutes: 15, adminMinutes: 60, openingHours: HOURS }),
        ),
      );
      expect(scans.reduce((sum, scan) => sum + scan.brokerReminders, 0)).toBe(5);
      expect(scans.reduce((sum, scan) => sum + scan.adminReminders, 0)).toBe(5);
      const rows = await db
        .select()
        .from(leadDeliveries)
        .where(and(inArray(leadDeliveries.leadId, ids), inArray(leadDeliveries.channel, ["sla_broker", "sla_admin"])));
      expect(rows).toHaveLength(10);
      expect(await reminderEvents(ids)).toHaveLength(10);

      const mailer = memoryMailer();
      const pass = (on: Db) =>
        deliverDue({ db: on, mailer, vista: noVista, now, batch: 3, publicUrl: "https://www.exemplo.com.br" });
      for (let round = 0; round < 10; round++) {
        const results = await Promise.all([pass(db), pass(other.db)]);
        if (results.every((result) => result.sent + result.failed === 0)) break;
      }
      const reminders = mailer.sent.filter((mail) => /sem resposta/.test(mail.subject));
      expect(reminders).toHaveLength(10);
      expect(new Set(reminders.map((mail) => mail.messageId)).size).toBe(10);
    } finally {
      if (other !== env.database) await other.close();
    }
  });
});
