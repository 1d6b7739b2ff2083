/**
 * What the filters form says about the choices (ADR 0037): the number of
 * facets set (the "Filtros" badge), each closed section's summary line
 * ("Vagas de garagem 2+") and the sheet's "Ver N imóveis".
 */
import { amenityLabel } from "~/lib/amenities";
import { formatCount } from "~/lib/format";
import type { FilterVocabulary, ListingFilters, MinimumFacet } from "~/lib/filters";

/** The minimum facets: parameter, legend and pt-BR nouns. */
export const MINIMUMS: readonly { key: MinimumFacet; param: string; legend: string; many: string }[] = [
  { key: "bedroomsMin", param: "quartos", legend: "Quartos", many: "quartos" },
  { key: "suitesMin", param: "suites", legend: "Suítes", many: "suítes" },
  { key: "parkingMin", param: "vagas", legend: "Vagas de garagem", many: "vagas" },
  { key: "bathroomsMin", param: "banheiros", legend: "Banheiros", many: "banheiros" },
];

/** How many facets are set (for the "Filtros" badge). */
export function activeFilterCount(f: ListingFilters): number {
  return (
    (f.purpose ? 1 : 0) +
    (f.category ? 1 : 0) +
    (f.city ? 1 : 0) +
    (f.neighbourhoods?.length ?? 0) +
    (f.priceMin != null || f.priceMax != null ? 1 : 0) +
    (f.costMin != null || f.costMax != null ? 1 : 0) +
    MINIMUMS.filter((m) => f[m.key] != null).length +
    (f.areaMin != null || f.areaMax != null ? 1 : 0) +
    (f.condoFeeMax != null ? 1 : 0) +
    (f.amenities?.length ?? 0) +
    (f.launch ? 1 : 0) +
    (f.exclusive ? 1 : 0) +
    (f.priceReduced ? 1 : 0) +
    (f.code ? 1 : 0)
  );
}

/** " (1.234)" after an option's label; "" without counts. */
export function countSuffix(n: number | undefined): string {
  return n === undefined ? "" : ` (${formatCount(n)})`;
}

/** An amount as the text fields show it: "500.000" (pt-BR thousands); "" when absent. */
export function amountText(value: number | undefined): string {
  return value == null ? "" : formatCount(value);
}

/** "R$ 500.000 a R$ 800.000", "a partir de 50 m²", "até R$ 800.000"; "" when neither is set. */
function rangeText(min: number | undefined, max: number | undefined, unit: (n: number) => string): string {
  if (min != null && max != null) return `${unit(min)} a ${unit(max)}`;
  if (min != null) return `a partir de ${unit(min)}`;
  if (max != null) return `até ${unit(max)}`;
  return "";
}

/** "A, B e mais 2": the first labels of a list for a closed section's summary. */
function shortList(labels: string[], shown = 2): string {
  if (labels.length <= shown) return labels.join(", ");
  return `${labels.slice(0, shown).join(", ")} e mais ${labels.length - shown}`;
}

/** An amount of a summary line; no-break spaces keep "R$ 2.500" and "50 m²" whole where the line wraps. */
const brl = (n: number) => `R$\u00a0${formatCount(n)}`;

/**
 * What each section has set, for its summary line ("2+", "Piscina, Elevador");
 * "" when nothing. Keys: section ids.
 */
export function sectionSummaries(f: ListingFilters, vocabulary: FilterVocabulary): Record<string, string> {
  const city = vocabulary.cities.find((c) => c.slug === f.city);
  const label = (list: readonly { slug: string; label: string }[] | undefined, slug: string) =>
    list?.find((e) => e.slug === slug)?.label ?? slug;
  const out: Record<string, string> = {
    tipo: [
      f.purpose === "venda" ? "Comprar" : f.purpose === "aluguel" ? "Alugar" : "",
      f.category ? label(vocabulary.categories, f.category) : "",
    ]
      .filter(Boolean)
      .join(" · "),
    local: f.neighbourhoods?.length
      ? shortList(f.neighbourhoods.map((nb) => label(city?.neighbourhoods, nb)))
      : f.city
        ? (city?.label ?? f.city)
        : "",
    preco: rangeText(f.priceMin, f.priceMax, brl),
    custo: rangeText(f.costMin, f.costMax, brl),
    area: rangeText(f.areaMin, f.areaMax, (n) => `${formatCount(n)}\u00a0m²`),
    condominio: f.condoFeeMax != null ? `até ${brl(f.condoFeeMax)}` : "",
    comodidades: shortList((f.amenities ?? []).map(amenityLabel)),
    outros: [f.launch ? "Lançamentos" : "", f.exclusive ? "Exclusivos" : "", f.priceReduced ? "Preço reduzido" : ""]
      .filter(Boolean)
      .join(", "),
    codigo: f.code ?? "",
  };
  for (const m of MINIMUMS) out[m.key] = f[m.key] != null ? `${f[m.key]}+` : "";
  return out;
}

/** "Ver 1 imóvel", "Ver 1.234 imóveis", "Nenhum imóvel encontrado"; "Ver imóveis" while unknown. */
export function applyLabel(count: number | null): string {
  if (count == null) return "Ver imóveis";
  if (count === 0) return "Nenhum imóvel encontrado";
  return count === 1 ? "Ver 1 imóvel" : `Ver ${formatCount(count)} imóveis`;
}
