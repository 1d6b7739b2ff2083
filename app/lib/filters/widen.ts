/**
 * Broader-search suggestions for an empty results page: the filters with one
 * facet removed at a time, each with a pt-BR label. Bounded (ADR 0062): at
 * most {@link MAX_WIDER_SEARCHES} of them, and none once the search has more
 * than {@link MAX_FILTERS_FOR_WIDER} removable filters, so their counts fit in
 * one query of a bounded size.
 */
import { amenityLabel } from "../amenities";
import { labelOf } from "./describe";
import { normalizeFilters } from "./facets";
import type { FilterVocabulary, ListingFilters } from "./types";

/** One way to widen a search: the filters without one facet, with a pt-BR label. */
export interface WiderSearch {
  label: string;
  filters: ListingFilters;
}

/** Most wider searches offered (and counted) for one empty result. */
export const MAX_WIDER_SEARCHES = 8;

/**
 * Most removable filters a search may have and still get wider searches: past
 * it the empty state offers only "Limpar filtros" (a search that specific is
 * better started again than widened one filter at a time).
 */
export const MAX_FILTERS_FOR_WIDER = 12;

/**
 * Ways to widen `filters`, one facet removed at a time (empty state), in this
 * order: the code, the neighbourhoods (all of them: they are alternatives, so
 * dropping one of several never finds more), the type, the purpose, the price
 * range, the bedrooms, each amenity, lançamento, exclusivo, preço reduzido,
 * suites, parking, bathrooms, area range, condo fee, the city. Page and sort
 * are dropped from every suggestion. At most {@link MAX_WIDER_SEARCHES}; none
 * when there are more than {@link MAX_FILTERS_FOR_WIDER} candidates.
 */
export function widerSearches(filters: ListingFilters, vocabulary: FilterVocabulary): WiderSearch[] {
  const base: ListingFilters = { ...normalizeFilters(filters) };
  delete base.page;
  delete base.sort;
  const out: WiderSearch[] = [];
  const without = (label: string, ...keys: (keyof ListingFilters)[]) => {
    const next = { ...base };
    for (const key of keys) delete next[key];
    out.push({ label, filters: next });
  };
  const city = vocabulary.cities.find((c) => c.slug === base.city);

  if (base.code) without("Qualquer código", "code");
  if (base.neighbourhoods?.length) {
    const only = base.neighbourhoods.length === 1 ? base.neighbourhoods[0] : null;
    without(
      only
        ? `Sem o bairro ${labelOf(city?.neighbourhoods, only)}`
        : `Em qualquer bairro de ${city?.label ?? base.city}`,
      "neighbourhoods",
    );
  }
  if (base.category) without("Qualquer tipo de imóvel", "category");
  if (base.purpose) {
    without(base.purpose === "venda" ? "Incluir imóveis para alugar" : "Incluir imóveis à venda", "purpose");
  }
  if (base.priceMin != null || base.priceMax != null) without("Qualquer preço", "priceMin", "priceMax");
  if (base.costMin != null || base.costMax != null) without("Qualquer custo mensal", "costMin", "costMax");
  if (base.bedroomsMin != null) without("Qualquer número de quartos", "bedroomsMin");
  for (const slug of base.amenities ?? []) {
    const rest = base.amenities!.filter((a) => a !== slug);
    const next: ListingFilters = { ...base, amenities: rest };
    if (!rest.length) delete next.amenities;
    out.push({ label: `Sem exigir ${amenityLabel(slug).toLowerCase()}`, filters: next });
  }
  if (base.launch) without("Incluir imóveis que não são lançamentos", "launch");
  if (base.exclusive) without("Incluir imóveis não exclusivos", "exclusive");
  if (base.priceReduced) without("Incluir imóveis sem redução de preço", "priceReduced");
  if (base.suitesMin != null) without("Qualquer número de suítes", "suitesMin");
  if (base.parkingMin != null) without("Qualquer número de vagas", "parkingMin");
  if (base.bathroomsMin != null) without("Qualquer número de banheiros", "bathroomsMin");
  if (base.areaMin != null || base.areaMax != null) without("Qualquer área", "areaMin", "areaMax");
  if (base.condoFeeMax != null) without("Qualquer valor de condomínio", "condoFeeMax");
  if (base.city && vocabulary.cities.length > 1) without("Em qualquer cidade", "city", "neighbourhoods");

  return out.length > MAX_FILTERS_FOR_WIDER ? [] : out.slice(0, MAX_WIDER_SEARCHES);
}
