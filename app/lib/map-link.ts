/**
 * The site header's "Mapa" link (ADR 0091, "list and map as one"): from a
 * list page or `/busca` it opens the map on the same search. Pure string
 * work on the current location, so the header (on every page) carries no
 * filter codec: the `/mapa` loader reads the parameters and answers a 301 to
 * its canonical URL (`mapUrl`).
 */
import { LISTINGS_PATH, MAP_PATH, SEARCH_PATH } from "./paths";

/** Query parameter of `/mapa` carrying a list page's `{filtros}` path segment, e.g. `venda-apartamento-moema`. */
export const LIST_SEGMENT_PARAM = "filtros";

/** Longest query string carried (characters): longer ones open the plain map. */
const MAX_CARRIED = 2_000;

/**
 * Where the "Mapa" link goes from `pathname` + `search` (the location's query
 * string, with or without "?"):
 * - `/todos-os-imoveis/{filtros}?…` → `/mapa?filtros={filtros}&…`;
 * - `/busca?q=…&…` → `/mapa?q=…&…` (the map reads the words it understands);
 * - `/mapa?…` → itself;
 * - anywhere else → `/mapa`.
 * The page number is dropped (a map has none of the list's pages).
 */
export function mapLinkFor(pathname: string, search: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  const params = new URLSearchParams(search);
  params.delete("pagina");
  if (path === LISTINGS_PATH || path.startsWith(`${LISTINGS_PATH}/`)) {
    const segment = decodeSegment(path.slice(LISTINGS_PATH.length + 1));
    if (segment) {
      const rest = [...params];
      for (const name of new Set(rest.map(([key]) => key))) params.delete(name);
      params.append(LIST_SEGMENT_PARAM, segment);
      for (const [name, value] of rest) params.append(name, value);
    }
  } else if (path !== SEARCH_PATH && path !== MAP_PATH) {
    return MAP_PATH;
  }
  const query = params.toString().replace(/%2C/g, ",");
  return query && query.length <= MAX_CARRIED ? `${MAP_PATH}?${query}` : MAP_PATH;
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
