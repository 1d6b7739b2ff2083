/**
 * The total monthly cost filter (ADR 0086) at 1366 px (the sidebar applies
 * "Custo mensal até" on Enter) and at 360 px (the sheet counts it live and
 * applies it in one navigation): the URL carries `custo-max`, every rent
 * card's rent + condomínio + IPTU/12 is within the limit, the notice counts
 * the listings without condomínio or IPTU informed that were left out and
 * links to the search without the cost, and a listing page whose condomínio
 * is not informed calls its monthly cost partial. Data: the embedded
 * sandbox catalogue; assertions on behaviour, never on fixed listings.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  cardPaths,
  DESKTOP_VIEWPORT,
  formatCount,
  LISTINGS_PATH,
  mapTilesOffline,
  parseCount,
  PHONE_VIEWPORT,
  readTotal,
  resultList,
  waitForHydration,
} from "./helpers";

const RENT_PATH = `${LISTINGS_PATH}/aluguel`;
const LIMIT = 5_000;

/** "R$ 1.234" anywhere in `text` after `label` → 1234; null when the card does not show it. */
function amountAfter(text: string, label: string): number | null {
  const match = new RegExp(`${label}\\s*R\\$\\s*([\\d.]+)`).exec(text);
  return match ? parseCount(match[1]) : null;
}

/** Every rent card on the page: its fees are shown, and rent + condomínio + IPTU/12 is within the limit. */
async function expectCardsWithinLimit(page: Page): Promise<void> {
  await cardPaths(page);
  const texts = await resultList(page)
    .getByRole("link")
    .evaluateAll((els) => els.map((el) => (el.textContent ?? "").replace(/\s+/g, " ")));
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    const rent = amountAfter(text, "Aluguel");
    const condo = amountAfter(text, "Condomínio");
    const iptu = amountAfter(text, "IPTU");
    expect([text, rent != null && condo != null && iptu != null]).toEqual([text, true]);
    // The card rounds each amount to the real: allow that rounding (at most 0,5 each) on top of the limit.
    expect(rent! + condo! + iptu! / 12, text).toBeLessThanOrEqual(LIMIT + 1.5);
  }
}

/** The notice: how many were left out for an unstated fee, and the link to the search without the cost. */
async function expectNotice(page: Page): Promise<void> {
  const notice = page.getByTestId("cost-notice");
  await expect(notice).toContainText(/[\d.]+ imóve(l|is) sem condomínio ou IPTU informado fic(ou|aram) de fora/);
  await expect(notice.getByRole("link", { name: "Ver a busca sem o filtro de custo mensal" })).toHaveAttribute(
    "href",
    RENT_PATH,
  );
}

/** The sheet's "Ver N imóveis" button. */
function applyButton(dialog: Locator): Locator {
  return dialog.getByRole("button", { name: /^(Ver [\d.]+ imóve(l|is)|Nenhum imóvel encontrado)$/ });
}

test.describe("computador (1366 × 900)", () => {
  test.use({ viewport: DESKTOP_VIEWPORT });

  test("“Custo mensal até R$ 5.000” na barra lateral filtra pelo total e avisa quem ficou de fora", async ({
    page,
  }) => {
    await page.goto(RENT_PATH);
    await waitForHydration(page);
    const before = await readTotal(page);
    const filters = page.getByRole("form", { name: "Filtros" });
    await filters.locator("summary", { hasText: "Custo mensal total" }).click();
    const max = filters.getByLabel("Custo mensal até");
    await max.fill("5.000");
    await max.press("Enter");
    await expect(page).toHaveURL(`${RENT_PATH}?custo-max=5000`);
    await expect(page.getByText(/Filtros aplicados: Custo mensal até R\$\s*5\.000/)).toBeAttached();
    const total = await readTotal(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(before);
    await expect(filters.locator("summary", { hasText: "Custo mensal total" })).toContainText("até R$ 5.000");
    await expectCardsWithinLimit(page);
    await expectNotice(page);
  });

  test("a página do imóvel sem condomínio informado diz que o custo mensal é parcial", async ({ page }) => {
    // A rent card with IPTU but no condomínio: its page shows a monthly cost, partial.
    for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
      await page.goto(pageNumber === 1 ? RENT_PATH : `${RENT_PATH}?pagina=${pageNumber}`);
      await cardPaths(page);
      const card = resultList(page)
        .getByRole("link")
        .filter({ hasText: /IPTU/ })
        .filter({ hasNotText: /Condomínio/ })
        .first();
      if ((await card.count()) === 0) continue;
      await card.click();
      await expect(page).toHaveURL(/\/detalhes\//);
      await expect(page.getByTestId("monthly-rent")).toContainText("Valor parcial: sem condomínio informado");
      return;
    }
    throw new Error("no rent listing without condomínio in the first ten pages");
  });
});

test("/mapa com custo mensal: o mesmo aviso, e “Lista” leva o filtro de volta à lista", async ({
  page,
  consoleGuard,
}) => {
  await mapTilesOffline(page, consoleGuard);
  await page.goto(`/mapa?finalidade=aluguel&custo-max=${LIMIT}`);
  await waitForHydration(page);
  const notice = page.getByTestId("cost-notice");
  await expect(notice).toContainText(/[\d.]+ imóve(l|is) sem condomínio ou IPTU informado fic(ou|aram) de fora/);
  await expect(notice.getByRole("link", { name: "Ver a busca sem o filtro de custo mensal" })).toHaveAttribute(
    "href",
    "/mapa?finalidade=aluguel",
  );
  await page.getByRole("navigation", { name: "Ver resultados em" }).getByRole("link", { name: "Lista" }).click();
  await expect(page).toHaveURL(`${RENT_PATH}?custo-max=${LIMIT}`);
});

test.describe("celular (360 × 800)", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("na folha de filtros o custo mensal conta ao vivo e aplica numa navegação só", async ({ page }) => {
    await page.goto(RENT_PATH);
    await waitForHydration(page);
    const before = await readTotal(page);
    await page.getByText("Filtros", { exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Filtrar imóveis" });
    await expect(dialog).toBeVisible();
    await expect(applyButton(dialog)).toHaveText(`Ver ${formatCount(before)} imóveis`);

    await dialog.locator("summary", { hasText: "Custo mensal total" }).click();
    await dialog.getByLabel("Custo mensal até").fill("5000");
    // The live count (`/busca/contagem`) follows without a navigation.
    let counted = before;
    await expect
      .poll(async () => {
        counted = parseCount((await applyButton(dialog).innerText()).replace("Nenhum", "0"));
        return counted;
      })
      .toBeLessThan(before);
    expect(new URL(page.url()).search).toBe("");

    await applyButton(dialog).click();
    await expect(page).toHaveURL(`${RENT_PATH}?custo-max=5000`);
    await expect(dialog).toBeHidden();
    // The URL changes a moment before the new page renders: wait for its applied-filters line.
    await expect(page.getByText(/Filtros aplicados: Custo mensal até R\$\s*5\.000/)).toBeAttached();
    expect(await readTotal(page)).toBe(counted);
    await expectCardsWithinLimit(page);
    await expectNotice(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  });
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP_VIEWPORT });

  test("o formulário GET leva o custo mensal à URL canônica e o mostra de volta", async ({ page }) => {
    await page.goto(RENT_PATH);
    const filters = page.getByRole("form", { name: "Filtros" });
    await expect(filters).toBeVisible();
    await filters.locator("summary", { hasText: "Custo mensal total" }).click();
    await filters.getByLabel("Custo mensal até").fill("R$ 5.000");
    await filters.getByRole("button", { name: "Ver imóveis" }).click();
    // The loader answered the form's query with a 301 to the canonical URL.
    await expect(page).toHaveURL(`${RENT_PATH}?custo-max=5000`);
    expect(await readTotal(page)).toBeGreaterThan(0);
    await filters.locator("summary", { hasText: "Custo mensal total" }).click();
    await expect(filters.getByLabel("Custo mensal até")).toHaveValue("5.000");
    await expectCardsWithinLimit(page);
    await expectNotice(page);
  });
});
