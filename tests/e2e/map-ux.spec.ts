/**
 * The map page as the big portals do it (ADR 0038), the home without repeated
 * listings, and where an admin lands after signing in.
 *
 * - 1366×900: the map takes most of the width beside the list; zooming the
 *   map updates the list, the count and the URL by itself, and the counts agree.
 * - 360×800: a full-screen map and a "Ver lista" toggle that nothing covers,
 *   also above the consent banner, and that covers none of the map's notices.
 * - The way back from a listing opened in the list (ADR 0059): a phone finds
 *   the list it left, at the same place, and a map that still works; a wide
 *   screen finds the list column scrolled as it was.
 *
 * Tiles are answered 404 (no internet here), declared to the console guard.
 */
import type { Locator, Page } from "@playwright/test";
import { ADMIN_EMAIL, adminPassword } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { installHydrationProbe, openMapOffline, parseCount } from "./helpers";

/** The one count above the map ("12.650 imóveis no mapa"). */
async function headerCount(page: Page): Promise<number> {
  const text = await page.getByTestId("contagem-mapa").innerText();
  return parseCount(/^([\d.]+) imóve/.exec(text)![1]);
}

/** The total of the list's status line ("Mostrando 1–24 de 12.650 imóveis", "Mostrando os 37 imóveis"). */
async function listCount(page: Page): Promise<number> {
  const text = await page.getByRole("region", { name: "Imóveis na lista" }).getByRole("status").innerText();
  const match = /de ([\d.]+) imóve/.exec(text) ?? /os ([\d.]+) imóve/.exec(text);
  return match ? parseCount(match[1]) : 0;
}

/**
 * Opens the listing of `card` (a card's link, in view) and goes back to the
 * map page; returns the listing's code, the card's top before (px, viewport)
 * and the map page's URL, which the way back must give again.
 */
async function openListingAndGoBack(page: Page, card: Locator): Promise<{ code: string; top: number; url: string }> {
  const code = (await card.getAttribute("data-listing-code"))!;
  const top = (await card.boundingBox())!.y;
  const url = page.url();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  await page.goBack();
  await expect(page).toHaveURL(url);
  return { code, top, url };
}

test.describe("desktop 1366×900", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("o mapa ocupa a maior parte da largura e a lista segue o mapa sem clique", async ({ page, consoleGuard }) => {
    await openMapOffline(page, consoleGuard);
    const map = page.locator(".leaflet-container");
    await expect(page.getByRole("button", { name: /imóveis nesta região$/ }).first()).toBeVisible();

    const mapBox = (await map.boundingBox())!;
    expect(mapBox.width).toBeGreaterThan(1366 / 2);
    const list = (await page.locator("#area-da-lista").boundingBox())!;
    expect(list.x + list.width).toBeLessThanOrEqual(mapBox.x);
    // About two card columns beside the map.
    const cards = page.getByRole("region", { name: "Imóveis na lista" }).locator("[data-listing-code]");
    const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);

    // Counts agree: the header, the list and the points served to the map.
    const before = await headerCount(page);
    expect(await listCount(page)).toBe(before);
    const points = await (await page.request.get("/mapa/pontos")).json();
    expect(points.n).toBe(before);

    // Zoom into a neighbourhood: no button to press, the list, the count and the URL follow.
    await page.getByRole("button", { name: "Aproximar" }).click();
    await page.getByRole("button", { name: "Aproximar" }).click();
    await page.getByRole("button", { name: "Aproximar" }).click();
    await expect(page).toHaveURL(/[?&]area=-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
    await expect(page.getByTestId("contagem-mapa")).toContainText("nesta área do mapa");
    const after = await headerCount(page);
    expect(after).toBeLessThan(before);
    expect(await listCount(page)).toBe(after);
    await expect(page.getByRole("button", { name: "Buscar nesta área" })).toHaveCount(0);
    // The same Leaflet map stayed, and a reload keeps the view.
    await expect(map).toHaveCount(1);
    const url = page.url();
    await page.reload();
    await expect(page).toHaveURL(url);
    expect(await headerCount(page)).toBe(after);
  });

  test("a volta de um imóvel aberto na lista reencontra a coluna rolada como estava", async ({
    page,
    consoleGuard,
  }) => {
    await openMapOffline(page, consoleGuard);
    const column = page.locator("#area-da-lista");
    const cards = column.locator("a[data-listing-code]");
    const card = cards.nth(13);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await column.evaluate((element) => element.scrollTop);
    expect(scrolled).toBeGreaterThan(500); // the column, not the window, scrolled to reach it
    const { code, top } = await openListingAndGoBack(page, card);
    await expect(cards.first()).toBeVisible();

    // Restored as soon as the column can scroll that far (its stylesheet may apply a moment later).
    await expect
      .poll(() => column.evaluate((element) => element.scrollTop), { timeout: 3_000 })
      .toBeGreaterThanOrEqual(scrolled - 2);
    expect(Math.abs((await column.evaluate((element) => element.scrollTop)) - scrolled)).toBeLessThanOrEqual(2);
    const back = column.locator(`a[data-listing-code="${code}"]`);
    await expect(back).toBeInViewport();
    // ± 2 px: the card is lifted by 2 px while the pointer is over it.
    expect(Math.abs((await back.boundingBox())!.y - top)).toBeLessThanOrEqual(3);
  });

  test("/mapa/pontos responde com ETag e 304", async ({ request }) => {
    const first = await request.get("/mapa/pontos?finalidade=venda");
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request.get("/mapa/pontos?finalidade=venda", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()["etag"]).toBe(etag);
  });
});

test.describe("celular 360×800", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("mapa em tela cheia e o botão de lista visível na primeira visita (sem aviso de cookies sem tag do Google)", async ({
    browser,
    baseURL,
    consoleGuard,
  }) => {
    // A fresh context without the consent cookie: with no Google tag configured there is nothing to consent to.
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    // The config's preset consent cookie reaches manual contexts too: start without a choice.
    await context.clearCookies();
    await installHydrationProbe(context);
    const page = await context.newPage();
    await openMapOffline(page, consoleGuard);
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);

    const map = page.locator(".leaflet-container");
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(359);
    expect(box.y + box.height).toBeGreaterThanOrEqual(799);
    expect(box.height).toBeGreaterThan(800 * 0.7);

    const toggle = page.getByRole("button", { name: "Ver lista" });
    await expect(toggle).toBeVisible();
    const t = (await toggle.boundingBox())!;
    expect(t.y + t.height).toBeLessThanOrEqual(800);
    // Nothing covers its centre.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null,
      [t.x + t.width / 2, t.y + t.height / 2],
    );
    expect(onTop).toBe("Ver lista");

    await toggle.click();
    await expect(page.getByRole("heading", { name: "Imóveis na lista" })).toBeVisible();
    await expect(map).toBeHidden();
    await page.getByRole("button", { name: "Ver mapa" }).click();
    await expect(map).toBeVisible();
    await context.close();
  });
});

test.describe("celular 360×800, a volta de um imóvel", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("reencontra a lista no mesmo lugar, e o mapa funciona quando volta a ele", async ({ page, consoleGuard }) => {
    await openMapOffline(page, consoleGuard);
    const map = page.locator(".leaflet-container");
    await expect(map).toBeVisible();
    await page.getByRole("button", { name: "Ver lista" }).click();
    // The list is an island on a phone (ADR 0061): until its code has come a card is a plain link.
    await expect(page.locator('[data-island="painel-do-mapa"]')).toHaveAttribute("data-island-hydrated", "");
    const cards = page.locator("#area-da-lista a[data-listing-code]");
    const card = cards.nth(9);
    await card.scrollIntoViewIfNeeded();
    const { code, top, url } = await openListingAndGoBack(page, card);

    // The list, not the full-screen map, with the card where it was.
    await expect(page.getByRole("button", { name: "Ver mapa" })).toBeVisible();
    const back = page.locator(`#area-da-lista a[data-listing-code="${code}"]`);
    await expect(back).toBeInViewport();
    expect(Math.abs((await back.boundingBox())!.y - top)).toBeLessThanOrEqual(3);

    // The map, created only now that its box shows, fills the screen and has its markers.
    await page.getByRole("button", { name: "Ver mapa" }).click();
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(359);
    expect(box.height).toBeGreaterThan(800 * 0.7);
    // Markers drawn on the screen (a map sized zero would put them all at one corner, or none).
    await expect(map.locator(".leaflet-marker-icon").first()).toBeInViewport();
    await expect(page).toHaveURL(url); // showing the map moved nothing by itself
  });
});

test.describe("celular 360×800, sem mapa de fundo", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("o aviso de mapa de fundo indisponível fica acima do botão de lista, sem ser coberto", async ({
    page,
    consoleGuard,
  }) => {
    await openMapOffline(page, consoleGuard);
    const notice = page.getByText("Não foi possível carregar o mapa de fundo");
    await expect(notice).toBeVisible();
    const toggle = page.getByRole("button", { name: "Ver lista" });
    const n = (await notice.boundingBox())!;
    const t = (await toggle.boundingBox())!;
    // The toggle floats above the map: the notice ends above it (the notice lets pointers through
    // to the map, so elementFromPoint cannot tell what is drawn on top).
    expect(n.y + n.height).toBeLessThanOrEqual(t.y);
  });
});

test("a página inicial não mostra o mesmo imóvel duas vezes", async ({ page }) => {
  await page.goto("/");
  const codes = await page
    .locator("main [data-listing-code]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-listing-code")));
  expect(codes.length).toBeGreaterThan(0);
  expect(new Set(codes).size).toBe(codes.length);
});

test("o administrador entra e cai em /admin, com o link na barra", async ({ page, baseURL }) => {
  await page.goto("/login-corretores");
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha").fill(adminPassword());
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin`);
  // The public pages' signed-in bar links the administration.
  await page.goto("/");
  const bar = page.getByTestId("barra-corretor");
  await expect(bar.getByRole("link", { name: "Administração" })).toHaveAttribute("href", "/admin");
  await bar.getByRole("link", { name: "Administração" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin`);
});
