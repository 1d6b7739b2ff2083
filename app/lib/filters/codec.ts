/**
 * Reading and writing the listings URL `/todos-os-imoveis/{filtros}?…` and the
 * search forms' fields (see the module comment of `~/lib/filters`).
 */
import { LISTINGS_PATH } from "~/lib/paths";
import { formatFacet, isTrackingParam, normalizeFilters, PURPOSE_ALIASES, QUERY_FACETS, safeSlugify } from "./facets";
import {
  decodeSegment,
  indexOf,
  segmentKey,
  segmentOf,
  stripEmpty,
  type SegmentFilters,
  type VocabularyIndex,
} from "./segment";
import { type FilterVocabulary, type ListingFilters, MAIN_PARAMS, type ParsedFilters } from "./types";

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
 * Reads the `{filtros}` segment (as Remix hands it, decoded; undefined on
 * `/todos-os-imoveis`) and the query string into filters and their canonical
 * URL. Never throws. Returns `{ notFound: true }` when the segment contains a
 * word the vocabulary does not know (the page answers 404, docs/spec.txt §2); malformed
 * or unknown query parameters are simply left out of `filters`, so the
 * canonical URL differs and the loader redirects to it.
 */
export function parseFilters(
  segment: string | undefined,
  search: URLSearchParams,
  vocabulary: FilterVocabulary,
): ParsedFilters {
  const index = indexOf(vocabulary);
  let main: SegmentFilters = {};
  const slug = segment ? safeSlugify(segment) : "";
  if (segment && slug) {
    const decoded = decodeSegment(slug, index);
    if (decoded.length === 0) return { notFound: true };
    main = decoded[0];
  }

  const params = new Map<string, string[]>();
  for (const [rawName, rawValue] of search) {
    const name = rawName.trim().toLowerCase();
    const value = rawValue.trim();
    if (!value) continue;
    const list = params.get(name) ?? [];
    list.push(value);
    params.set(name, list);
  }
  const all = (name: string) => params.get(name) ?? [];
  const firstValid = <T>(name: string, read: (raw: string) => T | undefined): T | undefined => {
    for (const raw of all(name)) {
      const value = read(raw);
      if (value !== undefined) return value;
    }
    return undefined;
  };

  // Main facets given as parameters override the segment.
  const purpose = firstValid(MAIN_PARAMS.purpose, (raw) => PURPOSE_ALIASES[safeSlugify(raw)]);
  if (purpose) main = { ...main, purpose };
  const category = firstValid(MAIN_PARAMS.category, (raw) => {
    const value = safeSlugify(raw);
    return index.categories.has(value) ? value : undefined;
  });
  if (category) main = { ...main, category };

  const places = all(MAIN_PARAMS.place).map((raw) => raw.split("/").map(safeSlugify));
  const city =
    firstValid(MAIN_PARAMS.city, (raw) => {
      const value = safeSlugify(raw);
      return index.cities.has(value) ? value : undefined;
    }) ?? places.map(([c]) => c).find((c) => index.cities.has(c));
  const nbParams: [string | undefined, string][] = [
    ...all(MAIN_PARAMS.neighbourhood).map((raw): [string | undefined, string] => {
      const [a, b] = raw.split("/").map(safeSlugify);
      return b === undefined ? [undefined, a] : [a, b];
    }),
    ...places.filter((p) => p.length >= 2).map(([c, nb]): [string | undefined, string] => [c, nb]),
  ];

  if (city && city !== main.city) {
    const keep = (main.neighbourhoods ?? []).filter((nb) => index.neighbourhoodsByCity.get(city)?.has(nb));
    main = { ...main, city, neighbourhoods: keep };
  }
  if (nbParams.length > 0) {
    // Neighbourhoods given as parameters replace the segment's; all unknown = ignored.
    const resolved = resolveNeighbourhoods(nbParams, main.city, index);
    if (resolved) main = { ...main, city: resolved.city, neighbourhoods: resolved.neighbourhoods };
  }

  const filters: ListingFilters = { ...main };
  for (const facet of QUERY_FACETS) {
    const value = facet.parseAll ? facet.parseAll(all(facet.param)) : firstValid(facet.param, facet.parse);
    if (value !== undefined) (filters as Record<string, unknown>)[facet.key] = value;
  }
  const normalized = normalizeFilters(filters);
  return { filters: normalized, canonical: filtersToUrl(normalized, vocabulary) };
}

/**
 * Neighbourhoods from `bairro`/`local` parameters ("moema" or
 * "sao-paulo/moema"). With a city, only its neighbourhoods count; without one,
 * the city of the first known neighbourhood is taken (alphabetically first
 * when that slug exists in several cities) and the others must share it.
 */
function resolveNeighbourhoods(
  items: [string | undefined, string][],
  city: string | undefined,
  index: VocabularyIndex,
): { city: string; neighbourhoods: string[] } | undefined {
  let chosen = city;
  const picked: string[] = [];
  for (const [itemCity, nb] of items) {
    const cities = index.citiesByNeighbourhood.get(nb) ?? [];
    if (itemCity && !cities.includes(itemCity)) continue;
    if (!chosen) chosen = itemCity ?? cities[0];
    if (!chosen) continue;
    if ((itemCity && itemCity !== chosen) || !index.neighbourhoodsByCity.get(chosen)?.has(nb)) continue;
    picked.push(nb);
  }
  return chosen && picked.length ? { city: chosen, neighbourhoods: picked } : undefined;
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
  const trackingParts = kept.filter((p) => !p.toLowerCase().startsWith("_data="));
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
