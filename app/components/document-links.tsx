/**
 * The document's `<link>` tags, as Remix's `<Links>` writes them, except that
 * a first load carries its stylesheets inline
 * (docs/decisions/0045-inline-stylesheets.md).
 *
 * A page links 16–18 small stylesheets (vanilla-extract writes one per
 * module). The browser paints nothing until all of them arrived, and on a
 * phone over HTTP/1.1 they queue six at a time behind the document: most of
 * the time before the largest paint was that wait. Inline, they arrive with
 * the document.
 *
 * - On the server, each stylesheet whose text {@link InlineStylesheetsProvider}
 *   supplies becomes `<style data-href="/assets/x.css">text</style>`, in the
 *   place and order of its `<link>`; the others stay links.
 * - Beside each `<style>`, the same `<link rel="stylesheet">` with `disabled`:
 *   a disabled stylesheet link is never fetched, but it is what Vite's loader
 *   of lazy chunks and Remix's loader of the next route look for before they
 *   add a stylesheet. Without it, a lazy chunk (the map, the gallery) would
 *   append again, after the page's own rules, every shared stylesheet it
 *   imports: a second download and a different cascade.
 * - In the browser, {@link readInlineStylesheets} collects those elements
 *   before hydration, so the first render writes the same `<style>` elements
 *   (hydration matches). After a client-side navigation, a stylesheet the
 *   first document did not carry is a `<link>`, which Remix loads before it
 *   shows the page, as before.
 *
 * Which links, in which order: per matched route (up to the one whose error
 * boundary shows, if any), its CSS from the build manifest then its `links()`,
 * without repeats: Remix 2's `getKeyedLinksForMatches`, which it does not
 * export. The manifest, route modules and matches come from Remix's internal
 * contexts, through `~/lib/framework-internals` (docs/decisions/0078).
 */
import type { LinkDescriptor } from "@remix-run/node";
import { PrefetchPageLinks } from "@remix-run/react";
import { createContext, Fragment, useContext, useMemo } from "react";
import { useDocumentLinkSources } from "~/lib/framework-internals";

/** The text of a built stylesheet by its href, or undefined to keep it a `<link>`. */
export type StylesheetTexts = (href: string) => string | undefined;

const InlineStylesheetsContext = createContext<StylesheetTexts>(() => undefined);

/** Supplies the stylesheet texts to {@link DocumentLinks} (server: the build's files; browser: the page's `<style>`s). */
export const InlineStylesheetsProvider = InlineStylesheetsContext.Provider;

/**
 * The texts of the stylesheets the server wrote inline in `root`
 * (`style[data-href]`), by href. Read before hydration, so that the first
 * render writes them as they are.
 */
export function readInlineStylesheets(root: ParentNode = document): StylesheetTexts {
  const texts = new Map<string, string>();
  for (const element of root.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    const href = element.dataset.href;
    if (href) texts.set(href, element.textContent ?? "");
  }
  return (href) => texts.get(href);
}

/** One entry of the document's links: its key and what it is. */
export interface KeyedLink {
  key: string;
  link: LinkDescriptor;
}

/**
 * The link descriptors of `routeIds`, in order: each route's manifest CSS then
 * its module's `links()`; a descriptor equal to an earlier one (same keys and
 * values) is dropped.
 */
export function documentLinkDescriptors(
  routeIds: readonly string[],
  manifestRoutes: Record<string, { css?: string[] } | undefined>,
  routeModules: Record<string, { links?: () => LinkDescriptor[] } | undefined>,
): KeyedLink[] {
  const seen = new Set<string>();
  const result: KeyedLink[] = [];
  for (const id of routeIds) {
    const css = (manifestRoutes[id]?.css ?? []).map((href): LinkDescriptor => ({ rel: "stylesheet", href }));
    for (const link of [...css, ...(routeModules[id]?.links?.() ?? [])]) {
      const key = JSON.stringify(Object.fromEntries(Object.entries(link).sort(([a], [b]) => (a < b ? -1 : 1))));
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ key, link });
    }
  }
  return result;
}

/**
 * Drop-in for Remix's `<Links>` in the document's `<head>`.
 * @throws {Error} outside a Remix app.
 */
export function DocumentLinks() {
  const { routeIds, manifestRoutes, routeModules } = useDocumentLinkSources();
  const stylesheetText = useContext(InlineStylesheetsContext);
  const links = useMemo(
    () => documentLinkDescriptors(routeIds, manifestRoutes, routeModules),
    [routeIds, manifestRoutes, routeModules],
  );
  return (
    <>
      {links.map(({ key, link }) => {
        if ("page" in link) return <PrefetchPageLinks key={key} {...link} />;
        const text = link.rel === "stylesheet" && link.href && !link.media ? stylesheetText(link.href) : undefined;
        if (text === undefined) return <link key={key} {...link} />;
        return (
          <Fragment key={key}>
            <style data-href={link.href} dangerouslySetInnerHTML={{ __html: text }} />
            {/* Never fetched (disabled): tells Vite's and Remix's loaders the stylesheet is in the page. */}
            <link rel="stylesheet" href={link.href} {...{ disabled: true }} />
          </Fragment>
        );
      })}
    </>
  );
}
