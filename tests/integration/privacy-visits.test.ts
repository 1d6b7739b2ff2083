/**
 * Visits booked online in the data-subject requests and the retention (ADR 0031 amended
 * 2026-11-29, ADR 0088), on a migrated database: a booked and rated visit is found by e-mail and
 * by phone, exported in JSON and CSV; "Anonimizar" blanks the visitor's name, phone, e-mail and
 * comment and the visitor's e-mails (pending ones deleted) while the row, its times, status and
 * rating stay and the slot stays taken; "Excluir" removes the lead and anonymises the visit; the
 * daily job anonymises visits booked before the leads' retention cutoff, once.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leads, listings, privacyActions, users, visitMails, visits } from "~/.server/db/schema";
import {
  anonymiseSubject,
  deleteSubject,
  findSubjectRecords,
  parseSubject,
  privacyExportCsv,
  privacyExportJson,
  runPrivacyMaintenance,
  type Subject,
} from "~/.server/privacy";
import { setSingleton } from "~/.server/singleton";
import { bookVisit, type BookVisitInput } from "~/.server/visits/booking";
import { calendarForListing, freeSlots } from "~/.server/visits/calendar";
import { postgresTestUrl } from "./helpers/database";
import { makeAgentUser, makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { useTestDatabase } from "./helpers/use-database";

const test = useTestDatabase(postgresTestUrl() ? "postgres" : "pglite");
const db = () => test.database.db;
const ADMIN = { uid: "admin-privacy-visits", email: "admin@exemplo.com.br" };
const BROKER = makeAgentUser("dora", "Dora", { brokerCode: "88" });
const DAY = 86_400_000;

beforeAll(async () => {
  setSingleton("database", test.database);
  await db().insert(users).values(BROKER);
  await db()
    .insert(listings)
    .values(
      storedRow(makeListing({ code: "PRV1", salePrice: 600_000, title: "Casa", broker: makeBroker("88", "Dora") }), {
        condominiumSlug: null,
        now: new Date(),
      }),
    );
}, 120_000);

const subject = (typed: string): Subject => parseSubject(typed)!;
let forms = 0;

/** Books the first free slot of PRV1 for `person`. */
async function book(person: Pick<BookVisitInput, "name" | "phone" | "email">) {
  const [slot] = await freeSlots(db(), await calendarForListing(db(), "PRV1"), new Date());
  forms += 1;
  const booked = await bookVisit(
    { listingCode: "PRV1", startsAt: slot!.startsAt, formKey: `privacy-form-${forms}`, ...person },
    { db: db(), agencyEmail: "contato@exemplo.com.br" },
  );
  return booked.visit;
}

const visitsOf = async (typed: string) =>
  (await findSubjectRecords(db(), subject(typed))).groups.find((group) => group.key === "visits")!.records;

describe("a visitor's rights over their visits", () => {
  const bruna = { name: "Bruna Visitante", phone: "21988887777", email: "bruna.visita@exemplo.com.br" };
  let visitId = "";

  beforeAll(async () => {
    const visit = await book(bruna);
    visitId = visit.id;
    await db()
      .update(visits)
      .set({ rating: 5, feedback: "Adorei a casa, Bruna", feedbackAt: new Date() })
      .where(eq(visits.id, visit.id));
    // The confirmation went out; the follow-ups of ADR 0093 stay queued (one with a failure quoting the address).
    await db()
      .update(visitMails)
      .set({ status: "sent", sentAt: new Date() })
      .where(and(eq(visitMails.visitId, visit.id), eq(visitMails.kind, "visitor_confirmation")));
    await db()
      .update(visitMails)
      .set({ lastError: `550 ${bruna.email} unknown` })
      .where(eq(visitMails.visitId, visit.id));
  });

  it("finds the visit by e-mail and by phone in any spelling", async () => {
    for (const typed of ["  Bruna.Visita@Exemplo.com.br", "(21) 98888-7777", "+55 21 98888-7777"]) {
      const records = await visitsOf(typed);
      expect(records.map((record) => record.id)).toEqual([visitId]);
      expect(records[0]!.fields).toMatchObject({
        listingCode: "PRV1",
        status: "booked",
        rating: 5,
        feedback: "Adorei a casa, Bruna",
        visitorName: bruna.name,
        visitorPhone: bruna.phone,
        visitorEmail: bruna.email,
      });
      expect(records[0]!.fields).not.toHaveProperty("tokenHash");
      expect(records[0]!.fields).not.toHaveProperty("idempotencyKey");
    }
  });

  it("exports the visit in JSON and CSV", async () => {
    const result = await findSubjectRecords(db(), subject(bruna.email));
    const json = JSON.parse(privacyExportJson(result)) as {
      sources: Record<string, { label: string; count: number; records: { fields: Record<string, unknown> }[] }>;
    };
    expect(json.sources.visits).toMatchObject({ label: "Visitas agendadas", count: 1 });
    const fields = json.sources.visits!.records[0]!.fields;
    expect(fields).toMatchObject({ listingCode: "PRV1", status: "booked", rating: 5, visitorEmail: bruna.email });
    expect(typeof fields.startsAt).toBe("string");
    expect(Object.values(fields.mails as Record<string, string>).join(" ")).toMatch(/visitor_confirmation sent/);
    const csv = privacyExportCsv(result);
    expect(csv).toContain("Visitas agendadas");
    expect(csv).toContain("feedback: Adorei a casa, Bruna");
    expect(csv).toContain("listingCode: PRV1");
  });

  it("anonymises the visit and the visitor's e-mails, keeping the row, its times, rating and slot", async () => {
    const [before] = await db().select().from(visits).where(eq(visits.id, visitId));
    const mailsBefore = await db().select().from(visitMails).where(eq(visitMails.visitId, visitId));
    const pendingToVisitor = mailsBefore.filter((mail) => mail.status === "pending" && mail.recipient === bruna.email);
    expect(pendingToVisitor.length).toBeGreaterThan(0);
    const counts = await anonymiseSubject(db(), subject(bruna.email), { actor: ADMIN, reason: "Pedido do titular" });
    expect(counts).toMatchObject({ visits: 1, visitMails: 1, cancelledVisitMails: pendingToVisitor.length });
    const [after] = await db().select().from(visits).where(eq(visits.id, visitId));
    expect(after).toMatchObject({
      visitorName: "[anonimizado]",
      visitorPhone: "[anonimizado]",
      visitorEmail: "",
      feedback: "",
      rating: 5,
      status: "booked",
      startsAt: before!.startsAt,
      endsAt: before!.endsAt,
      calendar: BROKER.uid,
    });
    const mails = await db().select().from(visitMails).where(eq(visitMails.visitId, visitId));
    expect(mails.map((mail) => [mail.kind, mail.status, mail.recipient]).sort()).toEqual(
      mailsBefore
        .filter((mail) => mail.recipient !== bruna.email || mail.status === "sent")
        .map((mail) => [mail.kind, mail.status, mail.recipient === bruna.email ? "[anonimizado]" : mail.recipient])
        .sort(),
    );
    expect(mails.map((mail) => mail.recipient)).toContain(BROKER.email);
    expect(mails.every((mail) => mail.lastError === null)).toBe(true);
    const raw = JSON.stringify([after, mails]).toLowerCase();
    for (const trace of ["bruna", "98888", "adorei"]) expect(raw).not.toContain(trace);
    // The slot is still taken: nobody else can book over the anonymised visit.
    const free = await freeSlots(db(), await calendarForListing(db(), "PRV1"), new Date());
    expect(free.some((slot) => slot.startsAt.getTime() === before!.startsAt.getTime())).toBe(false);
    expect(await visitsOf(bruna.email)).toEqual([]);
    const [entry] = await db().select().from(privacyActions).where(eq(privacyActions.action, "anonymise"));
    expect(entry!.counts).toMatchObject({ visits: 1, cancelledVisitMails: pendingToVisitor.length });
    // Idempotent: a second request changes nothing more.
    const again = await anonymiseSubject(db(), subject(bruna.phone), { actor: ADMIN, reason: "Repetido" });
    expect(again).toMatchObject({ visits: 0, visitMails: 0, cancelledVisitMails: 0 });
  });

  it("on Excluir deletes the lead and anonymises the visit (found by phone)", async () => {
    const visit = await book({ name: "Caio Excluir", phone: "31977776666", email: "caio.excluir@exemplo.com.br" });
    const counts = await deleteSubject(db(), subject("(31) 97777-6666"), { actor: ADMIN, reason: "Eliminação" });
    expect(counts).toMatchObject({ leads: 1, visits: 1 });
    expect(await db().select().from(leads).where(eq(leads.id, visit.leadId!))).toEqual([]);
    const [row] = await db().select().from(visits).where(eq(visits.id, visit.id));
    expect(row).toMatchObject({ leadId: null, visitorName: "[anonimizado]", visitorEmail: "", status: "booked" });
    const pendingToVisitor = await db()
      .select()
      .from(visitMails)
      .where(and(eq(visitMails.visitId, visit.id), eq(visitMails.recipient, "caio.excluir@exemplo.com.br")));
    expect(pendingToVisitor).toEqual([]);
  });
});

describe("retention", () => {
  /** A past visit of the agency's calendar booked `monthsAgo` months before now. */
  async function pastVisit(name: string, monthsAgo: number) {
    const createdAt = new Date(Date.now() - monthsAgo * 30.5 * DAY);
    const startsAt = new Date(createdAt.getTime() + 2 * DAY);
    const [row] = await db()
      .insert(visits)
      .values({
        listingCode: "PRV1",
        calendar: "agency",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        visitorName: name,
        visitorPhone: "11955554444",
        visitorEmail: `${name.toLowerCase().replace(/\s/g, ".")}@exemplo.com.br`,
        tokenHash: `hash-${name}`,
        idempotencyKey: `key-${name}`,
        rating: 4,
        feedback: "Bom atendimento",
        createdAt,
      })
      .returning();
    return row!;
  }

  it("anonymises visits booked before the leads' retention cutoff, once", async () => {
    const old = await pastVisit("Elisa Antiga", 25);
    const recent = await pastVisit("Fabio Recente", 23);
    const now = new Date();
    const first = await runPrivacyMaintenance(db(), { now, retentionMonths: 24 });
    expect(first).toMatchObject({ visits: 1 });
    const [oldRow] = await db().select().from(visits).where(eq(visits.id, old.id));
    const [recentRow] = await db().select().from(visits).where(eq(visits.id, recent.id));
    expect(oldRow).toMatchObject({
      visitorName: "[anonimizado]",
      visitorPhone: "[anonimizado]",
      visitorEmail: "",
      feedback: "",
      rating: 4,
      startsAt: old.startsAt,
    });
    expect(recentRow).toMatchObject({ visitorName: "Fabio Recente", feedback: "Bom atendimento" });
    const second = await runPrivacyMaintenance(db(), { now, retentionMonths: 24 });
    expect(second.visits).toBe(0);
    const entries = await db().select().from(privacyActions).where(eq(privacyActions.action, "retention"));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.counts.visits).toBe(1);
  });
});
