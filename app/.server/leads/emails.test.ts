import { describe, expect, it } from "vitest";
import { expectToContainAll } from "~/test-support/expect";
import { leadMessageId, renderLeadEmail } from "../mail/templates";
import type { LeadRow } from "./store";
import { toVistaLead } from "./vista-lead";
import { backoffMs, BACKOFF_CAP_MS } from "./worker";

const lead: LeadRow = {
  id: "0b6f4f3e-1111-4222-8333-944445555666",
  kind: "info",
  idempotencyKey: "k1",
  name: "Ana <script>alert(1)</script>",
  phone: "11912345678",
  email: "ana@example.com",
  message: "Quero visitar & saber do condomínio\nsegunda linha",
  location: null,
  condominium: null,
  listingCode: "AP123",
  pageUrl: null,
  utm: null,
  createdAt: new Date("2026-03-12T15:00:00Z"),
};
const listing = {
  code: "AP123",
  title: "Apartamento em Moema",
  salePrice: 1250000,
  rentPrice: null,
  url: "https://www.exemplo.com.br/detalhes/apartamento-moema/AP123",
};

describe("renderLeadEmail", () => {
  /** Renders the agency's e-mail for `lead` and `listing`, with `overrides` on top. */
  const render = (overrides: Partial<Parameters<typeof renderLeadEmail>[0]> = {}) =>
    renderLeadEmail({
      lead,
      channel: "email_agency",
      to: "contato@exemplo.com.br",
      listing,
      agencyTitle: "Horizonte Imobiliária",
      ...overrides,
    });
  const mail = render({ messageIdDomain: "www.exemplo.com.br" });

  it("has a pt-BR subject naming the kind, the visitor and the listing", () => {
    expect(mail.subject).toBe(
      "Novo contato: Mais informações sobre imóvel – Ana <script>alert(1)</script> (imóvel AP123)",
    );
    expect(mail.to).toBe("contato@exemplo.com.br");
    expect(mail.replyTo).toBe("ana@example.com");
    expect(mail.messageId).toBe("<lead-0b6f4f3e-1111-4222-8333-944445555666-email_agency@www.exemplo.com.br>");
  });

  it("puts the lead's data and the listing's title, code, price and link in the text part", () => {
    expectToContainAll(mail.text, [
      "Nome: Ana <script>alert(1)</script>",
      "Telefone: (11) 91234-5678",
      "E-mail: ana@example.com",
      "Mensagem: Quero visitar & saber do condomínio\nsegunda linha",
      "Imóvel: Apartamento em Moema",
      "Código: AP123",
      "Venda: R$ 1.250.000",
      "Link: https://www.exemplo.com.br/detalhes/apartamento-moema/AP123",
    ]);
  });

  it("escapes every value in the HTML part", () => {
    expect(mail.html).not.toContain("<script>");
    expectToContainAll(mail.html, [
      "Ana &lt;script&gt;alert(1)&lt;/script&gt;",
      "Quero visitar &amp; saber do condomínio<br>segunda linha",
      '<a href="https://www.exemplo.com.br/detalhes/apartamento-moema/AP123">',
      "R$ 1.250.000",
    ]);
  });

  it("keeps a stored name with line breaks on one line (no fake lines in the text, none in the subject)", () => {
    const forged = render({
      lead: { ...lead, name: "Ana\r\nTelefone: (11) 90000-0000\u2028X", message: "linha 1\r\nlinha 2\u0000" },
    });
    expect(forged.text.split("\n").filter((line) => line.startsWith("Telefone:"))).toEqual([
      "Telefone: (11) 91234-5678",
    ]);
    expect(forged.text).toContain("Nome: Ana  Telefone: (11) 90000-0000 X");
    expect(forged.subject).not.toMatch(/[\r\n\u2028]/);
    expect(forged.text).toContain("Mensagem: linha 1\nlinha 2\n");
  });

  it("addresses the broker differently and has its own Message-ID", () => {
    const broker = render({ channel: "email_broker", to: "corretor@exemplo.com.br" });
    expect(broker.text).toContain("Um visitante do site pediu contato sobre um imóvel seu.");
    expect(broker.messageId).toBe(leadMessageId(lead.id, "email_broker"));
  });
});

describe("toVistaLead", () => {
  it("maps to Vista's lead fields (docs/vista-api.md §2.4)", () => {
    expect(toVistaLead(lead, listing, "Site Horizonte Imobiliária")).toEqual({
      nome: lead.name,
      email: "ana@example.com",
      fone: "11912345678",
      interesse: "Venda",
      anuncio: "AP123",
      veiculo: "Site Horizonte Imobiliária",
      mensagem: lead.message,
    });
  });

  it("puts a sell request's location in the message and uses Locação for rentals", () => {
    const sell = toVistaLead(
      { ...lead, kind: "sell", email: null, message: null, listingCode: null, location: "Moema" },
      null,
      "Site",
    );
    expect(sell).toEqual({
      nome: lead.name,
      fone: "11912345678",
      veiculo: "Site",
      mensagem: "Quer vender um imóvel.\nLocalização: Moema",
    });
    expect(toVistaLead(lead, { ...listing, salePrice: null, rentPrice: 5000 }, "Site").interesse).toBe("Locação");
  });
});

describe("backoffMs", () => {
  it("starts at 30 s and doubles, within ±20 % jitter", () => {
    expect(backoffMs(1, () => 0.5)).toBe(30_000);
    expect(backoffMs(2, () => 0.5)).toBe(60_000);
    expect(backoffMs(3, () => 0.5)).toBe(120_000);
    expect(backoffMs(1, () => 0)).toBe(24_000);
    expect(backoffMs(1, () => 0.999999)).toBeLessThan(36_001);
  });

  it("is capped at one hour however many failures", () => {
    for (const failures of [8, 9, 20, 1000]) {
      for (const r of [0, 0.5, 0.99]) {
        const delay = backoffMs(failures, () => r);
        expect(delay).toBeLessThanOrEqual(BACKOFF_CAP_MS);
        expect(delay).toBeGreaterThanOrEqual(BACKOFF_CAP_MS * 0.8);
      }
    }
  });
});
