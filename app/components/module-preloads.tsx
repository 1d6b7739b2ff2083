/**
 * `<link rel="modulepreload">` for the scripts of the first page, with the
 * request's CSP nonce, rendered just before `<Scripts>` at the end of `<body>`.
 *
 * Remix 2's `<Scripts>` writes the same links without the nonce. Under the
 * site's policy (`script-src 'nonce-…' 'strict-dynamic'`,
 * server/security-headers.ts) a modulepreload without the nonce is never
 * fetched, so every module waited until the inline module script at the very
 * end of the document ran, one level of imports at a time (on `/mapa`: the
 * first script requested 0.75 s after the document arrived). With the nonce
 * the browser's preload scanner fetches them all while it parses the page
 * (ADR 0042). At the end of `<body>`, not in `<head>`: the stylesheets and the
 * page's images are asked for first. The links `<Scripts>` still writes are
 * ignored by the browser (no request, no console message).
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

/** The nonced preload links of the current page (render once, before `<Scripts>`). */
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
