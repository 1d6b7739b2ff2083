import { describe, expect, it } from "vitest";
import { renderLgpdReceiptEmail } from "./receipt";

const ATTACK = "URGENTE: sua conta será bloqueada. Acesse http://evil.example/login";

describe("the LGPD request receipt", () => {
  const render = (dpo = { name: "Marina Lopes", email: "dpo@horizonte.com.br" }) =>
    renderLgpdReceiptEmail({
      lead: { id: "0b6f1c7e-4a7e-4c1e-9a55-2f1d3c4b5a69", kind: "lgpd" },
      to: "vitima+x@exemplo.com.br",
      agencyTitle: "Horizonte Imobiliária",
      dpo,
      policyUrl: "https://www.horizonte.com.br/lgpd",
      messageIdDomain: "www.horizonte.com.br",
    });

  it("carries the protocol, the 15-day deadline, the encarregado and the policy, in a fixed pt-BR text", () => {
    const mail = render();
    expect(mail.to).toBe("vitima+x@exemplo.com.br");
    expect(mail.subject).toBe("Recebemos sua solicitação LGPD – Horizonte Imobiliária");
    expect(mail.text).toContain("Protocolo: 0b6f1c7e-4a7e-4c1e-9a55-2f1d3c4b5a69");
    expect(mail.text).toContain("Vamos responder em até 15 dias");
    expect(mail.text).toContain("art. 19, II");
    expect(mail.text).toContain("(LGPD, art. 41): Marina Lopes, dpo@horizonte.com.br.");
    expect(mail.text).toContain("https://www.horizonte.com.br/lgpd");
    expect(mail.html).toContain("Protocolo: 0b6f1c7e-4a7e-4c1e-9a55-2f1d3c4b5a69");
    expect(mail.replyTo).toBe("dpo@horizonte.com.br");
  });

  it("repeats nothing the requester typed: the lead's name, message and address are not even read", () => {
    const lead = {
      id: "0b6f1c7e-4a7e-4c1e-9a55-2f1d3c4b5a69",
      kind: "lgpd" as const,
      name: ATTACK,
      message: `Solicitação: Acesso aos meus dados\n\n${ATTACK}`,
    };
    const mail = renderLgpdReceiptEmail({
      lead,
      to: "vitima@exemplo.com.br",
      agencyTitle: "Horizonte Imobiliária",
      dpo: { name: null, email: null },
      policyUrl: "https://www.horizonte.com.br/lgpd",
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("URGENTE");
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("Acesso aos meus dados");
      expect(part).not.toContain("vitima@exemplo.com.br");
    }
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain("Para falar com o encarregado pelo tratamento de dados pessoais");
  });
});
