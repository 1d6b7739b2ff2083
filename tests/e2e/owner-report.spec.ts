/**
 * The owner's report (ADR 0083) in Chromium against the production server:
 * a broker creates the link on the listing's private page (shown once, with
 * the WhatsApp link carrying it), the owner opens it in a fresh browser
 * without signing in at 360 px (no sideways scroll) and 1366 px and sees the
 * figures, the broker revokes it and the link answers 410.
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { consentStorageState, expect, test } from "./fixtures";
import { createBroker, signIn } from "./auth-helpers";
import { DESKTOP_USER_AGENT, listingPaths, splitListingPath } from "./helpers";

/** Whether the page scrolls sideways at its current width. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * Signs `context` in as a new broker (`uid` and `displayName` as in
 * `createBroker`) and opens the private page of a listing: answers the
 * listing's code and the page's owner-report section.
 */
async function openOwnerReportLinks(
  page: Page,
  context: BrowserContext,
  baseURL: string,
  broker: { uid: string; displayName: string },
): Promise<{ code: string; section: Locator }> {
  await signIn(context, baseURL, await createBroker(broker));
  const [path] = await listingPaths(page.request);
  const code = splitListingPath(path!).id;
  await page.goto(`/painel/imovel/${code}`);
  return { code, section: page.getByTestId("owner-report-links") };
}

test("o corretor cria o link, o proprietário abre sem login, o corretor revoga", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const { code, section } = await openOwnerReportLinks(page, context, baseURL!, {
    uid: "relatorio-proprietario",
    displayName: "Carla Relatório",
  });
  await section.getByLabel("Nome do proprietário").fill("Dona Lúcia");
  await section.getByLabel("E-mail do proprietário").fill("lucia@exemplo.com.br");
  await section.getByLabel("O proprietário pediu o relatório mensal por e-mail").check();
  await section.getByRole("button", { name: "Criar link do relatório" }).click();
  const shown = section.getByTestId("owner-report-url");
  await expect(shown).toHaveText(/\/proprietario\/[A-Za-z0-9_-]{43}$/);
  const url = (await shown.textContent())!.trim();
  const whatsapp = section.getByRole("link", { name: "Enviar por WhatsApp" });
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent((await whatsapp.getAttribute("href"))!)).toContain(url);
  await expect(section.getByRole("link", { name: "Enviar por e-mail" })).toHaveAttribute("href", /^mailto:/);
  const reportPath = new URL(url).pathname;

  // The owner: a fresh browser, no session, a phone first.
  const owner = await browser.newContext({
    storageState: consentStorageState,
    userAgent: DESKTOP_USER_AGENT,
    viewport: { width: 360, height: 800 },
  });
  const ownerPage = await owner.newPage();
  const opened = await ownerPage.goto(reportPath);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
  // The security headers' site-wide policy comes first; the last value is the one browsers apply.
  expect(opened?.headers()["referrer-policy"]?.split(/[\n,]/).pop()?.trim()).toBe("no-referrer");
  await expect(ownerPage.getByRole("heading", { level: 1 })).toHaveText("Olá, Dona Lúcia");
  await expect(ownerPage.getByTestId("figure-views")).toContainText("visualizações do anúncio");
  await expect(ownerPage.getByTestId("figure-leads")).toBeVisible();
  await expect(ownerPage.getByRole("heading", { name: "Preço por m² no bairro" })).toBeVisible();
  await expect(ownerPage.getByText(`Cód. ${code}`)).toBeVisible();
  expect(await scrollsSideways(ownerPage)).toBe(false);
  expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await ownerPage.setViewportSize({ width: 1366, height: 900 });
  await ownerPage.reload();
  await expect(ownerPage.getByTestId("figure-visits")).toBeVisible();
  expect(await scrollsSideways(ownerPage)).toBe(false);
  // The token never leaves in a Referer, not even to the site's own listing page.
  const listingRequest = ownerPage.waitForRequest((request) => request.isNavigationRequest());
  await ownerPage.getByRole("link", { name: "Ver o anúncio no site" }).click();
  expect((await listingRequest).headers()["referer"]).toBeUndefined();

  // The link is never shown again; the list counts the owner's two openings; the broker revokes it.
  await page.goto(`/painel/imovel/${code}`);
  await expect(section.getByTestId("owner-report-url")).toHaveCount(0);
  const row = section.getByTestId("owner-report-link").filter({ hasText: "lucia@exemplo.com.br" }).first();
  await expect(row).toContainText("2 aberturas");
  await row.getByRole("button", { name: "Revogar" }).click();
  await expect(section.getByText("Link revogado.")).toBeVisible();
  await expect(row).toContainText("Revogado em");

  const refused = await ownerPage.goto(reportPath);
  expect(refused?.status()).toBe(410);
  await expect(ownerPage.getByText("Este link de relatório foi desativado")).toBeVisible();
  await owner.close();
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o formulário cria o link e o botão revoga, por posts simples", async ({
    page,
    context,
    baseURL,
    consoleGuard,
  }) => {
    // The refused form answers 400 (its messages beside the fields).
    consoleGuard.expectHttpError(/\/painel\/imovel\//, 400);
    const { section } = await openOwnerReportLinks(page, context, baseURL!, {
      uid: "relatorio-sem-js",
      displayName: "Rui Sem JS",
    });
    await section.getByLabel("O proprietário pediu o relatório mensal por e-mail").check();
    await section.getByRole("button", { name: "Criar link do relatório" }).click();
    // The opt-in needs the e-mail: the message is beside the field.
    await expect(section.getByText("Informe o e-mail do proprietário para o relatório mensal.")).toBeVisible();
    await section.getByLabel("E-mail do proprietário").fill("rui.dono@exemplo.com.br");
    await section.getByRole("button", { name: "Criar link do relatório" }).click();
    await expect(section.getByTestId("owner-report-url")).toHaveText(/\/proprietario\/[A-Za-z0-9_-]{43}$/);
    const reportPath = new URL((await section.getByTestId("owner-report-url").textContent())!.trim()).pathname;
    const row = section.getByTestId("owner-report-link").filter({ hasText: "rui.dono@exemplo.com.br" }).first();
    await expect(row).toContainText("recebe o e-mail mensal");
    await row.getByRole("button", { name: "Revogar" }).click();
    await expect(section.getByText("Link revogado.")).toBeVisible();
    const refused = await page.request.get(reportPath, { headers: { Cookie: "" } });
    expect(refused.status()).toBe(410);
  });
});
