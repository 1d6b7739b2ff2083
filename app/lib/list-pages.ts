/**
 * Head tags and URLs shared by the paginated public list pages
 * (`/todos-os-imoveis`, `/corretor/{filtro}`, `/condominios`, `/mapa`,
 * `/busca`): the tags appended to `pageMeta()`'s (`~/lib/meta`), and the
 * canonical URLs the loaders redirect to and the pagers link to (isomorphic).
 */
import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_SORT, type SortOrder } from "./filters";
import { CONDOMINIUMS_PATH, SEARCH_PATH } from "./paths";

/** The page-dependent parts of a list page's head. */
export interface PagingMeta {
  /** Absolute URL of the previous page, if any (`<link rel="prev">`). */
  prevUrl?: string | null;
  /** Absolute URL of the next page, if any (`<link rel="next">`). */
  nextUrl?: string | null;
  /** Whether the page asks not to be indexed (it stays followable). */
  noindex?: boolean;
}

/** The robots tag of pages that are not worth indexing but whose links are. */
export const NOINDEX_FOLLOW: MetaDescriptor = { name: "robots", content: "noindex, follow" };

/** Appends `rel="prev"`/`rel="next"` links and `noindex, follow` to `tags` (mutated and returned). */
export function withPagingMeta(tags: MetaDescriptor[], paging: PagingMeta): MetaDescriptor[] {
  if (paging.prevUrl) tags.push({ tagName: "link", rel: "prev", href: paging.prevUrl });
  if (paging.nextUrl) tags.push({ tagName: "link", rel: "next", href: paging.nextUrl });
  if (paging.noindex) tags.push(NOINDEX_FOLLOW);
  return tags;
}

/** " – Página 3" after the title of page 3 and later; "" on the first page. */
export function pageTitleSuffix(page: number): string {
  return page > 1 ? ` – Página ${page}` : "";
}

/**
 * `/busca?q=…&pagina=…` (no `pagina` on page 1; no `q` at all when it is
 * empty); `extra` parameters (the page's filters, sort) go between them.
 */
export function searchUrl(q: string, page = 1, extra: readonly [string, string][] = []): string {
  if (!q) return SEARCH_PATH;
  const params = new URLSearchParams([["q", q], ...extra]);
  if (page > 1) params.set("pagina", String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

/**
 * The canonical URL of a broker page (`path`, `/corretor/{slug}`) with
 * `?ordem=` (unless the default sort) and `?pagina=` (page 2 and later).
 */
export function brokerPageUrl(path: string, query: { sort?: SortOrder; page?: number }): string {
  const params: string[] = [];
  if (query.sort && query.sort !== DEFAULT_SORT) params.push(`ordem=${query.sort}`);
  if (query.page && query.page > 1) params.push(`pagina=${query.page}`);
  return params.length ? `${path}?${params.join("&")}` : path;
}

/** Condominiums per page of `/condominios` (the server's `CONDOMINIUM_PAGE_SIZE`). */
export const CONDOMINIUMS_PAGE_SIZE = 24;

/**
 * The canonical URL of the condominium index: `cidade`, then `bairro` (only
 * with a city), then `pagina` (page 2 and later), in that order.
 */
export function condominiumsPageUrl(city: string, neighbourhood: string, page = 1): string {
  const params: string[] = [];
  if (city) params.push(`cidade=${encodeURIComponent(city)}`);
  if (city && neighbourhood) params.push(`bairro=${encodeURIComponent(neighbourhood)}`);
  if (page > 1) params.push(`pagina=${page}`);
  return params.length ? `${CONDOMINIUMS_PATH}?${params.join("&")}` : CONDOMINIUMS_PATH;
}
