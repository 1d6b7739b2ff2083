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
 * Isomorphic and pure: used by loaders, links and forms alike. The code lives
 * in `./filters/`: `types` (shapes and constants), `facets` (query parameters
 * and normalisation), `segment` (the readable path segment), `codec` (writing
 * URLs and form fields), `parse` (reading them; the only part that needs the
 * slug library, so browser code that only writes URLs imports `codec`'s
 * functions through here without it, ADR 0046), `describe` (headings and
 * labels) and `widen` (broader-search suggestions); this module is the public
 * entry.
 */
export {
  DEFAULT_SORT,
  type FacetCounts,
  LISTINGS_PAGE_SIZE,
  MINIMUM_CHOICES,
  MINIMUM_FACETS,
  PURPOSES,
  publicVocabulary,
  SORT_LABELS,
  SORT_ORDERS,
  type FilterVocabulary,
  type ListingFilters,
  type MinimumFacet,
  type ParsedFilters,
  type SortOrder,
  type VocabularyCity,
  type VocabularyEntry,
  MAIN_PARAMS,
} from "./filters/types";
export {
  isTrackingParam,
  MAX_AMENITIES,
  MAX_NEIGHBOURHOODS,
  normalizeFilters,
  parseCode,
  QUERY_FACETS,
  type QueryFacet,
  type QueryKey,
} from "./filters/facets";
export { canonicalRedirect, filtersToFormEntries, filtersToUrl, hasFilters } from "./filters/codec";
export { parseAmount, parseFilters, QUERY_READERS, type QueryReader } from "./filters/parse";
export { describeFilters, pluralizeCategory, type FiltersDescription } from "./filters/describe";
export { MAX_FILTERS_FOR_WIDER, MAX_WIDER_SEARCHES, widerSearches, type WiderSearch } from "./filters/widen";
