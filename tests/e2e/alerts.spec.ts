/**
 * Saved-search alerts end to end (ADR 0034): "Criar alerta" on a list page
 * with JavaScript (confirmation in place) and without (the "Confirme seu
 * e-mail" page); the confirmation e-mail the embedded mail transport writes
 * into DATA_DIR/outbox, its signed link → "Alerta confirmado"; the management
 * page lists the alert; the e-mail's `List-Unsubscribe` link cancels it with
 * one POST of `List-Unsubscribe=One-Click` (RFC 8058), and a forged link is
 * the 400 error screen. The digest itself (new listings and price drops after
 * a catalogue change) runs in the integration suite
 * (tests/integration/alerts.test.ts), where the clock and the read model are
 * under the test's control.
 *
 * Each test sends from its own client IP (`X-Forwarded-For`) so the per-IP
 * limit of one does not touch another; the server has no minimum fill time
 * (`formMinFillMs` in playwright.config.ts).
 */
import { dataDir } from "../../playwright.config";
import { alertMails as mailsIn, mailLink as link, unsubscribeLink } from "./alert-mails";
import { expect, test } from "./fixtures";
import { hydrateIsland, waitForHydration } from "./helpers";

const LIST = "/todos-os-imoveis/venda-apartamento";

/** The e2e server's alert e-mails of `kind` sent to `email`, decoded. */
const alertMails = (email: string, kind: "confirm" | "digest") => mailsIn(dataDir, email, kind);

/** Waits for the confirmation e-mail to `email` and returns it. */
async function confirmationMail(email: string): Promise<string> {
  await expect.poll(() => alertMails(email, "confirm").length, { timeout: 20_000, intervals: [500] }).toBe(1);
  return alertMails(email, "confirm")[0]!;
}

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}@example.com`;

test("cria o alerta numa lista, confirma pelo e-mail, gerencia e cancela com um clique", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.43.0.1" });
  await page.goto(LIST);
  await waitForHydration(page);
  await hydrateIsland(page, "criar-alerta");
  const form = page.getByRole("form", { name: "Receba novidades desta busca" });
  await expect(form).toBeVisible();
  // Client-side validation: the validator arrives after the first focus and checks the field once left;
  // then a submit with the error is stopped in the browser (no request, no 400 in the console).
  await form.getByLabel("E-mail").fill("nao-e-email");
  await form.getByLabel("E-mail").press("Tab");
  const invalid = form.getByText("Informe um e-mail válido, por exemplo nome@exemplo.com.br.");
  await expect(invalid).toBeVisible();
  await form.getByRole("button", { name: "Criar alerta" }).click();
  await expect(invalid).toBeVisible();
  await expect(form.getByLabel("E-mail")).toBeFocused();

  const email = uniqueEmail("alerta-js");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Nome do alerta").fill("Apê para comprar");
  await form.getByRole("button", { name: "Criar alerta" }).click();
  await expect(form.getByRole("status")).toContainText("Enviamos um link de confirmação");
  await expect(page).toHaveURL(LIST);

  const mail = await confirmationMail(email);
  expect(mail).toContain("Apartamentos à venda");
  // Opening the link only asks (a mail scanner confirms nothing); the button confirms.
  await page.goto(link(mail, "/alertas/confirmar"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmar este alerta?");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerta confirmado");
  await expect(page.getByText("Apartamentos à venda")).toBeVisible();

  await page.getByRole("link", { name: "Gerenciar meus alertas" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meus alertas");
  const item = page.locator("[data-alert-id]");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Apê para comprar");
  await expect(item).toContainText("Ativo");
  await item.getByRole("button", { name: "Pausar" }).click();
  await expect(page.locator("[data-alert-id]")).toContainText("Pausado");

  // RFC 8058: the List-Unsubscribe URL, POSTed with List-Unsubscribe=One-Click, cancels without more questions.
  const unsubscribe = unsubscribeLink(mail);
  expect(unsubscribe).toMatch(/^\/alertas\/cancelar\?token=/);
  expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const response = await page.request.post(unsubscribe!, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status()).toBe(200);
  await page.goto(unsubscribe!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerta cancelado");
  await page.goto(link(mail, "/alertas"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nenhum alerta ativo");
});

test("o formulário de alerta chega quando o visitante se aproxima, e uma navegação antes disso não o perde", async ({
  page,
}) => {
  const formCode: string[] = [];
  page.on("request", (request) => {
    // The form's own chunk, not the island's (`alert-form-island-…`), which the page imports.
    if (/\/assets\/alert-form-(?!island-)[\w-]+\.js$/.test(request.url())) formCode.push(request.url());
  });
  await page.goto(LIST);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const island = page.locator('[data-island="criar-alerta"]');
  expect(formCode, "the form's code waits for the visitor").toEqual([]);
  await expect(island).not.toHaveAttribute("data-island-hydrated");

  // A client-side navigation while the form is still server HTML: the page and the form follow it.
  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2" }).first().click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByRole("navigation", { name: "Paginação" }).locator('[aria-current="page"]')).toHaveText(/2/);
  await hydrateIsland(page, "criar-alerta");
  const form = page.getByRole("form", { name: "Receba novidades desta busca" });
  await expect(form.locator('input[name="page"]')).toHaveValue(/pagina=2/);
  // Hydrated: the validator runs in the browser.
  await form.getByLabel("E-mail").fill("nao-e-email");
  await form.getByLabel("E-mail").press("Tab");
  await expect(form.getByText("Informe um e-mail válido, por exemplo nome@exemplo.com.br.")).toBeVisible();
  expect(formCode).toHaveLength(1);
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`"Criar alerta desta busca" no alto dos resultados leva ao formulário com o e-mail em foco (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(LIST);
    await waitForHydration(page);
    const shortcut = page.getByRole("link", { name: "Criar alerta desta busca" });
    // Near the top: in the first two screens, long before the end of a page of results.
    const box = (await shortcut.boundingBox())!;
    expect(box.y).toBeLessThan(viewport.height * 2);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await shortcut.click();
    const form = page.getByRole("form", { name: "Receba novidades desta busca" });
    await expect(form).toBeInViewport();
    await expect(form.getByLabel("E-mail")).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test("um link de alerta adulterado mostra a tela de erro com 400", async ({ page, consoleGuard }) => {
  consoleGuard.expectHttpError(/\/alertas\/confirmar/, 400);
  const response = await page.goto("/alertas/confirmar?token=adulterado.abc");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("Este link de alerta é inválido.", { exact: false })).toBeVisible();
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o formulário leva a “Confirme seu e-mail” e o e-mail chega", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.43.0.2" });
    await page.goto(LIST);
    const form = page.getByRole("form", { name: "Receba novidades desta busca" });
    const email = uniqueEmail("alerta-semjs");
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("button", { name: "Criar alerta" }).click();
    await expect(page).toHaveURL("/alertas/criar?enviado=1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme seu e-mail");
    const mail = await confirmationMail(email);
    // The confirmation page is a plain form too: the GET asks, the button's POST confirms.
    await page.goto(link(mail, "/alertas/confirmar"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmar este alerta?");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerta confirmado");
  });
});
