/**
 * Visits booked online (ADR 0088) on PGlite: booking writes the visit, its lead (kind visit,
 * status visita_agendada, the listing's broker) with its Vista and e-mail deliveries, and the
 * visit's mails, in one transaction; the same form books once; a taken slot is refused by the
 * exclusion constraint; the manage token moves and cancels the visit; the mail worker sends a
 * real SMTP exchange with the `.ics` and skips rows of a moved or cancelled visit; the pages
 * answer 404/410 and their forms refuse bad input beside the fields.
 */
import { and, eq, lte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leadDeliveries, leadEvents, leads, visitMails, visits } from "~/.server/db/schema";
import { bookVisit, MOVES_EXHAUSTED_MESSAGE, VisitSlotError, type BookVisitInput } from "~/.server/visits/booking";
import { calendarForListing, freeSlots } from "~/.server/visits/calendar";
import { deliverDueVisitMails } from "~/.server/visits/mail-worker";
import { cancelVisit, findVisitByToken, rescheduleSlots, rescheduleVisit } from "~/.server/visits/manage";
import * as bookPage from "~/routes/visit-book";
import * as managePage from "~/routes/visit-manage";
import * as icsRoute from "~/routes/visit-ics";
import { makeAgentUser, makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { useVisitsSetup } from "./helpers/visits-setup";
import { answer, passingGuardFields, siteRequest } from "./helpers/loaders";

const BROKER = makeAgentUser("carla", "Carla Corretora", { brokerCode: "77" });

const setup = useVisitsSetup({
  broker: BROKER,
  listings: () => [
    storedRow(
      makeListing({
        code: "VIS1",
        salePrice: 500_000,
        title: "Apartamento com varanda",
        broker: makeBroker("77", "Carla"),
      }),
      {
        condominiumSlug: null,
        now: new Date(),
      },
    ),
    storedRow(makeListing({ code: "AGC2", salePrice: 500_000, title: "Casa sem corretor" }), {
      condominiumSlug: null,
      now: new Date(),
    }),
    {
      ...storedRow(makeListing({ code: "GONE" }), { condominiumSlug: null, now: new Date() }),
      removedAt: new Date(),
      removalReason: "unlisted" as const,
    },
  ],
});
const db = setup.db;

/** The booking's own mail rows of a visit (the follow-ups of ADR 0093 left aside). */
async function bookingMails(visitId: string) {
  const rows = await db().select().from(visitMails).where(eq(visitMails.visitId, visitId));
  return rows.filter((row) => ["visitor_confirmation", "broker_notice", "broker_cancelled"].includes(row.kind));
}

/** Raw SMTP text with its quoted-printable encoding undone (soft breaks, `=XX` bytes as UTF-8). */
const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

let formCount = 0;
async function firstSlots(code: string) {
  const calendar = await calendarForListing(db(), code);
  return freeSlots(db(), calendar, new Date());
}
function input(code: string, startsAt: Date, extra: Partial<BookVisitInput> = {}): BookVisitInput {
  formCount += 1;
  return {
    listingCode: code,
    startsAt,
    name: "Ana Visitante",
    phone: "11912345678",
    email: `ana${formCount}@exemplo.com.br`,
    formKey: `form-${formCount}`,
    ...extra,
  };
}

describe("booking", () => {
  it("writes the visit, its lead (visit, visita_agendada, the listing's broker) and the outbox rows", async () => {
    const [slot] = await firstSlots("VIS1");
    const booked = await bookVisit(input("VIS1", slot!.startsAt), { db: db(), agencyEmail: "contato@exemplo.com.br" });
    expect(booked.created).toBe(true);
    expect(booked.visit).toMatchObject({
      calendar: BROKER.uid,
      brokerUid: BROKER.uid,
      status: "booked",
      listingCode: "VIS1",
    });
    const [lead] = await db().select().from(leads).where(eq(leads.id, booked.visit.leadId!));
    expect(lead).toMatchObject({
      kind: "visit",
      status: "visita_agendada",
      assignedUid: BROKER.uid,
      listingCode: "VIS1",
    });
    expect(lead!.message).toMatch(/Visita agendada pelo site para .* às \d{2}:\d{2}/);
    const deliveries = await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(deliveries.map((row) => row.channel).sort()).toContain("vista");
    const mails = await bookingMails(booked.visit.id);
    expect(mails.map((row) => [row.kind, row.recipient]).sort()).toEqual([
      ["broker_notice", BROKER.email],
      ["visitor_confirmation", `ana${formCount}@exemplo.com.br`],
    ]);
    const history = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(history.map((event) => event.type)).toEqual(expect.arrayContaining(["created", "assigned", "status"]));
    expect(await findVisitByToken(db(), booked.token)).toMatchObject({ id: booked.visit.id });
  });

  it("books once per form, and the slot is gone for the next visitor", async () => {
    const [slot] = await firstSlots("VIS1");
    const same = input("VIS1", slot!.startsAt);
    const first = await bookVisit(same, { db: db() });
    const again = await bookVisit(same, { db: db() });
    expect(again).toMatchObject({ created: false, token: first.token });
    expect(again.visit.id).toBe(first.visit.id);
    await expect(bookVisit(input("VIS1", slot!.startsAt), { db: db() })).rejects.toThrow(VisitSlotError);
    expect((await firstSlots("VIS1")).some((free) => free.startsAt.getTime() === slot!.startsAt.getTime())).toBe(false);
  });

  it("lets the database refuse an overlapping visit of the same calendar (23P01)", async () => {
    const [slot] = await firstSlots("VIS1");
    const booked = await bookVisit(input("VIS1", slot!.startsAt), { db: db() });
    const copy = {
      ...booked.visit,
      id: crypto.randomUUID(),
      tokenHash: "x".repeat(64),
      idempotencyKey: "dup",
      leadId: null,
    };
    const error = await db()
      .insert(visits)
      .values(copy)
      .catch((caught: unknown) => caught);
    expect(
      JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).cause?.toString?.()),
    ).toMatch(/23P01|visits_no_overlap/);
  });

  it("confirms at most 3 bookings a day to one mailbox, with their follow-ups; beyond, no visitor e-mail; the broker still gets his", async () => {
    const slots = await firstSlots("VIS1");
    const email = "muitas@exemplo.com.br";
    const booked: Awaited<ReturnType<typeof bookVisit>>[] = [];
    for (const slot of slots.filter((_, i) => i % 3 === 0).slice(0, 4)) {
      booked.push(await bookVisit(input("VIS1", slot.startsAt, { email }), { db: db() }));
    }
    const rows = await db().select().from(visitMails).where(eq(visitMails.recipient, email));
    expect(rows.filter((row) => row.kind === "visitor_confirmation")).toHaveLength(3);
    expect(rows.some((row) => row.visitId === booked.at(-1)!.visit.id)).toBe(false);
    for (const { visit } of booked.slice(0, 3)) {
      const kinds = rows.filter((row) => row.visitId === visit.id).map((row) => row.kind);
      expect(kinds).toEqual(expect.arrayContaining(["visitor_confirmation", "visitor_feedback"]));
    }
    for (const { visit } of booked) {
      const kinds = (await bookingMails(visit.id)).map((row) => row.kind);
      expect(kinds).toContain("broker_notice");
    }
    // Moves beyond the cap mail the visitor nothing more, the broker each time.
    const last = booked.at(-1)!.visit;
    const target = (await rescheduleSlots(db(), last, new Date())).at(-1)!;
    const moved = await rescheduleVisit(db(), last, target.startsAt, { agencyEmail: "contato@exemplo.com.br" });
    const after = await db().select().from(visitMails).where(eq(visitMails.visitId, moved.id));
    expect(after.filter((row) => row.kind.startsWith("visitor_"))).toHaveLength(0);
    expect(after.filter((row) => row.kind === "broker_notice")).toHaveLength(2);
  });

  it("never re-sends a visitor row when a visit moves back and forth, and caps the moves at 3", async () => {
    const slots = await firstSlots("VIS1");
    const [a, b] = [slots.at(-1)!, slots.at(-4)!];
    const email = "vaievem@exemplo.com.br";
    let visit = (await bookVisit(input("VIS1", a.startsAt, { email }), { db: db() })).visit;
    await db().update(visitMails).set({ status: "sent", sentAt: new Date() }).where(eq(visitMails.visitId, visit.id));
    const agencyEmail = "contato@exemplo.com.br";
    for (const slot of [b, a, b]) visit = await rescheduleVisit(db(), visit, slot.startsAt, { agencyEmail });
    const confirmations = await db()
      .select()
      .from(visitMails)
      .where(and(eq(visitMails.visitId, visit.id), eq(visitMails.kind, "visitor_confirmation")));
    // One confirmation per time, each written once: the first time's, already sent, is not sent again.
    expect(confirmations).toHaveLength(2);
    const first = confirmations.find((row) => row.forStartsAt.getTime() === a.startsAt.getTime());
    expect(first).toMatchObject({ status: "sent" });
    const refused = await rescheduleVisit(db(), visit, a.startsAt, { agencyEmail }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(VisitSlotError);
    expect((refused as Error).message).toBe(MOVES_EXHAUSTED_MESSAGE);
  });

  it("puts a listing without a site broker in the agency's calendar", async () => {
    const [slot] = await firstSlots("AGC2");
    const booked = await bookVisit(input("AGC2", slot!.startsAt, { email: undefined }), {
      db: db(),
      agencyEmail: "contato@exemplo.com.br",
    });
    expect(booked.visit).toMatchObject({ calendar: "agency", brokerUid: null });
    const mails = await bookingMails(booked.visit.id);
    expect(mails.map((row) => [row.kind, row.recipient])).toEqual([["broker_notice", "contato@exemplo.com.br"]]);
  });
});

describe("the manage token", () => {
  it("moves the visit (same row, new mails, a history entry) and cancels it", async () => {
    const slots = await firstSlots("VIS1");
    const booked = await bookVisit(input("VIS1", slots[0]!.startsAt), { db: db() });
    const target = (await firstSlots("VIS1")).at(-1)!;
    const moved = await rescheduleVisit(db(), booked.visit, target.startsAt, { agencyEmail: "contato@exemplo.com.br" });
    expect(moved.id).toBe(booked.visit.id);
    expect(moved.startsAt.toISOString()).toBe(target.startsAt.toISOString());
    const mails = await db()
      .select()
      .from(visitMails)
      .where(and(eq(visitMails.visitId, moved.id), eq(visitMails.kind, "visitor_confirmation")));
    expect(mails).toHaveLength(2);
    const notes = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, moved.leadId!), eq(leadEvents.type, "note")));
    expect(notes[0]!.note).toMatch(/Visita remarcada/);

    const cancelled = await cancelVisit(db(), moved, { agencyEmail: "contato@exemplo.com.br" });
    expect(cancelled.status).toBe("cancelled");
    const [lead] = await db().select().from(leads).where(eq(leads.id, moved.leadId!));
    expect(lead!.status).toBe("em_atendimento");
    // The time is free again.
    expect((await firstSlots("VIS1")).some((free) => free.startsAt.getTime() === target.startsAt.getTime())).toBe(true);
  });
});

describe("the mail worker", () => {
  it("sends the confirmation with the .ics over SMTP and skips the rows of moved or cancelled visits", async () => {
    setup.smtp().messages.length = 0;
    const publicUrl = "https://imobiliaria.exemplo.com.br";
    // Rows of earlier tests (moved and cancelled visits among them) go too.
    let result = { sent: 0, failed: 0 };
    for (let pass = 0; pass < 10; pass++) {
      const once = await deliverDueVisitMails({ db: db(), mailer: setup.mailer(), publicUrl, batch: 50 });
      result = { sent: result.sent + once.sent, failed: result.failed + once.failed };
      if (once.sent + once.failed === 0) break;
    }
    expect(result.failed).toBe(0);
    const due = await db()
      .select()
      .from(visitMails)
      .where(and(eq(visitMails.status, "pending"), lte(visitMails.nextAttemptAt, new Date())));
    expect(due).toEqual([]);
    const messages = setup.smtp().messages.map(readable);
    const confirmations = messages.filter(
      (raw) => /Message-ID:\s+<visit-[^>]*-visitor_confirmation-/i.test(raw) && /To: ana\d+@exemplo.com.br/.test(raw),
    );
    expect(confirmations.length).toBeGreaterThan(0);
    const raw = confirmations[0]!;
    expect(raw).toMatch(/Content-Type: text\/calendar/);
    expect(raw).toMatch(/filename=visita\.ics/);
    expect(raw).toContain("https://imobiliaria.exemplo.com.br/visitas/");
    // The moved visit: its first time's confirmation was skipped, the new one was sent; the cancelled one told the broker.
    const cancelNotice = messages.filter((message) => /Message-ID:\s+<visit-[^>]*-broker_cancelled-/i.test(message));
    expect(cancelNotice).toHaveLength(1);
    // A moved visit's broker notice says so, with the old time.
    expect(
      messages.some(
        (message) => message.includes("foi remarcada pelo visitante") && message.includes("Horário anterior"),
      ),
    ).toBe(true);
    // Nothing the visitor typed reaches the visitor's address.
    for (const message of confirmations) expect(message).not.toContain("Ana Visitante");
  });
});

describe("the pages", () => {
  it("answer 404 for an unknown listing or token and 410 for a removed listing", async () => {
    const unknown = await answer(() =>
      bookPage.loader({ request: siteRequest("/detalhes/x/NOPE/agendar"), params: { id: "NOPE" }, context: {} }),
    );
    expect(unknown.status).toBe(404);
    const gone = await answer(() =>
      bookPage.loader({ request: siteRequest("/detalhes/x/GONE/agendar"), params: { id: "GONE" }, context: {} }),
    );
    expect(gone.status).toBe(410);
    const badToken = await answer(() =>
      managePage.loader({
        request: siteRequest("/visitas/abc"),
        params: { token: "abc" },
        context: { clientIp: "10.0.0.9" },
      }),
    );
    expect(badToken.status).toBe(404);
  });

  it("books through the form, refuses bad input beside the fields and serves the .ics", async () => {
    const canonical = await answer(() =>
      bookPage.loader({ request: siteRequest("/detalhes/x/VIS1/agendar"), params: { id: "VIS1" }, context: {} }),
    );
    expect(canonical.status, await canonical.clone().text()).toBe(301);
    const path = canonical.headers.get("Location")!;
    const page = await answer(() =>
      bookPage.loader({ request: siteRequest(path), params: { id: "VIS1" }, context: {} }),
    );
    const data = await page.json();
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const slot = data.slots.days[0].slots[0].value as string;
    const post = (fields: Record<string, string>) =>
      answer(() =>
        bookPage.action({
          request: siteRequest(path, {
            method: "POST",
            body: new URLSearchParams({ ...passingGuardFields(), ...fields }),
          }),
          params: { id: "VIS1" },
          context: { clientIp: "10.0.0.1" },
        }),
      );
    const bad = await post({ name: "A", phone: "123" });
    expect(bad.status).toBe(400);
    const errors = await bad.json();
    expect(Object.keys(errors.fieldErrors).sort()).toEqual(["name", "phone", "slot"]);
    expect(errors.fieldErrors.slot).toEqual(["Escolha um horário."]);
    const ok = await post({ slot, name: "Bruno Visitante", phone: "(11) 98888-7777" });
    expect(ok.status).toBe(303);
    const location = ok.headers.get("Location")!;
    expect(location).toMatch(/^\/visitas\/[A-Za-z0-9_-]{43}\?agendada=1$/);
    const token = location.split("/")[2]!.split("?")[0]!;
    const manage = await answer(() =>
      managePage.loader({ request: siteRequest(location), params: { token }, context: { clientIp: "10.0.0.2" } }),
    );
    expect(manage.status).toBe(200);
    expect(manage.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect((await manage.json()).visitor.name).toBe("Bruno Visitante");
    const ics = await answer(() =>
      icsRoute.loader({
        request: siteRequest(`/visitas/${token}/convite.ics`),
        params: { token },
        context: { clientIp: "10.0.0.2" },
      }),
    );
    const text = await ics.text();
    expect(ics.headers.get("Content-Type")).toMatch(/text\/calendar/);
    expect(text).toMatch(
      new RegExp(
        `DTSTART:${new Date(slot)
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, "")}`,
      ),
    );
    expect(text).toMatch(/SUMMARY:Visita ao imóvel VIS1/);
    const taken = await post({ slot, name: "Carlos Visitante", phone: "(11) 97777-6666" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).fieldErrors.slot).toEqual(["Esse horário acabou de ser reservado; escolha outro."]);

    // The manage page's own headers go on its action's answers too: a refusal and the redirect after a change.
    const change = (fields: Record<string, string>) =>
      answer(() =>
        managePage.action({
          request: siteRequest(location, { method: "POST", body: new URLSearchParams(fields) }),
          params: { token },
          context: { clientIp: "10.0.0.2" },
        }),
      );
    const bogus = await change({ intent: "apagar" });
    expect(bogus.status).toBe(400);
    expect((await bogus.json()).formError).toBe("Ação inválida.");
    const cancelled = await change({ intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("Location")).toBe(`/visitas/${token}?cancelada=1`);
    for (const answered of [bogus, cancelled]) {
      expect(answered.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(answered.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      expect(answered.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
