/**
 * Broader-search suggestions for an empty results page: the filters with one
 * facet removed at a time, each with a pt-BR label.
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
