import { describe, expect, it } from "vitest";
import { CODEC_VOCABULARY } from "../../../tests/mocks/vocabulary";
import { renderAlertConfirmEmail } from "./mail";
import { describeAlert, describeAlertForAgency } from "./store";

const ATTACK = "URGENTE: sua conta será bloqueada. Acesse http://evil.example/login";

describe("what an alert's e-mails and pages say about its search", () => {
  it("describes a /busca alert by its filters only, never by the typed text", () => {
    const alert = { filters: { purpose: "venda" as const, bedroomsMin: 2 }, query: ATTACK };
    const description = describeAlert(alert, CODEC_VOCABULARY);
    expect(description).toMatch(/^Busca por texto · /);
    expect(description).not.toContain("URGENTE");
    expect(describeAlert({ filters: {}, query: ATTACK }, CODEC_VOCABULARY)).toBe("Busca por texto");
  });

  it("keeps the typed text for the agency's lead only", () => {
    expect(describeAlertForAgency({ filters: {}, query: "cobertura moema" }, CODEC_VOCABULARY)).toBe(
      "Busca “cobertura moema”",
    );
    const filtered = { filters: { purpose: "venda" as const }, query: null };
    expect(describeAlertForAgency(filtered, CODEC_VOCABULARY)).toBe(describeAlert(filtered, CODEC_VOCABULARY));
  });

  it("the confirmation e-mail quotes no free text: neither the search text, its URL, nor the alert's name", () => {
    const mail = renderAlertConfirmEmail({
      alert: { id: "a1", email: "vitima@exemplo.com.br", name: ATTACK },
      description: describeAlert({ filters: {}, query: ATTACK }, CODEC_VOCABULARY),
      confirmUrl: "https://www.exemplo.com.br/alertas/confirmar?token=t",
      manageUrl: "https://www.exemplo.com.br/alertas?token=m",
      unsubscribeUrl: "https://www.exemplo.com.br/alertas/cancelar?token=u",
      unsubscribeMailto: "contato@exemplo.com.br",
      agencyTitle: "Horizonte Imobiliária",
      messageIdDomain: "www.exemplo.com.br",
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("URGENTE");
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("/busca");
    }
    expect(mail.text).toContain("Busca por texto");
    expect(mail.text).toContain("clique em “Confirmar”");
  });
});
