/**
 * A first load carries its stylesheets inside the document (ADR 0045): the
 * browser asks for no stylesheet before it paints, hydration keeps the
 * `<style>` elements the server wrote (no mismatch, which the console guard
 * would report), and a client-side navigation still brings the next page's
 * stylesheets, as links, before it shows it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { listingPaths, LISTINGS_PATH, publicPagePaths, stubMapTiles, waitForHydration, hydrateIsland } from "./helpers";

/**
 * The stylesheets the document holds: inline ones by their `data-href`, the
 * disabled links that stand beside them, and the enabled links (path only).
 */
function documentStylesheets(
  page: Page,
): Promise<{ inline: string[]; disabled: string[]; links: { href: string; loaded: boolean }[] }> {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return {
      inline: [...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map(
        (element) => element.dataset.href ?? "",
      ),
      disabled: links.filter((element) => element.disabled).map((element) => new URL(element.href).pathname),
      links: links
        .filter((element) => !element.disabled)
        .map((element) => ({ href: new URL(element.href).pathname, loaded: element.sheet !== null })),
    };
  });
}

test.describe("estilos na primeira carga", () => {
  test("as páginas públicas chegam com os estilos no documento e não pedem nenhum arquivo CSS", async ({
    page,
    request,
  }) => {
    await stubMapTiles(page);
    const paths = await publicPagePaths(request);
    const cssRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet" || /\.css(\?|$)/.test(request.url())) cssRequests.push(request.url());
    });
    for (const path of paths) {
      cssRequests.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      if (path === "/mapa") await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
      // Islands, whose code comes later, were painted with the document's stylesheets too.
      for (const name of await page
        .locator("[data-island]:visible, [data-island]:has(> :visible)")
        .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-island") ?? "")))
        await hydrateIsland(page, name);
      const { inline, disabled, links } = await documentStylesheets(page);
      // At least the stylesheet every page shares (the shell's, ADR 0047) and the page's own.
      expect(inline.length, path).toBeGreaterThan(1);
      expect(
        inline.filter((href) => /^\/assets\/shell-[\w-]+\.css$/.test(href)),
        path,
      ).toHaveLength(1);
      expect(new Set(inline).size, path).toBe(inline.length);
      expect(disabled, path).toEqual(inline);
      // Lazy chunks (the map, the gallery) add only the stylesheets the page did not carry, never one of its own again.
      expect(
        links.filter((link) => inline.includes(link.href)),
        path,
      ).toEqual([]);
      expect(
        cssRequests.filter((url) => inline.includes(new URL(url).pathname)),
        path,
      ).toEqual([]);
      expect(cssRequests.sort(), path).toEqual(links.map((link) => new URL(link.href, page.url()).href).sort());
      // Only the maps bring a stylesheet of their own (Leaflet's, once scrolled to); no island does.
      if (path !== "/mapa")
        expect(
          cssRequests.filter((url) => !/\/assets\/leaflet-[\w-]+\.css$/.test(url)),
          path,
        ).toEqual([]);
      // The site's styles apply: the header sticks to the top (unstyled, it would be static).
      await expect(page.locator("body > * header").first()).toHaveCSS("position", "sticky");
    }
  });

  test("uma navegação pelo site traz os estilos da página seguinte antes de mostrá-la, e a volta mantém os da primeira", async ({
    page,
    request,
  }) => {
    const [listing] = await listingPaths(request);
    // What a first load of the listing holds: every stylesheet it needs.
    await page.goto(listing!);
    await waitForHydration(page);
    const needed = (await documentStylesheets(page)).inline.sort();
    const title = await page.getByRole("heading", { level: 1 }).textContent();

    await page.goto(LISTINGS_PATH);
    await waitForHydration(page);
    const listStyles = (await documentStylesheets(page)).inline.sort();
    const listTitle = await page.getByRole("heading", { level: 1 }).textContent();
    await page.locator(`a[href="${listing}"]`).first().click();
    await expect(page).toHaveURL(listing!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
    const afterNavigation = await documentStylesheets(page);
    // The listing's own stylesheets came as links, all loaded when the page showed; the shared ones stayed inline.
    expect(afterNavigation.links.length).toBeGreaterThan(0);
    expect(afterNavigation.links.filter((link) => !link.loaded)).toEqual([]);
    expect(afterNavigation.disabled).toEqual(afterNavigation.inline);
    expect([...afterNavigation.inline, ...afterNavigation.links.map((link) => link.href)].sort()).toEqual(needed);

    await page.goBack();
    await expect(page).toHaveURL(LISTINGS_PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listTitle!);
    const back = await documentStylesheets(page);
    expect(back.inline.sort()).toEqual(listStyles);
    expect(back.links).toEqual([]);
  });

  test.describe("sem JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("toda parte de uma página de imóvel à venda tem seus estilos no documento", async ({ page, request }) => {
      const [path] = await listingPaths(request, `${LISTINGS_PATH}/venda`);
      await page.goto(path!);
      await expect(page.locator("#simulador")).toBeVisible();
      // Every element with a class has at least one class that a rule of the document's stylesheets names.
      const unstyled = await page.evaluate(() => {
        const named = new Set<string>();
        const collect = (rules: CSSRuleList) => {
          for (const rule of rules) {
            if (rule instanceof CSSStyleRule)
              for (const [, name] of rule.selectorText.matchAll(/\.([\w-]+)/g)) named.add(name);
            if ("cssRules" in rule) collect((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of document.styleSheets) collect(sheet.cssRules);
        return [...document.body.querySelectorAll("[class]")]
          .filter((element) => element.classList.length && ![...element.classList].some((name) => named.has(name)))
          .map((element) => element.outerHTML.slice(0, 120));
      });
      expect(unstyled).toEqual([]);
    });
  });
});
