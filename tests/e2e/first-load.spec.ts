/**
 * What a public page asks of the browser while it loads, beyond what a
 * visitor sees:
 * - no locale data. The first `Intl` call of a page (a number or date format,
 *   a collator, `toLocaleString`, `localeCompare`) loads the browser's locale
 *   data, 60–200 ms of main thread on a phone before the page responds; the
 *   site writes its pt-BR numbers and dates itself (`~/lib/format`, ADR 0043);
 * - no code it needs only later: the slug library comes with the filters'
 *   URL reader on the first choice in the form, and isbot's pattern list
 *   stays on the server (ADR 0046);
 * - no frame with half a header: the first frame waits until the whole site
 *   header is parsed, however the document arrives (`siteShellLinks`).
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { LISTINGS_PATH, publicPagePaths, stubMapTiles, waitForHydration } from "./helpers";

/** Texts that only the slug library's and isbot's code contain (option and pattern words that survive minifying). */
const LATER_CODE = { slug: "decamelize", isbot: "biglotron" } as const;

/** Collects the text of every script the page receives, from now on. */
function recordScripts(page: Page): string[] {
  const texts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      response.text().then(
        (text) => texts.push(text),
        () => undefined,
      );
    }
  });
  return texts;
}

test.describe("primeira carga", () => {
  test.beforeEach(async ({ page }) => {
    // Record every call that would load locale data, with where it came from.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __localeCalls: string[] }).__localeCalls = calls;
      const record = (name: string) => calls.push(`${name} ${new Error().stack?.split("\n")[3]?.trim() ?? ""}`);
      for (const name of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat"] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const Wrapped = function (this: unknown, ...args: unknown[]) {
          record(`Intl.${name}`);
          return new Original(...args);
        };
        Object.defineProperty(Intl, name, { value: Wrapped, configurable: true, writable: true });
      }
      const wrapMethod = (target: object, method: string, label: string) => {
        const original = (target as Record<string, (...args: unknown[]) => unknown>)[method]!;
        Object.defineProperty(target, method, {
          configurable: true,
          writable: true,
          value: function (this: unknown, ...args: unknown[]) {
            record(label);
            return original.apply(this, args);
          },
        });
      };
      wrapMethod(Number.prototype, "toLocaleString", "Number#toLocaleString");
      wrapMethod(Date.prototype, "toLocaleString", "Date#toLocaleString");
      wrapMethod(Date.prototype, "toLocaleDateString", "Date#toLocaleDateString");
      wrapMethod(String.prototype, "localeCompare", "String#localeCompare");
    });
  });

  test("as páginas públicas carregam e hidratam sem carregar dados de idioma do navegador", async ({
    page,
    request,
  }) => {
    await stubMapTiles(page);
    const paths = await publicPagePaths(request);
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      if (path === "/mapa") await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
      // Prices and counts are on each of these pages but "/sobre": the check is not vacuous.
      if (path !== "/sobre") await expect(page.locator("main")).toContainText(/R\$ \d/);
      const calls = await page.evaluate(() => (window as unknown as { __localeCalls: string[] }).__localeCalls);
      expect(calls, path).toEqual([]);
    }
  });

  test("a lista carrega a biblioteca de slugs só na primeira escolha de filtro, e o isbot nunca", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto(LISTINGS_PATH);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((text) => text.includes(LATER_CODE.isbot))).toEqual([]);
    expect(scripts.filter((text) => text.includes(LATER_CODE.slug))).toEqual([]);

    // The first choice brings the reader (what the phone sheet's summaries read) and applies.
    await page
      .getByRole("form", { name: "Filtros" })
      .getByRole("radio", { name: /^Alugar/ })
      .check();
    await expect.poll(() => scripts.some((text) => text.includes(LATER_CODE.slug))).toBe(true);
    await expect(page).toHaveURL(/\/aluguel/);
    expect(scripts.filter((text) => text.includes(LATER_CODE.isbot))).toEqual([]);
  });
});

/**
 * A proxy in front of the e2e server that sends each HTML document in two
 * packets, `pauseMs` apart, cut where `cut` says (an index in the HTML): what
 * a slow network or a busy phone does to a parser that paints what it has.
 * Everything else passes through unchanged. `cuts` counts the documents cut.
 */
async function startSplittingProxy(
  cut: (html: string) => number,
  pauseMs = 700,
): Promise<{ origin: string; server: Server; cuts: () => number }> {
  let cuts = 0;
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      new URL(incoming.url ?? "/", baseURL),
      {
        method: incoming.method,
        // The site sees its own origin, as behind a real proxy: Host, and the Origin of the page's own
        // posts (the analytics beacon a page sends as it is left), which the same-origin guard checks.
        headers: {
          ...incoming.headers,
          host: new URL(baseURL).host,
          ...(incoming.headers.origin ? { origin: new URL(baseURL).origin } : {}),
          "accept-encoding": "identity",
        },
      },
      (response) => {
        const isHtml = String(response.headers["content-type"] ?? "").startsWith("text/html");
        if (!isHtml) {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const html = Buffer.concat(chunks).toString("utf8");
          const at = cut(html);
          if (at <= 0) {
            outgoing.writeHead(response.statusCode ?? 502, response.headers);
            outgoing.end(html);
            return;
          }
          cuts += 1;
          const headers = { ...response.headers };
          delete headers["content-length"];
          outgoing.writeHead(response.statusCode ?? 502, headers);
          outgoing.write(html.slice(0, at));
          setTimeout(() => outgoing.end(html.slice(at)), pauseMs);
        });
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, cuts: () => cuts };
}

/** Leaves the proxied page first (its late requests would fail as errors), then stops the proxy. */
async function stopProxy(page: Page, server: Server): Promise<void> {
  await page.goto("about:blank");
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * From the first frame to the load event: whether some frame showed `partial`
 * (a selector matching what is only there while the document is cut), and
 * the classes of the elements inside `watched` that shifted.
 */
async function recordFrames(page: Page, partial: string, watched: string): Promise<void> {
  await page.addInitScript(
    ([partialSelector, watchedSelector]) => {
      const record = { sawPartial: false, shifts: [] as string[] };
      Object.assign(window, { frameRecord: record });
      const frame = () => {
        if (document.querySelector(partialSelector)) record.sawPartial = true;
        if (document.readyState !== "complete") requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node?: Node | null }[] })[]) {
          for (const source of entry.sources) {
            if (source.node instanceof Element && source.node.closest(watchedSelector)) {
              record.shifts.push(source.node.className);
            }
          }
        }
      }).observe({ type: "layout-shift", buffered: true });
    },
    [partial, watched],
  );
}

/** What {@link recordFrames} saw on the page that has loaded. */
async function readFrames(page: Page): Promise<{ sawPartial: boolean; shifts: string[] }> {
  await page.waitForLoadState("load");
  return page.evaluate(
    () => (window as unknown as { frameRecord: { sawPartial: boolean; shifts: string[] } }).frameRecord,
  );
}

test("o primeiro quadro já tem o cabeçalho inteiro, mesmo com o documento chegando aos pedaços", async ({ page }) => {
  // Cut right after the header's search link, before the favourites, WhatsApp and navigation links.
  const proxy = await startSplittingProxy((html) => {
    const search = html.indexOf('aria-label="Busca"');
    return search < 0 ? -1 : html.indexOf("</a>", search) + "</a>".length;
  });
  try {
    await stubMapTiles(page);
    // A frame with the search link but not the navigation would be the half header.
    await recordFrames(page, "#site-header a[aria-label='Busca']:not(:has(~ nav))", "#site-header");
    // Both public layouts: "default" (home, catalogue, map) and "about".
    for (const [index, path] of ["/", "/mapa", "/sobre"].entries()) {
      await page.goto(`${proxy.origin}${path}`);
      await expect(page.locator("#site-header nav").first()).toBeVisible();
      expect(await readFrames(page), path).toEqual({ sawPartial: false, shifts: [] });
      expect(proxy.cuts(), `${path} chegou cortado`).toBe(index + 1);
    }
  } finally {
    await stopProxy(page, proxy.server);
  }
});

test("um card desenhado antes da foto chegar já deixa o lugar dela: o texto não desce", async ({ page }) => {
  // Cut the first card between its text and its photo frame (which comes last in the link).
  const proxy = await startSplittingProxy((html) => {
    const card = html.indexOf("data-listing-code=");
    const textEnd = html.indexOf("</div></div><div", card);
    return card < 0 || textEnd < 0 ? -1 : textEnd + "</div></div>".length;
  });
  try {
    const firstCard = "main a[data-listing-code]";
    // A card with its text but not yet its photo frame: the link's only child.
    await recordFrames(page, `${firstCard}:not(:has(> :nth-child(2)))`, firstCard);
    await page.goto(`${proxy.origin}${LISTINGS_PATH}`);
    await expect(page.locator(firstCard).first()).toBeVisible();
    // The cut was painted (the check is not vacuous), and nothing in the cards moved.
    expect(await readFrames(page)).toEqual({ sawPartial: true, shifts: [] });
    expect(proxy.cuts()).toBe(1);
  } finally {
    await stopProxy(page, proxy.server);
  }
});
