/**
 * pt-BR descriptions of a filter set: the page heading, the title's place,
 * the result count sentence and the short phrases of the other facets.
 */
import { amenityLabel } from "../amenities";
import { formatArea, formatCount, formatPrice } from "../format";
import type { FilterVocabulary, ListingFilters, VocabularyEntry } from "./types";

/** Label of a slug in the vocabulary, or the slug itself when unknown. */
export function labelOf(entries: VocabularyEntry[] | undefined, slug: string): string {
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
   * The other facets as short pt-BR phrases, in `QUERY_FACETS` order
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
  range(f.costMin, f.costMax, formatPrice, "Custo mensal");
  if (f.suitesMin) out.push(atLeast(f.suitesMin, "suíte", "suítes"));
  if (f.parkingMin) out.push(atLeast(f.parkingMin, "vaga", "vagas"));
  if (f.bathroomsMin) out.push(atLeast(f.bathroomsMin, "banheiro", "banheiros"));
  range(f.areaMin, f.areaMax, formatArea, "Área");
  if (f.condoFeeMax != null) out.push(`Condomínio até ${formatPrice(f.condoFeeMax)}`);
  for (const slug of f.amenities ?? []) out.push(amenityLabel(slug));
  if (f.launch) out.push("Lançamentos");
  if (f.exclusive) out.push("Exclusivos");
  if (f.priceReduced) out.push("Preço reduzido");
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
