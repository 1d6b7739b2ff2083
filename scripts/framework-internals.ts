/**
 * The one door to framework internals at build time (vite.config.ts,
 * scripts/client-chunks.ts, scripts/check-build.ts): what the build relies on
 * of Remix's Vite plugin and of Leaflet's files that neither documents. The
 * run-time door is app/lib/framework-internals.ts
 * (docs/decisions/0078-internals-behind-one-door.md).
 *
 * Each entry says why no supported API does its job and what breaks, and how,
 * when the internal changes; {@link BUILD_DOOR_EXPECTATIONS} is what
 * `npm run build` checks of the installed packages, and the build check
 * (scripts/check-build.ts) also checks the build's output against each entry.
 */
import type { ExpectedModule } from "../app/lib/framework-internals";

// ---------------------------------------------------------------------------
// 1. The module id of a route's browser entry (vite.config.ts, client-chunks.ts; ADR 0047, 0051, 0057).
//
// Why: `manualChunks` sees module ids only. Remix's Vite plugin makes each
// route module a browser build entry under its file's path followed by this
// query; Remix documents no way to ask which entry is which route.
// What breaks if it changes: no entry matches the root route or a page type,
// so nothing goes to `shell` and `vendor` (twenty-odd small chunks come back)
// and the build still succeeds. The build check fails: it wants the `shell`
// and `vendor` chunks, and a module matched by each page type's predicate.
// ---------------------------------------------------------------------------

/** The query Remix's Vite plugin appends to a route module to make it a browser build entry. */
export const CLIENT_ROUTE_QUERY = "?__remix-build-client-route";

/**
 * A predicate accepting the browser build entry of the route module `file`.
 * @param file the module's path from the project root, e.g. `app/routes/map.tsx`.
 */
export function isClientRouteEntry(file: string): (entryId: string) => boolean {
  return (entryId) => entryId.endsWith(`/${file}${CLIENT_ROUTE_QUERY}`);
}

// ---------------------------------------------------------------------------
// 2. Leaflet's stylesheet's file name (vite.config.ts `assetFileNames`).
//
// Why: the stylesheet is emitted twice in the browser build, for map.tsx's
// `?url` import and as CSS of the map's chunks, and Rollup keeps one file
// named after whichever came first; the server build sees only the `?url`
// import. Naming every asset whose source is Leaflet's `leaflet.css` after
// Leaflet makes both builds agree. Rollup's `names` is public; the file's
// name inside the leaflet package is not a promise.
// What breaks if it changes: the server links a stylesheet the browser build
// never wrote (a 404, the map unstyled). The build check compares the name
// the server build uses with the files of the browser build.
// ---------------------------------------------------------------------------

/** The file name of Leaflet's stylesheet in its package (`leaflet/dist/leaflet.css`). */
export const LEAFLET_STYLESHEET = "leaflet.css";

/** Rollup's `assetFileNames` for the browser build: Leaflet's stylesheet always as `assets/leaflet-[hash].css`. */
export function assetFileNames(asset: { names: readonly string[] }): string {
  return asset.names.includes(LEAFLET_STYLESHEET) ? "assets/leaflet-[hash][extname]" : "assets/[name]-[hash][extname]";
}

// ---------------------------------------------------------------------------
// 3. The browser build's manifest file (read by scripts/check-build.ts only).
//
// Why: the check compares the manifest the browser loads with the one the
// server build renders the HTML from; Remix writes the browser's as a script
// assigning this global, and documents neither.
// What breaks if it changes: the build check cannot read it and fails, saying so.
// ---------------------------------------------------------------------------

/** What Remix's browser manifest file (`<assets>/manifest-<version>.js`) begins with, before its JSON. */
export const CLIENT_MANIFEST_PREFIX = "window.__remixManifest=";

/** What the entries above expect of Remix's Vite plugin (checked by `npm run build`). */
export const BUILD_DOOR_EXPECTATIONS: readonly ExpectedModule[] = [
  {
    module: "@remix-run/dev",
    major: { packageName: "@remix-run/dev", version: 2 },
    sourceContains: { file: "dist/vite/plugin.js", text: `"${CLIENT_ROUTE_QUERY}"` },
  },
  {
    module: "@remix-run/dev",
    sourceContains: { file: "dist/vite/plugin.js", text: CLIENT_MANIFEST_PREFIX },
  },
];
