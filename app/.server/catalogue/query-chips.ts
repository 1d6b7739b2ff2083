/**
 * The words a `/busca` search used, as removable chips (ADR 0087): one chip
 * per part of the query read as a filter that the search applied ("Pinheiros",
 * "Aluguel", "2+ quartos", "Aceita pet", "Até R$ 4.000"), one for the place
 * a typo was read as, and one for the free words a full-text search used.
 * Each chip links to the same search without those words (the chosen filters
 * of the form kept). Pure: built from the search result and the query.
 */
import { amenityLabel } from "~/lib/amenities";
import { filtersToFormEntries, pluralizeCategory, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { formatArea, formatPrice } from "~/lib/format";
import { searchUrl } from "~/lib/list-pages";
import type { QueryPart, TextSearchResult } from "./text-search";

/** A removable chip: what the words were read as, and the search without them. */
export interface QueryChip {
  /** pt-BR, e.g. "2+ quartos". */
  label: string;
  /** `/busca?q=…` without the chip's words (or `/busca` when none is left). */
  url: string;
}

/** Words dropped with a removed part when they stand right before it ("com piscina", "em Moema"). */
const LEADING_FILLERS = /(?:^|\s)(?:com|em|no|na|nos|nas|de|do|da|dos|das|para|pra|a|à|e|ou|perto\s+de)\s*$/i;

/** `q` without the spans (and the filler words right before each), whitespace collapsed. */
export function removeSpans(q: string, spans: readonly [number, number][]): string {
  let out = q;
  for (const [start, end] of [...spans].sort((a, b) => b[0] - a[0])) {
    let from = start;
    for (;;) {
      const before = out.slice(0, from);
      const filler = LEADING_FILLERS.exec(before);
      if (!filler || !filler[0].trim()) break;
      from = before.length - filler[0].length;
    }
    out = `${out.slice(0, from)} ${out.slice(end)}`;
  }
  return out.replace(/\s+/g, " ").trim();
}

/** The words of `q` at `spans`, as typed, space-separated. */
export function typedText(q: string, spans: readonly [number, number][]): string {
  return spans.map(([start, end]) => q.slice(start, end)).join(" ");
}

const plural = (n: number, one: string, many: string) => `${n}+ ${n === 1 ? one : many}`;

/** pt-BR label of what one part of the query was read as. */
export function partLabel(part: Pick<QueryPart, "kind" | "filters">, vocabulary: FilterVocabulary): string {
  const f = part.filters;
  switch (part.kind) {
    case "place": {
      const city = vocabulary.cities.find((c) => c.slug === f.city);
      const nb = city?.neighbourhoods.find((n) => n.slug === f.neighbourhoods?.[0]);
      return nb?.label ?? city?.label ?? f.city ?? "";
    }
    case "purpose":
      return f.purpose === "aluguel" ? "Aluguel" : "Venda";
    case "launch":
      return "Lançamentos";
    case "category": {
      const label = vocabulary.categories.find((c) => c.slug === f.category)?.label ?? f.category ?? "";
      return pluralizeCategory(label);
    }
    case "bedrooms":
      return plural(f.bedroomsMin ?? 1, "quarto", "quartos");
    case "suites":
      return plural(f.suitesMin ?? 1, "suíte", "suítes");
    case "parking":
      return plural(f.parkingMin ?? 1, "vaga", "vagas");
    case "bathrooms":
      return plural(f.bathroomsMin ?? 1, "banheiro", "banheiros");
    case "amenity":
      return amenityLabel(f.amenities?.[0] ?? "");
    case "price":
      return rangeLabel(f.priceMin, f.priceMax, formatPrice);
    case "condoFee":
      return `Condomínio até ${formatPrice(f.condoFeeMax)}`;
    case "area":
      return rangeLabel(f.areaMin, f.areaMax, formatArea);
  }
}

function rangeLabel(min: number | undefined, max: number | undefined, format: (v: number) => string): string {
  if (min != null && max != null) return `${format(min)} a ${format(max)}`;
  if (max != null) return `Até ${format(max)}`;
  return `A partir de ${format(min ?? 0)}`;
}

/** Are all of `part`'s filters in `applied` (so the search used it)? */
function applied(part: ListingFilters, filters: ListingFilters): boolean {
  return Object.entries(part).every(([key, value]) => {
    const have = filters[key as keyof ListingFilters];
    if (Array.isArray(value)) return Array.isArray(have) && value.every((v) => (have as unknown[]).includes(v));
    return have === value;
  });
}

/**
 * The chips of a `/busca` result for query `q` (as the page read it) with the
 * form's chosen filters `chosen`: the parts the search applied, in query
 * order, then the corrected place (typo) or the free words (full text).
 */
export function queryChips(
  result: TextSearchResult,
  q: string,
  chosen: ListingFilters,
  vocabulary: FilterVocabulary,
): QueryChip[] {
  const entries = filtersToFormEntries(chosen);
  const without = (spans: readonly [number, number][]) => searchUrl(removeSpans(q, spans), 1, entries);
  const { understood } = result;
  const chips: QueryChip[] = understood.parts
    .filter((part) => applied(part.filters, result.filters))
    .map((part) => ({ label: partLabel(part, vocabulary), url: without(part.spans) }));
  if (result.mode === "place-typo" && result.correctedTo && understood.textSpans.length) {
    chips.push({ label: result.correctedTo, url: without(understood.textSpans) });
  } else if ((result.mode === "fulltext" || result.mode === "similar") && understood.textSpans.length) {
    chips.push({ label: `“${typedText(q, understood.textSpans)}”`, url: without(understood.textSpans) });
  }
  return chips.filter((chip) => chip.label);
}
