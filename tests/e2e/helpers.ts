/**
 * Page helpers shared by the e2e specs: waiting for React hydration, reading
 * the listings page (total count, cards) and finding a real listing URL.
 * Selectors are roles, labels and visible pt-BR texts of the pages
 * (`app/routes/*.tsx`, `app/components/*.tsx`).
 */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { consentStorageState } from "../../playwright.config";
import type { ConsoleGuard } from "./fixtures";

/**
 * Resolves once the public forms' validator has arrived and run: the chunk a
 * form loads on the first focus inside it (app/components/use-lazy-validation.ts).
 * From then on a submit with errors is stopped in the browser instead of
 * posted (a post the action refuses answers 400, which the console guard
 * reports). Call it before that first focus, on a page that has not loaded
 * the chunk yet.
 */
export async function formValidatorLoaded(page: Page): Promise<void> {
  const response = await page.waitForResponse(/\/assets\/public-form-validators-[\w-]+\.js$/);
  // The module evaluated, so the form's own `import()` of it has settled too.
  await page.evaluate((url) => import(url).then(() => undefined), response.url());
}

/** Path of the listings page (docs/spec.txt §2). */
export const LISTINGS_PATH = "/todos-os-imoveis";

/** Listings per results page (docs/product.md "page size 24"). */
export const PAGE_SIZE = 24;

/** The phone screen the layout specs check (CSS px). */
export const PHONE_VIEWPORT = { width: 360, height: 800 };

/** The computer screen the layout specs check (CSS px). */
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };

/** A transparent 1×1 PNG: every map tile while the tests run (no internet here). */
export const BLANK_TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * Answers the map tile server's requests of `target` (a page or a whole
 * context) with a blank tile; otherwise Chromium logs each failed tile as a
 * console error, which the fixtures' console guard fails on.
 */
export async function stubMapTiles(target: Page | BrowserContext): Promise<void> {
  await target.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: BLANK_TILE }),
  );
}

/** Tile requests of the default `MAP_TILE_URL` (OpenStreetMap). */
export const MAP_TILES = /^https:\/\/tile\.openstreetmap\.org\//;

/**
 * Answers every map tile of `page` with a 404, like a tile server out of
 * reach (without network error noise), and declares those 404s to the
 * console guard: the offline case the map page must survive (ADR 0009).
 */
export async function mapTilesOffline(page: Page, consoleGuard: ConsoleGuard): Promise<void> {
  consoleGuard.expectHttpError(MAP_TILES, 404);
  await page.route(MAP_TILES, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "" }));
}

/** Opens `/mapa` with its tiles answered 404 (declared to `consoleGuard`) and waits for hydration. */
export async function openMapOffline(page: Page, consoleGuard: ConsoleGuard): Promise<void> {
  await mapTilesOffline(page, consoleGuard);
  await page.goto("/mapa");
  await waitForHydration(page);
}

/** A desktop Chrome user agent without "HeadlessChrome", which isbot would call a bot (ADR 0003). */
export const DESKTOP_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * Installs, before any page script runs, a minimal React DevTools hook that
 * sets `window.__e2eHydrated` once React has committed its first render (the
 * hydration) and run that commit's effects (`onPostCommitFiberRoot`). React
 * DOM's production build reports to such a hook; nothing is logged.
 */
export async function installHydrationProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    if (w.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
    w.__e2eHydrated = false;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => {
        w.__e2eHydrated = true;
      },
    };
  });
}

/**
 * Waits until the current document is hydrated and its effects have run (event
 * listeners attached by `useEffect`, enhanced widgets). Needs
 * {@link installHydrationProbe} (the `test` of `fixtures.ts` installs it).
 * @throws {Error} when the page has not hydrated within `timeoutMs` (ms).
 */
export async function waitForHydration(page: Page, timeoutMs = 15_000): Promise<void> {
  try {
    await page.waitForFunction(
      () => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated === true,
      undefined,
      {
        timeout: timeoutMs,
      },
    );
  } catch (error) {
    throw new Error(
      `${page.url()} did not hydrate within ${timeoutMs} ms (a script failed to load or threw; see the console errors)`,
      { cause: error },
    );
  }
}

/**
 * Brings an island (`app/components/island.tsx`: a part of the page whose code
 * comes when the visitor nears it) into view and waits until React has
 * hydrated it. Call after {@link waitForHydration}.
 */
export async function hydrateIsland(page: Page, name: string, timeoutMs = 15_000): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`);
  // Its first part on screen (a part may be hidden, as the map's folded filters are).
  await island.locator("> :visible").first().scrollIntoViewIfNeeded();
  await expect(island, `the island "${name}" did not hydrate`).toHaveAttribute("data-island-hydrated", "", {
    timeout: timeoutMs,
  });
}

/**
 * Sends the home's search box ("Buscar imóveis", `app/components/search-box.tsx`)
 * with a purpose (its radio, "Comprar" or "Alugar"), a property type and a
 * place (the labels of their options). Call on the home page.
 */
export async function searchFromHome(
  page: Page,
  choice: { purpose: "Comprar" | "Alugar"; type: string; place: string },
): Promise<void> {
  const search = page.getByRole("search", { name: "Buscar imóveis" });
  await search.getByRole("radio", { name: choice.purpose }).check();
  await search.getByLabel("Tipo de imóvel").selectOption({ label: choice.type });
  await search.getByLabel("Cidade ou bairro").selectOption({ label: choice.place });
  await search.getByRole("button", { name: "Buscar imóveis" }).click();
}

/** `n` as the pages print counts: a pt-BR integer ("13.640"). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat("pt-BR").format(n);
}

/** A pt-BR integer ("13.640") as a number. */
export function parseCount(text: string): number {
  const match = /(\d{1,3}(?:\.\d{3})*|\d+)/.exec(text);
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[1].replace(/\./g, ""));
}

/** The results total of a listings page, from its "N imóveis …" status line under the H1. */
export async function readTotal(page: Page): Promise<number> {
  const status = page.locator("header").getByRole("status");
  await expect(status).toHaveText(/\d/);
  return parseCount(await status.innerText());
}

/** The list of result cards of a listings page. */
export function resultList(page: Page): Locator {
  return page.getByRole("list", { name: "Imóveis encontrados" });
}

/**
 * The listing paths (`/detalhes/…/{id}`) of the cards on the current results
 * page, in order, once the whole document has been parsed.
 */
export async function cardPaths(page: Page): Promise<string[]> {
  // After a full page load (no JavaScript) the streamed HTML may still be arriving.
  await page.waitForLoadState("domcontentloaded");
  const links = resultList(page).getByRole("link");
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) => elements.map((el) => new URL((el as HTMLAnchorElement).href).pathname));
}

/** `/detalhes/{condominio}/{id}` split into its parts. */
export function splitListingPath(path: string): { slug: string; id: string } {
  const match = /^\/detalhes\/([^/]+)\/([^/?#]+)$/.exec(path);
  if (!match) throw new Error(`not a listing path: ${path}`);
  return { slug: match[1], id: match[2] };
}

/**
 * Canonical paths of real listings: the cards of a results page, read from
 * the server-rendered HTML (no browser needed).
 * @param listPath a listings URL path, `/todos-os-imoveis` by default.
 */
export async function listingPaths(request: APIRequestContext, listPath = LISTINGS_PATH): Promise<string[]> {
  const response = await request.get(listPath);
  expect(response.status(), `GET ${listPath}`).toBe(200);
  const html = await response.text();
  const paths = [...html.matchAll(/href="(\/detalhes\/[^"/]+\/[^"/?#]+)"/g)].map((m) => m[1]);
  const unique = [...new Set(paths)];
  expect(unique.length, `listing links on ${listPath}`).toBeGreaterThan(0);
  return unique;
}

/**
 * One path of each public page type, as a visitor first loads them: home, the
 * list, a listing, a condominium, a search, `/sobre` and the map.
 */
export async function publicPagePaths(request: APIRequestContext): Promise<string[]> {
  const [listing] = await listingPaths(request);
  const condominiums = await (await request.get("/condominios")).text();
  const condominium = /href="(\/detalhes\/[^"/?#]+)"/.exec(condominiums)?.[1];
  expect(condominium, "a condominium link on /condominios").toBeDefined();
  return ["/", LISTINGS_PATH, listing!, condominium!, "/busca?q=moema", "/sobre", "/mapa"];
}

/** Checks that the sell form's thank-you page (`/obrigado?assunto=vender`) is the one shown. */
export async function expectSellThanks(page: Page): Promise<void> {
  await expect(page).toHaveURL("/obrigado?assunto=vender");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recebemos seu pedido de avaliação!");
}

/**
 * A visitor without JavaScript sends the home's "Quero vender meu imóvel" form under `name` and
 * lands on `/obrigado?assunto=vender`; its own browser context (consent given, closed after) comes
 * from `forwardedFor`, so the per-address rate limit counts it apart from the spec's other requests.
 */
export async function sendSellLeadWithoutJs(
  browser: Browser,
  baseURL: string,
  name: string,
  forwardedFor: string,
): Promise<void> {
  const visitor = await browser.newContext({
    baseURL,
    storageState: consentStorageState,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": forwardedFor },
  });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/");
  const form = visitorPage.getByRole("form", { name: "Quero vender meu imóvel" });
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Telefone ou WhatsApp").fill("(11) 91234-5678");
  await form.getByLabel("Onde fica o imóvel?").fill("Rua Harmonia, 100, Vila Madalena");
  await form.getByRole("button", { name: "Quero uma avaliação" }).click();
  await expect(visitorPage).toHaveURL(/\/obrigado\?assunto=vender$/);
  await visitor.close();
}
