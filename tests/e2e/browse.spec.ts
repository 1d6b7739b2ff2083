/**
 * The visitor's main path through the public catalogue (home → filter →
 * page 2 → listing → gallery → back), run by the "desktop"
 * (1280×800) and "phone" (360×800, touch) projects of `playwright.config.ts`.
 *
 * Data: the embedded Vista sandbox over the São Paulo data set, synced before
 * the tests (global setup). The flow uses a facet with several result pages
 * (apartments for rent in Moema) and asserts behaviour, not fixed listings:
 * the filtered count is smaller than the city's, page 2 shows other cards,
 * every card matches the filter, the gallery counter follows the controls.
 */
import { expect, test } from "./fixtures";
import {
  cardPaths,
  LISTINGS_PATH,
  PAGE_SIZE,
  readTotal,
  resultList,
  searchFromHome,
  waitForHydration,
} from "./helpers";

test("home → busca → filtro de bairro → página 2 → imóvel → galeria → voltar", async ({ page }, testInfo) => {
  const phone = testInfo.project.name === "phone";

  // 1. Home: the hero search box (purpose, type, place).
  await page.goto("/");
  await waitForHydration(page);
  await searchFromHome(page, { purpose: "Alugar", type: "Apartamento", place: "São Paulo (toda a cidade)" });

  // 2. Results under the canonical, readable URL with the total count.
  await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apartamentos para alugar em São Paulo");
  const cityTotal = await readTotal(page);
  expect(cityTotal).toBeGreaterThan(PAGE_SIZE);
  await expect(resultList(page).locator(":scope > li")).toHaveCount(PAGE_SIZE);

  // 3. Narrow to one neighbourhood with the filters form (a change submits it).
  await waitForHydration(page);
  const filters = page.getByRole("form", { name: "Filtros" });
  if (phone) {
    // On phones the form folds into a "Filtros" disclosure.
    await expect(filters).toBeHidden();
    await page.getByText("Filtros", { exact: true }).click();
  }
  await expect(filters).toBeVisible();
  await filters.getByRole("checkbox", { name: /^Moema\s*[\d.]+$/ }).check();
  // On phones the choice only updates the sheet's count; "Ver N imóveis" applies it.
  if (phone) await page.getByRole("button", { name: /^Ver [\d.]+ imóveis$/ }).click();
  await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apartamentos para alugar em Moema, São Paulo");
  const total = await readTotal(page);
  expect(total).toBeGreaterThan(PAGE_SIZE);
  expect(total).toBeLessThan(cityTotal);
  await expect(page.getByText(`Mostrando 1–${PAGE_SIZE}`)).toBeVisible();
  const firstPage = await cardPaths(page);
  expect(firstPage).toHaveLength(PAGE_SIZE);
  // Every card is an apartment for rent in Moema (read once the streamed document has loaded).
  await page.waitForLoadState("load");
  const cardTexts = await resultList(page).getByRole("link").allTextContents();
  for (const text of cardTexts) {
    expect(text).toContain("Moema");
    expect(text).toContain("Aluguel");
    expect(text).toMatch(/Apartamento · Cód\./);
  }

  // 4. Page 2: new URL, the next 24 cards, none of page 1.
  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2" }).click();
  const page2Url = `${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema?pagina=2`;
  await expect(page).toHaveURL(page2Url);
  await expect(page.getByText(`Mostrando ${PAGE_SIZE + 1}–${Math.min(2 * PAGE_SIZE, total)}`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Paginação" }).locator('[aria-current="page"]')).toHaveText(/2/);
  const secondPage = await cardPaths(page);
  expect(secondPage).toHaveLength(Math.min(PAGE_SIZE, total - PAGE_SIZE));
  expect(secondPage.filter((path) => firstPage.includes(path))).toEqual([]);

  // 5. Open the first listing of page 2.
  const card = resultList(page).getByRole("link").first();
  const cardTitle = (await card.getByRole("heading").innerText()).trim();
  await card.click();
  await expect(page).toHaveURL(secondPage[0]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(cardTitle);
  await expect(page.getByRole("region", { name: "Valores" })).toContainText(/R\$\s?[\d.]+/);

  // 6. Gallery: counter, next/previous, keyboard, fullscreen.
  const gallery = page.getByRole("region", { name: `Fotos: ${cardTitle}` });
  const counter = gallery.getByTestId("gallery-counter");
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const photos = Number((await counter.innerText()).split("/")[1]);
  expect(photos, "the sandbox gives every listing at least 3 photos").toBeGreaterThanOrEqual(3);
  const slide = (n: number) => gallery.getByRole("figure", { name: `${n} de ${photos}` });
  await expect(slide(1)).toBeInViewport({ ratio: 0.9 });

  if (phone) {
    // Below 600 px the arrows give way to swiping and the thumbnails.
    await expect(gallery.getByRole("button", { name: "Próxima foto" })).toBeHidden();
    await gallery.getByRole("link", { name: `Ver foto 3 de ${photos}` }).click();
    await expect(counter).toHaveText(`3 / ${photos}`);
    await gallery.getByRole("link", { name: `Ver foto 2 de ${photos}` }).click();
    await expect(counter).toHaveText(`2 / ${photos}`);
  } else {
    const next = gallery.getByRole("button", { name: "Próxima foto" });
    const previous = gallery.getByRole("button", { name: "Foto anterior" });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(counter).toHaveText(`2 / ${photos}`);
    await next.click();
    await expect(counter).toHaveText(`3 / ${photos}`);
    await previous.click();
    await expect(counter).toHaveText(`2 / ${photos}`);
  }
  await expect(slide(2)).toBeInViewport({ ratio: 0.9 });
  await expect(slide(1)).not.toBeInViewport();
  expect(page.url(), "the gallery never adds a history entry").toMatch(new RegExp(`${secondPage[0]}$`));

  // Keyboard on the focused photo strip: ← → Home End.
  const track = gallery.getByRole("region", { name: /use as setas do teclado/ });
  await track.focus();
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`3 / ${photos}`);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`2 / ${photos}`);
  await page.keyboard.press("End");
  await expect(counter).toHaveText(`${photos} / ${photos}`);
  await expect(slide(photos)).toBeInViewport({ ratio: 0.9 });
  if (!phone) await expect(gallery.getByRole("button", { name: "Próxima foto" })).toBeDisabled();
  await page.keyboard.press("Home");
  await expect(counter).toHaveText(`1 / ${photos}`);
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`2 / ${photos}`);

  // Fullscreen viewer: opens on the current photo, arrows move it, Escape closes it.
  await gallery.getByRole("button", { name: "Tela cheia" }).click();
  const viewer = page.getByRole("dialog", { name: `Fotos em tela cheia: ${cardTitle}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`2 / ${photos}`, { exact: true })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Fechar" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText(`3 / ${photos}`, { exact: true })).toBeVisible();
  await viewer.getByRole("button", { name: "Foto anterior" }).click();
  await expect(viewer.getByText(`2 / ${photos}`, { exact: true })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText(`3 / ${photos}`, { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  // The page gallery follows the photo seen in the viewer.
  await expect(counter).toHaveText(`3 / ${photos}`);

  // 7. Browser back: page 2 of the same results again.
  await page.goBack();
  await expect(page).toHaveURL(page2Url);
  await expect(page.getByText(`Mostrando ${PAGE_SIZE + 1}–${Math.min(2 * PAGE_SIZE, total)}`)).toBeVisible();
  expect(await cardPaths(page)).toEqual(secondPage);
});

test("ordenar por menor preço reordena os resultados e volta à página 1", async ({ page }) => {
  await page.goto(`${LISTINGS_PATH}/venda-apartamento-sao-paulo?pagina=2`);
  await waitForHydration(page);
  const total = await readTotal(page);
  await page.getByLabel("Ordenar por").selectOption({ label: "Menor preço" });
  await expect(page).toHaveURL(`${LISTINGS_PATH}/venda-apartamento-sao-paulo?ordem=menor-preco`);
  await expect(page.getByText(`Mostrando 1–${PAGE_SIZE}`)).toBeVisible();
  expect(await readTotal(page)).toBe(total);
  const prices = await resultList(page)
    .getByRole("link")
    .evaluateAll((cards) =>
      cards.map((card) => {
        const sale = [...card.querySelectorAll("p")].find((p) => p.textContent?.startsWith("Venda"));
        return Number((sale?.textContent ?? "").replace(/\D/g, ""));
      }),
    );
  expect(prices).toHaveLength(PAGE_SIZE);
  expect(prices.every((price) => price > 0)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test("filtros sem resultado mostram o estado vazio com buscas mais amplas", async ({ page }) => {
  await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema?preco-max=1`);
  await expect(page.getByRole("heading", { name: "Nenhum imóvel encontrado com esses filtros" })).toBeVisible();
  await expect(resultList(page)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Paginação" })).toHaveCount(0);
  const all = page.getByRole("link", { name: "Ver todos os imóveis" });
  await expect(all).toBeVisible();
  await all.click();
  await expect(page).toHaveURL(LISTINGS_PATH);
  expect(await readTotal(page)).toBeGreaterThan(PAGE_SIZE);
});

test("a galeria mantém a foto escolhida enquanto o código do carrossel ainda carrega", async ({ page }) => {
  // Hold the carousel's chunk back (a slow network or a busy phone): the visitor moves on the native strip first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/keen-slider[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`);
  const [listingPath] = await cardPaths(page);
  await page.goto(listingPath!);
  await waitForHydration(page);
  const gallery = page.getByRole("region", { name: /^Fotos: / });
  const counter = gallery.getByTestId("gallery-counter");
  const photos = Number((await counter.innerText()).split("/")[1]);
  const slide = (n: number) => gallery.getByRole("figure", { name: `${n} de ${photos}` });
  // The thumbnails work on every screen size (the arrows are hidden below 600 px).
  await gallery.getByRole("link", { name: `Ver foto 3 de ${photos}` }).click();
  await expect(counter).toHaveText(`3 / ${photos}`);
  await expect(slide(3)).toBeInViewport({ ratio: 0.9 });

  // The slider takes over on the photo the visitor is looking at: counter and picture agree.
  const loaded = page.waitForResponse(/\/assets\/keen-slider[^/]*\.js$/);
  release();
  await loaded;
  await expect(slide(1)).toHaveAttribute("style", /translate/); // keen-slider now places the slides
  await expect(slide(3)).toBeInViewport({ ratio: 0.9 });
  await expect(counter).toHaveText(`3 / ${photos}`);
  await gallery.getByRole("link", { name: `Ver foto 2 de ${photos}` }).click();
  await expect(counter).toHaveText(`2 / ${photos}`);
  await expect(slide(2)).toBeInViewport({ ratio: 0.9 });
});

test("o carrossel só é baixado quando o visitante chega à galeria, e assume a foto que o visitante deixou", async ({
  page,
}, testInfo) => {
  const carouselRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/keen-slider[^/]*\.js$/.test(request.url())) carouselRequests.push(request.url());
  });
  await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`);
  const [listingPath] = await cardPaths(page);
  await page.goto(listingPath!);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(carouselRequests, "a visitor who does not touch the photos never downloads the carousel").toEqual([]);

  const gallery = page.getByRole("region", { name: /^Fotos: / });
  const counter = gallery.getByTestId("gallery-counter");
  const photos = Number((await counter.innerText()).split("/")[1]);
  const slide = (n: number) => gallery.getByRole("figure", { name: `${n} de ${photos}` });
  const track = gallery.getByRole("region", { name: /use as setas do teclado/ });
  await expect(track).not.toHaveAttribute("data-slider", "true");

  // A swipe on the native strip (scrolled here as a finger would): the counter follows it.
  await track.evaluate((element) => element.scrollTo({ left: 2 * element.clientWidth }));
  await expect(counter).toHaveText(`3 / ${photos}`);
  await expect(slide(3)).toBeInViewport({ ratio: 0.9 });

  // The visitor reaches for the photos: the slider loads and takes over on photo 3.
  const loaded = page.waitForResponse(/\/assets\/keen-slider[^/]*\.js$/);
  if (testInfo.project.name === "phone") await track.tap();
  else await track.hover();
  await loaded;
  await expect(track).toHaveAttribute("data-slider", "true");
  await expect(slide(1)).toHaveAttribute("style", /translate/);
  await expect(slide(3)).toBeInViewport({ ratio: 0.9 });
  await expect(counter).toHaveText(`3 / ${photos}`);
  expect(carouselRequests).toHaveLength(1);
});

test("voltar de um imóvel devolve a lista na mesma altura, com o mesmo cartão no mesmo lugar", async ({ page }) => {
  await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`);
  await waitForHydration(page);
  // A visitor reading down the list: every card above the one chosen has been on screen.
  const cards = resultList(page).locator("a[data-listing-code]");
  const chosen = cards.nth(14);
  for (let step = 0; step < 30; step += 1) await page.mouse.wheel(0, 300);
  await chosen.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -100));
  const code = await chosen.getAttribute("data-listing-code");
  const top = () =>
    page.locator(`main a[data-listing-code="${code}"]`).evaluate((card) => card.getBoundingClientRect().top);
  const before = await top();

  await chosen.click();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  await page.goBack();
  await expect(page).toHaveURL(/aluguel-apartamento-sao-paulo-moema$/);
  await expect.poll(async () => Math.abs((await top()) - before)).toBeLessThanOrEqual(2);
});
