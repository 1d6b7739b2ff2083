/**
 * "Lista | Mapa" (ADR 0038's map page, results-page's ViewSwitch): the same
 * search moves from the list to the map and back with every filter, on a
 * computer and on a phone (where the map page's switch sits above its list).
 */
import { expect, test } from "./fixtures";
import { mapTilesOffline, waitForHydration } from "./helpers";

const LIST = "/todos-os-imoveis/venda-apartamento";

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`lista → mapa → lista mantém os filtros (${viewport.width} px)`, async ({ page, consoleGuard }) => {
    await page.setViewportSize(viewport);
    await mapTilesOffline(page, consoleGuard);
    await page.goto(`${LIST}?quartos=2`);
    await waitForHydration(page);
    const listUrl = new URL(page.url());
    const switchOn = () => page.getByRole("navigation", { name: "Ver resultados em" });
    await expect(switchOn().locator('[aria-current="page"]')).toHaveText("Lista");

    await switchOn().getByRole("link", { name: "Mapa" }).click();
    await expect(page).toHaveURL(/\/mapa\?/);
    const onMap = new URL(page.url());
    expect(onMap.searchParams.get("finalidade")).toBe("venda");
    expect(onMap.searchParams.getAll("tipo").join(",")).toMatch(/apartamento/);
    expect(onMap.searchParams.get("quartos")).toBe("2");
    await waitForHydration(page);

    if (viewport.width < 960) await page.getByRole("button", { name: "Ver lista" }).click();
    await expect(switchOn().locator('[aria-current="page"]')).toHaveText("Mapa");
    await switchOn().getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL((url) => url.pathname === listUrl.pathname);
    expect(new URL(page.url()).searchParams.get("quartos")).toBe("2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}
