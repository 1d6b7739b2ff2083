import { describe, expect, it } from "vitest";
import { expectToContainAll } from "~/test-support/expect";
import { emailLayout, invitationEmail, resetCodeEmail } from "./templates";

describe("emailLayout", () => {
  it("wraps the body in a pt-BR document titled with the escaped subject", () => {
    const html = emailLayout("Olá <b>", "<p>corpo</p>");
    expectToContainAll(html, ['<html lang="pt-BR">', "<title>Olá &lt;b&gt;</title>", "<p>corpo</p>"]);
  });
});

describe("resetCodeEmail", () => {
  const mail = resetCodeEmail({
    to: "ana@exemplo.com.br",
    code: "123456",
    minutes: 15,
    resetPageUrl: "https://www.exemplo.com.br/login-corretores/reset-de-senha",
    siteTitle: "Horizonte & Cia",
  });

  it("names the site in the subject and gives the code and its validity in the text", () => {
    expect(mail.subject).toBe("Código para redefinir a senha – Horizonte & Cia");
    expectToContainAll(mail.text, ["Seu código: 123456", "Ele vale por 15 minutos e pode ser usado uma única vez."]);
  });

  it("escapes the site title in the HTML and links the reset page", () => {
    expect(mail.html).toContain("Horizonte &amp; Cia");
    expect(mail.html).toContain('<a href="https://www.exemplo.com.br/login-corretores/reset-de-senha">');
  });
});

describe("invitationEmail", () => {
  it("greets by name and links the set-password page", () => {
    const link = "https://www.exemplo.com.br/login-corretores/reset-de-senha?token=a&b";
    const mail = invitationEmail({ to: "bruno@exemplo.com.br", name: "Bruno <Lima>", link, siteTitle: "Horizonte" });
    expect(mail.subject).toBe("Convite para a área do corretor – Horizonte");
    expect(mail.text.startsWith("Olá, Bruno <Lima>,\n")).toBe(true);
    expect(mail.html).toContain("Olá, Bruno &lt;Lima&gt;,");
    expect(mail.html).toContain('href="https://www.exemplo.com.br/login-corretores/reset-de-senha?token=a&amp;b"');
  });

  it("greets without a name", () => {
    const mail = invitationEmail({ to: "x@exemplo.com.br", name: "", link: "https://x", siteTitle: "H" });
    expect(mail.text.startsWith("Olá,\n")).toBe(true);
  });
});
