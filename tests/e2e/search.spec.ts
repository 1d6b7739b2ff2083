/**
 * Free-text search: suggestions as you type in the home
 * search box (ARIA combobox) land on canonical listing URLs; `/busca` reads
 * "moema 3 quartos" as Moema with 3+ bedrooms; a code alone opens its
 * listing; `/busca` works with JavaScript disabled; junk never breaks it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { LISTINGS_PATH, listingPaths, resultList, splitListingPath, waitForHydration } from "./helpers";

/** Every result card is in Moema with at least `min` bedrooms. */
async function expectMoemaWithBedrooms(page: Page, min: number) {
  await page.waitForLoadState("load"); // the list streams in: never read a half-parsed card
  const texts = await resultList(page).getByRole("link").allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).toContain("Moema");
    const bedrooms = /(\d+) quartos?/.exec(text);
    expect(bedrooms, text).not.toBeNull();
    expect(Number(bedrooms![1])).toBeGreaterThanOrEqual(min);
  }
}

test("sugestões na busca da home: digitar, escolher com o teclado e chegar à lista canônica", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("search", { name: "Busca por texto" }).getByRole("combobox");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("moema 3", { delay: 30 });
  const listbox = page.getByRole("listbox", { name: "Sugestões" });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("group", { name: "Bairros" })).toBeVisible();
  const moema = listbox.getByRole("option", { name: /^Moema\s*São Paulo/ });
  await expect(moema).toBeVisible();
  await expect(moema).toContainText(/\d+ imóveis/);

  // Arrow keys move the active option (aria-activedescendant), Escape closes.
  await box.press("ArrowDown");
  const activeId = await box.getAttribute("aria-activedescendant");
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");

  // Type on ("quartos") and pick Moema: Moema with 3+ bedrooms, canonical URL.
  // Wait for the suggestions of the whole text: the list shown meanwhile is the previous one.
  const answered = page.waitForResponse((response) =>
    response.url().includes("/busca/sugestoes?q=moema%203%20quartos"),
  );
  await box.pressSequentially(" quartos", { delay: 30 });
  await answered;
  await expect(listbox).toBeVisible();
  await listbox.getByRole("option", { name: /^Moema\s*São Paulo/ }).click();
  await expect(page).toHaveURL(`${LISTINGS_PATH}/sao-paulo-moema?quartos=3`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Moema");
  await expectMoemaWithBedrooms(page, 3);
});

test("busca 'moema 3 quartos' em /busca: resultados em Moema com 3+ quartos, e abrir um", async ({ page }) => {
  await page.goto("/busca");
  await waitForHydration(page);
  // Empty query: the form and shortcuts, not an empty page.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buscar imóveis");
  await expect(page.getByRole("heading", { name: "Bairros mais procurados" })).toBeVisible();
  const box = page.getByRole("search", { name: "Busca por texto" }).getByRole("combobox");
  await box.fill("moema 3 quartos");
  // Close the suggestions once they are open (Escape on a closed list clears the field): Enter then submits the form.
  await expect(page.getByRole("listbox", { name: "Sugestões" })).toBeVisible();
  await box.press("Escape");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/busca\?q=moema(\+|%20)3(\+|%20)quartos$/);
  await expect(page.getByText("Resultados para:")).toContainText("Moema");
  await expect(page.getByRole("link", { name: "Ver esta busca com todos os filtros" })).toHaveAttribute(
    "href",
    `${LISTINGS_PATH}/sao-paulo-moema?quartos=3`,
  );
  await expectMoemaWithBedrooms(page, 3);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  const first = resultList(page).getByRole("link").first();
  const href = await first.getAttribute("href");
  await first.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("um código sozinho leva direto ao imóvel; lixo e textos longos dão uma página", async ({ page, request }) => {
  const [path] = await listingPaths(request, `${LISTINGS_PATH}/sao-paulo-moema`);
  const { id } = splitListingPath(path);
  await page.goto(`/busca?q=${encodeURIComponent(id.toLowerCase())}`);
  await expect(page).toHaveURL(path);

  for (const q of ["'\"&|!():*<->", "😀🏠", "x".repeat(3000), "%", "drop table listings; --"]) {
    const response = await page.goto(`/busca?q=${encodeURIComponent(q)}&pagina=abc`);
    expect(response?.status(), q.slice(0, 20)).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  const json = await request.get(`/busca/sugestoes?q=${encodeURIComponent("'\"&|!():*")}`);
  expect(json.status()).toBe(200);
  expect(await json.json()).toEqual({ query: "'\"&|!():*", suggestions: [] });
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/busca funciona sem JavaScript: formulário GET, resultados, correção de digitação e paginação", async ({
    page,
  }) => {
    await page.goto("/busca");
    const form = page.getByRole("search", { name: "Busca por texto" });
    await form.getByRole("combobox").fill("pinheros");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/busca\?q=pinheros$/);
    await expect(page.getByText("Veja os resultados para Pinheiros")).toBeVisible();
    await page.waitForLoadState("load");
    const texts = await resultList(page).getByRole("link").allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("Pinheiros");
    const next = page
      .getByRole("navigation", { name: "Paginação" })
      .getByRole("link", { name: "Página 2", exact: true });
    await next.click();
    await expect(page).toHaveURL(/\/busca\?q=pinheros&pagina=2$/);
    await expect(resultList(page).getByRole("link").first()).toBeVisible();
  });
});
