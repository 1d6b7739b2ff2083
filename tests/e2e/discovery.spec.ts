/**
 * Discovery paths between the public pages (ADR 0008) in Chromium on the synced
 * sandbox catalogue: a listing's broker card → the broker's portfolio; the
 * condominium index → a condominium page (with its map) → one of its units;
 * the home page's city link → the canonical list, with no redirect.
 * Assertions are about behaviour, never fixed listings.
 *
 * Map tiles: the tests run offline, so requests to the tile server are
 * answered with a blank tile (`stubMapTiles`; otherwise Chromium logs each
 * failed tile as a console error).
 */
import { expect, test } from "./fixtures";
import { LISTINGS_PATH, stubMapTiles, waitForHydration } from "./helpers";

test("anúncio → cartão do corretor → carteira do corretor", async ({ page }) => {
  await stubMapTiles(page);
  await page.goto(LISTINGS_PATH);
  const firstCard = page.getByRole("list", { name: "Imóveis encontrados" }).getByRole("link").first();
  await firstCard.click();
  await expect(page).toHaveURL(/\/detalhes\/[^/]+\/[^/]+$/);
  await waitForHydration(page);

  const brokerCard = page.getByRole("region", { name: "Corretor responsável" });
  const brokerLink = brokerCard.getByRole("link", { name: /^Ver imóveis de / });
  const brokerName = (await brokerLink.textContent())!.replace(/^Ver imóveis de /, "").trim();
  await brokerLink.click();
  await expect(page).toHaveURL(/\/corretor\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Imóveis de ${brokerName}`);
  await expect(page.getByRole("region", { name: "Contato do corretor" })).toContainText(brokerName);
  const grid = page.getByRole("list", { name: `Imóveis de ${brokerName}` });
  await expect(grid.locator(":scope > li").first()).toBeVisible();
  expect(await grid.locator(":scope > li").count()).toBeLessThanOrEqual(24);

  // Sorting keeps the canonical broker path; the code form of the URL redirects to it.
  const path = new URL(page.url()).pathname;
  await page.getByLabel("Ordenar por").selectOption("menor-preco");
  await expect(page).toHaveURL(`${path}?ordem=menor-preco`);
});

test("índice de condomínios → condomínio (com mapa) → unidade", async ({ page }) => {
  await stubMapTiles(page);
  await page.goto("/condominios");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Condomínios");
  const cards = page.getByRole("list", { name: "Condomínios" });
  await expect(cards.locator(":scope > li")).toHaveCount(24);
  await expect(page.getByRole("navigation", { name: "Paginação" })).toBeVisible();

  const first = cards.getByRole("link").first();
  const name = (await first.getByRole("heading").textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/detalhes\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await waitForHydration(page);

  // The map box loads Leaflet once scrolled into view; the plain link stays.
  const map = page.getByRole("region", { name: `Mapa: localização do ${name}` });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator(".leaflet-container")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver no mapa" })).toHaveAttribute("href", /openstreetmap\.org/);

  const unit = page.locator("#a-venda, #para-alugar").getByRole("list").getByRole("link").first();
  await unit.click();
  await expect(page).toHaveURL(/\/detalhes\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
});

test("home → link de cidade → lista canônica, sem redirecionar", async ({ page, request }) => {
  await page.goto("/");
  const places = page.getByRole("region", { name: "Explore por cidade e bairro" });
  const cityLink = places.getByRole("heading", { level: 3 }).getByRole("link").first();
  const href = (await cityLink.getAttribute("href"))!;
  expect(href.startsWith(LISTINGS_PATH)).toBe(true);
  const direct = await request.get(href, { maxRedirects: 0 });
  expect(direct.status()).toBe(200);

  const neighbourhood = places.getByRole("listitem").getByRole("link").first();
  const nbHref = (await neighbourhood.getAttribute("href"))!;
  expect((await request.get(nbHref, { maxRedirects: 0 })).status()).toBe(200);

  await cityLink.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The home page also leads to the condominium index.
  await page.goto("/");
  await page.getByRole("link", { name: /^Ver todos os .*condomínios$/ }).click();
  await expect(page).toHaveURL("/condominios");
});
