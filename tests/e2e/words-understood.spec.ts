/**
 * `/busca` the way people say it (ADR 0087), at 1366 and 360 px: "pinheiros
 * aluguel 2 quartos pet até 4 mil" shows the words it used as chips and never
 * "Não encontramos"; removing a chip widens the search; "moema metrô" says
 * "Não entendemos: metrô"; typing "pineir" in the home's search box suggests
 * Pinheiros. No sideways scroll at 360 px.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { parseCount, waitForHydration } from "./helpers";

const QUERY = "pinheiros aluguel 2 quartos pet até 4 mil";
const WIDTHS = [1366, 360] as const;

/** The results total of `/busca` ("115 imóveis encontrados", "Mostrando 1–24 de 115 imóveis encontrados"). */
async function searchTotal(page: Page): Promise<number> {
  const line = page.getByText(/[\d.]+ imóve(?:l|is) encontrados?/).first();
  await expect(line).toBeVisible();
  const total = /([\d.]+) imóve(?:l|is) encontrados?/.exec(await line.innerText());
  return parseCount(total![1]);
}

/** The chips list ("Entendemos:"). */
function chips(page: Page) {
  return page.getByRole("list", { name: "Entendemos:" });
}

async function noSidewaysScroll(page: Page, width: number) {
  if (width > 360) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("a frase vira chips removíveis, sem 'Não encontramos'; tirar um chip amplia a busca", async ({ page }) => {
      await page.goto(`/busca?q=${encodeURIComponent(QUERY)}`);
      await waitForHydration(page);
      const list = chips(page);
      await expect(list).toBeVisible();
      for (const label of ["Pinheiros", "Aluguel", "2+ quartos", "Aceita pet", "Até R$ 4.000"]) {
        await expect(list.getByRole("link", { name: `Remover “${label}” da busca` })).toBeVisible();
      }
      await expect(page.getByText(/Não encontramos/i)).toHaveCount(0);
      await expect(page.getByText(/Não entendemos/i)).toHaveCount(0);
      const total = await searchTotal(page);
      expect(total).toBeGreaterThan(0);
      await noSidewaysScroll(page, width);

      await list.getByRole("link", { name: "Remover “Aceita pet” da busca" }).click();
      await expect(page).toHaveURL(/\/busca\?q=pinheiros\+aluguel\+2\+quartos\+at%C3%A9\+4\+mil$/);
      await expect(chips(page).getByRole("link", { name: "Remover “Aceita pet” da busca" })).toHaveCount(0);
      await expect(chips(page).getByRole("link", { name: "Remover “Pinheiros” da busca" })).toBeVisible();
      expect(await searchTotal(page)).toBeGreaterThan(total);
    });

    test("'moema metrô' mostra Moema e diz 'Não entendemos: metrô'", async ({ page }) => {
      await page.goto(`/busca?q=${encodeURIComponent("moema metrô")}`);
      await expect(page.getByText(/Não entendemos: metrô/i)).toBeVisible();
      await expect(chips(page).getByRole("link", { name: "Remover “Moema” da busca" })).toBeVisible();
      await expect(page.getByText(/Não encontramos/i)).toHaveCount(0);
      expect(await searchTotal(page)).toBeGreaterThan(0);
      await noSidewaysScroll(page, width);
    });

    test("digitar 'pineir' na busca da home sugere Pinheiros", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const box = page.getByRole("search", { name: "Busca por texto" }).getByRole("combobox");
      const answered = page.waitForResponse((response) => response.url().includes("/busca/sugestoes?q=pineir"));
      await box.pressSequentially("pineir", { delay: 30 });
      await answered;
      const listbox = page.getByRole("listbox", { name: "Sugestões" });
      await expect(listbox.getByRole("option", { name: /^Pinheiros\s*São Paulo/ })).toBeVisible();
      await noSidewaysScroll(page, width);
    });
  });
}
