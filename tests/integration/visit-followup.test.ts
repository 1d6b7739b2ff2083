/**
 * The visits' follow-up (ADR 0093) on PGlite: the broker's hours saved and read back (the
 * agency's hours until then, the booking reading the same), the preview of free times; a booking
 * writes the reminders and the rating request at their times, and the mail worker delivers them
 * through a real SMTP exchange when due; the rating page stores one rating with a lead history
 * entry (404 for an unknown token, the second post keeps the first); the owner's report counts
 * the visits and their average rating without any visitor's data.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { leadEvents, ownerReports, visitMails, visits } from "~/.server/db/schema";
import { listingActivity } from "~/.server/owner-report/figures";
import { renderOwnerReportEmail } from "~/.server/owner-report/mail";
import { createLimiter } from "~/.server/rate-limit";
import { readAvailability } from "~/.server/visits/availability";
import { agendaPreview, loadAvailability, saveAvailability } from "~/.server/visits/availability-store";
import { bookVisit } from "~/.server/visits/booking";
import { calendarForListing, freeSlots } from "~/.server/visits/calendar";
import { loadFeedbackPage } from "~/.server/visits/feedback-page";
import { deliverDueVisitMails } from "~/.server/visits/mail-worker";
import { visitToken } from "~/.server/visits/tokens";
import { leadVisitView } from "~/.server/visits/lead-visit";
import { LeadVisit } from "~/components/lead-page/lead-visit";
import type { AvailabilitySettings } from "~/lib/availability-form";
import * as feedbackPage from "~/routes/visit-feedback";
import { makeAgentUser, makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { useVisitsSetup } from "./helpers/visits-setup";
import { answer, clientArgs, passingGuardFields, siteRequest } from "./helpers/loaders";

const HOUR = 3600_000;
const BROKER = makeAgentUser("rita", "Rita Corretora", { brokerCode: "88" });

const setup = useVisitsSetup({
  broker: BROKER,
  listings: () => [
    storedRow(makeListing({ code: "FUP1", title: "Casa com quintal", broker: makeBroker("88", "Rita") }), {
      condominiumSlug: null,
      now: new Date(),
    }),
  ],
});
const db = setup.db;

/** Every day 08:00–12:00 and 13:00–20:00, 60 min slots, no buffer nor notice, 7 days. */
const WEEK: AvailabilitySettings = {
  weekly: Array.from({ length: 7 }, () => [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "20:00" },
  ]),
  daysOff: [],
  slotMinutes: 60,
  bufferMinutes: 0,
  horizonDays: 7,
  minNoticeMinutes: 0,
};

describe("availability", () => {
  it("shows the agency's hours until the broker saves, then the saved ones (which the booking reads)", async () => {
    const before = await loadAvailability(db(), BROKER.uid);
    expect(before.saved).toBe(false);
    // No agency profile: the booking's default week (Monday–Friday 9h–18h, Saturday 9h–13h).
    expect(before.settings.weekly[1]).toEqual([{ start: "09:00", end: "18:00" }]);
    expect(before.settings.weekly[0]).toEqual([]);

    await saveAvailability(db(), BROKER.uid, { ...WEEK, daysOff: ["2030-01-01"] });
    await saveAvailability(db(), BROKER.uid, WEEK);
    const after = await loadAvailability(db(), BROKER.uid);
    expect(after).toEqual({ settings: WEEK, saved: true });
    expect(await readAvailability(db(), BROKER.uid)).toEqual(WEEK);
  });

  it("previews the next free times of the saved hours", async () => {
    const now = new Date("2030-03-04T12:00:00Z"); // Monday 09:00 in São Paulo
    const preview = await agendaPreview(db(), BROKER.uid, WEEK, now);
    expect(preview).toHaveLength(5);
    expect(preview[0]).toEqual({ day: "2030-03-04", times: ["09:00", "10:00", "11:00", ...hours(13, 19)] });
    expect(preview[1]!.times[0]).toBe("08:00");
  });
});

function hours(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => `${String(from + index).padStart(2, "0")}:00`);
}

describe("follow-up mails and the rating", () => {
  let visitId: string;
  let token: string;

  it("a booking writes the reminders 24 h before and the rating request 2 h after, delivered when due", async () => {
    const calendar = await calendarForListing(db(), "FUP1");
    const now = new Date();
    // A slot more than a day ahead, so that the reminders are still to come.
    const slot = (await freeSlots(db(), calendar, now)).find(
      (candidate) => candidate.startsAt.getTime() > now.getTime() + 30 * HOUR,
    );
    expect(slot).toBeDefined();
    const booked = await bookVisit(
      {
        listingCode: "FUP1",
        startsAt: slot!.startsAt,
        name: "Paula Visitante",
        phone: "11912345678",
        email: "paula@exemplo.com.br",
        formKey: "followup-1",
      },
      { db: db(), agencyEmail: "contato@exemplo.com.br" },
    );
    visitId = booked.visit.id;
    token = booked.token;
    const rows = await db().select().from(visitMails).where(eq(visitMails.visitId, visitId));
    const due = Object.fromEntries(rows.map((row) => [row.kind, row]));
    expect(due.visitor_reminder!.nextAttemptAt.getTime()).toBe(slot!.startsAt.getTime() - 24 * HOUR);
    expect(due.broker_reminder!.nextAttemptAt.getTime()).toBe(slot!.startsAt.getTime() - 24 * HOUR);
    expect(due.visitor_feedback!.nextAttemptAt.getTime()).toBe(slot!.endsAt.getTime() + 2 * HOUR);
    expect(due.visitor_reminder!.recipient).toBe("paula@exemplo.com.br");

    // Now: only the booking's own mails go.
    await deliverDueVisitMails({ db: db(), mailer: setup.mailer(), now, publicUrl: "https://site.test" });
    // Quoted-printable soft line breaks undone, so that a long link reads whole.
    const followUp = () =>
      setup
        .smtp()
        .messages.map((raw) => raw.replace(/=\r?\n/g, ""))
        .filter((raw) => /-(visitor_reminder|broker_reminder|visitor_feedback)-\d+@/.test(raw));
    expect(followUp()).toEqual([]);

    // A day before: both reminders; after the visit: the rating request.
    await deliverDueVisitMails({
      db: db(),
      mailer: setup.mailer(),
      now: new Date(slot!.startsAt.getTime() - 23 * HOUR),
      publicUrl: "https://site.test",
    });
    await deliverDueVisitMails({
      db: db(),
      mailer: setup.mailer(),
      now: new Date(slot!.endsAt.getTime() + 3 * HOUR),
      publicUrl: "https://site.test",
    });
    const later = followUp();
    expect(later).toHaveLength(3);
    const visitorReminder = later.find((raw) => raw.includes("-visitor_reminder-"));
    const brokerReminder = later.find((raw) => raw.includes("-broker_reminder-"));
    const feedbackMail = later.find((raw) => raw.includes("-visitor_feedback-"));
    expect(visitorReminder).toMatch(/^To: paula@exemplo\.com\.br/m);
    expect(brokerReminder).toMatch(/^To: rita@exemplo\.com\.br/m);
    expect(visitorReminder).toBeDefined();
    expect(visitorReminder).not.toContain("Paula");
    expect(brokerReminder).toContain("Paula Visitante");
    expect(feedbackMail).toContain(`https://site.test/visitas/${token}/avaliacao`);
    expect(feedbackMail).not.toContain("Paula");
  });

  it("the rating page: 404 for an unknown token; too early before the visit", async () => {
    const unknown = await answer(() =>
      feedbackPage.loader({
        request: siteRequest("/visitas/x/avaliacao"),
        params: { token: "x".repeat(43) },
        context: {},
      }),
    );
    expect(unknown.status).toBe(404);
    const early = await answer(() =>
      feedbackPage.loader({ request: siteRequest(`/visitas/${token}/avaliacao`), params: { token }, context: {} }),
    );
    expect(((await early.json()) as { state: string }).state).toBe("too-early");
  });

  it("the rating page is limited per IP, as the manage page (429 past the limit)", async () => {
    const pageLimiter = createLimiter({ keyPrefix: "t-feedback", points: 2, durationSeconds: 60 }, null);
    const url = new URL(`https://site.test/visitas/${token}/avaliacao`);
    const open = () =>
      answer(() =>
        loadFeedbackPage(db(), token, { url, clientIp: "203.0.113.9", pageLimiter }).then(() => new Response()),
      );
    expect((await open()).status).toBe(200);
    expect((await open()).status).toBe(200);
    expect((await open()).status).toBe(429);
  });

  it("stores one rating with a lead history entry; a second post keeps the first", async () => {
    // The visit took place: move it to yesterday (its mails are not at stake here).
    const startsAt = new Date(Date.now() - 26 * HOUR);
    await db()
      .update(visits)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) })
      .where(eq(visits.id, visitId));
    const post = (fields: Record<string, string>) => {
      const body = new URLSearchParams({ ...passingGuardFields(), ...fields });
      const request = siteRequest(`/visitas/${token}/avaliacao`, { method: "POST", body });
      return answer(() => feedbackPage.action({ ...clientArgs(request, "10.9.0.1"), params: { token } }));
    };
    const refused = await post({ nota: "7", comentario: "x".repeat(1001) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: unknown }).errors).toEqual({
      rating: "Escolha uma nota de 1 a 5.",
      comment: "Escreva no máximo 1.000 caracteres.",
    });

    const sent = await post({ nota: "4", comentario: "Ótima visita, corretora pontual." });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/visitas/${token}/avaliacao`);
    const again = await post({ nota: "1", comentario: "Mudei de ideia" });
    expect(again.status).toBe(303);

    const [stored] = await db().select().from(visits).where(eq(visits.id, visitId));
    expect(stored).toMatchObject({ rating: 4, feedback: "Ótima visita, corretora pontual." });
    expect(stored!.feedbackAt).toBeInstanceOf(Date);
    const history = await db().select().from(leadEvents).where(eq(leadEvents.leadId, stored!.leadId!));
    const notes = history.filter((event) => event.note?.startsWith("Avaliação do visitante"));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.note).toContain("nota 4 de 5");
    expect(notes[0]!.note).toContain("Ótima visita, corretora pontual.");

    const page = await answer(() =>
      feedbackPage.loader({ request: siteRequest(`/visitas/${token}/avaliacao`), params: { token }, context: {} }),
    );
    expect(await page.json()).toMatchObject({ state: "given", rating: 4, comment: "Ótima visita, corretora pontual." });
    expect(visitToken(visitId)).toBe(token);

    // The broker's lead page shows the visit and its rating.
    const view = await leadVisitView(db(), stored!.leadId!);
    expect(view).toMatchObject({ status: "booked", rating: 4, feedback: "Ótima visita, corretora pontual." });
    const card = renderToStaticMarkup(createElement(LeadVisit, { visit: view, now: new Date().toISOString() }));
    expect(card).toContain("Realizada (horário já passou)");
    expect(card).toContain("4 de 5 (Boa)");
  });

  it("the owner's report counts the visits and their average rating, no visitor's data", async () => {
    // A second visit, rated 5, and a cancelled one (not counted).
    const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR);
    /** A visit of FUP1 by `visitorName`, an hour from `offset` days from now; `n` keeps its token and key unique. */
    const visitOn = (offset: number, n: number, visitorName: string) => ({
      listingCode: "FUP1",
      calendar: "agency",
      visitorPhone: "11900000000",
      startsAt: day(offset),
      endsAt: new Date(day(offset).getTime() + HOUR),
      visitorName,
      tokenHash: `h${n}`,
      idempotencyKey: `k${n}`,
    });
    await db()
      .insert(visits)
      .values([
        {
          ...visitOn(-3, 2, "Outra Pessoa"),
          rating: 5,
          feedback: "Segredo do visitante",
          feedbackAt: day(-3),
        },
        { ...visitOn(-60, 3, "Cancelada"), status: "cancelled" },
      ]);
    const now = new Date();
    const window = { from: new Date(now.getTime() - 30 * 24 * HOUR), to: now };
    // Two ratings: no average (it would give away one visitor's rating to whoever knows the other).
    expect((await listingActivity(db(), "FUP1", window)).visits).toEqual({
      booked: { total: 2, recent: 2 },
      rated: { total: 2, recent: 2 },
      averageRating: { total: null, recent: null },
    });
    await db()
      .insert(visits)
      .values({ ...visitOn(-2, 4, "Terceira Pessoa"), rating: 3, feedbackAt: day(-2) });
    const activity = await listingActivity(db(), "FUP1", window);
    expect(activity.visits).toEqual({
      booked: { total: 3, recent: 3 },
      rated: { total: 3, recent: 3 },
      averageRating: { total: 4, recent: 4 },
    });
    const mail = renderOwnerReportEmail({
      reportId: "00000000-0000-4000-8000-000000000001",
      to: "dono@exemplo.com.br",
      ownerName: "Dono",
      month: "2030-02",
      listing: { code: "FUP1", title: "Casa com quintal", neighbourhood: "Moema", city: "São Paulo", url: null },
      views: { total: 0, recent: 0 },
      leads: activity.leads,
      leadsByKind: activity.leadsByKind,
      visitsBooked: activity.visitsBooked,
      visits: activity.visits,
      daysOnMarket: null,
      comparisons: [],
      unsubscribeUrl: "https://site.test/sair",
      unsubscribeMailto: "contato@exemplo.com.br",
      agencyTitle: "Imobiliária",
      messageIdDomain: "site.test",
    });
    expect(mail.text).toContain("Visitas agendadas pelo site: 3 (total: 3)");
    expect(mail.text).toContain("Nota média das visitas (1 a 5): 4,0 em 3 avaliações (geral: 4,0)");
    for (const secret of ["Paula", "Segredo", "Ótima visita", "Outra Pessoa"]) {
      expect(mail.text).not.toContain(secret);
      expect(JSON.stringify(activity)).not.toContain(secret);
    }
    expect(await db().select().from(ownerReports)).toEqual([]);
  });
});
