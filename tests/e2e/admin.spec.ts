/**
 * The admin area end to end, in Chromium as the seeded
 * admin on the embedded defaults: change the primary colour and see it on
 * the home page (also for a visitor: the page cache was emptied); add a
 * redirect and follow it, as a document load and as a client-side
 * navigation through the router; move a lead through its statuses. The
 * admin's session is seeded directly (docs/style.md §11): a session cookie from
 * the login POST. Each test puts back what it changed (the server is shared
 * by every spec).
 */
import type { BrowserContext, Page } from "@playwright/test";
import { addSessionCookie, ADMIN_EMAIL, adminPassword, sessionCookieFor } from "./auth-helpers";
import sharp from "sharp";
import { consentStorageState, expect, test } from "./fixtures";
import { ADMIN_SECTIONS } from "../../app/lib/admin";
import { sendSellLeadWithoutJs, waitForHydration } from "./helpers";

async function signInAsAdmin(context: BrowserContext, baseURL: string): Promise<void> {
  const value = await sessionCookieFor(ADMIN_EMAIL, adminPassword());
  await addSessionCookie(context, baseURL, value);
}

/** The toast area (docs/spec.txt §2 "Toast notification area"). */
const toasts = (page: Page) => page.getByRole("region", { name: "Notificações" });

/** The run-time primary colour of the page's document. */
function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--theme-color-primary").trim(),
  );
}

test.beforeEach(async ({ context, baseURL }) => {
  await signInAsAdmin(context, baseURL!);
});

test("o admin chega às seções pela página inicial da administração", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administração" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Administração" });
  await expect(nav.getByRole("link")).toHaveText(["Início", ...ADMIN_SECTIONS.map((section) => section.label)]);
  await expect(nav.getByRole("link")).toContainText(["Leads", "Redirecionamentos", "Usuários", "Papéis", "Aparência"]);
  await page.getByRole("link", { name: "Aparência", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Aparência" })).toBeVisible();
});

test("muda a cor primária e a página inicial usa a nova cor", async ({ page, browser, baseURL, consoleGuard }) => {
  await page.goto("/admin/aparencia");
  await waitForHydration(page);
  try {
    const primary = page.getByLabel("Cor primária", { exact: true });
    await primary.fill("#1d4ed8");
    await page.getByRole("button", { name: "Salvar aparência" }).click();
    await expect(toasts(page)).toContainText("Aparência salva");
    await expect(primary).toHaveValue("#1d4ed8");

    await page.goto("/");
    expect(await primaryColour(page)).toBe("#1d4ed8");
    // A visitor (no session: the shared page cache applies) sees it too.
    const visitor = await browser.newContext({ baseURL, storageState: consentStorageState });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/");
    expect(await primaryColour(visitorPage)).toBe("#1d4ed8");
    await expect(visitorPage.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1d4ed8");
    await visitor.close();

    // An uploaded horizontal logo (checked by content, stored as WebP) shows in the header.
    await page.goto("/admin/aparencia");
    await waitForHydration(page);
    const png = await sharp({ create: { width: 320, height: 80, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Enviar logotipo horizontal")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Salvar aparência" }).click();
    await expect(toasts(page)).toContainText("Aparência salva");
    await page.goto("/");
    const logo = page.getByRole("banner").locator('img[src^="/arquivos/logos/horizontal-"]');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // A bad colour is refused beside the field (400), nothing saved.
    consoleGuard.expectHttpError(/\/admin\/aparencia\.data/, 400);
    await page.goto("/admin/aparencia");
    await waitForHydration(page);
    await page.getByLabel("Cor primária", { exact: true }).fill("azul");
    await page.getByRole("button", { name: "Salvar aparência" }).click();
    await expect(page.getByText("Use o formato hexadecimal #rrggbb, por exemplo #e11d48.")).toBeVisible();
  } finally {
    await page.goto("/admin/aparencia");
    await page.getByRole("button", { name: "Restaurar padrão" }).click();
    await expect(toasts(page)).toContainText("Aparência padrão restaurada");
  }
  await page.goto("/");
  expect(await primaryColour(page)).toBe("#000000");
});

test("adiciona um redirecionamento e o segue, com e sem o roteador", async ({
  page,
  browser,
  baseURL,
  consoleGuard,
}) => {
  await page.goto("/admin/redirecionamentos");
  await waitForHydration(page);
  const from = `/promocao-${Date.now().toString(36)}`;
  await page.getByLabel("Caminho de origem").fill(from);
  await page.getByLabel("Destino").fill("/condominios");
  await page.getByLabel("Tipo").selectOption("302");
  await page.getByRole("button", { name: "Adicionar redirecionamento" }).click();
  await expect(toasts(page)).toContainText("Redirecionamento criado");
  const rule = page.getByTestId("redirecionamento").filter({ hasText: `${from} → /condominios` });
  await expect(rule).toContainText("302 temporário");
  await expect(rule).toContainText("Ativo");

  // A rule back to its origin would loop: refused beside the field (400).
  consoleGuard.expectHttpError(/\/admin\/redirecionamentos\.data/, 400);
  await page.getByLabel("Caminho de origem").fill("/condominios");
  await page.getByLabel("Destino").fill(from);
  await page.getByRole("button", { name: "Adicionar redirecionamento" }).click();
  await expect(
    page.getByText(`Este destino criaria um ciclo de redirecionamentos: /condominios → ${from} → /condominios.`),
  ).toBeVisible();

  try {
    // Document load by a visitor: the server answers 302, the query is kept.
    const visitor = await browser.newContext({ baseURL, storageState: consentStorageState });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${from}?utm_source=jornal`);
    await expect(visitorPage).toHaveURL(`${baseURL}/condominios?utm_source=jornal`);
    await visitor.close();
    // Client-side navigation: Remix's data request is redirected through the router (no full page load).
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __semRecarregar: boolean }).__semRecarregar = true));
    await page.evaluate(
      (path) =>
        (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path),
      from,
    );
    await expect(page).toHaveURL(`${baseURL}/condominios`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __semRecarregar?: boolean }).__semRecarregar)).toBe(true);
  } finally {
    await page.goto("/admin/redirecionamentos");
    await waitForHydration(page);
    // "Excluir" asks once more: the first click arms it, the second deletes.
    await page.getByRole("button", { name: `Excluir ${from}` }).click();
    await page.getByRole("button", { name: "Tem certeza? Clique de novo" }).click();
    await expect(toasts(page)).toContainText("Redirecionamento excluído");
  }
});

test("move um lead pelos status: novo, em atendimento, concluído", async ({ page, browser, baseURL }) => {
  // A visitor sends "quero vender" (without JavaScript: ends on /obrigado).
  const name = `Lead Admin ${Date.now().toString(36)}`;
  await sendSellLeadWithoutJs(browser, baseURL!, name, "10.60.0.1");

  await page.goto("/admin/leads?tipo=sell&status=novo");
  await waitForHydration(page);
  const lead = () => page.getByTestId("lead").filter({ hasText: name });
  await expect(lead()).toContainText("Novo");
  await expect(lead().getByRole("list", { name: "Envios" })).toContainText("E-mail da imobiliária");

  await lead().getByRole("button", { name: "Em atendimento" }).click();
  await expect(toasts(page)).toContainText("Status alterado para “Em atendimento”");
  // The filter "novo" no longer lists it.
  await expect(lead()).toHaveCount(0);
  await page.goto("/admin/leads?tipo=sell&status=em_atendimento");
  await expect(lead().locator("span", { hasText: /^Em atendimento$/ })).toBeVisible();

  await lead().getByRole("button", { name: "Fechado" }).click();
  await expect(toasts(page)).toContainText("Status alterado para “Fechado”");
  await page.goto("/admin/leads?tipo=sell&status=fechado");
  await expect(lead().locator("span", { hasText: /^Fechado$/ })).toBeVisible();

  // The CSV export of these filters carries it.
  const csv = await page.request.get("/admin/leads/exportar.csv?tipo=sell&status=fechado");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await csv.text();
  expect(text).toContain(`;"Quero vender";"Fechado";"";"${name}";"11912345678";`);
});
