import type { ManualChunkMeta, ModuleInfo } from "rollup";
import { describe, expect, it } from "vitest";
import { SHELL_CHUNK, shellChunks, VENDOR_CHUNK } from "./client-chunks";
import { CLIENT_ROUTE_QUERY } from "./framework-internals";

/**
 * A module graph as Rollup's `manualChunks` sees it: static and dynamic
 * imports and importers by id, and each module's code (empty unless given).
 */
function graph(
  modules: Record<
    string,
    { imports?: string[]; importers?: string[]; dynamic?: string[]; entry?: boolean; code?: string }
  >,
): ManualChunkMeta {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id) => {
      const module = modules[id];
      if (!module) return null;
      return {
        id,
        isEntry: module.entry ?? false,
        importedIds: module.imports ?? [],
        importers: module.importers ?? [],
        dynamicallyImportedIds: module.dynamic ?? [],
        code: module.code ?? "",
      } as unknown as ModuleInfo;
    },
  };
}

const ENTRY = "/site/app/entry.client.tsx";
const ROOT = "/site/app/root.tsx";
const LIST = "/site/app/routes/listings.tsx";
const REACT = "/site/node_modules/react/index.js";
const LEAFLET = "/site/node_modules/leaflet/dist/leaflet-src.js";
/** A virtual module of the CommonJS plugin (NUL-prefixed id), imported by React's wrapped modules. */
const CJS_HELPERS = "\0commonjsHelpers.js";

const meta = graph({
  [ENTRY]: { entry: true, imports: [REACT, "/site/app/components/error-screen.tsx"] },
  [ROOT + CLIENT_ROUTE_QUERY]: { entry: true, imports: [ROOT] },
  [ROOT]: { imports: [REACT, "/site/app/components/site-shell.tsx", "/site/app/lib/format.ts"] },
  "/site/app/components/site-shell.tsx": { imports: ["/site/app/components/icons.tsx"] },
  "/site/app/components/icons.tsx": {},
  "/site/app/components/error-screen.tsx": { dynamic: ["/site/app/lib/analytics-client.ts"] },
  "/site/app/lib/format.ts": {},
  "/site/app/lib/analytics-client.ts": { imports: ["/site/app/lib/format.ts"] },
  [LIST + CLIENT_ROUTE_QUERY]: { entry: true, imports: [LIST] },
  [LIST]: { imports: [REACT, "/site/app/lib/format.ts", "/site/app/components/filters-form.tsx", LEAFLET] },
  "/site/app/components/filters-form.tsx": {},
  [REACT]: { imports: [CJS_HELPERS] },
  [CJS_HELPERS]: {},
  [LEAFLET]: {},
});
const chunkOf = shellChunks((id) => id === ENTRY || id === ROOT + CLIENT_ROUTE_QUERY);
const assigned = (id: string) => chunkOf(id, meta);

describe("shellChunks", () => {
  it("puts the site's modules the entry and the root import, however deep, in the shell chunk", () => {
    expect(assigned("/site/app/components/site-shell.tsx")).toBe(SHELL_CHUNK);
    expect(assigned("/site/app/components/icons.tsx")).toBe(SHELL_CHUNK);
    expect(assigned("/site/app/components/error-screen.tsx")).toBe(SHELL_CHUNK);
    // Also imported by a route: every page loads it anyway.
    expect(assigned("/site/app/lib/format.ts")).toBe(SHELL_CHUNK);
  });

  it("puts the packages they import, and the build's helpers the packages use, in the vendor chunk", () => {
    expect(assigned(REACT)).toBe(VENDOR_CHUNK);
    // In shell, it would make vendor and shell import each other.
    expect(assigned(CJS_HELPERS)).toBe(VENDOR_CHUNK);
  });

  it("leaves the entries and the root route module to their own chunks", () => {
    expect(assigned(ENTRY)).toBeUndefined();
    expect(assigned(ROOT + CLIENT_ROUTE_QUERY)).toBeUndefined();
    expect(assigned(ROOT)).toBeUndefined();
  });

  it("leaves to Rollup what only a route or a dynamic import reaches", () => {
    expect(assigned("/site/app/lib/analytics-client.ts")).toBeUndefined();
    expect(assigned("/site/app/components/filters-form.tsx")).toBeUndefined();
    expect(assigned(LIST)).toBeUndefined();
    expect(assigned(LEAFLET)).toBeUndefined();
  });
});

describe("shellChunks with catalogue pages", () => {
  const HOME = "/site/app/routes/home.tsx";
  const LISTING = "/site/app/routes/listing.tsx";
  const IMAGES = "/site/app/lib/images.ts";
  const GALLERY = "/site/app/components/gallery.tsx";
  const withPages = graph({
    [ENTRY]: { entry: true, imports: [REACT] },
    [ROOT + CLIENT_ROUTE_QUERY]: { entry: true, imports: [ROOT] },
    [ROOT]: { imports: [REACT] },
    [HOME + CLIENT_ROUTE_QUERY]: { entry: true, imports: [HOME] },
    [HOME]: { imports: [IMAGES, "/site/node_modules/slug/index.js"] },
    [LISTING + CLIENT_ROUTE_QUERY]: { entry: true, imports: [LISTING] },
    [LISTING]: { imports: [GALLERY, "/site/node_modules/slug/index.js"] },
    [GALLERY]: { imports: [IMAGES] },
    [IMAGES]: {},
    "/site/node_modules/slug/index.js": {},
    [REACT]: {},
  });
  const page = (file: string) => (id: string) => id === file + CLIENT_ROUTE_QUERY;
  const chunkOfPage = shellChunks(
    (id) => id === ENTRY || id === ROOT + CLIENT_ROUTE_QUERY,
    [page(HOME), page(LISTING)],
  );

  it("puts a site module every catalogue page reaches, however deep, in the shell", () => {
    expect(chunkOfPage(IMAGES, withPages)).toBe(SHELL_CHUNK);
  });

  it("leaves to Rollup a module only some catalogue pages reach, packages, and the route modules", () => {
    expect(chunkOfPage(GALLERY, withPages)).toBeUndefined();
    expect(chunkOfPage("/site/node_modules/slug/index.js", withPages)).toBeUndefined();
    expect(chunkOfPage(HOME, withPages)).toBeUndefined();
  });

  it("adds nothing when a catalogue page has no entry in the build", () => {
    const missing = shellChunks(() => false, [page(HOME), page("/site/app/routes/gone.tsx")]);
    expect(missing(IMAGES, withPages)).toBeUndefined();
  });
});

describe("shellChunks with small shared modules", () => {
  const route = (name: string) => `/site/app/routes/${name}.tsx`;
  const BREADCRUMBS = "/site/app/components/breadcrumbs.tsx";
  const GRID = "/site/app/components/listing-grid.tsx";
  const FAVOURITES = "/site/app/lib/favourites.ts";
  const HEART = "/site/app/components/favourite-button.tsx";
  const SLUG = "/site/node_modules/slug/index.js";
  const BREADCRUMBS_CSS = "/site/app/components/breadcrumbs.css.ts.vanilla.css?source=x";
  const GRID_CSS = "/site/app/components/listing-grid.css.ts.vanilla.css?source=y";
  const PAGES = ["home", "listings", "listing", "condominium"];
  const code = (chars: number) => "x".repeat(chars);
  const modules: Parameters<typeof graph>[0] = {
    [ENTRY]: { entry: true, imports: [REACT] },
    [ROOT + CLIENT_ROUTE_QUERY]: { entry: true, imports: [ROOT] },
    [ROOT]: { imports: [REACT] },
    // Three of four pages: small, large, and small but importing what only pages reach.
    [route("home")]: { imports: [GRID, HEART] },
    [route("listings")]: { imports: [BREADCRUMBS, GRID, HEART] },
    [route("listing")]: { imports: [BREADCRUMBS, GRID, HEART] },
    [route("condominium")]: { imports: [BREADCRUMBS] },
    [BREADCRUMBS]: { imports: [REACT, BREADCRUMBS_CSS], code: code(900) },
    [GRID]: { imports: [REACT, GRID_CSS], code: code(9_000) },
    [BREADCRUMBS_CSS]: { importers: [BREADCRUMBS] },
    [GRID_CSS]: { importers: [GRID] },
    [HEART]: { imports: [FAVOURITES, SLUG], code: code(500) },
    [FAVOURITES]: { code: code(300) },
    [SLUG]: { code: code(100) },
    [REACT]: {},
  };
  for (const page of PAGES) modules[route(page) + CLIENT_ROUTE_QUERY] = { entry: true, imports: [route(page)] };
  const meta = graph(modules);
  const chunk = shellChunks(
    (id) => id === ENTRY || id === ROOT + CLIENT_ROUTE_QUERY,
    PAGES.map((page) => (id: string) => id === route(page) + CLIENT_ROUTE_QUERY),
    { minPages: 3, maxCodeChars: 1_000 },
  );

  it("puts a small module most page types reach in the shell, with its stylesheet", () => {
    expect(chunk(BREADCRUMBS, meta)).toBe(SHELL_CHUNK);
    expect(chunk(BREADCRUMBS_CSS, meta)).toBe(SHELL_CHUNK);
  });

  it("never moves a stylesheet without the module that imports it", () => {
    // Small and reached by three pages, but the grid that imports it stays out.
    expect(chunk(GRID_CSS, meta)).toBeUndefined();
  });

  it("leaves a large one, one fewer pages reach, and packages to Rollup", () => {
    expect(chunk(GRID, meta)).toBeUndefined();
    expect(chunk(SLUG, meta)).toBeUndefined();
  });

  it("leaves a small module whose imports would pull another chunk into the shell", () => {
    // The heart imports a package no always-loaded module imports: in shell, shell would import its chunk.
    expect(chunk(HEART, meta)).toBeUndefined();
    // What the heart imports from the site goes on its own merits (small, three pages reach it).
    expect(chunk(FAVOURITES, meta)).toBe(SHELL_CHUNK);
  });
});
