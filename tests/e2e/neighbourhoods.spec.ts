/**
 * The neighbourhood market pages (docs/decisions/0090-neighbourhood-market-pages.md)
 * on the synced sandbox catalogue, at 360 and 1366 px: `/bairros` lists the
 * city's neighbourhoods and links to a neighbourhood's page; that page shows
 * its figures, the chart (SVG) and its table, links to the listings (the list
 * URL of the neighbourhood) and to a condominium there; an unknown
 * neighbourhood is the 404 screen. No sideways scroll. Screenshots go to
 * `E2E_SHOTS` when set. The figures are computed at the end of the first
 * sync, which the global set-up waits for only up to its success mark, so
 * the index is polled until it lists neighbourhoods.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS;

/** The page does not scroll sideways. */
async function expectNoSideways(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [360, 1366]) {
  test(`bairros (${width} px): índice, página do bairro com gráfico, tabela e links, bairro desconhecido 404`, async ({
    page,
    request,
    consoleGuard,
  }) => {
    await expect
      .poll(async () => (await request.get("/bairros")).text(), { timeout: 60_000 })
      .toContain("/bairros/sao-paulo/moema");
    await page.setViewportSize({ width, height: 900 });

    await page.goto("/bairros");
    await expect(page.getByRole("heading", { level: 1, name: "Mercado imobiliário por bairro" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /São Paulo/ })).toBeVisible();
    await expectNoSideways(page, width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bairros-${width}.png`, fullPage: false });

    await page.getByRole("link", { name: /^Moema/ }).click();
    await expect(page).toHaveURL("/bairros/sao-paulo/moema");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mercado imobiliário em Moema, São Paulo");
    await expect(page).toHaveTitle(/^Mercado imobiliário em Moema, São Paulo/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/\/bairros\/sao-paulo\/moema$/);
    const sale = page.getByRole("region", { name: "À venda em Moema" });
    await expect(sale.getByText("Preço mediano do m²").first()).toBeVisible();
    await expect(sale.locator('svg[role="img"]')).toBeVisible();
    await sale.getByText("Ver os números do gráfico").click();
    await expect(sale.getByRole("table")).toBeVisible();
    await expect(sale.getByRole("table").getByRole("row")).not.toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Como calculamos" })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("")).toContain('"Dataset"');
    await expectNoSideways(page, width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bairro-moema-${width}.png`, fullPage: true });

    // The listings of the neighbourhood, through the list URL codec.
    await sale.getByRole("link", { name: /^Ver \d+ imóveis à venda em Moema$/ }).click();
    await expect(page).toHaveURL(/\/todos-os-imoveis\/venda-sao-paulo-moema$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Moema");
    await page.goBack();
    await expect(page).toHaveURL("/bairros/sao-paulo/moema");

    // A condominium there.
    const condos = page.getByRole("region", { name: "Condomínios em Moema" });
    const condo = condos.getByRole("listitem").first().getByRole("link");
    const condoPath = await condo.getAttribute("href");
    expect(condoPath).toMatch(/^\/detalhes\/[^/]+$/);
    await condo.click();
    await expect(page).toHaveURL(condoPath!);

    // An unknown neighbourhood: the 404 screen.
    const missing = "/bairros/sao-paulo/bairro-que-nao-existe";
    consoleGuard.expectHttpError(missing, 404);
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expectNoSideways(page, width);
  });
}
