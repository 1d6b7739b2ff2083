/**
 * The public site without JavaScript (docs/product.md "Public site": "Every page is
 * server-rendered, works without JavaScript (links and forms)"): the search
 * and filter forms are plain GET forms that land on the canonical URL,
 * pagination is made of real links, the listing page shows its first photo
 * and its price, the photo thumbnails are `#foto-N` anchors, and the error
 * screen's "Voltar para o início" still leads somewhere.
 */
import { expect, test } from "./fixtures";
import { cardPaths, LISTINGS_PATH, PAGE_SIZE, readTotal, resultList, searchFromHome } from "./helpers";

test.use({ javaScriptEnabled: false });

test("busca, filtros (GET), ordenação e paginação funcionam sem JavaScript", async ({ page }) => {
  // The home search box.
  await page.goto("/");
  await searchFromHome(page, { purpose: "Comprar", type: "Apartamento", place: "São Paulo (toda a cidade)" });
  await expect(page).toHaveURL(`${LISTINGS_PATH}/venda-apartamento-sao-paulo`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apartamentos à venda em São Paulo");
  const cityTotal = await readTotal(page);

  // The filters form: two neighbourhoods, submitted with its button.
  const filters = page.getByRole("form", { name: "Filtros" });
  await expect(filters).toBeVisible();
  await filters.getByRole("checkbox", { name: /^Pinheiros\s*[\d.]+$/ }).check();
  await filters.getByRole("checkbox", { name: /^Moema\s*[\d.]+$/ }).check();
  await filters.getByRole("button", { name: "Ver imóveis" }).click();
  // Neighbourhoods in canonical (sorted) order, empty fields dropped.
  await expect(page).toHaveURL(`${LISTINGS_PATH}/venda-apartamento-sao-paulo-moema-pinheiros`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Apartamentos à venda em Moema e Pinheiros, São Paulo",
  );
  const total = await readTotal(page);
  expect(total).toBeGreaterThan(PAGE_SIZE);
  expect(total).toBeLessThan(cityTotal);
  await expect(filters.getByRole("checkbox", { name: /^Moema\s*[\d.]+$/ })).toBeChecked();
  await expect(filters.getByRole("checkbox", { name: /^Pinheiros\s*[\d.]+$/ })).toBeChecked();

  // Minimum bedrooms, then the sort form's own button (shown in <noscript>).
  await filters.getByRole("radio", { name: "3 ou mais quartos" }).check();
  await filters.getByRole("button", { name: "Ver imóveis" }).click();
  await expect(page).toHaveURL(`${LISTINGS_PATH}/venda-apartamento-sao-paulo-moema-pinheiros?quartos=3`);
  const withBedrooms = await readTotal(page);
  expect(withBedrooms).toBeLessThan(total);
  expect(withBedrooms).toBeGreaterThan(PAGE_SIZE);
  await page.getByLabel("Ordenar por").selectOption({ label: "Maior preço" });
  await page.getByRole("button", { name: "Ordenar" }).click();
  const sortedUrl = `${LISTINGS_PATH}/venda-apartamento-sao-paulo-moema-pinheiros?quartos=3&ordem=maior-preco`;
  await expect(page).toHaveURL(sortedUrl);
  expect(await readTotal(page)).toBe(withBedrooms);
  const firstPage = await cardPaths(page);
  expect(firstPage).toHaveLength(PAGE_SIZE);

  // Pagination: real links, next and previous.
  const pagination = page.getByRole("navigation", { name: "Paginação" });
  await pagination.getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(`${sortedUrl}&pagina=2`);
  await expect(page.getByText(`Mostrando ${PAGE_SIZE + 1}–${Math.min(2 * PAGE_SIZE, withBedrooms)}`)).toBeVisible();
  const secondPage = await cardPaths(page);
  expect(secondPage.filter((path) => firstPage.includes(path))).toEqual([]);
  await pagination.getByRole("link", { name: "Anterior" }).click();
  await expect(page).toHaveURL(sortedUrl);
  expect(await cardPaths(page)).toEqual(firstPage);
});

test("a página do imóvel mostra a primeira foto e o preço sem JavaScript", async ({ page }) => {
  await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo`);
  const card = resultList(page).getByRole("link").first();
  const title = (await card.getByRole("heading").innerText()).trim();
  const path = (await cardPaths(page))[0];
  await card.click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Price box: the rent in BRL.
  const prices = page.getByRole("region", { name: "Valores" });
  await expect(prices).toBeVisible();
  await expect(prices).toContainText(/Aluguel/);
  await expect(prices).toContainText(/R\$\s?[\d.]+/);

  // The first photo is a real, loaded image.
  const gallery = page.getByRole("region", { name: `Fotos: ${title}` });
  const slides = gallery.getByRole("figure");
  const photos = await slides.count();
  expect(photos).toBeGreaterThanOrEqual(1);
  const firstPhoto = gallery.getByRole("figure", { name: `1 de ${photos}` }).getByRole("img");
  await expect(firstPhoto).toBeVisible();
  await expect(firstPhoto).toBeInViewport();
  await expect
    .poll(() =>
      firstPhoto.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  // Enhancements that need JavaScript are not offered.
  await expect(gallery.getByRole("button", { name: "Tela cheia" })).toHaveCount(0);

  // Thumbnails are anchors to the photos: the strip scrolls natively.
  if (photos > 1) {
    await gallery.getByRole("link", { name: `Ver foto 2 de ${photos}` }).click();
    await expect(page).toHaveURL(`${path}#foto-2`);
    await expect(gallery.getByRole("figure", { name: `2 de ${photos}` })).toBeInViewport({ ratio: 0.9 });
  }
});

test("sem JavaScript, “Voltar para o início” da tela 404 leva à página inicial", async ({ page, consoleGuard }) => {
  const missing = "/caminho-inexistente";
  consoleGuard.expectHttpError(missing, 404);
  const response = await page.goto(missing);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("search", { name: "Buscar imóveis" })).toBeVisible();
});
