/**
 * The `{filtros}` codec of `/todos-os-imoveis/{filtros}` (docs/spec.txt §2 route table;
 * docs/product.md "Public site"; ADR docs/decisions "listing URL scheme").
 *
 * A filter set has exactly one canonical URL:
 *
 *   /todos-os-imoveis/{purpose}-{category}-{city}-{neighbourhood}…?preco-min=…&preco-max=…&quartos=…&ordem=…&pagina=…
 *
 * - The main facets (purpose, category, city, neighbourhoods) form one readable
 *   path segment, each part optional, always in that order, neighbourhoods
 *   sorted, e.g. `venda-apartamento-sao-paulo-moema-pinheiros`.
 * - Every other facet is a query parameter with a Portuguese name, in the
 *   fixed order of {@link QUERY_FACETS}; default values are omitted.
 * - Slugs contain hyphens, so reading the segment needs the vocabulary (known
 *   category, city and neighbourhood slugs). In the rare case where a segment
 *   would decode to more than one filter set under the vocabulary, the main
 *   facets go to query parameters instead (`finalidade`, `tipo`, `cidade`,
 *   `bairro`), so that the canonical URL still decodes to exactly one set.
 *
 * Other spellings (case, accents, order, duplicates, the search forms' query
 * parameters `finalidade`, `tipo`, `cidade`, `bairro`, `local`) parse to the
 * same filters and the loader redirects (301) to the canonical URL. A malformed
 * query parameter is dropped; an unknown word in the segment is "not found".
 *
 * Isomorphic and pure: used by loaders, links and forms alike.
 */
import type { Purpose } from "~/domain/listing";
import { AMENITY_SLUGS, amenityLabel } from "./amenities";
import { formatArea, formatCount, formatPrice } from "./format";
import { slugify } from "./slug";
import { LISTINGS_PATH } from "~/lib/paths";

/** Listings per results page (docs/product.md "page size 24"). */
export const LISTINGS_PAGE_SIZE = 24;

/** Sort orders (docs/product.md: mais recentes, menor preço, maior preço, maior área, menor custo mensal). */
export const SORT_ORDERS = ["recentes", "menor-preco", "maior-preco", "maior-area", "menor-custo-mensal"] as const;

/** A sort order, as written in the `ordem` query parameter. */
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Sort order used when the URL names none. */
export const DEFAULT_SORT: SortOrder = "recentes";

/** pt-BR labels of the sort orders, for the sort select. */
export const SORT_LABELS: Record<SortOrder, string> = {
  recentes: "Mais recentes",
  "menor-preco": "Menor preço",
  "maior-preco": "Maior preço",
  "maior-area": "Maior área",
  "menor-custo-mensal": "Menor custo mensal",
};

/** Chips of the minimum facets (quartos, suítes, vagas, banheiros): "1+" … "4+". */
export const MINIMUM_CHOICES: readonly number[] = [1, 2, 3, 4];

/** The minimum facets, as keys of {@link ListingFilters}. */
export const MINIMUM_FACETS = ["bedroomsMin", "suitesMin", "parkingMin", "bathroomsMin"] as const;

/** A minimum facet key. */
export type MinimumFacet = (typeof MINIMUM_FACETS)[number];

/** Purposes in URL order. */
export const PURPOSES: readonly Purpose[] = ["venda", "aluguel"];

/**
 * A set of listing filters. Absent keys mean "any". A value equal to its
 * default (sort "recentes", page 1, empty list, false) is never stored: two
 * equal filter sets are deep-equal objects. Issue 3 item 1 added suites,
 * parking, bathrooms, area, condo fee, amenities, lançamento, exclusivo and
 * code, each with one entry of {@link QUERY_FACETS} (ADR 0011).
 */
export interface ListingFilters {
  purpose?: Purpose;
  /** Category slug, e.g. "apartamento". */
  category?: string;
  /** City slug, e.g. "sao-paulo". */
  city?: string;
  /** Neighbourhood slugs of `city`, sorted and unique, never empty; only with `city`. */
  neighbourhoods?: string[];
  /** Minimum price in BRL (sale price, or monthly rent for "aluguel"), > 0. */
  priceMin?: number;
  /** Maximum price in BRL, > 0 and ≥ `priceMin`. */
  priceMax?: number;
  /** Minimum number of bedrooms, 1–20. */
  bedroomsMin?: number;
  /** Minimum number of suites, 1–20 (`suites`). */
  suitesMin?: number;
  /** Minimum number of parking spaces, 1–20 (`vagas`). */
  parkingMin?: number;
  /** Minimum number of bathrooms, 1–20 (`banheiros`). */
  bathroomsMin?: number;
  /** Minimum area in m² (read model `area`: private, else total, else built), > 0 (`area-min`). */
  areaMin?: number;
  /** Maximum area in m², > 0 and ≥ `areaMin` (`area-max`). */
  areaMax?: number;
  /** Maximum monthly condominium fee in BRL, > 0 (`condominio-max`); listings without a fee match. */
  condoFeeMax?: number;
  /** Amenity slugs of `~/lib/amenities` AMENITY_FILTERS, sorted and unique, never empty (`comodidades`); all required. */
  amenities?: string[];
  /** Only launches (`lancamento=sim`); never `false`. */
  launch?: true;
  /** Only listings exclusive to the agency (`exclusivo=sim`); never `false`. */
  exclusive?: true;
  /**
   * Listing code (`codigo`, Vista `Codigo`), upper case, 1–40 characters of
   * letters, digits, ".", "_", "-". Listings whose code starts with it
   * (case-insensitive); the page goes straight to an exact match.
   */
  code?: string;
  /** Sort order, never {@link DEFAULT_SORT}. */
  sort?: SortOrder;
  /** Page number, ≥ 2 (page 1 is the default). */
  page?: number;
}

/** One known slug with its display label and number of active listings. */
export interface VocabularyEntry {
  slug: string;
  label: string;
  count: number;
}

/** A city of the vocabulary with its neighbourhoods. */
export interface VocabularyCity extends VocabularyEntry {
  neighbourhoods: VocabularyEntry[];
}

/**
 * The slugs the codec knows (from the read model, `getVocabulary()` on the
 * server). Neighbourhood slugs are unique within a city, not across cities.
 */
export interface FilterVocabulary {
  categories: VocabularyEntry[];
  cities: VocabularyCity[];
}

/**
 * Only what a page needs of a vocabulary (slugs, labels, counts): drops the
 * server-side extras (totals per purpose…) before the loader data is sent.
 */
export function publicVocabulary(vocabulary: FilterVocabulary): FilterVocabulary {
  return { categories: vocabulary.categories, cities: vocabulary.cities };
}

/** Result of {@link parseFilters}: the filters and their canonical path+search, or not found. */
export type ParsedFilters = { filters: ListingFilters; canonical: string } | { notFound: true };

// ---------------------------------------------------------------------------
// Query facets

type QueryKey =
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
  return found.size ? [...found].sort(compare) : undefined;
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

/** Names of the main-facet query parameters (search forms; canonical only when the segment is ambiguous). */
export const MAIN_PARAMS = {
  purpose: "finalidade",
  category: "tipo",
  city: "cidade",
  neighbourhood: "bairro",
  /** "cidade" or "cidade/bairro" in one value (home search box). */
  place: "local",
} as const;

const PURPOSE_ALIASES: Record<string, Purpose> = {
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

// ---------------------------------------------------------------------------
// Vocabulary index

interface VocabularyIndex {
  categories: Set<string>;
  cities: Set<string>;
  neighbourhoodsByCity: Map<string, Set<string>>;
  /** Cities (sorted) each neighbourhood slug belongs to. */
  citiesByNeighbourhood: Map<string, string[]>;
  /** Every neighbourhood slug of every city. */
  allNeighbourhoods: Set<string>;
  /** Cache of segment ambiguity checks. */
  segmentResults: Map<string, SegmentFilters[]>;
}

const indexes = new WeakMap<FilterVocabulary, VocabularyIndex>();

function indexOf(vocabulary: FilterVocabulary): VocabularyIndex {
  let index = indexes.get(vocabulary);
  if (index) return index;
  const neighbourhoodsByCity = new Map<string, Set<string>>();
  const citiesByNeighbourhood = new Map<string, string[]>();
  for (const city of [...vocabulary.cities].sort((a, b) => compare(a.slug, b.slug))) {
    const set = neighbourhoodsByCity.get(city.slug) ?? new Set<string>();
    for (const nb of city.neighbourhoods) {
      set.add(nb.slug);
      const list = citiesByNeighbourhood.get(nb.slug) ?? [];
      if (!list.includes(city.slug)) list.push(city.slug);
      citiesByNeighbourhood.set(nb.slug, list);
    }
    neighbourhoodsByCity.set(city.slug, set);
  }
  index = {
    categories: new Set(vocabulary.categories.map((c) => c.slug)),
    cities: new Set(vocabulary.cities.map((c) => c.slug)),
    neighbourhoodsByCity,
    citiesByNeighbourhood,
    allNeighbourhoods: new Set(citiesByNeighbourhood.keys()),
    segmentResults: new Map(),
  };
  indexes.set(vocabulary, index);
  return index;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------
// Segment

type SegmentFilters = Pick<ListingFilters, "purpose" | "category" | "city" | "neighbourhoods">;

/** Longest segment (in words) worth decoding; longer ones are not found. */
const MAX_SEGMENT_WORDS = 80;
/** Search budget per segment (steps), so a hostile segment stays cheap. */
const SEGMENT_BUDGET = 20_000;

function segmentKey(f: SegmentFilters): string {
  return JSON.stringify([f.purpose ?? "", f.category ?? "", f.city ?? "", f.neighbourhoods ?? []]);
}

/** Segments remembered per vocabulary before the memo starts over. */
const SEGMENT_MEMO_SIZE = 5_000;

/**
 * The first two distinct main-facet sets that the slug `segment` can spell,
 * in order of preference (purpose first, then the longest category, city and
 * neighbourhoods): none = unknown words, two = ambiguous. Memoised per vocabulary.
 */
function decodeSegment(segment: string, index: VocabularyIndex): SegmentFilters[] {
  const limit = 2;
  const cached = index.segmentResults.get(segment);
  if (cached) return cached;
  const words = segment.split("-");
  const results: SegmentFilters[] = [];
  const seen = new Set<string>();
  if (words.length > MAX_SEGMENT_WORDS || words.some((w) => w === "")) return results;
  let budget = SEGMENT_BUDGET;

  const matches = (from: number, set: Set<string>): { slug: string; next: number }[] => {
    const found: { slug: string; next: number }[] = [];
    let slug = "";
    for (let end = from; end < words.length; end++) {
      slug = end === from ? words[end] : `${slug}-${words[end]}`;
      if (set.has(slug)) found.push({ slug, next: end + 1 });
    }
    return found.reverse(); // longest first
  };

  const emit = (f: SegmentFilters) => {
    const key = segmentKey(f);
    if (!seen.has(key)) {
      seen.add(key);
      results.push(f);
    }
  };

  // Neighbourhood runs from `pos` to the end, each within `allowed` (or any city when null).
  const neighbourhoodRuns = (pos: number, base: SegmentFilters, picked: string[], cities: string[] | null): void => {
    if (results.length >= limit || --budget < 0) return;
    if (pos === words.length) {
      if (picked.length === 0) return emit(base);
      const neighbourhoods = [...new Set(picked)].sort(compare);
      if (base.city) return emit({ ...base, neighbourhoods });
      for (const city of cities ?? []) emit({ ...base, city, neighbourhoods });
      return;
    }
    if (base.city) {
      for (const m of matches(pos, index.neighbourhoodsByCity.get(base.city) ?? new Set())) {
        neighbourhoodRuns(m.next, base, [...picked, m.slug], null);
      }
      return;
    }
    // No city in the segment: neighbourhoods that share a city imply it.
    for (const m of matches(pos, index.allNeighbourhoods)) {
      const theirs = index.citiesByNeighbourhood.get(m.slug) ?? [];
      const common = cities === null ? theirs : cities.filter((c) => theirs.includes(c));
      if (common.length > 0) neighbourhoodRuns(m.next, base, [...picked, m.slug], common);
    }
  };

  const afterCategory = (pos: number, base: SegmentFilters) => {
    for (const m of matches(pos, index.cities)) neighbourhoodRuns(m.next, { ...base, city: m.slug }, [], null);
    neighbourhoodRuns(pos, base, [], null);
  };

  const afterPurpose = (pos: number, base: SegmentFilters) => {
    for (const m of matches(pos, index.categories)) afterCategory(m.next, { ...base, category: m.slug });
    afterCategory(pos, base);
  };

  const first = words[0] as Purpose;
  if (PURPOSES.includes(first)) afterPurpose(1, { purpose: first });
  afterPurpose(0, {});
  const clean = results.map(stripEmpty);
  if (index.segmentResults.size >= SEGMENT_MEMO_SIZE) index.segmentResults.clear();
  index.segmentResults.set(segment, clean);
  return clean;
}

function stripEmpty(f: SegmentFilters): SegmentFilters {
  const out: SegmentFilters = {};
  if (f.purpose) out.purpose = f.purpose;
  if (f.category) out.category = f.category;
  if (f.city) out.city = f.city;
  if (f.neighbourhoods?.length) out.neighbourhoods = f.neighbourhoods;
  return out;
}

function segmentOf(f: SegmentFilters): string {
  const parts: string[] = [];
  if (f.purpose) parts.push(f.purpose);
  if (f.category) parts.push(f.category);
  if (f.city) {
    parts.push(f.city);
    if (f.neighbourhoods?.length) parts.push(...f.neighbourhoods);
  }
  return parts.join("-");
}

// ---------------------------------------------------------------------------
// Encoding

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

/** Canonical text of a facet value. */
function formatFacet(facet: QueryFacet, value: NonNullable<ListingFilters[QueryKey]>): string {
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
    const nbs = [...new Set((filters.neighbourhoods ?? []).filter(Boolean))].sort(compare);
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
  const amenities = [...new Set((filters.amenities ?? []).filter((a) => AMENITY_SLUGS.has(a)))].sort(compare);
  if (amenities.length) out.amenities = amenities;
  if (filters.launch === true) out.launch = true;
  if (filters.exclusive === true) out.exclusive = true;
  const code = filters.code != null ? parseCode(filters.code) : undefined;
  if (code) out.code = code;
  if (filters.sort && filters.sort !== DEFAULT_SORT && SORT_ORDERS.includes(filters.sort)) out.sort = filters.sort;
  if (filters.page != null && filters.page > 1) out.page = Math.floor(filters.page);
  return out;
}

// ---------------------------------------------------------------------------
// Decoding

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

function safeSlugify(text: string): string {
  try {
    return slugify(text);
  } catch {
    return "";
  }
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

// ---------------------------------------------------------------------------
// Describing filters (page headings, titles, empty-state suggestions)

/** Label of a slug in the vocabulary, or the slug itself when unknown. */
function labelOf(entries: VocabularyEntry[] | undefined, slug: string): string {
  return entries?.find((e) => e.slug === slug)?.label ?? slug;
}

/** Plural of a pt-BR noun phrase's head ("Sala comercial" → "Salas comerciais"). */
export function pluralizeCategory(label: string): string {
  const words = label.split(" ");
  const stop = new Set(["de", "da", "do", "em", "com", "para", "e"]);
  let inHead = true;
  return words
    .map((word) => {
      if (!inHead || !word) return word;
      if (stop.has(word.toLowerCase())) {
        inHead = false;
        return word;
      }
      return pluralWord(word);
    })
    .join(" ");
}

function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  if (/(s|x)$/.test(lower)) return word;
  if (/ão$/.test(lower)) return `${word.slice(0, -2)}ões`;
  if (/[aeou]l$/.test(lower)) return `${word.slice(0, -1)}is`;
  if (/m$/.test(lower)) return `${word.slice(0, -1)}ns`;
  if (/[rz]$/.test(lower)) return `${word}es`;
  return `${word}s`;
}

/** "Moema", "Moema e Pinheiros", "Moema, Pinheiros e Vila Mariana". */
function joinPt(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

/** Human description of filters, for the H1, the title and the result count. */
export interface FiltersDescription {
  /** Page heading, e.g. "Apartamentos à venda em Moema, São Paulo". */
  heading: string;
  /** Place phrase, e.g. "em Moema, São Paulo", "" without a place. */
  place: string;
  /** Count sentence for `total`, e.g. "1.234 apartamentos à venda em Moema", "Nenhum imóvel à venda". */
  count(total: number): string;
  /**
   * The other facets as short pt-BR phrases, in {@link QUERY_FACETS} order
   * (sort and page aside), e.g. ["Até R$ 800.000", "2+ suítes", "Piscina",
   * "Lançamentos", "Código AP123"]; empty when none is set.
   */
  details: string[];
}

/** "2+ suítes" / "1+ vaga". */
function atLeast(n: number, singular: string, pluralForm: string): string {
  return `${n}+ ${n === 1 ? singular : pluralForm}`;
}

/** Short pt-BR phrases of the non-main facets (see {@link FiltersDescription.details}). */
function detailsOf(f: ListingFilters): string[] {
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, fmt: (n: number) => string, what: string) => {
    if (min != null && max != null) out.push(`${what} de ${fmt(min)} a ${fmt(max)}`);
    else if (min != null) out.push(`${what} a partir de ${fmt(min)}`);
    else if (max != null) out.push(`${what} até ${fmt(max)}`);
  };
  range(f.priceMin, f.priceMax, formatPrice, f.purpose === "aluguel" ? "Aluguel" : "Preço");
  if (f.suitesMin) out.push(atLeast(f.suitesMin, "suíte", "suítes"));
  if (f.parkingMin) out.push(atLeast(f.parkingMin, "vaga", "vagas"));
  if (f.bathroomsMin) out.push(atLeast(f.bathroomsMin, "banheiro", "banheiros"));
  range(f.areaMin, f.areaMax, formatArea, "Área");
  if (f.condoFeeMax != null) out.push(`Condomínio até ${formatPrice(f.condoFeeMax)}`);
  for (const slug of f.amenities ?? []) out.push(amenityLabel(slug));
  if (f.launch) out.push("Lançamentos");
  if (f.exclusive) out.push("Exclusivos");
  if (f.code) out.push(`Código ${f.code}`);
  return out;
}

/**
 * Describes filters in pt-BR using the vocabulary's labels. Only the main
 * facets and the minimum bedrooms enter the heading; prices and sort do not.
 */
export function describeFilters(filters: ListingFilters, vocabulary: FilterVocabulary): FiltersDescription {
  const categoryLabel = filters.category ? labelOf(vocabulary.categories, filters.category) : "";
  const city = vocabulary.cities.find((c) => c.slug === filters.city);
  const cityLabel = filters.city ? (city?.label ?? filters.city) : "";
  const nbLabels = (filters.neighbourhoods ?? []).map((slug) => labelOf(city?.neighbourhoods, slug));
  const purposeText = filters.purpose === "venda" ? "à venda" : filters.purpose === "aluguel" ? "para alugar" : "";
  const place = nbLabels.length ? `em ${joinPt(nbLabels)}, ${cityLabel}` : cityLabel ? `em ${cityLabel}` : "";
  const bedrooms = filters.bedroomsMin
    ? `com ${filters.bedroomsMin}+ ${filters.bedroomsMin === 1 ? "quarto" : "quartos"}`
    : "";
  const shortPlace = nbLabels.length ? `em ${joinPt(nbLabels)}` : place;

  const nounPlural = categoryLabel ? pluralizeCategory(categoryLabel) : "Imóveis";
  const anyFilter = categoryLabel || purposeText || place || bedrooms;
  const heading = anyFilter ? [nounPlural, purposeText, bedrooms, place].filter(Boolean).join(" ") : "Todos os imóveis";

  const count = (total: number) => {
    const noun = categoryLabel
      ? total <= 1
        ? categoryLabel.toLowerCase()
        : pluralizeCategory(categoryLabel).toLowerCase()
      : total <= 1
        ? "imóvel"
        : "imóveis";
    const amount = total === 0 ? "Nenhum" : formatCount(total);
    return [`${amount} ${noun}`, purposeText, bedrooms, shortPlace].filter(Boolean).join(" ");
  };
  return { heading, place, count, details: detailsOf(filters) };
}

/** One way to widen a search: the filters without one facet, with a pt-BR label. */
export interface WiderSearch {
  label: string;
  filters: ListingFilters;
}

/**
 * Ways to widen `filters`, one facet removed at a time (empty state): each
 * neighbourhood, the city, the type, the purpose, the price range, the
 * bedrooms, suites, parking, bathrooms, area range, condo fee, each amenity,
 * lançamento, exclusivo, the code. Page and sort are dropped from every
 * suggestion.
 */
export function widerSearches(filters: ListingFilters, vocabulary: FilterVocabulary): WiderSearch[] {
  const base: ListingFilters = { ...normalizeFilters(filters) };
  delete base.page;
  delete base.sort;
  const out: WiderSearch[] = [];
  const city = vocabulary.cities.find((c) => c.slug === base.city);
  for (const nb of base.neighbourhoods ?? []) {
    const rest = base.neighbourhoods!.filter((n) => n !== nb);
    const next: ListingFilters = { ...base, neighbourhoods: rest };
    if (!rest.length) delete next.neighbourhoods;
    const label = rest.length
      ? `Sem o bairro ${labelOf(city?.neighbourhoods, nb)}`
      : `Em qualquer bairro de ${city?.label ?? base.city}`;
    out.push({ label, filters: next });
  }
  if (base.city && vocabulary.cities.length > 1) {
    const next = { ...base };
    delete next.city;
    delete next.neighbourhoods;
    out.push({ label: `Em qualquer cidade`, filters: next });
  }
  if (base.category) {
    const next = { ...base };
    delete next.category;
    out.push({ label: "Qualquer tipo de imóvel", filters: next });
  }
  if (base.purpose) {
    const next = { ...base };
    delete next.purpose;
    out.push({
      label: base.purpose === "venda" ? "Incluir imóveis para alugar" : "Incluir imóveis à venda",
      filters: next,
    });
  }
  if (base.priceMin != null || base.priceMax != null) {
    const next = { ...base };
    delete next.priceMin;
    delete next.priceMax;
    out.push({ label: "Qualquer preço", filters: next });
  }
  if (base.bedroomsMin != null) {
    const next = { ...base };
    delete next.bedroomsMin;
    out.push({ label: "Qualquer número de quartos", filters: next });
  }
  const without = (label: string, ...keys: (keyof ListingFilters)[]) => {
    const next = { ...base };
    for (const key of keys) delete next[key];
    out.push({ label, filters: next });
  };
  if (base.suitesMin != null) without("Qualquer número de suítes", "suitesMin");
  if (base.parkingMin != null) without("Qualquer número de vagas", "parkingMin");
  if (base.bathroomsMin != null) without("Qualquer número de banheiros", "bathroomsMin");
  if (base.areaMin != null || base.areaMax != null) without("Qualquer área", "areaMin", "areaMax");
  if (base.condoFeeMax != null) without("Qualquer valor de condomínio", "condoFeeMax");
  for (const slug of base.amenities ?? []) {
    const rest = base.amenities!.filter((a) => a !== slug);
    const next: ListingFilters = { ...base, amenities: rest };
    if (!rest.length) delete next.amenities;
    out.push({ label: `Sem exigir ${amenityLabel(slug).toLowerCase()}`, filters: next });
  }
  if (base.launch) without("Incluir imóveis que não são lançamentos", "launch");
  if (base.exclusive) without("Incluir imóveis não exclusivos", "exclusive");
  if (base.code) without(`Qualquer código`, "code");
  return out;
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
