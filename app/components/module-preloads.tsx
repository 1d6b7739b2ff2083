/**
 * `<link rel="modulepreload">` for the scripts of the first page, with the
 * request's CSP nonce, in `<head>`.
 *
 * Remix 2's `<Scripts>` writes the same links at the end of `<body>` without
 * the nonce. Under the site's policy (`script-src 'nonce-…' 'strict-dynamic'`,
 * server/security-headers.ts) a modulepreload without the nonce is never
 * fetched, so every module waited until the inline module script at the very
 * end of the document asked for it (on `/mapa`: scripts requested 0.75 s
 * after the document arrived). With the nonce, and in `<head>`, the browser
 * fetches them while it parses the page (ADR 0042). The links `<Scripts>`
 * still writes are ignored by the browser (no request, no console message).
 *
 * The list is the one `<Scripts>` computes: the route manifest (Remix loads it
 * at start-up unless lazy route discovery is on), the client entry and its
 * imports, then each matched route's imports and module, without repeats.
 */
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext } from "react";

/** The scripts to preload for the matched routes, in `<Scripts>`' order (URLs under `/assets`). */
export function modulePreloadHrefs(
  manifest: {
    url: string;
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] } | undefined>;
  },
  routeIds: readonly string[],
  lazyRouteDiscovery: boolean,
): string[] {
  const hrefs = [
    ...(lazyRouteDiscovery ? [] : [manifest.url]),
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routeIds.flatMap((id) => {
      const route = manifest.routes[id];
      return route ? [...(route.imports ?? []), route.module] : [];
    }),
  ];
  return [...new Set(hrefs)];
}

/** The nonced preload links of the current page (render once, in `<head>`). */
export function ModulePreloads({ nonce }: { nonce: string }) {
  const context = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (!context) return null;
  const lazyRouteDiscovery = context.future.v3_lazyRouteDiscovery === true && !context.isSpaMode;
  const hrefs = modulePreloadHrefs(
    context.manifest,
    matches.map((match) => match.id),
    lazyRouteDiscovery,
  );
  return (
    <>
      {hrefs.map((href) => (
        // The browser hides nonce values from the DOM: the client's "" is not a mismatch.
        <link key={href} rel="modulepreload" href={href} nonce={nonce || undefined} suppressHydrationWarning />
      ))}
    </>
  );
}
