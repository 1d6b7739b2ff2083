/**
 * First-party analytics end to end (docs/decisions/0030-first-party-analytics.md),
 * in Chromium with a desktop User-Agent (the default headless one is a bot
 * for isbot, whose beacons are not stored): a visitor opens a listing,
 * opens its gallery in full screen, clicks its WhatsApp button (wa.me is
 * stubbed: no request leaves the machine), and searches a term of this run
 * from the search page (a client-side navigation). Then the admin sees that
 * listing among the most viewed and the term among the top searches on
 * `/admin/estatisticas`, and the gallery and WhatsApp counters are not zero.
 * The beacons are sent with `navigator.sendBeacon`; no request to another
 * host is made by the analytics.
 */
import type { Page } from "@playwright/test";
import { addSessionCookie, ADMIN_EMAIL, adminPassword, sessionCookieFor } from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { DESKTOP_USER_AGENT, listingPaths, waitForHydration } from "./helpers";

test.use({ userAgent: DESKTOP_USER_AGENT });

/** Answers every wa.me request with a stub page. */
async function stubWhatsApp(page: Page): Promise<void> {
  await page.context().route(/^https:\/\/(api\.)?wa\.me\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>WhatsApp</title><p>WhatsApp</p>",
    }),
  );
}

/** The first listing whose page has a full-screen gallery and a WhatsApp button; the page is left on it. */
async function listingWithGalleryAndWhatsApp(page: Page): Promise<{ path: string; code: string }> {
  for (const listingPath of (await listingPaths(page.request)).slice(0, 15)) {
    await page.goto(listingPath);
    await waitForHydration(page);
    const fullScreen = page.getByRole("button", { name: "Tela cheia" });
    const whatsApp = page.getByRole("complementary", { name: "Valores e contato" }).getByRole("link", {
      name: "Falar no WhatsApp",
    });
    if ((await fullScreen.count()) === 0 || (await whatsApp.count()) === 0) continue;
    return { path: listingPath, code: decodeURIComponent(listingPath.split("/").pop()!) };
  }
  throw new Error("no listing with a gallery and a WhatsApp button among the first 15");
}

test("a visita aparece nas estatísticas do admin", async ({ page, browser, baseURL }) => {
  // A visitor of its own (the beacon limit and the visitor hash are per IP).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.60.0.7" });
  await stubWhatsApp(page);
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/eventos") beacons.push(request.postData() ?? "");
  });

  await page.goto("/");
  await waitForHydration(page);

  const { path: listingPath, code } = await listingWithGalleryAndWhatsApp(page);
  await expect.poll(() => beacons.some((body) => body.includes(`"path":"${listingPath}"`))).toBe(true);

  // Gallery in full screen, then closed.
  await page.getByRole("button", { name: "Tela cheia" }).click();
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  await expect.poll(() => beacons.some((body) => body.includes('"type":"gallery_open"'))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // WhatsApp opens in a new tab: the hand-off page, then the (stubbed) wa.me.
  const [whatsAppTab] = await Promise.all([
    page.waitForEvent("popup"),
    page
      .getByRole("complementary", { name: "Valores e contato" })
      .getByRole("link", { name: "Falar no WhatsApp" })
      .click(),
  ]);
  await whatsAppTab.waitForURL(/^https:\/\/(api\.)?wa\.me\//);
  await whatsAppTab.close();
  await expect
    .poll(() => beacons.some((body) => body.includes('"type":"whatsapp_click"') && body.includes(code)))
    .toBe(true);

  // A search of this run's own term, submitted from the search page (client-side navigation).
  const term = `cobertura ${Date.now().toString(36)}`;
  await page.goto("/busca");
  await waitForHydration(page);
  const search = page.getByRole("search", { name: "Busca por texto" });
  await search.getByRole("combobox").fill(term);
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/busca\?q=cobertura/);
  await expect
    .poll(() => beacons.some((body) => body.includes('"type":"pageview"') && body.includes("/busca?q=cobertura")))
    .toBe(true);

  // The admin's dashboard.
  const admin = await browser.newContext({ baseURL, storageState: consentStorageState });
  await addSessionCookie(admin, baseURL!, await sessionCookieFor(ADMIN_EMAIL, adminPassword()));
  const adminPage = await admin.newPage();
  // Beacons are stored asynchronously: reload until this visit's rows are counted.
  await expect(async () => {
    await adminPage.goto("/admin/estatisticas?periodo=7");
    await expect(adminPage.getByTestId("top-buscas")).toContainText(term, { timeout: 1_000 });
    await expect(adminPage.getByTestId("top-imoveis")).toContainText(code, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await expect(adminPage.getByRole("heading", { level: 1, name: "Estatísticas" })).toBeVisible();
  await expect(adminPage.getByRole("img", { name: "Visitas por dia" })).toBeVisible();
  const figure = (label: string) =>
    adminPage
      .getByTestId("resumo-estatisticas")
      .locator("div")
      .filter({ has: adminPage.getByText(label, { exact: true }) });
  for (const label of ["Galerias abertas", "Cliques no WhatsApp", "Buscas", "Visualizações de imóvel"]) {
    const value = Number((await figure(label).locator("dd").innerText()).replace(/\D/g, ""));
    expect(value, label).toBeGreaterThan(0);
  }

  // The CSV export of the same period downloads with the BOM and `;`.
  const csv = await adminPage.request.get("/admin/estatisticas/exportar.csv?periodo=7");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).startsWith('\uFEFF"Data";')).toBe(true);
  await admin.close();
});
