/**
 * What a public page asks of the browser while it loads, beyond what a
 * visitor sees:
 * - no locale data. The first `Intl` call of a page (a number or date format,
 *   a collator, `toLocaleString`, `localeCompare`) loads the browser's locale
 *   data, 60–200 ms of main thread on a phone before the page responds; the
 *   site writes its pt-BR numbers and dates itself (`~/lib/format`, ADR 0043);
 * - no code it needs only later: the slug library comes with the filters'
 *   URL reader on the first choice in the form, and isbot's pattern list
 *   stays on the server (ADR 0046).
 */
import type { Page } from "@playwright/test";
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
