/**
 * The admin home's dashboard end to end (docs/decisions/0084-admin-dashboard.md),
 * in Chromium as the seeded admin: a visitor's "quero vender" (without
 * JavaScript) and a search that finds nothing (with JavaScript, a real
 * browser's user agent: the beacon reports `results: 0`); then `/admin` at
 * 1366 px shows the KPI cards side by side, the tables with their captions
 * and the search among those with no result; a number leads to
 * `/admin/leads` with its filter applied and shown in the filter form; at
 * 360 px the cards stack in one column and the page does not scroll sideways.
 */
import type { Page } from "@playwright/test";
import { addSessionCookie, ADMIN_EMAIL, adminPassword, sessionCookieFor } from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { DESKTOP_USER_AGENT, sendSellLeadWithoutJs, waitForHydration } from "./helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await addSessionCookie(context, baseURL!, await sessionCookieFor(ADMIN_EMAIL, adminPassword()));
});

/** The left offsets of the KPI cards, rounded to the pixel. */
function cardLefts(page: Page): Promise<number[]> {
  return page
    .getByRole("list", { name: "Indicadores de leads" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
}

test("o painel do admin mostra os números do dia e leva à lista filtrada", async ({ page, browser, baseURL }) => {
  const run = Date.now().toString(36);
  const name = `Lead Painel ${run}`;
  await sendSellLeadWithoutJs(browser, baseURL!, name, "10.84.0.1");

  // A search that finds nothing: its page view's beacon carries `results: 0`.
  const term = `zzqx${run}`;
  const searcher = await browser.newContext({
    baseURL,
    storageState: consentStorageState,
    userAgent: DESKTOP_USER_AGENT,
    extraHTTPHeaders: { "X-Forwarded-For": "10.84.0.2" },
  });
  const searchPage = await searcher.newPage();
  // The beacon's answer, not just its request: closing the context before the server answered
  // would cancel it.
  const beacon = searchPage.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/eventos" && (response.request().postData() ?? "").includes(term),
  );
  await searchPage.goto(`/busca?q=${term}`);
  const answered = await beacon;
  expect(answered.status()).toBe(204);
  expect(JSON.parse(answered.request().postData()!)).toMatchObject({ type: "pageview", results: 0 });
  await searcher.close();

  // 1366 px: the KPI cards side by side, the tables with their captions.
  await page.setViewportSize({ width: 1366, height: 900 });
  // The beacon is stored asynchronously: reload until its search is listed.
  await expect(async () => {
    await page.goto("/admin");
    await expect(page.getByRole("table", { name: "Buscas sem resultado (30 dias)" })).toContainText(term, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Administração" })).toBeVisible();
  const kpis = page.getByRole("list", { name: "Indicadores de leads" });
  await expect(kpis.getByRole("listitem")).toHaveCount(6);
  await expect(kpis).toContainText("Leads hoje");
  await expect(kpis).toContainText("Sem resposta agora");
  expect(new Set(await cardLefts(page)).size).toBeGreaterThan(2);
  await expect(page.getByRole("table", { name: "Leads por canal" })).toContainText("Quero vender");
  await expect(page.getByRole("table", { name: "Primeira resposta por corretor" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Primeira resposta por canal" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Imóveis muito vistos sem contato (30 dias)" })).toBeVisible();
  // What the home showed before stays: the areas and the sync panel.
  await expect(page.getByRole("heading", { name: "Áreas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sincronização com o Vista" })).toBeVisible();

  // The "unanswered" number leads to the inbox filtered on it, the filter shown in the form.
  await waitForHydration(page);
  await kpis.getByRole("link", { name: /sem resposta agora$/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?resposta=pendente$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filtros" });
  await expect(filters.getByLabel("Resposta", { exact: true })).toHaveValue("pendente");
  await expect(page.getByTestId("lead").filter({ hasText: name })).toContainText("Novo");

  // Today's "quero vender" leads: kind and São Paulo days in the URL and in the form.
  await page.goBack();
  await page
    .getByRole("table", { name: "Leads por canal" })
    .getByRole("link", { name: /de Quero vender hoje$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/leads\?tipo=sell&de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}$/);
  await expect(filters.getByLabel("Tipo", { exact: true })).toHaveValue("sell");
  const day = new URL(page.url()).searchParams.get("de")!;
  await expect(filters.getByLabel("De", { exact: true })).toHaveValue(day);
  await expect(page.getByTestId("lead").filter({ hasText: name })).toBeVisible();

  // 360 px: one column, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/admin");
  await expect(kpis).toBeVisible();
  expect(new Set(await cardLefts(page)).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
