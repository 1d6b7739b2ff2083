/**
 * `/lgpd` in Chromium against the production build (docs/spec.txt §2; docs/product.md
 * "/lgpd"): the footer of every public page and each contact form link to the
 * policy; the policy names the controller (the same razão social the footer
 * shows) and the encarregado (LGPD art. 41); a request sent without
 * JavaScript shows its errors beside the fields with the typed data kept,
 * then reaches `/obrigado?assunto=lgpd`, and the outbox gets the agency's
 * e-mail and the holder's receipt for that one lead; the receipt carries the
 * protocol and repeats neither the name nor the message typed (ADR 0064).
 */
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "../../playwright.config";
import { expect, test } from "./fixtures";

const outboxDir = path.resolve(dataDir, "outbox");

/** The outbox e-mails (raw, soft line breaks removed) of the leads of any e-mail that mentions `text`, by lead id (X-Lead-Id). */
function mailsMentioning(text: string): Map<string, string[]> {
  const byLead = new Map<string, string[]>();
  if (!fs.existsSync(outboxDir)) return byLead;
  const all = fs
    .readdirSync(outboxDir)
    .map((file) => fs.readFileSync(path.join(outboxDir, file), "utf8").replace(/=\r?\n/g, ""));
  const leadOf = (raw: string) => /^X-Lead-Id: (\S+)/im.exec(raw)?.[1];
  const ids = new Set(all.filter((raw) => raw.includes(text)).map(leadOf));
  for (const raw of all) {
    const id = leadOf(raw);
    if (id && ids.has(id)) byLead.set(id, [...(byLead.get(id) ?? []), raw]);
  }
  return byLead;
}

test("o rodapé e o formulário de contato levam à política de privacidade", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const link = footer.getByRole("link", { name: "Privacidade e LGPD" });
  await expect(link).toHaveAttribute("href", "/lgpd");
  const sellForm = page.getByRole("form", { name: "Quero vender meu imóvel" });
  await expect(sellForm.getByRole("link", { name: "Política de privacidade" })).toHaveAttribute("href", "/lgpd");

  const legalName = ((await footer.getByTestId("rodape-razao-social").textContent()) ?? "").split(" · ")[0]!.trim();
  expect(legalName.length).toBeGreaterThan(1);
  await link.click();
  await expect(page).toHaveURL("/lgpd");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidade");
  await expect(page.getByTestId("lgpd-controlador")).toContainText(legalName);
  await expect(page.getByRole("heading", { name: "Encarregado pelo tratamento de dados (DPO)" })).toBeVisible();
  await expect(page.getByTestId("lgpd-encarregado")).toContainText("art. 41");
  await expect(page.getByRole("heading", { name: "Seus direitos" })).toBeVisible();
  await expect(page.getByTestId("lgpd-retencao-leads")).toContainText(/\d+ (mês|meses)/);
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("uma solicitação LGPD mostra os erros, mantém os dados e chega a /obrigado com os dois e-mails", async ({
    page,
    consoleGuard,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.41.0.1" });
    consoleGuard.expectHttpError(/\/lgpd$/, 400);
    const name = `Titular SemJS ${Date.now().toString(36)}`;
    const email = `titular-${Date.now().toString(36)}@exemplo.com.br`;

    await page.goto("/lgpd");
    const form = page.getByRole("form", { name: "Fazer uma solicitação" });
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("E-mail").fill("titular@");
    await form.getByRole("button", { name: "Enviar solicitação" }).click();

    const again = page.getByRole("form", { name: "Fazer uma solicitação" });
    await expect(again.getByText("Escolha o tipo de solicitação.")).toBeVisible();
    await expect(again.getByText("Informe sua solicitação.")).toBeVisible();
    await expect(again.getByLabel("Nome")).toHaveValue(name);
    await expect(again.getByLabel("E-mail")).toHaveValue("titular@");
    await expect(again.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

    await again.getByLabel("E-mail").fill(email);
    await again.getByLabel("O que você quer pedir?").selectOption({ label: "Acesso aos meus dados" });
    await again.getByLabel("Detalhes da solicitação").fill("Quero saber quais dados meus vocês guardam.");
    await again.getByRole("button", { name: "Enviar solicitação" }).click();

    await expect(page).toHaveURL("/obrigado?assunto=lgpd");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recebemos sua solicitação!");
    await expect(page.getByText("Vamos responder em até 15 dias", { exact: false })).toBeVisible();

    // One lead; its two e-mails: the agency's and the holder's receipt (To: the holder).
    await expect
      .poll(() => [...mailsMentioning(name).values()].map((mails) => mails.length), {
        timeout: 20_000,
        intervals: [500],
      })
      .toEqual([2]);
    const [[id, mails]] = [...mailsMentioning(name).entries()] as [[string, string[]]];
    const receipts = mails.filter((raw) => new RegExp(`^To: ${email.replace(/\./g, "\\.")}`, "im").test(raw));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain(`Protocolo: ${id}`);
    expect(receipts[0]).not.toContain(name);
    expect(receipts[0]).not.toContain("Quero saber quais dados");
  });
});
