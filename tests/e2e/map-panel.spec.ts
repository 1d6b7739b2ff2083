/**
 * The map page's list panel (filters, list, "Criar alerta") is an island
 * (ADR 0061): on a phone's full-screen map it is hidden, and its code comes,
 * and React hydrates it, only once the visitor opens the list or moves the
 * map; beside a computer's map it hydrates right after the page.
 *
 * Tiles are answered 404 (no internet here), declared to the console guard.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openMapOffline } from "./helpers";

/** The panel's own chunk (not `map-panel-island`, which the page imports). */
const PANEL_CODE = /\/assets\/map-panel-(?!island-)[\w-]+\.js$/;

/** Records the requests for the panel's code from now on. */
function panelRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (PANEL_CODE.test(request.url())) requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

const panel = (page: Page) => page.locator('[data-island="painel-do-mapa"]');

test.describe("celular 360×800", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("a lista escondida sob o mapa só hidrata quando o visitante a abre", async ({ page, consoleGuard }) => {
    const requested = panelRequests(page);
    // The points wait until Remix has added the routes it discovered in the page's links (an
    // update of the router's state): the first markers then render after it, and must not wait
    // for the hidden panel's code.
    const discovered = page.waitForResponse(/\/__manifest\?/);
    await page.route(/\/mapa\/pontos/, async (route) => {
      await discovered;
      await route.continue();
    });
    await openMapOffline(page, consoleGuard);
    await discovered;
    await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(requested, "the hidden panel's code is not fetched with the map").toEqual([]);
    await expect(panel(page)).not.toHaveAttribute("data-island-hydrated");

    await page.getByRole("button", { name: "Ver lista" }).click();
    await expect(page.getByRole("heading", { name: "Imóveis na lista" })).toBeVisible();
    await expect(panel(page)).toHaveAttribute("data-island-hydrated", "");
    expect(requested).toHaveLength(1);
    // The cards work in the browser now: the favourite button toggles without a page load.
    const favourite = panel(page).locator("button[aria-pressed]").first();
    await expect(favourite).toHaveAttribute("aria-pressed", "false");
    await favourite.click();
    await expect(favourite).toHaveAttribute("aria-pressed", "true");
  });

  test("mover o mapa com a lista escondida atualiza a lista da área", async ({ page, consoleGuard }) => {
    await openMapOffline(page, consoleGuard);
    await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
    // The list's status line, hidden under the map (so not in the accessibility tree).
    const status = panel(page).locator('[role="status"]');
    const before = await status.textContent();

    await page.getByRole("button", { name: "Aproximar" }).click();
    await expect(page).toHaveURL(/[?&]area=/);
    await expect(page.getByTestId("contagem-mapa")).toContainText("nesta área do mapa");
    // The new data woke the panel: it shows the area's listings, and the map kept its markers.
    await expect(panel(page)).toHaveAttribute("data-island-hydrated", "");
    await expect(status).not.toHaveText(before ?? "");
    await expect(page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ }).first()).toBeVisible();
    await page.getByRole("button", { name: "Ver lista" }).click();
    await expect(panel(page).getByText("A lista mostra só os imóveis da área buscada no mapa.")).toBeVisible();
  });
});

test.describe("desktop 1366×900", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("a lista ao lado do mapa hidrata logo depois da página, e os filtros abrem", async ({ page, consoleGuard }) => {
    const requested = panelRequests(page);
    await openMapOffline(page, consoleGuard);
    await expect(panel(page)).toHaveAttribute("data-island-hydrated", "");
    expect(requested).toHaveLength(1);
    await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();

    // The folded filters open with the "Filtros" button, and the form inside works in the browser.
    const filters = page.locator("#filtros-mapa");
    await expect(filters).toBeHidden();
    const button = page.getByRole("button", { name: "Filtros" });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(filters).toBeVisible();
    await expect(filters.getByRole("group", { name: "Finalidade" })).toBeVisible();
  });
});
