/**
 * Cookie consent and Google Analytics under Consent Mode v2
 * (docs/decisions/0029-consent-and-google-analytics.md), on a second server
 * started here with `GA_MEASUREMENT_ID=G-TEST123456` (the main e2e server has
 * no Google tag). Every request to Google's tag and analytics hosts is counted
 * and answered with a harmless stub (the machine is offline):
 *
 * - before a choice and after "Rejeitar" (also after navigating): zero;
 * - after "Aceitar": the tag is requested at once, without a page load, and
 *   `dataLayer` holds the consent update and a page_view; later navigations
 *   add page views;
 * - the banner is gone after a choice and on reload; the choice can be
 *   changed on /lgpd;
 * - without JavaScript the banner's form post sets the cookie and the banner
 *   is gone; a crawler gets no banner;
 * - on a phone, a listing's contact bar and the banner are both usable at once.
 *
 * Uses /sobre and /lgpd, which need no synced catalogue; the last test waits
 * for this server's first sync to open a listing.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, devices, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrateIsland, installHydrationProbe, waitForHydration } from "./helpers";
import { EMBEDDED_ENV, spawnServer, stopServer, waitUntil, type SpawnedServer } from "./spawned-server";

test.describe.configure({ mode: "serial" });

const MEASUREMENT_ID = "G-TEST123456";
const GOOGLE_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: SpawnedServer | undefined;
let base = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // Embedded defaults (the main e2e server's settings are not inherited) plus the Google tag.
  server = await spawnServer({
    dataDirPrefix: "consent-e2e-",
    env: { ...EMBEDDED_ENV, GA_MEASUREMENT_ID: MEASUREMENT_ID },
  });
  base = server.url;
  await waitUntil(server, async () => (await fetch(`${base}/sobre`)).status === 200, {
    timeoutMs: 80_000,
    intervalMs: 250,
    what: "GET /sobre answered 200",
  });
});

test.afterAll(async () => {
  // The temporary DATA_DIR is removed when the process exits.
  await stopServer(server);
});

/** A browser context on the GA server with no consent cookie, its Google requests counted and stubbed. */
interface Visitor {
  context: BrowserContext;
  page: Page;
  /** URLs requested from Google's hosts so far. */
  google: string[];
  /** Console errors and page errors seen (the test fails on any). */
  errors: string[];
}

async function visitor(browser: Browser, options: BrowserContextOptions = {}): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: base, ...options });
  // The config's preset consent cookie is for the main server's specs: this spec starts without a choice.
  await context.clearCookies();
  await installHydrationProbe(context);
  const google: string[] = [];
  await context.route(GOOGLE_HOSTS, async (route) => {
    google.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "application/javascript", body: "/* stub */" });
  });
  const errors: string[] = [];
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { context, page, google, errors };
}

/** `window.dataLayer` as plain arrays (gtag pushes `arguments` objects). */
function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
      Array.from(entry as ArrayLike<unknown>),
    ),
  );
}

/** The consent cookie's value in `context`, or undefined. */
async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(base)).find((cookie) => cookie.name === "consentimento")?.value;
}

const banner = (page: Page) => page.getByRole("region", { name: "Aviso de cookies" });

test("nada do Google antes da escolha; Rejeitar esconde o aviso e mantém zero pedidos ao Google", async ({
  browser,
}) => {
  const { context, page, google, errors } = await visitor(browser);
  await page.goto("/sobre");
  await waitForHydration(page);
  await hydrateIsland(page, "aviso-de-cookies");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "política de privacidade" })).toHaveAttribute("href", "/lgpd");

  // Equal weight: the three actions have the same size and the same look.
  const actions = [
    banner(page).getByRole("button", { name: "Aceitar" }),
    banner(page).getByRole("button", { name: "Rejeitar" }),
    banner(page).getByRole("link", { name: "Configurar" }),
  ];
  const looks = await Promise.all(
    actions.map((action) =>
      action.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [Math.round(box.width), Math.round(box.height), style.backgroundColor, style.color, style.fontSize].join(
          " ",
        );
      }),
    ),
  );
  expect(new Set(looks).size, looks.join(" | ")).toBe(1);
  // Consent Mode defaults are set, every type denied, and no tag was requested.
  expect(await dataLayer(page)).toContainEqual([
    "consent",
    "default",
    {
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      wait_for_update: 500,
    },
  ]);
  expect(google).toEqual([]);

  // Reject with JavaScript: the banner goes away without a page load.
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  await banner(page).getByRole("button", { name: "Rejeitar" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect.poll(() => consentCookie(context)).toBe("v1:analytics=0");

  await page.reload();
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);
  await page.locator('footer a[href="/lgpd"]').first().click();
  await expect(page).toHaveURL(/\/lgpd$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(google).toEqual([]);
  expect(await dataLayer(page)).not.toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
  expect(errors).toEqual([]);
  await context.close();
});

test("Aceitar carrega a tag na hora, registra page_view e a escolha pode ser mudada em /lgpd", async ({ browser }) => {
  const { context, page, google, errors } = await visitor(browser);
  await page.goto("/sobre");
  await waitForHydration(page);
  // The banner is an island (ADR 0096): its buttons send without a page load once its code has come.
  await hydrateIsland(page, "aviso-de-cookies");
  expect(google).toEqual([]);
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  await banner(page).getByRole("button", { name: "Aceitar" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => google.some((url) => url.includes(`/gtag/js?id=${MEASUREMENT_ID}`))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect.poll(() => dataLayer(page)).toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
  const pageViews = async () =>
    (await dataLayer(page))
      .filter((entry) => entry[0] === "event" && entry[1] === "page_view")
      .map((entry) => (entry[2] as { page_location: string }).page_location);
  await expect.poll(pageViews).toContainEqual(`${base}/sobre`);
  expect(await dataLayer(page)).toContainEqual(["config", MEASUREMENT_ID, { send_page_view: false }]);

  // A client-side navigation sends its own page view.
  await page.locator('footer a[href="/lgpd"]').first().click();
  await expect(page).toHaveURL(/\/lgpd$/);
  await expect.poll(pageViews).toContainEqual(`${base}/lgpd`);

  // Reload (a new document, not a same-page jump to #cookies): no banner, the tag is server-rendered.
  const before = google.length;
  await page.reload();
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => google.length).toBeGreaterThan(before);

  // Change the choice on /lgpd: turn statistics off and save.
  const preferences = page.getByRole("form", { name: "Preferências de cookies" });
  await expect(preferences.getByRole("switch", { name: "Necessários" })).toBeChecked();
  await expect(preferences.getByRole("switch", { name: "Necessários" })).toBeDisabled();
  const statistics = preferences.getByRole("switch", { name: "Estatísticas (Google Analytics)" });
  await expect(statistics).toBeChecked();
  await statistics.uncheck();
  await preferences.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(preferences.getByRole("status")).toHaveText("Preferências salvas.");
  await expect.poll(() => consentCookie(context)).toBe("v1:analytics=0");
  await expect.poll(() => dataLayer(page)).toContainEqual(["consent", "update", { analytics_storage: "denied" }]);

  const afterRevoke = google.length;
  await page.goto("/sobre");
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);
  expect(google.length).toBe(afterRevoke);
  expect(errors).toEqual([]);
  await context.close();
});

test("sem JavaScript o formulário do aviso grava a escolha e o aviso some", async ({ browser }) => {
  const { context, page, google, errors } = await visitor(browser, { javaScriptEnabled: false });
  await page.goto("/sobre?origem=teste");
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole("button", { name: "Rejeitar" }).click();
  await expect(page).toHaveURL(`${base}/sobre?origem=teste`);
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toBe("v1:analytics=0");

  // "Configurar" is a link to the preferences, which also work without JavaScript.
  await context.clearCookies();
  await page.goto("/sobre");
  await banner(page).getByRole("link", { name: "Configurar" }).click();
  await expect(page).toHaveURL(/\/lgpd#cookies$/);
  const preferences = page.getByRole("form", { name: "Preferências de cookies" });
  await preferences.getByRole("switch", { name: "Estatísticas (Google Analytics)" }).check();
  await preferences.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(page).toHaveURL(/\/lgpd#cookies$/);
  expect(await consentCookie(context)).toBe("v1:analytics=1");
  await expect(banner(page)).toHaveCount(0);
  // Without JavaScript no script runs: at most the server-rendered gtag.js could be requested, nothing else.
  expect(google.every((url) => url.includes(`/gtag/js?id=${MEASUREMENT_ID}`))).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test("um robô (isbot) não recebe o aviso", async ({ browser }) => {
  const { context, page, google, errors } = await visitor(browser, { userAgent: GOOGLEBOT });
  await page.goto("/sobre");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(google).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("no celular, o aviso fica acima da barra de contato do imóvel: os dois respondem ao toque", async ({
  browser,
}) => {
  // The listing pages need this server's first sync of the sandbox catalogue.
  test.setTimeout(150_000);
  let path = "";
  await waitUntil(
    server!,
    async () => {
      const html = await (await fetch(`${base}/todos-os-imoveis`)).text();
      path = /href="(\/detalhes\/[^"]+\/[^"]+)"/.exec(html)?.[1] ?? "";
      return path !== "";
    },
    { timeoutMs: 120_000, intervalMs: 500, what: "a listing on /todos-os-imoveis" },
  );
  const { context, page, errors } = await visitor(browser, {
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
    userAgent: devices["Pixel 5"].userAgent,
  });
  await page.goto(path);
  await waitForHydration(page);
  const bar = page.getByRole("navigation", { name: "Contato sobre este imóvel" });
  await expect(banner(page)).toBeVisible();
  await expect(bar).toBeVisible();
  const b = (await banner(page).boundingBox())!;
  const c = (await bar.boundingBox())!;
  expect(b.y + b.height).toBeLessThanOrEqual(c.y + 1);
  expect(c.y + c.height).toBeGreaterThanOrEqual(799);
  // The centre of the bar's "Mensagem" is the link itself, not the banner.
  const message = bar.getByRole("link", { name: "Mensagem" });
  const m = (await message.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.textContent?.trim() ?? null,
    [m.x + m.width / 2, m.y + m.height / 2],
  );
  expect(onTop).toBe("Mensagem");
  await banner(page).getByRole("button", { name: "Rejeitar" }).tap();
  await expect(banner(page)).toBeHidden();
  await expect(bar).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("com consentimento dado, o relatório do proprietário (token no caminho) não chama o Google", async ({
  browser,
}) => {
  const { context, page, google } = await visitor(browser);
  await context.addCookies([{ name: "consentimento", value: "v1:analytics=1", url: base }]);
  // A well-formed token that names no report: the page (404) still has the root document and its tags.
  const response = await page.goto(`/proprietario/${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  expect(google).toEqual([]);
  const pageViews = async () =>
    (await dataLayer(page)).filter((entry) => entry[0] === "event" && entry[1] === "page_view");
  expect(await pageViews()).toEqual([]);
  // Leaving the private page for a public one loads the tag, and its page views name public pages only.
  await page.goto("/sobre");
  await waitForHydration(page);
  await expect.poll(() => google.length).toBeGreaterThan(0);
  await expect.poll(async () => (await pageViews()).length).toBeGreaterThan(0);
  expect(JSON.stringify(await pageViews())).not.toContain("proprietario");
  await context.close();
});
