/**
 * Favourites and comparison without an account
 * (docs/decisions/0032-favourites-and-compare.md): a heart on a listing card
 * survives a reload (the `favoritos` cookie, mirrored in `localStorage`), the
 * header counts it, `/favoritos` lists it, its share link shows the same list
 * to someone else (a fresh browser context) who can save it, two favourites
 * are compared side by side (also at 360 px, where the table scrolls with its
 * first column in view), and the heart works without JavaScript (a form post
 * that toggles the cookie and comes back).
 */
import type { Browser, Page } from "@playwright/test";
import { consentStorageState } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { installHydrationProbe, LISTINGS_PATH, resultList, waitForHydration } from "./helpers";

/** The heart buttons of the result cards. */
function hearts(page: Page) {
  return resultList(page).locator("button[data-favourite-code]");
}

/** The header's favourites link. */
function favouritesLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Favoritos/ });
}

/** The codes of the items listed on `/favoritos`, in order. */
function listedCodes(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Imóveis da lista" })
    .locator("[data-favourite]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-favourite") ?? ""));
}

/** A fresh context (no favourites), as another person opening a shared link. */
async function freshPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ storageState: consentStorageState, javaScriptEnabled });
  await installHydrationProbe(context);
  return context.newPage();
}

test("favoritar, recarregar, ver em /favoritos, compartilhar e comparar", async ({ page, browser }) => {
  // Several full page loads and a second browser context.
  test.setTimeout(180_000);
  await page.goto(LISTINGS_PATH, { waitUntil: "domcontentloaded" });
  // A busy development server can take long to hydrate the long list page.
  await waitForHydration(page, 90_000);
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos");

  // Heart the first two cards: optimistic, named for what a press does.
  const first = hearts(page).nth(0);
  const second = hearts(page).nth(1);
  const codes = [
    (await first.getAttribute("data-favourite-code"))!,
    (await second.getAttribute("data-favourite-code"))!,
  ];
  await expect(first).toHaveAttribute("aria-pressed", "false");
  await expect(first).toHaveAccessibleName(/^Favoritar: /);
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(first).toHaveAccessibleName(/^Remover dos favoritos: /);
  // Keyboard: focus and Space press it.
  await second.focus();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos (2)");
  // The cookie is the source of truth; localStorage mirrors it (newest first).
  const mirror = await page.evaluate(() => localStorage.getItem("favoritos"));
  expect(JSON.parse(mirror!)).toEqual([codes[1], codes[0]]);

  // A reload renders the hearts filled on the server.
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(hearts(page).nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(hearts(page).nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos (2)");

  // /favoritos lists them with their prices and status.
  await favouritesLink(page).click();
  await expect(page).toHaveURL("/favoritos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meus favoritos");
  expect(await listedCodes(page)).toEqual([codes[1], codes[0]]);
  await expect(page.getByText("Disponível", { exact: true })).toHaveCount(2);
  const whatsapp = page.getByRole("link", { name: "Enviar por WhatsApp" });
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*favoritos%3Fcodigos%3D/);
  const shareUrl = (await page.locator("[data-share-link]").getAttribute("href"))!;
  expect(new URL(shareUrl).search).toBe(`?codigos=${codes[1]},${codes[0]}`);

  // Someone else opens the link: the same list, and can save it.
  const other = await freshPage(browser);
  await other.goto(new URL(shareUrl).pathname + new URL(shareUrl).search);
  await waitForHydration(other, 90_000);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Lista de imóveis compartilhada");
  expect(await listedCodes(other)).toEqual([codes[1], codes[0]]);
  await other.getByRole("button", { name: "Salvar estes na minha lista" }).click();
  await expect(other).toHaveURL("/favoritos");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Meus favoritos");
  expect(await listedCodes(other)).toEqual([codes[1], codes[0]]);
  await other.context().close();

  // Compare the two side by side.
  await page
    .getByRole("checkbox", { name: /^Comparar: / })
    .nth(0)
    .check();
  await page
    .getByRole("checkbox", { name: /^Comparar: / })
    .nth(1)
    .check();
  await page.getByRole("button", { name: "Comparar selecionados" }).click();
  await expect(page).toHaveURL(/\/comparar\?codigos=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparar imóveis");
  const table = page.getByRole("table");
  await expect(table.locator("thead th[data-compare-code]")).toHaveCount(2);
  for (const label of [
    "Venda",
    "Aluguel",
    "Custo mensal",
    "Área",
    "Quartos",
    "Suítes",
    "Vagas",
    "Condomínio",
    "IPTU",
    "R$/m²",
  ]) {
    await expect(table.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  }
});

test.describe("em um celular (360 px)", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a comparação rola para o lado com a primeira coluna à vista", async ({ page, request }) => {
    // Three real codes from the server-rendered list (no page to hydrate in between).
    const html = await (await request.get(LISTINGS_PATH)).text();
    const codes = [...new Set([...html.matchAll(/data-favourite-code="([^"]+)"/g)].map((m) => m[1]))].slice(0, 3);
    expect(codes).toHaveLength(3);
    await page.goto(`/comparar?codigos=${codes.join(",")}`, { waitUntil: "domcontentloaded" });
    const region = page.getByRole("region", { name: "Tabela de comparação" });
    const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const rowHead = page.getByRole("rowheader", { name: "Área", exact: true });
    const before = (await rowHead.boundingBox())!.x;
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(async () => (await rowHead.boundingBox())!.x).toBe(before);
    await waitForHydration(page, 90_000);
  });
});

test("comparar mais de 4 imóveis mostra uma mensagem clara", async ({ page, consoleGuard }) => {
  consoleGuard.expectHttpError(/\/comparar\?/, 400);
  const response = await page.goto("/comparar?codigos=A1,A2,A3,A4,A5");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Você pode comparar até 4 imóveis por vez; foram escolhidos 5.");
  await expect(page.getByRole("link", { name: "Escolher nos favoritos" })).toBeVisible();
});

test("sem JavaScript, o coração é um formulário que alterna o favorito", async ({ browser }) => {
  const page = await freshPage(browser, false);
  await page.goto(LISTINGS_PATH);
  const heart = hearts(page).first();
  const code = (await heart.getAttribute("data-favourite-code"))!;
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  // Back on the same page, the heart now filled by the server.
  await expect(page).toHaveURL(LISTINGS_PATH);
  await expect(page.locator(`button[data-favourite-code="${code}"]`).first()).toHaveAttribute("aria-pressed", "true");
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos (1)");

  await page.goto("/favoritos");
  expect(await listedCodes(page)).toEqual([code]);
  await page.getByRole("button", { name: /^Remover dos favoritos: / }).click();
  await expect(page).toHaveURL("/favoritos");
  await expect(page.getByRole("heading", { name: "Você ainda não salvou nenhum imóvel" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todos os imóveis" })).toHaveAttribute("href", LISTINGS_PATH);
  await page.context().close();
});
