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

export const PAGE_TYPES: PageType[] = [
  { key: "home", label: "/", routes: ["layouts/default", "routes/home"], path: "/", performance: 95, jsKb: 110 },
  {
    key: "list",
    label: "lista",
    routes: ["layouts/default", "routes/listings-filtered"],
    path: "/todos-os-imoveis/aluguel-apartamento-sao-paulo-moema",
    performance: 95,
    jsKb: 110,
  },
  {
    key: "listing",
    label: "imóvel",
    routes: ["layouts/default", "routes/listing"],
    path: firstLink("/todos-os-imoveis/aluguel-apartamento-sao-paulo-moema", /href="(\/detalhes\/[^"/]+\/[^"/?#]+)"/),
    performance: 95,
    jsKb: 110,
  },
  {
    key: "condominium",
    label: "condomínio",
    routes: ["layouts/default", "routes/condominium"],
    path: firstLink("/condominios", /href="(\/detalhes\/[^"/?#]+)"/),
    performance: 95,
    jsKb: 110,
  },
  {
    key: "search",
    label: "/busca?q=moema",
    routes: ["layouts/default", "routes/search"],
    path: "/busca?q=moema",
    performance: 95,
    jsKb: 110,
    noindex: true,
  },
  {
    key: "about",
    label: "/sobre",
    routes: ["layouts/about", "routes/about"],
    path: "/sobre",
    performance: 95,
    jsKb: 110,
  },
  { key: "map", label: "/mapa", routes: ["layouts/default", "routes/map"], path: "/mapa", performance: 90, jsKb: 170 },
  {
    key: "valuation",
    label: "/anunciar",
    routes: ["layouts/default", "routes/valuation"],
    path: "/anunciar",
    performance: 95,
    jsKb: 110,
  },
  {
    key: "neighbourhoods",
    label: "/bairros",
    routes: ["layouts/default", "routes/neighbourhoods"],
    path: "/bairros",
    performance: 95,
    jsKb: 110,
  },
  {
    key: "neighbourhood",
    label: "bairro",
    routes: ["layouts/default", "routes/neighbourhood"],
    path: "/bairros/sao-paulo/moema",
    performance: 95,
    jsKb: 110,
  },
  {
    key: "visit",
    label: "agendar visita",
    routes: ["layouts/default", "routes/visit-book"],
    path: async (origin) =>
      `${await firstLink("/todos-os-imoveis/aluguel-apartamento-sao-paulo-moema", /href="(\/detalhes\/[^"/]+\/[^"/?#]+)"/)(origin)}/agendar`,
    performance: 95,
    jsKb: 110,
    noindex: true,
  },
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
