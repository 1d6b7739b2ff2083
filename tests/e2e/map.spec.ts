/**
 * `/mapa` in Chromium (ADR 0009, 0038): the map loads and clusters, moving it
 * changes the list, and everything but the map works without JavaScript.
 *
 * Tiles: there is no internet here, so tile requests to `MAP_TILE_URL`
 * (OpenStreetMap by default) are answered 404 by `page.route` — the offline
 * case the page must survive — and Chromium's "Failed to load resource … 404"
 * for those tile URLs only is declared with `consoleGuard.expectHttpError`
 * (ADR 0009). Any other console error still fails the test.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  BLANK_TILE,
  MAP_TILES,
  mapTilesOffline,
  openMapOffline,
  parseCount,
  stubMapTiles,
  waitForHydration,
} from "./helpers";

/** The list beside the map and its count line. */
function mapList(page: Page) {
  return page.getByRole("region", { name: "Imóveis na lista" });
}

async function listTotal(page: Page): Promise<number> {
  const status = mapList(page).getByRole("status");
  await expect(status).toHaveText(/\d/);
  const text = await status.innerText();
  // "Mostrando 1–24 de 13.640 imóveis" or "Mostrando os 37 imóveis".
  const match = /de ([\d.]+) imóve/.exec(text) ?? /os ([\d.]+) imóve/.exec(text);
  return match ? parseCount(match[1]) : 0;
}

test("o mapa carrega, agrupa, e a lista e a URL seguem o mapa", async ({ page, consoleGuard }) => {
  await openMapOffline(page, consoleGuard);

  const map = page.getByRole("region", { name: /^Mapa dos imóveis/ });
  await expect(map).toBeVisible();
  await expect(page.locator(".leaflet-container")).toHaveCount(1);
  // Tiles fail offline: a notice, and the markers still work.
  await expect(page.getByText("Não foi possível carregar o mapa de fundo")).toBeVisible();
  await expect(page.getByTestId("contagem-mapa")).toContainText(/[\d.]+ imóveis no mapa/);

  // Clusters: count bubbles.
  const clusters = page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ });
  await expect(clusters.first()).toBeVisible();
  const before = await listTotal(page);
  expect(before).toBeGreaterThan(1000);
  expect(await clusters.count()).toBeGreaterThan(1);
  // The bubble shows the count ("245", "1,2 mil").
  await expect(clusters.first().locator('[aria-hidden="true"]')).toHaveText(/^\d[\d,]*( mil)?$/);

  // Zoom in twice with the map's own control: the list follows by itself.
  await page.getByRole("button", { name: "Aproximar" }).click();
  await page.getByRole("button", { name: "Aproximar" }).click();
  await expect(page).toHaveURL(/[?&]area=-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
  await expect(page.getByTestId("contagem-mapa")).toContainText("nesta área do mapa");
  const after = await listTotal(page);
  expect(after).toBeLessThan(before);
  // The same Leaflet map stayed (client navigation, no reload).
  await expect(page.locator(".leaflet-container")).toHaveCount(1);

  // Every card of the new list lies inside the area: checked against the points of the area.
  const area = new URL(page.url()).searchParams.get("area")!.split(",").map(Number);
  const body = await (await page.request.get("/mapa/pontos")).json();
  const insideCodes = new Set(
    (body.p as [string, number, number][])
      .filter(
        ([, lat, lng]) =>
          lat / 1e5 >= area[0] - 1e-5 &&
          lat / 1e5 <= area[2] + 1e-5 &&
          lng / 1e5 >= area[1] - 1e-5 &&
          lng / 1e5 <= area[3] + 1e-5,
      )
      .map(([code]) => code),
  );
  const codes = await mapList(page)
    .locator("[data-listing-code]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-listing-code")));
  expect(codes.length).toBeGreaterThan(0);
  for (const code of codes) expect(insideCodes.has(code!)).toBe(true);
});

test("os pontos são agrupados num worker, fora da página; outra finalidade no mapa troca todos os marcadores", async ({
  page,
  consoleGuard,
}) => {
  await openMapOffline(page, consoleGuard);
  const clusters = page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ });
  await expect(clusters.first()).toBeVisible();
  // ADR 0049: decoding and indexing run in the map's module worker.
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/cluster\.worker-[\w-]+\.js$/),
  );

  // The map fits every point of its filters: the markers add up to all of them.
  const shown = async () => {
    // The accessible name: the text after the visible (aria-hidden) label.
    const names = await clusters.evaluateAll((els) =>
      els.map((el) => (el.textContent ?? "").slice(el.querySelector('[aria-hidden="true"]')?.textContent?.length ?? 0)),
    );
    const inClusters = names.map((name) => parseCount(/([\d.]+) imóveis nesta região/.exec(name)?.[1] ?? "0"));
    const single = await page.getByRole("button", { name: /^Imóvel .+: / }).count();
    return inClusters.reduce((sum, count) => sum + count, single);
  };
  const total = async (query: string) =>
    ((await (await page.request.get(`/mapa/pontos${query}`)).json()) as { n: number }).n;
  await expect.poll(shown).toBe(await total(""));

  // Another set of points on the same map (a client-side navigation): the worker indexes them instead.
  const rentals = await total("?finalidade=aluguel");
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(
      "/mapa?finalidade=aluguel",
    ),
  );
  await expect(page).toHaveURL(/\/mapa\?finalidade=aluguel$/);
  await expect(page.locator(".leaflet-container")).toHaveCount(1);
  await expect.poll(shown).toBe(rentals);
});

test("o mapa abre já enquadrado nos imóveis: uma só vista, ladrilhos de um só zoom, URL sem área", async ({ page }) => {
  const zooms: number[] = [];
  await page.route(MAP_TILES, (route) => {
    const zoom = /\.org\/(\d+)\//.exec(route.request().url())?.[1];
    if (zoom) zooms.push(Number(zoom));
    return route.fulfill({ status: 200, contentType: "image/png", body: BLANK_TILE });
  });
  await page.goto("/mapa");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ }).first()).toBeVisible();
  await expect.poll(() => zooms.length).toBeGreaterThan(0);
  // Leaflet asks for the tiles of its current zoom only: one level means the map never showed
  // another view first (São Paulo at zoom 11, then a jump to the points).
  expect(new Set(zooms)).toEqual(new Set([zooms[0]]));
  expect(new URL(page.url()).searchParams.has("area")).toBe(false);
});

test("a atribuição dos ladrilhos está no mapa desde que ele aparece: nada se desloca quando os ladrilhos chegam", async ({
  page,
}) => {
  await stubMapTiles(page);
  // Every layout shift of the visit, with the elements that moved.
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(",");
        // What moved, from where to where (x,y,width,height), when, and whether the document was still parsing.
        const sources = entry.sources.map(
          (source) =>
            `${source.node instanceof Element ? source.node.className : String(source.node?.nodeName)} ` +
            `${rect(source.previousRect)} → ${rect(source.currentRect)} at ${Math.round(entry.startTime)} ms, ` +
            `viewport ${innerWidth}×${innerHeight}, ${document.readyState}`,
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/mapa");
  await expect(page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ }).first()).toBeVisible();
  await expect(page.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  const attribution = page.locator(".leaflet-control-attribution");
  await expect(attribution).toContainText("OpenStreetMap");
  expect((await attribution.innerText()).match(/OpenStreetMap/g)).toHaveLength(1);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts);
  expect(shifts).toEqual([]);
});

test("sem o módulo do mapa (falha de rede), o quadro diz isso e a lista continua", async ({ page, consoleGuard }) => {
  const mapModule = /\/assets\/listings-map\.client-[\w-]+\.js$/;
  consoleGuard.expectHttpError(mapModule, 503);
  await page.route(mapModule, (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "" }));
  await stubMapTiles(page); // the first picture's tiles (ADR 0097)
  await page.goto("/mapa");
  await waitForHydration(page);
  await expect(page.getByText("Não foi possível carregar o mapa. Os imóveis estão na lista.")).toBeVisible();
  await expect(page.locator(".leaflet-container")).toHaveCount(0);
  // The first picture goes too: the notice is not hidden under tiles.
  await expect(page.locator("[data-map-preview]")).toHaveCount(0);
  await expect(mapList(page).getByRole("link", { name: /R\$/ }).first()).toBeVisible();
});

/** Opens, on a small area around one real point, a marker's card (a Leaflet popup) and returns it. */
async function openMarkerCard(page: Page): Promise<Locator> {
  // A small area around one real point: the map opens on it with price labels.
  const body = await (await page.request.get("/mapa/pontos?finalidade=venda")).json();
  expect(body.n).toBeGreaterThan(0);
  const [, lat, lng] = body.p[Math.floor(body.p.length / 2)] as [string, number, number];
  const d = 0.0004;
  const area = [lat / 1e5 - d, lng / 1e5 - d, lat / 1e5 + d, lng / 1e5 + d].map((v) => v.toFixed(5)).join(",");
  await page.goto(`/mapa?finalidade=venda&area=${area}`);
  await waitForHydration(page);
  await expect(page.getByTestId("contagem-mapa")).toContainText("nesta área do mapa");

  // Price markers are zero-size anchors: their label (the visible part) is the inner span.
  const marker = page.getByRole("button", { name: /^Imóvel .+: R\$/ }).first();
  const spot = page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ }).first();
  const visiblePart = marker.locator('[aria-hidden="true"]').or(spot);
  await expect(visiblePart.first()).toBeVisible();
  // Labels may overlap at the highest zoom: dispatch the click on the marker itself.
  if ((await marker.count()) > 0) {
    await marker.dispatchEvent("click");
  } else {
    // Several listings of one building share a spot: the bubble lists them.
    await spot.dispatchEvent("click");
    await page.locator(".leaflet-popup").getByRole("button", { name: /Cód\./ }).first().click();
  }
  return page.locator(".leaflet-popup");
}

test("um marcador abre o cartão do imóvel com link para a página", async ({ page, consoleGuard }) => {
  await mapTilesOffline(page, consoleGuard);
  const card = await openMarkerCard(page);
  await expect(card.getByText(/^Venda R\$/)).toBeVisible();
  const link = card.getByRole("link", { name: "Ver imóvel" });
  await expect(link).toHaveAttribute("href", /^\/detalhes\/[^/]+\/[^/]+$/);
  const href = await link.getAttribute("href");
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("o mapa que se move depois do clique em “Ver imóvel” não cancela a ida ao imóvel", async ({
  page,
  consoleGuard,
}) => {
  await mapTilesOffline(page, consoleGuard);
  const card = await openMarkerCard(page);
  const link = card.getByRole("link", { name: "Ver imóvel" });
  const href = (await link.getAttribute("href"))!;
  // The listing's data takes 1.5 s: the map settles (AREA_DEBOUNCE_MS after a move) while it loads.
  await page.route(
    (url) => url.pathname === `${href}.data`,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    },
  );
  await link.click();
  // The map moves after the click (a pan with the keyboard, as the popup's own pan does).
  await page.locator(".leaflet-container").focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(href, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("parâmetros inválidos: área ignorada e URL canônica; pontos em JSON compacto", async ({
  page,
  request,
  consoleGuard,
}) => {
  await mapTilesOffline(page, consoleGuard);
  const redirect = await request.get("/mapa?area=abc&FINALIDADE=Aluguel&utm_source=x", { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()["location"]).toBe("/mapa?finalidade=aluguel&utm_source=x");
  for (const bad of ["/mapa?area=1,2,3", "/mapa?area=-23.5,-46.6,-23.6,-46.7", "/mapa?pagina=999999&quartos=x"]) {
    const response = await request.get(bad);
    expect(response.status(), bad).toBe(200);
  }
  const points = await request.get("/mapa/pontos?finalidade=aluguel&quartos=lixo&area=zzz");
  expect(points.status()).toBe(200);
  expect(points.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
  const body = await points.json();
  expect(body.v).toBe(1);
  expect(body.p.length).toBe(body.n);
  for (const row of body.p.slice(0, 50))
    expect(row).toEqual([expect.any(String), expect.any(Number), expect.any(Number), expect.any(Number), 1]);
  const missing = await request.get("/mapa/pontos?imovel=NAO-EXISTE");
  expect(await missing.json()).toEqual({ listing: null });
  await page.goto("/mapa?area=nada");
  await expect(page).toHaveURL(/\/mapa$/);
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/mapa mostra a lista, os filtros e a paginação", async ({ page }) => {
    await page.goto("/mapa");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mapa");
    const list = page.getByRole("list", { name: "Imóveis no mapa" });
    await expect(list.locator(":scope > li")).toHaveCount(24);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);

    // The filters form (folded beside the list: a link opens it) submits to /mapa (GET) and lands on the canonical URL.
    await page.getByRole("link", { name: "Filtros" }).click();
    const filters = page.getByRole("form", { name: "Filtros" });
    await filters.getByRole("radio", { name: "Alugar" }).check();
    await filters.getByRole("button", { name: "Ver imóveis" }).click();
    await expect(page).toHaveURL(/\/mapa\?finalidade=aluguel$/);
    // The document streams in: read the cards only once it has fully loaded (a half-parsed card reads "A").
    await page.waitForLoadState("load");
    await expect(list.getByRole("link").first()).toBeVisible();
    for (const text of await list.getByRole("link").allTextContents()) expect(text).toContain("Aluguel");

    // Pagination links keep the filters.
    await page
      .getByRole("navigation", { name: "Paginação" })
      .getByRole("link", { name: /Próxima|2/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/mapa\?finalidade=aluguel&pagina=2$/);
    await expect(list.locator(":scope > li")).toHaveCount(24);
  });
});

test.describe("tela de alta densidade (2×)", () => {
  test.use({ deviceScaleFactor: 2 });

  test("os tiles vêm do nível seguinte, em metade do tamanho, e o último nível do mapa ainda tem fundo (ADR 0048)", async ({
    page,
  }) => {
    const levels: number[] = [];
    await page.route(MAP_TILES, (route) => {
      levels.push(Number(new URL(route.request().url()).pathname.split("/")[1]));
      return route.fulfill({ status: 200, contentType: "image/png", body: BLANK_TILE });
    });
    const tile = page.locator(".leaflet-tile-container img.leaflet-tile-loaded").first();
    const zoomIn = page.getByRole("button", { name: "Aproximar" });

    // The whole catalogue: a city-wide zoom, tiles of the next level drawn at 128 CSS px.
    await page.goto("/mapa");
    await waitForHydration(page);
    await expect(tile).toBeVisible();
    expect((await tile.boundingBox())?.width).toBeCloseTo(128, 0);
    const firstLevels = new Set(levels);
    expect(firstLevels.size).toBe(1);
    expect([...firstLevels][0]).toBeLessThan(18);

    // A few metres around one point: the map's last level (18). Its tiles are the provider's
    // last level (18, not 19) drawn at 256 CSS px, and there are tiles.
    const body = await (await page.request.get("/mapa/pontos")).json();
    const [, lat, lng] = body.p[0] as [string, number, number];
    const d = 0.0004;
    const area = [lat / 1e5 - d, lng / 1e5 - d, lat / 1e5 + d, lng / 1e5 + d].map((v) => v.toFixed(5)).join(",");
    levels.length = 0;
    await page.goto(`/mapa?area=${area}`);
    await waitForHydration(page);
    await expect(zoomIn).toHaveClass(/leaflet-disabled/);
    await expect(tile).toBeVisible();
    expect((await tile.boundingBox())?.width).toBeCloseTo(256, 0);
    expect(new Set(levels)).toEqual(new Set([18]));
  });
});
