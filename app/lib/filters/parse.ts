/**
 * Reading the listings URL `/todos-os-imoveis/{filtros}?…` and the search
 * forms' query parameters into filters (see the module comment of
 * `~/lib/filters`). Apart from the writers in `./codec` because it needs the
 * slug library (every spelling of a word must read alike) and writing URLs
 * does not: a page's links and forms are built without loading it, and the
 * filters form loads this module on its first change.
 */
import type { Purpose } from "~/domain/listing";
import { AMENITY_SLUGS } from "../amenities";
import { safeSlugify } from "../slug";
import { filtersToUrl } from "./codec";
import { normalizeFilters, parseCode, QUERY_FACETS, type QueryKey } from "./facets";
import { decodeSegment, indexOf, type SegmentFilters, type VocabularyIndex } from "./segment";
import {
  compareSlugs,
  DEFAULT_SORT,
  MAIN_PARAMS,
  SORT_ORDERS,
  type FilterVocabulary,
  type ListingFilters,
  type ParsedFilters,
  type SortOrder,
} from "./types";

/** Words accepted for each purpose in `finalidade` (slugified). */
export const PURPOSE_ALIASES: Record<string, Purpose> = {
  venda: "venda",
  comprar: "venda",
  compra: "venda",
  aluguel: "aluguel",
  alugar: "aluguel",
  locacao: "aluguel",
};

/** How a query facet ({@link QUERY_FACETS}) is read from its parameter. */
export interface QueryReader {
  /** Value from one parameter text; undefined when malformed or the default. */
  parse(raw: string): number | string | string[] | true | undefined;
  /**
   * Multi-valued facets only: the value from every occurrence of the
   * parameter (repeated parameters and comma lists merge); undefined when none
   * is valid. Single-valued facets take the first valid occurrence.
   */
  parseAll?(raws: string[]): string[] | undefined;
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

function positive(value: number | undefined): number | undefined {
  return value != null && value > 0 ? value : undefined;
}

/** The reader of each query facet (ADR 0011). */
export const QUERY_READERS: Readonly<Record<QueryKey, QueryReader>> = {
  priceMin: { parse: (raw) => positive(parseAmount(raw)) },
  priceMax: { parse: (raw) => positive(parseAmount(raw)) },
  costMin: { parse: (raw) => positive(parseAmount(raw)) },
  costMax: { parse: (raw) => positive(parseAmount(raw)) },
  bedroomsMin: { parse: intRange(1, 20) },
  suitesMin: { parse: intRange(1, 20) },
  parkingMin: { parse: intRange(1, 20) },
  bathroomsMin: { parse: intRange(1, 20) },
  areaMin: { parse: (raw) => positive(parseAmount(raw)) },
  areaMax: { parse: (raw) => positive(parseAmount(raw)) },
  condoFeeMax: { parse: (raw) => positive(parseAmount(raw)) },
  amenities: { parse: (raw) => amenityList([raw]), parseAll: amenityList },
  launch: { parse: yes },
  exclusive: { parse: yes },
  priceReduced: { parse: yes },
  code: { parse: parseCode },
  sort: {
    parse: (raw) => {
      const value = safeSlugify(raw) as SortOrder;
      return SORT_ORDERS.includes(value) && value !== DEFAULT_SORT ? value : undefined;
    },
  },
  page: { parse: intRange(2, 100_000) },
};

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
    const reader = QUERY_READERS[facet.key];
    const value = reader.parseAll ? reader.parseAll(all(facet.param)) : firstValid(facet.param, reader.parse);
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
