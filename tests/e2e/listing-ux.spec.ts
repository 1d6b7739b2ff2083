/**
 * The listing page and the cards as the big portals present them
 * (docs/decisions/0036-listing-contact-bar.md), at 360×800 and 1366×900:
 * price and key facts in the first screen, the phone contact bar (WhatsApp
 * through `/obrigado-whatsapp`, "Mensagem" to the form), nothing clipped
 * inside listing and condominium cards, no "0 suítes"/"0 vagas", no repeated
 * amenities, every card link named by all the text it shows (WCAG 2.5.3,
 * checked with axe-core's `label-content-name-mismatch`, the rule Lighthouse
 * reports), and the "mais informações" form that takes an e-mail alone and
 * confirms in place; and no public page wider than the screen at 320 and
 * 360 px.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { devices, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  DESKTOP_VIEWPORT,
  formValidatorLoaded,
  hydrateIsland,
  installHydrationProbe,
  listingPaths,
  LISTINGS_PATH,
  PHONE_VIEWPORT,
  resultList,
  stubMapTiles,
  waitForHydration,
} from "./helpers";

test.beforeEach(async ({ context }) => {
  await stubMapTiles(context);
});

/**
 * Problems inside the cards matched by `selector`: a descendant box outside
 * the card's box, or a text element whose content is wider than its box
 * (`scrollWidth > clientWidth`). Visually hidden text (clipped on purpose) is skipped.
 */
async function clippedInCards(page: Page, selector: string): Promise<{ count: number; problems: string[] }> {
  return page.evaluate((cardSelector) => {
    const problems: string[] = [];
    const cards = [...document.querySelectorAll<HTMLElement>(cardSelector)];
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      const name = card.getAttribute("href") ?? "";
      for (const el of card.querySelectorAll<HTMLElement>("*")) {
        const style = getComputedStyle(el);
        if (style.clip !== "auto") continue; // visually hidden text
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
          problems.push(
            `${name}: <${el.tagName.toLowerCase()}> "${el.textContent?.trim().slice(0, 40)}" sai do cartão`,
          );
        }
        const hasText = [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim());
        if (hasText && style.display !== "inline" && el.scrollWidth > el.clientWidth + 1) {
          problems.push(
            `${name}: "${el.textContent?.trim().slice(0, 40)}" cortado (${el.scrollWidth} > ${el.clientWidth})`,
          );
        }
      }
    }
    return { count: cards.length, problems };
  }, selector);
}

/** axe-core's browser script (axe-core comes with the `lighthouse` dev dependency). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The elements that break WCAG 2.5.3 Label in Name on the current page
 * (axe-core's `label-content-name-mismatch`: an `aria-label` or
 * `aria-labelledby` name that leaves out visible text), as their HTML.
 */
async function labelInNameViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { nodes: { html: string }[] }[] };
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } };
    const result = await axe.run(document, {
      runOnly: { type: "rule", values: ["label-content-name-mismatch"] },
    });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
  });
}

/** `text` as a regular expression source: special characters escaped, any run of spaces matching any. */
function looseText(text: string): string {
  return text
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\s+/g, "\\s+");
}

/** A listing page whose amenities include both a generic and a specific label in Vista's data. */
async function listingWithRepeatedAmenities(page: Page): Promise<string> {
  // The sandbox sets Portaria with Portaria24Hrs and ArCondicionado with Split (server/vista-sandbox/text.ts).
  for (const filter of ["portaria-24h", "ar-condicionado"]) {
    for (const path of (await listingPaths(page.request, `${LISTINGS_PATH}?comodidades=${filter}`)).slice(0, 8)) {
      const html = await (await page.request.get(path)).text();
      if (html.includes(">Portaria 24h<") || html.includes(">Ar-condicionado split<")) return path;
    }
  }
  throw new Error("nenhum imóvel com Portaria 24h ou Ar-condicionado split nas primeiras páginas");
}

for (const [label, viewport] of [
  ["celular", PHONE_VIEWPORT],
  ["computador", DESKTOP_VIEWPORT],
] as const) {
  test.describe(`${label} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("preço e principais características na primeira tela", async ({ page }) => {
      const [path] = await listingPaths(page.request);
      await page.goto(path!);
      await waitForHydration(page);
      const price =
        viewport === PHONE_VIEWPORT
          ? page.getByTestId("header-price")
          : page
              .getByRole("region", { name: "Valores" })
              .getByTestId(/^(sale|rent)-price$/)
              .first();
      await expect(price).toBeInViewport({ ratio: 1 });
      await expect(price).toContainText(/R\$\s?[\d.]+/);
      const facts = page.getByRole("list", { name: "Principais características" });
      await expect(facts.getByRole("listitem").first()).toBeInViewport({ ratio: 1 });
      if (viewport === PHONE_VIEWPORT) {
        // The contact bar is over the bottom of the screen: the facts are above it.
        const bar = await page.getByRole("navigation", { name: "Contato sobre este imóvel" }).boundingBox();
        const first = await facts.getByRole("listitem").first().boundingBox();
        expect(first!.y + first!.height).toBeLessThanOrEqual(bar!.y);
      }
    });

    test("nada cortado dentro dos cartões de imóveis e de condomínios", async ({ page }) => {
      await page.goto(LISTINGS_PATH);
      await expect(resultList(page).getByRole("link").first()).toBeVisible();
      const listings = await clippedInCards(page, "a[data-listing-code]");
      expect(listings.count).toBeGreaterThanOrEqual(12);
      expect(listings.problems).toEqual([]);
      await expect(page.getByTestId("card-photo-count").first()).toContainText(/\d+ fotos$/);

      await page.goto("/condominios");
      const condominiums = await clippedInCards(page, 'main li > a[href^="/detalhes/"]');
      expect(condominiums.count).toBeGreaterThan(0);
      expect(condominiums.problems).toEqual([]);
    });

    test("o nome de cada cartão (e do link de favoritos) contém todo o texto que ele mostra", async ({
      page,
      context,
      baseURL,
    }) => {
      // With a favourite, so the header's link shows its count.
      await context.addCookies([{ name: "favoritos", value: "AP10398", url: baseURL }]);
      await page.goto(LISTINGS_PATH);
      await page.waitForLoadState("load"); // the list streams in: check whole cards
      const card = resultList(page).locator("a[data-listing-code]").first();
      await expect(card).toBeVisible();
      expect(await labelInNameViolations(page)).toEqual([]);

      // The name starts with the kind, code and title, and holds the location, every figure and price.
      const parts = await card.evaluate((link) => {
        // Each element's own text (not its children's), e.g. "R$ 276.000" of "Venda R$ 276.000".
        const ownText = (el: Element) =>
          [...el.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent)
            .join("")
            .trim();
        const heading = link.querySelector("h2, h3")!;
        const kicker = link.querySelector("p")!;
        const rest = [...link.querySelectorAll("*")].filter((el) => el !== heading && el !== kicker).map(ownText);
        return { kicker: ownText(kicker), title: ownText(heading), rest: rest.filter(Boolean) };
      });
      expect(parts.kicker).toMatch(/ · Cód\. /);
      expect(parts.rest.some((part) => part.includes("R$"))).toBe(true);
      const holdsRest = parts.rest.map((part) => `(?=.*${looseText(part)})`).join("");
      await expect(card).toHaveAccessibleName(
        new RegExp(`^${holdsRest}${looseText(parts.kicker)}\\s+${looseText(parts.title)}\\s`, "s"),
      );
    });
  });
}

test.describe("celular: barra de contato", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("fica à vista até o fim da página, sem cobrir o conteúdo, e o WhatsApp passa por /obrigado-whatsapp", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.42.0.1" });
    const [path] = await listingPaths(page.request);
    await page.goto(path!);
    await waitForHydration(page);
    const bar = page.getByRole("navigation", { name: "Contato sobre este imóvel" });
    await expect(bar.getByTestId("contact-bar-price")).toHaveText(/^R\$\s?[\d.,]+( mil| mi)?$/);
    // The whole price shows: its text ends before the first button starts.
    const priceBox = (await bar.getByTestId("contact-bar-price").boundingBox())!;
    const firstButton = (await bar.getByRole("link").first().boundingBox())!;
    expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(firstButton.x);
    expect(
      await bar.getByTestId("contact-bar-price").evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
    ).toBe(true);
    // Every button's label shows whole, none drawn over its neighbour (the widest system fonts included).
    const overflowing = await bar
      .getByRole("link")
      .evaluateAll((links) =>
        links.filter((link) => link.scrollWidth > link.clientWidth + 1).map((link) => link.textContent),
      );
    expect(overflowing).toEqual([]);

    // Lazy sections may grow the page: scroll until the bottom stays the bottom.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
        }),
      )
      .toBe(true);
    await expect(bar).toBeInViewport({ ratio: 1 });
    // The end of the page (the bottom of the footer's content) stays above the bar.
    const contentBottom = await page.evaluate(() => {
      const footer = document.querySelector("footer");
      const last = footer
        ? [...footer.querySelectorAll("p, a")].filter((el) => el.getClientRects().length).pop()
        : null;
      return last ? last.getBoundingClientRect().bottom : 0;
    });
    const barBox = await bar.boundingBox();
    expect(contentBottom).toBeGreaterThan(0);
    expect(contentBottom).toBeLessThanOrEqual(barBox!.y + 1);

    const whatsapp = bar.getByRole("link", { name: "WhatsApp" });
    await expect(whatsapp).toHaveAttribute("href", /^\/obrigado-whatsapp\?/);
    await page
      .context()
      .route(/^https:\/\/(api\.)?wa\.me\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" }),
      );
    const [popup] = await Promise.all([page.waitForEvent("popup"), whatsapp.click()]);
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    await popup.close();

    await bar.getByRole("link", { name: "Mensagem" }).click();
    const form = page.getByRole("form", { name: "Mais informações sobre este imóvel" });
    await expect(form.getByLabel("Nome")).toBeFocused();
    await expect(form.getByLabel("Nome")).toBeInViewport();
  });

  test("aparece já na primeira visita: sem tag do Google não há aviso de cookies", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      baseURL,
      storageState: { cookies: [], origins: [] },
    });
    const page = await context.newPage();
    const [path] = await listingPaths(page.request);
    await page.goto(path!);
    await expect(page.getByRole("navigation", { name: "Contato sobre este imóvel" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Aviso de cookies" })).toHaveCount(0);
    await context.close();
  });
});

test("num celular, tocar num cartão pede os dados do imóvel ao servidor uma vez só", async ({ browser, baseURL }) => {
  // A touch screen: no prefetch on intent, whose request would run beside the navigation's own.
  const context = await browser.newContext({ ...devices["Pixel 5"], viewport: PHONE_VIEWPORT, baseURL });
  try {
    await stubMapTiles(context);
    await installHydrationProbe(context);
    const page = await context.newPage();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data")) dataRequests.push(url.pathname);
    });
    await page.goto(`${LISTINGS_PATH}/venda`);
    await waitForHydration(page);
    const card = resultList(page).locator("a[data-listing-code]").first();
    const path = new URL((await card.getAttribute("href"))!, baseURL).pathname;
    await card.tap();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.getByRole("navigation", { name: "Contato sobre este imóvel" })).toBeVisible();
    expect(dataRequests.filter((requested) => requested === `${path}.data`)).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test.describe("telas estreitas", () => {
  for (const width of [320, 360]) {
    test(`nenhuma página pública rola para o lado a ${width} px`, async ({ browser, baseURL, request }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 720 }, isMobile: true });
      await installHydrationProbe(context);
      await stubMapTiles(context);
      const page = await context.newPage();
      const [listing] = await listingPaths(request);
      const condominium = /href="(\/detalhes\/[^"/?#]+)"/.exec(await (await request.get("/condominios")).text())?.[1];
      expect(condominium).toBeDefined();
      const paths = ["/", LISTINGS_PATH, listing!, condominium!, "/condominios", "/busca?q=moema", "/mapa", "/sobre"];
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        const wider = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          return [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .filter((el) => {
              // Inside a box that scrolls or clips on its own (a swipeable row, a gallery) is fine.
              for (let up = el.parentElement; up; up = up.parentElement) {
                const overflow = getComputedStyle(up).overflowX;
                if (overflow !== "visible" && up.getBoundingClientRect().right <= width + 0.5) return false;
              }
              return true;
            })
            .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"`)
            .slice(0, 5);
        });
        expect(wider, path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
      await context.close();
    });
  }
});

test.describe("conteúdo do imóvel", () => {
  test.use({ viewport: DESKTOP_VIEWPORT });

  test("sem “0 suítes” nem “0 vagas” e sem comodidades repetidas", async ({ page }) => {
    // Server-rendered HTML of a few listings: a fact is <span>{value}</span><span>{label}</span>.
    for (const path of (await listingPaths(page.request)).slice(0, 4)) {
      const html = await (await page.request.get(path)).text();
      expect(html).not.toMatch(/>0<\/span><span[^>]*>(suítes|vagas|dormitórios|banheiros)</);
    }

    await page.goto(await listingWithRepeatedAmenities(page));
    const items = await page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: /^(Características do imóvel|Infraestrutura)/ }) })
      .getByRole("listitem")
      .allInnerTexts();
    const labels = items.map((item) => item.trim());
    expect(labels.length).toBeGreaterThan(0);
    const keys = labels.map((item) =>
      item
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .replace(/[-\s]+/g, " "),
    );
    expect(new Set(keys).size, labels.join(", ")).toBe(keys.length);
    if (labels.includes("Portaria 24h")) expect(labels).not.toContain("Portaria");
    if (labels.includes("Ar-condicionado split")) expect(labels).not.toContain("Ar-condicionado");
  });

  test("mais informações aceita só o e-mail e confirma no lugar do formulário", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.42.0.2" });
    const [path] = await listingPaths(page.request);
    await page.goto(path!);
    await waitForHydration(page);
    await hydrateIsland(page, "contato");
    const form = page.getByRole("form", { name: "Mais informações sobre este imóvel" });
    const validator = formValidatorLoaded(page);
    await form.getByLabel("Nome").fill(`Só E-mail ${Date.now().toString(36)}`);
    await validator;
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(form.getByText("Informe seu e-mail ou seu telefone.")).toBeVisible();
    await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("E-mail").fill("so-email@example.com");
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    const sent = page.getByRole("status").filter({ hasText: "Mensagem enviada!" });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(sent).toBeInViewport();
    await expect(form).toHaveCount(0);
  });
});

test("/lgpd lista os cookies do site e, sem tag do Google, não pede escolha", async ({ page }) => {
  await page.goto("/lgpd#cookies");
  const cookies = page.getByRole("table", { name: "Cookies deste site" });
  await expect(cookies).toBeVisible();
  for (const name of ["favoritos", "__flash", "session ou __Host-session"])
    await expect(cookies.getByRole("rowheader", { name })).toBeVisible();
  await expect(cookies.getByRole("rowheader", { name: "consentimento" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Preferências de cookies" })).toHaveCount(0);
  await expect(page.getByTestId("lgpd-cookies")).toContainText("por isso não pedimos consentimento");
});
