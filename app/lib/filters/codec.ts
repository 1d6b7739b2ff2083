/**
 * Writing the listings URL `/todos-os-imoveis/{filtros}?…` and the search
 * forms' fields (see the module comment of `~/lib/filters`); reading it is
 * `./parse`.
 */
import { LISTINGS_PATH } from "~/lib/paths";
import { formatFacet, isTrackingParam, normalizeFilters, QUERY_FACETS } from "./facets";
import { decodeSegment, indexOf, segmentKey, segmentOf, stripEmpty, type SegmentFilters } from "./segment";
import { type FilterVocabulary, type ListingFilters, MAIN_PARAMS } from "./types";

function queryPart(name: string, value: string | number): string {
  return `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`;
}

/**
 * The canonical path+search of `filters`, e.g.
 * `/todos-os-imoveis/venda-apartamento-sao-paulo-moema?quartos=3&pagina=2`.
 * Pass the vocabulary to get the canonical URL even when slugs collide (see
 * the module comment); without it the readable segment is always used.
 * Expects normalised filters ({@link normalizeFilters}); defaults are omitted.
 */
export function filtersToUrl(filters: ListingFilters, vocabulary?: FilterVocabulary): string {
  const f = normalizeFilters(filters);
  const main: SegmentFilters = stripEmpty({
    purpose: f.purpose,
    category: f.category,
    city: f.city,
    neighbourhoods: f.city ? f.neighbourhoods : undefined,
  });
  let segment = segmentOf(main);
  const query: string[] = [];
  if (segment && vocabulary) {
    const decoded = decodeSegment(segment, indexOf(vocabulary));
    if (decoded.length !== 1 || segmentKey(decoded[0]) !== segmentKey(main)) {
      // Ambiguous under this vocabulary: spell the main facets as parameters.
      segment = "";
      if (main.purpose) query.push(queryPart(MAIN_PARAMS.purpose, main.purpose));
      if (main.category) query.push(queryPart(MAIN_PARAMS.category, main.category));
      if (main.city) query.push(queryPart(MAIN_PARAMS.city, main.city));
      for (const nb of main.neighbourhoods ?? []) query.push(queryPart(MAIN_PARAMS.neighbourhood, nb));
    }
  }
  for (const facet of QUERY_FACETS) {
    const value = f[facet.key];
    if (value != null) query.push(queryPart(facet.param, formatFacet(facet, value)));
  }
  const path = segment ? `${LISTINGS_PATH}/${segment}` : LISTINGS_PATH;
  return query.length ? `${path}?${query.join("&")}` : path;
}

/**
 * Where to redirect a request for the listings page: the canonical path+search
 * plus the request's tracking parameters (utm_*, gclid…), or null when the
 * request already is canonical (tracking parameters aside).
 */
export function canonicalRedirect(requestUrl: URL, canonical: string): string | null {
  const kept: string[] = [];
  const rest: string[] = [];
  for (const part of requestUrl.search.replace(/^\?/, "").split("&")) {
    if (!part) continue;
    const name = safeDecode(part.split("=")[0]);
    (isTrackingParam(name) ? kept : rest).push(part);
  }
  const current = requestUrl.pathname + (rest.length ? `?${rest.join("&")}` : "");
  if (current === canonical) return null;
  const trackingParts = kept.filter((p) => !/^_(?:data|routes)=/i.test(p));
  if (!trackingParts.length) return canonical;
  return `${canonical}${canonical.includes("?") ? "&" : "?"}${trackingParts.join("&")}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The filters as query parameters of the search forms (`finalidade`, `tipo`,
 * `cidade`, `bairro`, then the query facets), e.g. for hidden inputs that keep
 * the other filters when one control submits. Page is left out.
 */
export function filtersToFormEntries(filters: ListingFilters): [string, string][] {
  const f = normalizeFilters(filters);
  const entries: [string, string][] = [];
  if (f.purpose) entries.push([MAIN_PARAMS.purpose, f.purpose]);
  if (f.category) entries.push([MAIN_PARAMS.category, f.category]);
  if (f.city) entries.push([MAIN_PARAMS.city, f.city]);
  for (const nb of f.neighbourhoods ?? []) entries.push([MAIN_PARAMS.neighbourhood, nb]);
  for (const facet of QUERY_FACETS) {
    const value = f[facet.key];
    if (value != null && facet.key !== "page") entries.push([facet.param, formatFacet(facet, value)]);
  }
  return entries;
}

/** True when the filter set is empty apart from sort and page. */
export function hasFilters(filters: ListingFilters): boolean {
  return Object.keys(filters).some((key) => key !== "sort" && key !== "page");
}
