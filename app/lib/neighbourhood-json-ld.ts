/**
 * schema.org structured data of a neighbourhood market page (ADR 0090): a
 * `Place` (the neighbourhood, contained in its city) and a `Dataset` (the
 * figures: what they measure, the period they cover, when they were
 * computed, who publishes them). `~/components/json-ld` writes them.
 */
import type { JsonLdNode } from "./json-ld";
import { isShown, PURPOSE_HEADINGS, type NeighbourhoodMarket } from "./neighbourhood-market";

/** Inputs of {@link neighbourhoodJsonLd}. */
export interface NeighbourhoodJsonLdInput {
  market: NeighbourhoodMarket;
  /** Absolute canonical URL of the page. */
  url: string;
  description: string;
  /** The agency's name (the dataset's creator). */
  agencyName: string;
  /** When the figures were computed (ISO instant). */
  computedAt: string;
}

/** The `Place` and the `Dataset` of a neighbourhood's page. */
export function neighbourhoodJsonLd(input: NeighbourhoodJsonLdInput): JsonLdNode[] {
  const { market, url } = input;
  const place: JsonLdNode = {
    "@context": "https://schema.org",
    "@type": "Place",
    "@id": `${url}#bairro`,
    name: market.neighbourhood,
    address: {
      "@type": "PostalAddress",
      addressLocality: `${market.neighbourhood}, ${market.city}`,
      addressCountry: "BR",
    },
    containedInPlace: { "@type": "City", name: market.city },
  };
  const months = market.purposes[0]?.series ?? [];
  const variables = market.purposes.flatMap((purpose) => {
    const figure = purpose.all.pricePerM2;
    if (!isShown(figure)) return [];
    return [
      {
        "@type": "PropertyValue",
        name: `Preço mediano do m² (${PURPOSE_HEADINGS[purpose.purpose].toLowerCase()})`,
        value: Math.round(figure.value),
        unitText: purpose.purpose === "venda" ? "BRL/m²" : "BRL/m² por mês",
      },
    ];
  });
  const dataset: JsonLdNode = {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: `Mercado imobiliário em ${market.neighbourhood}, ${market.city}`,
    description: input.description,
    url,
    creator: { "@type": "Organization", name: input.agencyName },
    dateModified: input.computedAt,
    spatialCoverage: { "@id": `${url}#bairro` },
    variableMeasured: variables.length ? variables : undefined,
    temporalCoverage: months.length ? `${months[0].month}/${months[months.length - 1].month}` : undefined,
    isAccessibleForFree: true,
  };
  return [place, Object.fromEntries(Object.entries(dataset).filter(([, v]) => v !== undefined))];
}
