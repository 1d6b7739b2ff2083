/**
 * List and map as one, and the drawn area (ADR 0091): the site header's
 * "Mapa" carries the list's or the search's filters and the map's "Lista"
 * brings them back; a phone's full-screen map has the filters sheet with its
 * live count; a drawn area restricts the search, lives in the URL and
 * survives a reload. At 360 and 1366 px.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP_VIEWPORT, mapTilesOffline, parseCount, PHONE_VIEWPORT, waitForHydration } from "./helpers";

const VIEWPORTS = [DESKTOP_VIEWPORT, PHONE_VIEWPORT];
const SHOTS = "/tmp/h/shots";

/** The header's "Mapa" link (in the bar on a computer, in the "Menu" on a phone). */
async function headerMapLink(page: Page, width: number): Promise<Locator> {
  if (width >= 1240)
    return page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("link", { name: "Mapa" });
  await page.locator("summary", { hasText: "Menu" }).click();
  return page.getByRole("navigation", { name: "Principal (menu)" }).getByRole("link", { name: "Mapa" });
}

/** Opens `path` at `width` px, follows the header's "Mapa" and answers the map's URL. */
async function followHeaderMapLink(page: Page, path: string, width: number): Promise<URL> {
  await page.goto(path);
  await waitForHydration(page);
  await (await headerMapLink(page, width)).click();
  await expect(page).toHaveURL(/\/mapa\?/);
  return new URL(page.url());
}

/** "12.345 imóveis no mapa" → 12345. */
async function mapTotal(page: Page): Promise<number> {
  const text = await page.getByTestId("contagem-mapa").locator("strong").innerText();
  return parseCount(text.split(" ")[0]);
}

function applyButton(dialog: Locator): Locator {
  return dialog.getByRole("button", { name: /^(Ver [\d.]+ imóve(l|is)|Nenhum imóvel encontrado)$/ });
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 960;

  test(`o "Mapa" do cabeçalho leva todos os filtros e a lista os traz de volta (${viewport.width} px)`, async ({
    page,
    consoleGuard,
  }) => {
    await page.setViewportSize(viewport);
    await mapTilesOffline(page, consoleGuard);
    const list = "/todos-os-imoveis/venda-apartamento?quartos=2&custo-max=60000";
    const onMap = await followHeaderMapLink(page, list, viewport.width);
    expect(onMap.searchParams.get("finalidade")).toBe("venda");
    expect(onMap.searchParams.get("tipo")).toBe("apartamento");
    expect(onMap.searchParams.get("quartos")).toBe("2");
    expect(onMap.searchParams.get("custo-max")).toBe("60000");
    await waitForHydration(page);
    if (phone) await page.getByRole("button", { name: "Ver lista" }).click();
    await page.getByRole("navigation", { name: "Ver resultados em" }).getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/todos-os-imoveis/venda-apartamento");
    const back = new URL(page.url());
    expect(back.searchParams.get("quartos")).toBe("2");
    expect(back.searchParams.get("custo-max")).toBe("60000");

    // From /busca: the words it understands become the map's filters.
    const fromSearch = await followHeaderMapLink(
      page,
      "/busca?q=apartamento%20para%20alugar&quartos=2",
      viewport.width,
    );
    expect(fromSearch.searchParams.get("finalidade")).toBe("aluguel");
    expect(fromSearch.searchParams.get("tipo")).toBe("apartamento");
    expect(fromSearch.searchParams.get("quartos")).toBe("2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });

  test(`desenhar uma área restringe a busca, fica na URL e no recarregamento (${viewport.width} px)`, async ({
    page,
    consoleGuard,
  }) => {
    await page.setViewportSize(viewport);
    await mapTilesOffline(page, consoleGuard);
    await page.goto("/mapa");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ }).first()).toBeVisible();
    const before = await mapTotal(page);

    await page.getByRole("button", { name: "Desenhar área" }).click();
    await expect(page.getByText("Desenhe a área com o dedo ou o mouse")).toBeVisible();
    const box = (await page.locator(".leaflet-container").boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const r = Math.min(box.width, box.height) / 4;
    await page.mouse.move(cx + r, cy);
    await page.mouse.down();
    for (let i = 1; i <= 36; i++) {
      const a = (i / 36) * 2 * Math.PI;
      await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    await page.mouse.up();

    await expect(page).toHaveURL(/[?&]poligono=/);
    await expect(page.getByTestId("contagem-mapa")).toContainText("na área desenhada");
    const inside = await mapTotal(page);
    expect(inside).toBeLessThan(before);
    const drawnUrl = page.url();
    await page.screenshot({ path: `${SHOTS}/map-area-${viewport.width}.png` });

    await page.reload();
    await waitForHydration(page);
    expect(page.url()).toBe(drawnUrl);
    await expect(page.getByTestId("contagem-mapa")).toContainText("na área desenhada");
    expect(await mapTotal(page)).toBe(inside);
    await expect(page.locator("path.leaflet-interactive, .leaflet-overlay-pane path").first()).toBeAttached();

    // The list is the keyboard path: its heading and "Remover área".
    if (phone) await page.getByRole("button", { name: "Ver lista" }).click();
    const region = page.getByRole("region", { name: "Imóveis na área desenhada" });
    await expect(region).toBeVisible();
    if (phone) await page.screenshot({ path: `${SHOTS}/map-area-list-${viewport.width}.png`, fullPage: false });
    await region.getByRole("link", { name: "Remover área" }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("poligono"));
    await expect(page.getByTestId("contagem-mapa")).toContainText("no mapa");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test("no celular, Filtros sobre o mapa abre a folha com a contagem e muda os pontos", async ({
  page,
  consoleGuard,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await mapTilesOffline(page, consoleGuard);
  await page.goto("/mapa");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: /^[\d.]+ imóveis nesta região$/ }).first()).toBeVisible();
  const before = await mapTotal(page);

  await page.getByRole("button", { name: "Filtros", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Filtrar imóveis" });
  await expect(dialog).toBeVisible();
  await expect(applyButton(dialog)).toHaveText(/^Ver [\d.]+ imóveis$/);
  await dialog.getByRole("radio", { name: /^Alugar/ }).check();
  await expect
    .poll(async () => parseCount((await applyButton(dialog).innerText()).replace("Nenhum", "0")))
    .not.toBe(before);
  const announced = parseCount((await applyButton(dialog).innerText()).replace("Nenhum", "0"));
  await page.screenshot({ path: `${SHOTS}/map-filters-360.png` });

  const points = page.waitForResponse((response) => response.url().includes("/mapa/pontos?finalidade=aluguel"));
  await applyButton(dialog).click();
  await expect(page).toHaveURL(/\/mapa\?finalidade=aluguel$/);
  await points;
  await expect(dialog).toBeHidden();
  expect(await mapTotal(page)).toBe(announced);
  expect(announced).toBeLessThan(before);
  await expect(page.getByRole("button", { name: "Filtros (1)" })).toBeVisible();
});
