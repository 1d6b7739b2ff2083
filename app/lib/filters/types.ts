/**
 * Shapes and fixed vocabularies of the listing filters (docs/product.md
 * "Public site"; ADR 0011): the {@link ListingFilters} set, the sort orders,
 * the minimum facets and the slug vocabulary the codec reads segments with.
 */
import type { Purpose } from "~/domain/listing";

/** Listings per results page (docs/product.md "page size 24"). */
export const LISTINGS_PAGE_SIZE = 24;

/** Sort orders (docs/product.md: mais recentes, menor preço, maior preço, maior área, menor custo mensal). */
export const SORT_ORDERS = [
  "recentes",
  "menor-preco",
  "maior-preco",
  "maior-area",
  "menor-custo-mensal",
  "preco-reduzido",
] as const;

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
  "preco-reduzido": "Preço reduzido recentemente",
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
 * equal filter sets are deep-equal objects. Every facet other than the main
 * four (purpose, category, city, neighbourhoods) has one entry of
 * `QUERY_FACETS` in `./facets` (ADR 0011).
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
  /**
   * Minimum total monthly cost in BRL, integer > 0 (`custo-min`, ADR 0086):
   * rent + condomínio + IPTU/12, or for sale the default loan's first
   * instalment + condomínio + IPTU/12 (`~/lib/monthly-cost`). Listings with
   * an unstated condomínio or IPTU never match a cost range.
   */
  costMin?: number;
  /** Maximum total monthly cost in BRL, integer > 0 and ≥ `costMin` (`custo-max`). */
  costMax?: number;
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
  /** Only listings whose sale or rent price dropped in the last 30 days (`preco-reduzido=sim`, ADR 0033); never `false`. */
  priceReduced?: true;
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

/** Result of `parseFilters` (`./codec`): the filters and their canonical path+search, or not found. */
export type ParsedFilters = { filters: ListingFilters; canonical: string } | { notFound: true };

/** Code-unit order of two slugs (locale-independent, so URLs are stable). */
export function compareSlugs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

/**
 * Counts per option; every record maps an option value to the number of
 * active listings choosing it would give (semantics: `app/.server/catalogue/facets.ts`).
 */
export interface FacetCounts {
  /** Active listings matching the current filters. */
  total: number;
  /** "" (any), "venda", "aluguel". */
  purpose: Record<"" | Purpose, number>;
  /** "" (any) and every category slug with at least one listing under the other filters. */
  category: Record<string, number>;
  /** "" (any) and every city slug with at least one listing under the other filters. */
  city: Record<string, number>;
  /** Neighbourhood slugs of the current city (empty without a city); absent = 0. */
  neighbourhoods: Record<string, number>;
  /** Per minimum facet: "0" (any), "1"…"4" and the current value when above 4. */
  minimums: Record<MinimumFacet, Record<string, number>>;
  /** Every amenity slug of AMENITY_FILTERS (0 included). */
  amenities: Record<string, number>;
  /** Current filters plus `lancamento=sim`. */
  launch: number;
  /** Current filters plus `exclusivo=sim`. */
  exclusive: number;
}
