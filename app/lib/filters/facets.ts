/**
 * The query-parameter facets of the listings URL (ADR 0011): their canonical
 * order, names and written form, and the normalisation that makes equal
 * filter sets deep-equal. How each one is read back is `./parse`.
 */
import { AMENITY_SLUGS } from "../amenities";
import { compareSlugs, DEFAULT_SORT, PURPOSES, SORT_ORDERS, type ListingFilters } from "./types";

/** Keys of {@link ListingFilters} carried by a query parameter. */
export type QueryKey =
  | "priceMin"
  | "priceMax"
  | "costMin"
  | "costMax"
  | "bedroomsMin"
  | "suitesMin"
  | "parkingMin"
  | "bathroomsMin"
  | "areaMin"
  | "areaMax"
  | "condoFeeMax"
  | "amenities"
  | "launch"
  | "exclusive"
  | "priceReduced"
  | "code"
  | "sort"
  | "page";

/** A facet carried by a query parameter (its reader: `QUERY_READERS` in `./parse`). */
export interface QueryFacet {
  key: QueryKey;
  /** Canonical parameter name. */
  param: string;
  /** Canonical text of a value (default `String(value)`). */
  format?(value: NonNullable<ListingFilters[QueryKey]>): string;
}

/** Longest listing code accepted in `codigo`. */
const MAX_CODE_LENGTH = 40;

/**
 * A listing code as written in `codigo` ("ap 12345" → "AP12345"): spaces
 * removed, upper case, 1–40 letters, digits, ".", "_", "-"; undefined when
 * malformed.
 */
export function parseCode(raw: string): string | undefined {
  const code = raw.replace(/\s+/g, "").toUpperCase();
  return code.length <= MAX_CODE_LENGTH && /^[A-Z0-9][A-Z0-9._-]*$/.test(code) ? code : undefined;
}

/**
 * Query facets in canonical order (ADR 0011): prices, the total monthly
 * cost (ADR 0086), the minimums (quartos, suites, vagas, banheiros), area,
 * condo fee, amenities, lançamento, exclusivo, code; `ordem` and `pagina`
 * stay last.
 */
export const QUERY_FACETS: readonly QueryFacet[] = [
  { key: "priceMin", param: "preco-min" },
  { key: "priceMax", param: "preco-max" },
  { key: "costMin", param: "custo-min" },
  { key: "costMax", param: "custo-max" },
  { key: "bedroomsMin", param: "quartos" },
  { key: "suitesMin", param: "suites" },
  { key: "parkingMin", param: "vagas" },
  { key: "bathroomsMin", param: "banheiros" },
  { key: "areaMin", param: "area-min" },
  { key: "areaMax", param: "area-max" },
  { key: "condoFeeMax", param: "condominio-max" },
  { key: "amenities", param: "comodidades", format: (value) => (value as string[]).join(",") },
  { key: "launch", param: "lancamento", format: () => "sim" },
  { key: "exclusive", param: "exclusivo", format: () => "sim" },
  { key: "priceReduced", param: "preco-reduzido", format: () => "sim" },
  { key: "code", param: "codigo" },
  { key: "sort", param: "ordem" },
  { key: "page", param: "pagina" },
];

/**
 * Most neighbourhoods one search may carry (ADR 0062): each scan of the
 * listings tests every row against the list, so its length bounds the cost of
 * a page. Past it the first ones (in slug order) are kept and the URL
 * redirects to them.
 */
export const MAX_NEIGHBOURHOODS = 20;

/**
 * Most amenities one search may require (ADR 0062): more than this finds
 * nothing in a real catalogue; past it the first ones (in slug order) are kept.
 */
export const MAX_AMENITIES = 12;

/** Query parameters kept through a canonical redirect but never part of the canonical URL. */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith("utm_") ||
    [
      "gclid",
      "fbclid",
      "msclkid",
      "dclid",
      "gbraid",
      "wbraid",
      "_ga",
      "_gl",
      "mc_cid",
      "mc_eid",
      "_data",
      "_routes",
    ].includes(lower)
  );
}

/** Canonical text of a facet value. */
export function formatFacet(facet: QueryFacet, value: NonNullable<ListingFilters[QueryKey]>): string {
  return facet.format ? facet.format(value) : String(value);
}

/**
 * Removes defaults and fixes order so that equal filter sets are deep-equal:
 * drops sort "recentes", page ≤ 1, empty strings and lists, non-positive
 * prices; sorts and de-duplicates neighbourhoods (dropped without a city)
 * and amenities, keeping at most {@link MAX_NEIGHBOURHOODS} and
 * {@link MAX_AMENITIES};
 * swaps a price, cost or area range given upside down.
 */
export function normalizeFilters(filters: ListingFilters): ListingFilters {
  const out: ListingFilters = {};
  if (filters.purpose && PURPOSES.includes(filters.purpose)) out.purpose = filters.purpose;
  if (filters.category) out.category = filters.category;
  if (filters.city) {
    out.city = filters.city;
    const nbs = [...new Set((filters.neighbourhoods ?? []).filter(Boolean))].sort(compareSlugs);
    if (nbs.length) out.neighbourhoods = nbs.slice(0, MAX_NEIGHBOURHOODS);
  }
  let min = filters.priceMin != null && filters.priceMin > 0 ? filters.priceMin : undefined;
  let max = filters.priceMax != null && filters.priceMax > 0 ? filters.priceMax : undefined;
  if (min != null && max != null && min > max) [min, max] = [max, min];
  if (min != null) out.priceMin = min;
  if (max != null) out.priceMax = max;
  let costMin = filters.costMin != null && filters.costMin > 0 ? filters.costMin : undefined;
  let costMax = filters.costMax != null && filters.costMax > 0 ? filters.costMax : undefined;
  if (costMin != null && costMax != null && costMin > costMax) [costMin, costMax] = [costMax, costMin];
  if (costMin != null) out.costMin = costMin;
  if (costMax != null) out.costMax = costMax;
  if (filters.bedroomsMin != null && filters.bedroomsMin >= 1) out.bedroomsMin = filters.bedroomsMin;
  if (filters.suitesMin != null && filters.suitesMin >= 1) out.suitesMin = filters.suitesMin;
  if (filters.parkingMin != null && filters.parkingMin >= 1) out.parkingMin = filters.parkingMin;
  if (filters.bathroomsMin != null && filters.bathroomsMin >= 1) out.bathroomsMin = filters.bathroomsMin;
  let areaMin = filters.areaMin != null && filters.areaMin > 0 ? filters.areaMin : undefined;
  let areaMax = filters.areaMax != null && filters.areaMax > 0 ? filters.areaMax : undefined;
  if (areaMin != null && areaMax != null && areaMin > areaMax) [areaMin, areaMax] = [areaMax, areaMin];
  if (areaMin != null) out.areaMin = areaMin;
  if (areaMax != null) out.areaMax = areaMax;
  if (filters.condoFeeMax != null && filters.condoFeeMax > 0) out.condoFeeMax = filters.condoFeeMax;
  const amenities = [...new Set((filters.amenities ?? []).filter((a) => AMENITY_SLUGS.has(a)))].sort(compareSlugs);
  if (amenities.length) out.amenities = amenities.slice(0, MAX_AMENITIES);
  if (filters.launch === true) out.launch = true;
  if (filters.exclusive === true) out.exclusive = true;
  if (filters.priceReduced === true) out.priceReduced = true;
  const code = filters.code != null ? parseCode(filters.code) : undefined;
  if (code) out.code = code;
  if (filters.sort && filters.sort !== DEFAULT_SORT && SORT_ORDERS.includes(filters.sort)) out.sort = filters.sort;
  if (filters.page != null && filters.page > 1) out.page = Math.floor(filters.page);
  return out;
}
