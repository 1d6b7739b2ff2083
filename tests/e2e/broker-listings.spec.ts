/**
 * "Meus imóveis" (`/painel/imoveis`, docs/decisions/0082-broker-listings-page.md):
 * a broker with more than 1,000 active listings sees their true number (not
 * the old cap of 200), reaches page 2 and the last page, and narrows the
 * list with the search, at 1366 px and at 360 px (one card per listing,
 * no sideways scroll); the search works without JavaScript; an agent cannot
 * ask for another broker's listings.
 *
 * The broker: Vista code 22, the sandbox broker with the most listings (the
 * sandbox assigns its brokers by neighbourhood; how many each holds is in
 * ADR 0082). The test does not trust a constant: it reads the broker's count
 * on the public page `/corretor/22` (same read model, same rule: active, this
 * broker code) and requires the panel to show the same number, above 1,000.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addSessionCookie, createBroker, isolatedRequest, SESSION_COOKIE, sessionCookieFor } from "./auth-helpers";
import { formatCount, parseCount, readTotal, waitForHydration } from "./helpers";

const PATH = "/painel/imoveis";
const BROKER_CODE = "22";
const PAGE_SIZE = 25;

let cookie = "";
let publicTotal = 0;

test.beforeAll(async ({ browser }) => {
  const broker = await createBroker({ uid: "carteira-grande", brokerCode: BROKER_CODE, displayName: "Bia Carteira" });
  cookie = await sessionCookieFor(broker.email, broker.password);
  const page = await browser.newPage();
  await page.goto(`/corretor/${BROKER_CODE}`);
  publicTotal = await readTotal(page);
  await page.close();
});

/** The rows of the table (or cards on a phone). */
const rows = (page: Page) => page.getByTestId("meus-imoveis").locator("tbody tr");

/** The code of the first row. */
const firstCode = async (page: Page) => (await rows(page).first().getAttribute("data-code")) ?? "";

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`mais de 1.000 imóveis: o total verdadeiro, a página 2, a última e a busca (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    expect(publicTotal).toBeGreaterThan(1000);
    const pageCount = Math.ceil(publicTotal / PAGE_SIZE);
    await page.setViewportSize(viewport);
    await addSessionCookie(page.context(), baseURL!, cookie);

    await page.goto(PATH);
    await expect(page).toHaveTitle("Meus imóveis");
    await expect(page.getByTestId("total-imoveis")).toHaveText(`${formatCount(publicTotal)} imóveis`);
    await expect(page.getByTestId("meus-imoveis").locator("caption")).toHaveText(
      `1 a 25 de ${formatCount(publicTotal)} · página 1 de ${formatCount(pageCount)}`,
    );
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    const pageOneFirst = await firstCode(page);
    await noSidewaysScroll(page, viewport.width);
    if (viewport.width === 360) {
      // A card: the header row is hidden from the eye, each cell says what it is.
      await expect(page.getByTestId("meus-imoveis").locator("thead")).toHaveCSS("position", "absolute");
      await expect(rows(page).first().locator('[data-label="Visualizações"]')).toBeVisible();
    }

    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(`${baseURL}${PATH}?pagina=2`);
    await expect(page.getByTestId("meus-imoveis").locator("caption")).toContainText("26 a 50 de");
    expect(await firstCode(page)).not.toBe(pageOneFirst);
    await expect(page.getByTestId("total-imoveis")).toHaveText(`${formatCount(publicTotal)} imóveis`);
    await noSidewaysScroll(page, viewport.width);

    // Beyond the last page: the last, with the rest of the listings.
    await page.goto(`${PATH}?pagina=99999`);
    await expect(page.getByTestId("meus-imoveis").locator("caption")).toContainText(
      `página ${formatCount(pageCount)} de ${formatCount(pageCount)}`,
    );
    await expect(rows(page)).toHaveCount(publicTotal - PAGE_SIZE * (pageCount - 1));

    // The search by the first listing's code finds it alone; by its neighbourhood, fewer than all.
    await page.goto(PATH);
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Código, bairro ou título" });
    await search.fill(pageOneFirst.toLowerCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(`${baseURL}${PATH}?q=${pageOneFirst.toLowerCase()}`);
    await expect(rows(page)).toHaveCount(1);
    expect(await firstCode(page)).toBe(pageOneFirst);

    const neighbourhood = (await rows(page).first().locator('[data-label="Imóvel"] span').innerText()).split(",")[0]!;
    await search.fill(neighbourhood.toUpperCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    const caption = page.getByTestId("meus-imoveis").locator("caption");
    await expect(caption).toContainText(`para “${neighbourhood.toUpperCase()}”`);
    const found = parseCount(await caption.innerText());
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(publicTotal);
    // The broker's true total stays in the heading.
    await expect(page.getByTestId("total-imoveis")).toHaveText(`${formatCount(publicTotal)} imóveis`);
    await noSidewaysScroll(page, viewport.width);

    await search.fill("zzz-nada-disso");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nenhum imóvel encontrado" })).toBeVisible();
  });
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a busca e a paginação são formulários e links comuns", async ({ page, baseURL }) => {
    await addSessionCookie(page.context(), baseURL!, cookie);
    await page.goto(PATH);
    await page.getByRole("searchbox", { name: "Código, bairro ou título" }).fill("apartamento");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(`${baseURL}${PATH}?q=apartamento`);
    await expect(page.getByTestId("meus-imoveis").locator("caption")).toContainText("para “apartamento”");
    const next = page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2" });
    if ((await next.count()) > 0) {
      await next.click();
      await expect(page).toHaveURL(`${baseURL}${PATH}?q=apartamento&pagina=2`);
    }
  });
});

test("um corretor não vê a carteira de outro, e a página nunca vai para cache", async () => {
  const headers = { Cookie: `${SESSION_COOKIE}=${cookie}` };
  const mine = await isolatedRequest("GET", `${PATH}?corretor=${BROKER_CODE}`, { headers });
  expect(mine.status).toBe(200);
  expect(mine.cacheControl).toContain("no-store");
  expect((await isolatedRequest("GET", `${PATH}?corretor=38`, { headers })).status).toBe(403);
  const tooLong = await isolatedRequest("GET", `${PATH}?q=${"a".repeat(61)}`, { headers });
  expect(tooLong.status).toBe(400);
  expect(tooLong.text).toContain("Use no máximo 60 caracteres na busca.");
});
