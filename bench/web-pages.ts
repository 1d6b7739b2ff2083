/**
 * The public page types `npm run bench:web` measures (an example URL and the
 * routes each first load runs), their shared targets, and the weight of a
 * first load read from the build's manifest.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { root } from "./web-site";

/** A public page type: where to find an example URL and which routes its first load runs. */
export interface PageType {
  key: string;
  label: string;
  /** Route ids of the first load, outermost first (root excluded), as in app/routes.ts. */
  routes: string[];
  /** A fixed path, or a function finding one on the running site. */
  path: string | ((origin: string) => Promise<string>);
  /** Lighthouse performance target (score 0–100). */
  performance: number;
  /** JavaScript budget of the first load, KB as sent (brotli, 1 KB = 1024 bytes). */
  jsKb: number;
  /**
   * The page answers `noindex, follow` by design (internal search results,
   * docs/decisions/0010-free-text-search.md): Lighthouse's `is-crawlable`
   * audit, which fails any noindex page, is left out of its SEO score.
   */
  noindex?: true;
}

/** CSS budget of a first load, KB as sent (brotli): one layout's styles plus the page's. */
export const CSS_BUDGET_KB = 20;
/** Lighthouse targets shared by every page type. */
export const TARGETS = { tbtMs: 200, lcpMs: 2500, cls: 0.02, otherScores: 100 } as const;

/** Finds the first `href` matching `pattern` on the page at `from`. */
function firstLink(from: string, pattern: RegExp): (origin: string) => Promise<string> {
  return async (origin) => {
    const html = await (await fetch(origin + from)).text();
    const match = pattern.exec(html);
    if (!match) throw new Error(`nenhum link ${pattern} em ${from}`);
    return match[1].replaceAll("&amp;", "&");
  };
}

/** Targets of every page type but the map's. */
const DEFAULT_TARGETS = { performance: 95, jsKb: 110 } as const;
/** The list page measured, whose first listing is also the listing page's and the booking page's example. */
const LIST_PATH = "/todos-os-imoveis/aluguel-apartamento-sao-paulo-moema";
const firstListing = firstLink(LIST_PATH, /href="(\/detalhes\/[^"/]+\/[^"/?#]+)"/);

/**
 * A page type whose first load runs `layouts/default` and `routes/{route}`, with
 * {@link DEFAULT_TARGETS}; `extra` overrides or adds fields.
 */
function pageType(
  key: string,
  label: string,
  route: string,
  example: PageType["path"],
  extra: Partial<PageType> = {},
): PageType {
  return { key, label, routes: ["layouts/default", `routes/${route}`], path: example, ...DEFAULT_TARGETS, ...extra };
}

/** The page types measured, in the order of the report. */
export const PAGE_TYPES: PageType[] = [
  pageType("home", "/", "home", "/"),
  pageType("list", "lista", "listings-filtered", LIST_PATH),
  pageType("listing", "imóvel", "listing", firstListing),
  pageType("condominium", "condomínio", "condominium", firstLink("/condominios", /href="(\/detalhes\/[^"/?#]+)"/)),
  pageType("search", "/busca?q=moema", "search", "/busca?q=moema", { noindex: true }),
  pageType("about", "/sobre", "about", "/sobre", { routes: ["layouts/about", "routes/about"] }),
  pageType("map", "/mapa", "map", "/mapa", { performance: 90, jsKb: 170 }),
  pageType("valuation", "/anunciar", "valuation", "/anunciar"),
  pageType("neighbourhoods", "/bairros", "neighbourhoods", "/bairros"),
  pageType("neighbourhood", "bairro", "neighbourhood", "/bairros/sao-paulo/moema"),
  pageType("visit", "agendar visita", "visit-book", async (origin) => `${await firstListing(origin)}/agendar`, {
    noindex: true,
  }),
];

/** The part of Remix's server build manifest read here. */
export interface AssetsManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] } | undefined>;
}

/** JS and CSS of one page type's first load: bytes as sent (brotli), and gzip. */
export interface BuildWeight {
  jsBytes: number;
  cssBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsFiles: number;
  cssFiles: number;
}

/** Sums the sizes of the files a page type's first load asks for. */
export function buildWeight(manifest: AssetsManifest, routeIds: string[]): BuildWeight {
  const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>();
  for (const id of ["root", ...routeIds]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`rota ${id} ausente do manifesto`);
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  const file = (name: string) => path.join(root, "build/client", name);
  const gzip = (name: string) => gzipSync(fs.readFileSync(file(name))).length;
  // The build's own .br file; small files it left uncompressed are compressed here to compare alike.
  const brotli = (name: string) =>
    fs.existsSync(`${file(name)}.br`)
      ? fs.statSync(`${file(name)}.br`).size
      : Math.min(fs.statSync(file(name)).size, brotliCompressSync(fs.readFileSync(file(name))).length);
  const sum = (files: Set<string>, size: (name: string) => number) =>
    [...files].reduce((total, name) => total + size(name), 0);
  return {
    jsBytes: sum(js, brotli),
    cssBytes: sum(css, brotli),
    jsGzipBytes: sum(js, gzip),
    cssGzipBytes: sum(css, gzip),
    jsFiles: js.size,
    cssFiles: css.size,
  };
}
