/**
 * The query-parameter facets of the listings URL (ADR 0011): how each one is
 * read from a parameter and written back, and the normalisation that makes
 * equal filter sets deep-equal.
 */
import type { Purpose } from "~/domain/listing";
import { AMENITY_SLUGS } from "../amenities";
import { slugify } from "../slug";
import { compareSlugs, DEFAULT_SORT, PURPOSES, SORT_ORDERS, type ListingFilters, type SortOrder } from "./types";

/** Keys of {@link ListingFilters} carried by a query parameter. */
export type QueryKey =
  | "priceMin"
  | "priceMax"
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

/** A facet carried by a query parameter. */
export interface QueryFacet {
  key: QueryKey;
  /** Canonical parameter name. */
  param: string;
  /** Value from one parameter text; undefined when malformed or the default. */
  parse(raw: string): number | string | string[] | true | undefined;
  /**
   * Multi-valued facets only: the value from every occurrence of the
   * parameter (repeated parameters and comma lists merge); undefined when none
   * is valid. Single-valued facets take the first valid occurrence.
   */
  parseAll?(raws: string[]): string[] | undefined;
  /** Canonical text of a value (default `String(value)`). */
  format?(value: NonNullable<ListingFilters[QueryKey]>): string;
}

/** Largest integer accepted in a numeric parameter (BRL; avoids float trouble). */
const MAX_AMOUNT = 1_000_000_000_000;

/**
 * A non-negative integer written as "500000", "500.000" (pt-BR thousands),
 * optionally with "R$" and ",00" cents (dropped); undefined otherwise.
 */
export function parseAmount(raw: string): number | undefined {
  const text = raw.replace(/\s+/g, "").replace(/^R\$/i, "");
  const match = /^(\d+|\d{1,3}(?:\.\d{3})+)(?:,\d{1,2})?$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1].replace(/\./g, ""));
  return Number.isSafeInteger(value) && value <= MAX_AMOUNT ? value : undefined;
}

function intRange(min: number, max: number) {
  return (raw: string): number | undefined => {
    if (!/^\d{1,6}$/.test(raw.trim())) return undefined;
    const value = Number(raw.trim());
    return value >= min && value <= max ? value : undefined;
  };
}

/** Words read as "yes" in `lancamento` / `exclusivo` (canonical "sim"). */
const YES = new Set(["sim", "s", "1", "true", "yes", "on"]);

function yes(raw: string): true | undefined {
  return YES.has(safeSlugify(raw)) ? true : undefined;
}

/** Amenity slugs in a `comodidades` value ("piscina,aceita-pet"); unknown ones are dropped. */
function amenityList(raws: string[]): string[] | undefined {
  const found = new Set<string>();
  for (const raw of raws) {
    for (const part of raw.split(",")) {
      const slug = safeSlugify(part);
      if (AMENITY_SLUGS.has(slug)) found.add(slug);
    }
  }
  return found.size ? [...found].sort(compareSlugs) : undefined;
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
 * Query facets in canonical order (ADR 0011): prices, the minimums (quartos,
 * suites, vagas, banheiros), area, condo fee, amenities, lançamento,
 * exclusivo, code; `ordem` and `pagina` stay last.
 */
export const QUERY_FACETS: readonly QueryFacet[] = [
  { key: "priceMin", param: "preco-min", parse: (raw) => positive(parseAmount(raw)) },
  { key: "priceMax", param: "preco-max", parse: (raw) => positive(parseAmount(raw)) },
  { key: "bedroomsMin", param: "quartos", parse: intRange(1, 20) },
  { key: "suitesMin", param: "suites", parse: intRange(1, 20) },
  { key: "parkingMin", param: "vagas", parse: intRange(1, 20) },
  { key: "bathroomsMin", param: "banheiros", parse: intRange(1, 20) },
  { key: "areaMin", param: "area-min", parse: (raw) => positive(parseAmount(raw)) },
  { key: "areaMax", param: "area-max", parse: (raw) => positive(parseAmount(raw)) },
  { key: "condoFeeMax", param: "condominio-max", parse: (raw) => positive(parseAmount(raw)) },
  {
    key: "amenities",
    param: "comodidades",
    parse: (raw) => amenityList([raw]),
    parseAll: amenityList,
    format: (value) => (value as string[]).join(","),
  },
  { key: "launch", param: "lancamento", parse: yes, format: () => "sim" },
  { key: "exclusive", param: "exclusivo", parse: yes, format: () => "sim" },
  { key: "priceReduced", param: "preco-reduzido", parse: yes, format: () => "sim" },
  { key: "code", param: "codigo", parse: parseCode },
  {
    key: "sort",
    param: "ordem",
    parse: (raw) => {
      const value = slugify(raw) as SortOrder;
      return SORT_ORDERS.includes(value) && value !== DEFAULT_SORT ? value : undefined;
    },
  },
  { key: "page", param: "pagina", parse: intRange(2, 100_000) },
];

function positive(value: number | undefined): number | undefined {
  return value != null && value > 0 ? value : undefined;
}

/** Words accepted for each purpose in `finalidade` (slugified). */
export const PURPOSE_ALIASES: Record<string, Purpose> = {
  venda: "venda",
  comprar: "venda",
  compra: "venda",
  aluguel: "aluguel",
  alugar: "aluguel",
  locacao: "aluguel",
};

/** Query parameters kept through a canonical redirect but never part of the canonical URL. */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith("utm_") ||
    ["gclid", "fbclid", "msclkid", "dclid", "gbraid", "wbraid", "_ga", "_gl", "mc_cid", "mc_eid", "_data"].includes(
      lower,
    )
  );
}

/** Canonical text of a facet value. */
export function formatFacet(facet: QueryFacet, value: NonNullable<ListingFilters[QueryKey]>): string {
  return facet.format ? facet.format(value) : String(value);
}

/**
 * Removes defaults and fixes order so that equal filter sets are deep-equal:
 * drops sort "recentes", page ≤ 1, empty strings and lists, non-positive
 * prices; sorts and de-duplicates neighbourhoods (dropped without a city);
 * swaps a price range given upside down.
 */
export function normalizeFilters(filters: ListingFilters): ListingFilters {
  const out: ListingFilters = {};
  if (filters.purpose && PURPOSES.includes(filters.purpose)) out.purpose = filters.purpose;
  if (filters.category) out.category = filters.category;
  if (filters.city) {
    out.city = filters.city;
    const nbs = [...new Set((filters.neighbourhoods ?? []).filter(Boolean))].sort(compareSlugs);
    if (nbs.length) out.neighbourhoods = nbs;
  }
  let min = filters.priceMin != null && filters.priceMin > 0 ? filters.priceMin : undefined;
  let max = filters.priceMax != null && filters.priceMax > 0 ? filters.priceMax : undefined;
  if (min != null && max != null && min > max) [min, max] = [max, min];
  if (min != null) out.priceMin = min;
  if (max != null) out.priceMax = max;
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
  if (amenities.length) out.amenities = amenities;
  if (filters.launch === true) out.launch = true;
  if (filters.exclusive === true) out.exclusive = true;
  if (filters.priceReduced === true) out.priceReduced = true;
  const code = filters.code != null ? parseCode(filters.code) : undefined;
  if (code) out.code = code;
  if (filters.sort && filters.sort !== DEFAULT_SORT && SORT_ORDERS.includes(filters.sort)) out.sort = filters.sort;
  if (filters.page != null && filters.page > 1) out.page = Math.floor(filters.page);
  return out;
}

/** Slugify that never throws (returns "" for text slugify rejects). */
export function safeSlugify(text: string): string {
  try {
    return slugify(text);
  } catch {
    return "";
  }
}
