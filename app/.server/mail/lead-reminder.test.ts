import { describe, expect, it } from "vitest";
import type { LeadRow } from "../leads/store";
import { leadAgeText, panelLeadPath, renderLeadReminderEmail } from "./lead-reminder";

const LEAD = {
  id: "00000000-0000-4000-8000-000000000001",
  kind: "info",
  name: 'Ana <img src=x onerror="alert(1)">\nBcc: x@y',
  phone: "11912345678",
  email: "ana@exemplo.com.br",
  message: "Não deve aparecer no lembrete",
  listingCode: "AP1",
  createdAt: new Date("2026-03-09T13:00:00Z"),
} as LeadRow;

describe("leadAgeText", () => {
  it("reads minutes, hours and days in pt-BR", () => {
    expect(leadAgeText(-5)).toBe("0 minutos");
    expect(leadAgeText(60_000)).toBe("1 minuto");
    expect(leadAgeText(25 * 60_000)).toBe("25 minutos");
    expect(leadAgeText(60 * 60_000)).toBe("1 h");
    expect(leadAgeText(125 * 60_000)).toBe("2 h 5 min");
    expect(leadAgeText(3 * 24 * 3_600_000)).toBe("3 dias");
  });
});

describe("renderLeadReminderEmail", () => {
  const render = (channel: "sla_broker" | "sla_admin", assignedName: string | null = null) =>
    renderLeadReminderEmail({
      lead: LEAD,
      channel,
      to: channel === "sla_broker" ? "bia@exemplo.com.br" : "a@exemplo.com.br, b@exemplo.com.br",
      listing: { code: "AP1", title: "Apto <3 quartos>", salePrice: 1, rentPrice: null, url: "https://x/imovel" },
      assignedName,
      publicUrl: "https://www.exemplo.com.br",
      now: new Date("2026-03-09T13:20:00Z"),
    });

  it("names the lead on one line, its age and listing, and links its page; never the message", () => {
    const mail = render("sla_broker");
    expect(mail.subject).toBe('Lead sem resposta há 20 minutos: Ana <img src=x onerror="alert(1)"> Bcc: x@y');
    expect(mail.text).toContain("Imóvel: Apto <3 quartos> (código AP1)");
    expect(mail.text).toContain(`Abrir o lead: https://www.exemplo.com.br${panelLeadPath(LEAD.id)}`);
    expect(mail.text).not.toContain("Não deve aparecer");
    expect(mail.text).not.toContain("Responsável");
    expect(mail.headers).toMatchObject({ "X-Lead-Id": LEAD.id });
    expect(mail.messageId).toBe(`<lead-${LEAD.id}-sla_broker@imobiliaria.localhost>`);
    expect(mail.replyTo).toBeUndefined();
  });

  it("escapes every value in the HTML", () => {
    const mail = render("sla_admin", "Bia & <Cia>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Ana &lt;img src=x onerror=&quot;alert(1)&quot;&gt; Bcc: x@y");
    expect(mail.html).toContain("Apto &lt;3 quartos&gt;");
    expect(mail.html).toContain("Bia &amp; &lt;Cia&gt;");
    expect(mail.to).toBe("a@exemplo.com.br, b@exemplo.com.br");
  });

  it("tells the administrators when nobody is responsible", () => {
    expect(render("sla_admin").text).toContain("Responsável: sem responsável");
    expect(render("sla_admin").text).toContain("Escolha um responsável.");
    expect(render("sla_admin", "Bia").text).toContain("Vale conferir com o responsável.");
  });
});
