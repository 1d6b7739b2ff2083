/**
 * The map's first picture (ADR 0097): while the page is still being parsed,
 * before any of its scripts has run, an inline script draws the tiles Leaflet
 * will show; once Leaflet's own tiles have loaded the picture goes. Checked
 * against Leaflet itself: the same tile URLs at the same places, on a phone's
 * high-density screen (tiles of the next level at 128 px) and on a computer's.
 *
 * Tiles are answered with a blank image (no internet here).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { stubMapTiles, waitForHydration } from "./helpers";

/** A tile as drawn: its URL and its square in the map's box (CSS px). */
interface DrawnTile {
  src: string;
  left: number;
  top: number;
  size: number;
}

/**
 * Records, from before the page's own scripts: the document's state when each tile was drawn,
 * the picture as it was when the page removed it, and what stood around it.
 */
async function recordPreview(page: Page): Promise<void> {
  await page.addInitScript(() => {
    /** The document's state when each tile of the picture was drawn. */
    const drawnWhile: string[] = [];
    /** The picture's tiles when the page removed it (the box's content, positions from its styles). */
    const picture: DrawnTile[] = [];
    /** The opacity of each of Leaflet's tiles when the picture was removed. */
    const opacityAtRemoval: string[] = [];
    /** The background of each box that stood for the map while the picture was there. */
    const surfaces: string[] = [];
    Object.assign(window, { drawnWhile, picture, opacityAtRemoval, surfaces });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement) || !document.querySelector("[data-map-preview]")) continue;
          for (const surface of [node, ...node.querySelectorAll("*")]) {
            if (surface.matches("[data-map-surface], .leaflet-container")) {
              surfaces.push(getComputedStyle(surface).backgroundColor);
            }
          }
        }
        for (const node of record.removedNodes) {
          if (!(node instanceof HTMLElement) || !node.hasAttribute("data-map-preview")) continue;
          for (const tile of document.querySelectorAll("img.leaflet-tile")) {
            opacityAtRemoval.push(getComputedStyle(tile).opacity);
          }
          for (const image of node.querySelectorAll("img")) {
            const [left, top, size] = [image.style.left, image.style.top, image.style.width].map(parseFloat);
            picture.push({ src: image.src, left, top, size });
          }
        }
        for (const node of record.addedNodes) {
          if (node instanceof HTMLImageElement && node.parentElement?.hasAttribute("data-map-preview")) {
            drawnWhile.push(document.readyState);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Leaflet's tiles, in the map container's coordinates. */
function leafletTiles(page: Page): Promise<DrawnTile[]> {
  return page.evaluate(() => {
    const box = document.querySelector(".leaflet-container")!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLImageElement>("img.leaflet-tile")].map((tile) => {
      const rect = tile.getBoundingClientRect();
      return { src: tile.src, left: rect.left - box.left, top: rect.top - box.top, size: rect.width };
    });
  });
}

/** Opens `path`, waits for the map's tiles, and compares the first picture with them. */
async function expectPreviewToMatchLeaflet(page: Page, path: string): Promise<void> {
  await stubMapTiles(page);
  await recordPreview(page);
  await page.goto(path);
  await waitForHydration(page);
  // Leaflet's tiles have loaded: the picture is gone.
  await expect(page.locator("[data-map-preview]")).toHaveCount(0);
  const { drawnWhile, drawn } = await page.evaluate(() => {
    const recorded = window as unknown as { drawnWhile: string[]; picture: DrawnTile[] };
    return { drawnWhile: recorded.drawnWhile, drawn: recorded.picture };
  });
  expect(drawn.length).toBeGreaterThan(0);
  // First drawn while the document was being parsed: before any module script of the page had run.
  expect(drawnWhile[0]).toBe("loading");

  // Neither the box standing for the map nor the map covered it with a plain colour.
  const surfaces = await page.evaluate(() => (window as unknown as { surfaces: string[] }).surfaces);
  expect(surfaces.length).toBeGreaterThan(0);
  expect(surfaces.filter((colour) => colour !== "rgba(0, 0, 0, 0)")).toEqual([]);
  // It went once the map's tiles were opaque: no blank box between the two.
  const opacities = await page.evaluate(() => (window as unknown as { opacityAtRemoval: string[] }).opacityAtRemoval);
  expect(opacities.length).toBeGreaterThan(0);
  expect(opacities.filter((opacity) => opacity !== "1")).toEqual([]);

  const leaflet = await leafletTiles(page);
  const bySource = (a: DrawnTile, b: DrawnTile) => a.src.localeCompare(b.src);
  expect(drawn.map((tile) => tile.src).sort()).toEqual(leaflet.map((tile) => tile.src).sort());
  const leafletSorted = [...leaflet].sort(bySource);
  [...drawn].sort(bySource).forEach((tile, i) => {
    const own = leafletSorted[i];
    expect(Math.abs(tile.left - own.left), tile.src).toBeLessThanOrEqual(1);
    expect(Math.abs(tile.top - own.top), tile.src).toBeLessThanOrEqual(1);
    expect(tile.size).toBeCloseTo(own.size, 0);
  });
}

test.describe("phone 360×740, a 2× screen", () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test("o mapa aparece antes dos scripts, com os mesmos tiles do Leaflet", async ({ page }) => {
    await expectPreviewToMatchLeaflet(page, "/mapa");
    expect((await leafletTiles(page)).every((tile) => Math.round(tile.size) === 128)).toBe(true);
  });
});

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("o mapa aparece antes dos scripts, com os mesmos tiles do Leaflet", async ({ page }) => {
    await expectPreviewToMatchLeaflet(page, "/mapa?finalidade=aluguel");
  });

  test("numa área buscada, o primeiro quadro é o da área", async ({ page }) => {
    await expectPreviewToMatchLeaflet(page, "/mapa?area=-23.6,-46.7,-23.55,-46.62");
  });
});
