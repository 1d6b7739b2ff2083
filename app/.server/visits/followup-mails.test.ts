import { describe, expect, it } from "vitest";
import type { VisitMailContext } from "./mails";
import { FEEDBACK_AFTER_MS, followUpMailRenderers, followUpMailRows, REMINDER_BEFORE_MS } from "./followup-mails";
import type { VisitRow } from "./types";

const HOUR = 3600_000;
const now = new Date("2026-12-01T12:00:00Z");

function visit(startsInHours: number, visitorEmail = "ana@example.com") {
  const startsAt = new Date(now.getTime() + startsInHours * HOUR);
  return { id: "v1", startsAt, endsAt: new Date(startsAt.getTime() + HOUR), visitorEmail };
}

describe("followUpMailRows", () => {
  it("writes both reminders 24 h before and the feedback request 2 h after the end", () => {
    const v = visit(72);
    const rows = followUpMailRows(v, { now, brokerRecipient: "corretor@imobiliaria.test" });
    expect(rows.map((row) => [row.kind, row.recipient, row.nextAttemptAt])).toEqual([
      ["visitor_reminder", "ana@example.com", new Date(v.startsAt.getTime() - REMINDER_BEFORE_MS)],
      ["broker_reminder", "corretor@imobiliaria.test", new Date(v.startsAt.getTime() - REMINDER_BEFORE_MS)],
      ["visitor_feedback", "ana@example.com", new Date(v.endsAt.getTime() + FEEDBACK_AFTER_MS)],
    ]);
    for (const row of rows) expect(row).toMatchObject({ visitId: "v1", forStartsAt: v.startsAt });
  });

  it("skips the reminders whose time has passed (a visit booked 3 h ahead)", () => {
    const rows = followUpMailRows(visit(3), { now });
    expect(rows.map((row) => row.kind)).toEqual(["visitor_feedback"]);
    // One minute past the 24 h mark still reminds; exactly at it does not.
    expect(followUpMailRows(visit(24 + 1 / 60), { now }).map((row) => row.kind)).toContain("broker_reminder");
    expect(followUpMailRows(visit(24), { now }).map((row) => row.kind)).toEqual(["visitor_feedback"]);
  });

  it("writes no visitor row without the visitor's e-mail", () => {
    const rows = followUpMailRows(visit(48, "  "), { now });
    expect(rows.map((row) => row.kind)).toEqual(["broker_reminder"]);
  });
});

const context = (kind: string): VisitMailContext => ({
  visit: {
    id: "v1",
    listingCode: "123",
    startsAt: new Date("2026-12-04T13:00:00Z"),
    endsAt: new Date("2026-12-04T14:00:00Z"),
    status: "booked",
    visitorName: "Ana <b>Hacker</b> https://evil.example",
    visitorPhone: "11987654321",
    visitorEmail: "ana@example.com",
    leadId: "l1",
  } as VisitRow,
  kind,
  recipient: kind === "broker_reminder" ? "" : "ana@example.com",
  listing: {
    code: "123",
    title: "Apartamento em Moema",
    address: "Rua A, 10",
    url: "https://site.test/detalhes/x/123",
  },
  broker: { name: "Bruno", email: "bruno@imobiliaria.test", phone: null },
  agency: { title: "Imobiliária Teste", phone: "1133334444", email: "contato@imobiliaria.test" },
  publicUrl: "https://site.test",
  manageUrl: "https://site.test/visitas/TOKEN",
  icsUrl: "https://site.test/visitas/TOKEN/convite.ics",
  hasToken: true,
  previousStartsAt: null,
  messageIdDomain: "site.test",
});

describe("followUpMailRenderers", () => {
  it("the visitor's mails carry the agency's text and links only, never the visitor's words", () => {
    for (const kind of ["visitor_reminder", "visitor_feedback"] as const) {
      const mail = followUpMailRenderers[kind](context(kind));
      expect(mail.to).toBe("ana@example.com");
      expect(mail.text).not.toContain("Ana");
      expect(mail.html).not.toContain("evil.example");
      expect(mail.messageId).toBe(`<visit-v1-${kind}-${Date.parse("2026-12-04T13:00:00Z")}@site.test>`);
    }
    const reminder = followUpMailRenderers.visitor_reminder(context("visitor_reminder"));
    expect(reminder.text).toContain("sexta-feira, 4 de dezembro de 2026 às 10:00");
    expect(reminder.text).toContain("https://site.test/visitas/TOKEN");
    const feedback = followUpMailRenderers.visitor_feedback(context("visitor_feedback"));
    expect(feedback.text).toContain("https://site.test/visitas/TOKEN/avaliacao");
  });

  it("the broker's reminder goes to the broker, names the visitor (escaped) and links the lead", () => {
    const mail = followUpMailRenderers.broker_reminder(context("broker_reminder"));
    expect(mail.to).toBe("bruno@imobiliaria.test");
    expect(mail.text).toContain("Ana <b>Hacker</b>");
    expect(mail.html).toContain("Ana &lt;b&gt;Hacker&lt;/b&gt;");
    expect(mail.text).toContain("https://site.test/painel/leads/l1");
  });
});
