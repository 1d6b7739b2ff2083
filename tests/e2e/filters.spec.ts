/**
 * The listings page's filters form with every facet: five
 * filters combined with JavaScript (each choice navigates without a full
 * reload), the same through the plain GET form without JavaScript, facet
 * counts that announce the result of a choice, and malformed filter URLs
 * answered by a 301 to the canonical one. Data: the embedded sandbox
 * catalogue; assertions on behaviour, never on fixed listings.
 */
import { expect, test } from "./fixtures";
import { cardPaths, LISTINGS_PATH, parseCount, readTotal, resultList, waitForHydration } from "./helpers";
import type { Locator, Page } from "@playwright/test";

/** The count an option shows beside its label ("Piscina 1.234" → 1234). */
async function optionCount(option: Locator): Promise<number> {
  const text = (await option.locator("xpath=ancestor::label[1]").innerText()).replace(/\s+/g, " ");
  return parseCount(text.replace(/^\D*\d\+/, "").trim() || "0");
}

/** Opens the first result and checks that the listing page shows its title. */
async function openFirstListing(page: Page): Promise<void> {
  const card = resultList(page).getByRole("link").first();
  // Its text, not its rendering: a card below the screen is not drawn yet (content-visibility), so has no innerText.
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  expect(title).not.toBe("");
  await card.click();
  await expect(page).toHaveURL(/\/detalhes\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test.describe("com JavaScript", () => {
  test("cinco filtros combinados no formulário, sem recarregar a página, até um imóvel", async ({ page }) => {
    await page.goto(LISTINGS_PATH);
    await waitForHydration(page);
    // A marker on window survives client-side navigations only.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const filters = page.getByRole("form", { name: "Filtros" });
    await expect(filters).toBeVisible();

    // 1. Purpose: rent.
    await filters.getByRole("radio", { name: /^Alugar/ }).check();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel`);
    // The URL changes a moment before the new page renders: wait for its heading.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóveis para alugar");
    const rentTotal = await readTotal(page);

    // 2. Two or more bedrooms: the chip's count is the next total.
    const bedrooms = filters.getByRole("radio", { name: /^2 ou mais quartos/ });
    const bedroomsCount = parseCount((await bedrooms.getAttribute("aria-label"))!.replace(/^2 ou mais quartos/, ""));
    await bedrooms.check();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóveis para alugar com 2+ quartos");
    expect(await readTotal(page)).toBe(bedroomsCount);
    expect(bedroomsCount).toBeLessThanOrEqual(rentTotal);

    // 3. At least one parking space (its section starts closed).
    await filters.locator("summary", { hasText: "Vagas de garagem" }).click();
    await filters.getByRole("radio", { name: /^1 ou mais vagas/ }).check();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2&vagas=1`);
    await expect(page.getByText(/Filtros aplicados: 1\+ vaga$/)).toBeAttached();

    // 4. An amenity: its count announces the total.
    await filters.locator("summary", { hasText: "Comodidades" }).click();
    const pool = filters.getByRole("checkbox", { name: /^Piscina\s*[\d.]+$/ });
    const poolCount = await optionCount(pool);
    expect(poolCount).toBeGreaterThan(0);
    await pool.check();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2&vagas=1&comodidades=piscina`);
    await expect(page.getByText(/1\+ vaga · Piscina$/)).toBeAttached();
    expect(await readTotal(page)).toBe(poolCount);

    // 5. Minimum area, typed pt-BR style and sent with Enter.
    await filters.locator("summary", { hasText: "Área (m²)" }).click();
    const areaMin = filters.getByRole("group", { name: "Área (m²)" }).getByLabel("Mínima");
    await areaMin.fill("50");
    await areaMin.press("Enter");
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2&vagas=1&area-min=50&comodidades=piscina`);
    const total = await readTotal(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(poolCount);
    await expect(page.getByText(/1\+ vaga · Área a partir de 50 m² · Piscina/)).toBeVisible();

    // Still the same document: every step was a client-side navigation.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expect(filters.getByRole("checkbox", { name: /^Piscina\s*[\d.]+$/ })).toBeChecked();

    await openFirstListing(page);
  });
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o formulário GET combina cinco filtros e leva à URL canônica e a um imóvel", async ({ page }) => {
    await page.goto(LISTINGS_PATH);
    const filters = page.getByRole("form", { name: "Filtros" });
    await expect(filters).toBeVisible();
    await filters.getByRole("radio", { name: /^Comprar/ }).check();
    await filters.getByLabel("Tipo de imóvel").selectOption("apartamento");
    // Suites and amenities are closed sections: a click on their summary opens them (native <details>).
    await filters.locator("summary", { hasText: "Suítes" }).click();
    await filters.getByRole("radio", { name: /^1 ou mais suítes/ }).check();
    await filters.locator("summary", { hasText: "Comodidades" }).click();
    await filters.getByRole("checkbox", { name: /^Elevador\s*[\d.]+$/ }).check();
    await filters.getByRole("group", { name: "Preço (R$)" }).getByLabel("Máximo").fill("2.000.000");
    await filters.getByRole("button", { name: "Ver imóveis" }).click();

    // The loader answered the form's query with a 301 to the canonical URL.
    await expect(page).toHaveURL(`${LISTINGS_PATH}/venda-apartamento?preco-max=2000000&suites=1&comodidades=elevador`);
    const total = await readTotal(page);
    expect(total).toBeGreaterThan(0);
    // The form shows the choices back, the price in pt-BR.
    // Closed sections are out of the accessibility tree: open them to read the choices back.
    await filters.locator("summary", { hasText: "Suítes" }).click();
    await filters.locator("summary", { hasText: "Comodidades" }).click();
    await expect(filters.getByRole("radio", { name: /^1 ou mais suítes/ })).toBeChecked();
    await expect(filters.getByRole("checkbox", { name: /^Elevador\s*[\d.]+$/ })).toBeChecked();
    await expect(filters.getByRole("group", { name: "Preço (R$)" }).getByLabel("Máximo")).toHaveValue("2.000.000");
    expect((await cardPaths(page)).length).toBeGreaterThan(0);

    await openFirstListing(page);
  });
});

test("uma URL de filtros malformada redireciona (301) para a canônica", async ({ page, request }) => {
  const messy =
    `${LISTINGS_PATH}/ALUGUEL?comodidades=Piscina,foo&comodidades=aceita-pet&vagas=abc&quartos=2&quartos=3` +
    `&area-max=80&area-min=200&lancamento=SIM&exclusivo=talvez&codigo=&zzz=1`;
  const canonical = `${LISTINGS_PATH}/aluguel?quartos=2&area-min=80&area-max=200&comodidades=aceita-pet%2Cpiscina&lancamento=sim`;
  const response = await request.get(messy, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe(canonical);

  await page.goto(messy);
  await expect(page).toHaveURL(canonical);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóveis para alugar com 2+ quartos");
  // Filtered pages beyond the readable facets are not indexed.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});
