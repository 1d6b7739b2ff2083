/**
 * Favourites and comparison without an account
 * (docs/decisions/0032-favourites-and-compare.md): a heart on a listing card
 * survives a reload (the `favoritos` cookie, mirrored in `localStorage`), the
 * header counts it, `/favoritos` lists it, its share link shows the same list
 * to someone else (a fresh browser context) who can save it, two favourites
 * are compared side by side (also at 360 px, where the table scrolls with its
 * first column in view), and the heart works without JavaScript (a form post
 * that toggles the cookie and comes back). The header keeps one line from
 * 360 to 1366 px with and without favourites: no label wraps, the logo is
 * never cut, and every navigation item is in the bar or in its menu.
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

/** The main navigation's labels (app/components/site-header.tsx `mainNavigation`). */
const NAV_LABELS = ["Comprar", "Alugar", "Todos os imóveis", "Condomínios", "Mapa", "Quero vender", "Sobre"];

/**
 * What breaks the header's one-line layout at the current width: an item of
 * the bar outside the bar or over the previous one, a text cut (wider than
 * its box, like the logo's ellipsis) or wrapped onto a second line, an icon
 * squeezed below its 20 px. The folded menu's panel is left out.
 */
async function headerLayoutProblems(page: Page): Promise<string[]> {
  return page.getByRole("banner").evaluate((header) => {
    const problems: string[] = [];
    const bar = header.querySelector<HTMLElement>('a[href="/"]')!.parentElement!;
    const barBox = bar.getBoundingClientRect();
    const name = (el: Element) => el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
    const shown = (el: Element) => el.getBoundingClientRect().width > 0 && !el.closest("details > nav");
    let previousRight = -Infinity;
    for (const item of [...bar.children].filter(shown)) {
      const box = item.getBoundingClientRect();
      if (box.left < barBox.left - 0.5 || box.right > barBox.right + 0.5 || box.bottom > barBox.bottom + 0.5) {
        problems.push(`${name(item)}: fora da barra`);
      }
      if (box.left < previousRight - 0.5) problems.push(`${name(item)}: sobre o item anterior`);
      previousRight = box.right;
    }
    for (const el of [...bar.querySelectorAll<HTMLElement>("*")].filter(shown)) {
      if (getComputedStyle(el).clip !== "auto") continue; // visually hidden text
      if (el instanceof SVGElement) {
        if (el.tagName === "svg" && el.getBoundingClientRect().width < 19)
          problems.push(`${name(el.parentElement!)}: ícone espremido`);
        continue;
      }
      const text = [...el.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!text) continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`"${el.textContent?.trim()}": cortado`);
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) problems.push(`"${text.textContent?.trim()}": em ${lines.size} linhas`);
    }
    return problems;
  });
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
  // Saving counts once per listing in the first-party statistics (the list itself stays here).
  const counted = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/eventos" &&
      (response.request().postData() ?? "").includes('"favourite_add"'),
  );
  await first.click();
  const beacon = await counted;
  expect(beacon.status()).toBe(204);
  expect(JSON.parse(beacon.request().postData()!)).toMatchObject({ type: "favourite_add", listing: codes[0] });
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(first).toHaveAccessibleName(/^Remover dos favoritos: /);
  // Keyboard: focus and Space press it.
  await second.focus();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos: 2 imóveis");
  // The cookie is the source of truth; localStorage mirrors it (newest first).
  const mirror = await page.evaluate(() => localStorage.getItem("favoritos"));
  expect(JSON.parse(mirror!)).toEqual([codes[1], codes[0]]);

  // A reload renders the hearts filled on the server.
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(hearts(page).nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(hearts(page).nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos: 2 imóveis");

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

test("o cabeçalho cabe numa linha de 360 a 1366 px, com e sem favoritos", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  // None, one, and a two-digit count (the widest badge).
  const lists = [[], ["AP10398"], Array.from({ length: 12 }, (_, i) => `AP${10398 + i}`)];
  for (const codes of lists) {
    await context.clearCookies({ name: "favoritos" });
    if (codes.length) await context.addCookies([{ name: "favoritos", value: codes.join("|"), url: baseURL }]);
    for (const width of [1366, 1280, 1024, 960, 600, 360]) {
      const at = `${width} px, ${codes.length} favorito(s)`;
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/sobre", { waitUntil: "domcontentloaded" });
      expect(await headerLayoutProblems(page), at).toEqual([]);

      // Every navigation item is in the bar or, folded, in the "Menu".
      const bar = page.getByRole("navigation", { name: "Principal", exact: true });
      const folded: string[] = [];
      for (const label of NAV_LABELS) {
        if (!(await bar.getByRole("link", { name: label, exact: true }).isVisible())) folded.push(label);
      }
      if (width >= 960) {
        // The favourites link is in the bar, named with its count as a word.
        await expect(favouritesLink(page), at).toBeVisible();
        await expect(favouritesLink(page), at).toHaveAccessibleName(
          codes.length === 0 ? "Favoritos" : `Favoritos: ${codes.length} ${codes.length === 1 ? "imóvel" : "imóveis"}`,
        );
        // Buying, renting and the catalogue always stay in the bar.
        expect(folded, at).not.toContain("Comprar");
        expect(folded, at).not.toContain("Todos os imóveis");
      }
      if (folded.length) {
        await page.getByRole("banner").locator("summary").click();
        const menu = page.getByRole("navigation", { name: "Principal (menu)" });
        for (const label of folded)
          await expect(menu.getByRole("link", { name: label, exact: true }), at).toBeVisible();
      }
    }
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
  await expect(favouritesLink(page)).toHaveAccessibleName("Favoritos: 1 imóvel");

  await page.goto("/favoritos");
  expect(await listedCodes(page)).toEqual([code]);
  await page.getByRole("button", { name: /^Remover dos favoritos: / }).click();
  await expect(page).toHaveURL("/favoritos");
  await expect(page.getByRole("heading", { name: "Você ainda não salvou nenhum imóvel" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todos os imóveis" })).toHaveAttribute("href", LISTINGS_PATH);
  await page.context().close();
});
