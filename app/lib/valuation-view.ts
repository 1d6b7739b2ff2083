/**
 * What `/anunciar` shows of an estimate (ADR 0089), shared by the server that
 * builds it and the components that draw it, and the lead's message that
 * carries it to the agency, the broker's inbox and Vista.
 */
import { formatArea, formatPrice } from "./format";
import { MIN_COMPARABLES } from "./valuation";
import type { ValuationInput } from "./valuation-form";

/** A comparable as the page lists it. */
export interface ShownComparable {
  code: string;
  title: string;
  path: string;
  neighbourhood: string;
  /** m². */
  area: number;
  bedrooms: number | null;
  /** BRL (or BRL per month). */
  price: number;
  /** BRL per m², rounded. */
  pricePerM2: number;
}

/** The estimate of a valid form, as the page and the lead show it. */
export type ShownEstimate =
  | {
      status: "estimate";
      /** BRL integers (per month for rent). */
      min: number;
      max: number;
      median: number;
      /** BRL per m², rounded: median, first and third quartiles. */
      pricePerM2: { median: number; low: number; high: number };
      count: number;
      inNeighbourhood: number;
      widened: boolean;
      comparables: ShownComparable[];
    }
  | { status: "insufficient"; count: number; comparables: ShownComparable[] };

/** Labels of a valid input's slugs (from the vocabulary). */
export interface ValuationLabels {
  purpose: string;
  category: string;
  city: string;
  neighbourhood: string;
}

/**
 * The lead's message (the agency e-mail, the inbox and Vista show it): the
 * property as described, the estimate (or its absence) and the owner's words.
 */
export function valuationLeadMessage(
  input: ValuationInput,
  labels: ValuationLabels,
  estimate: ShownEstimate,
  ownMessage: string,
): string {
  const perMonth = input.purpose === "aluguel" ? "/mês" : "";
  const lines = [
    `Quer ${labels.purpose.toLowerCase()}: ${labels.category}, ${labels.neighbourhood}, ${labels.city}.`,
    `Área: ${formatArea(input.area)}; quartos: ${input.bedrooms}` +
      (input.suites !== undefined ? `; suítes: ${input.suites}` : "") +
      (input.parking !== undefined ? `; vagas: ${input.parking}` : "") +
      (input.condoFee !== undefined ? `; condomínio: ${formatPrice(input.condoFee)}/mês` : "") +
      (input.cep ? `; CEP: ${input.cep.slice(0, 5)}-${input.cep.slice(5)}` : "") +
      ".",
    estimate.status === "estimate"
      ? `Estimativa do site: ${formatPrice(estimate.min)} – ${formatPrice(estimate.max)}${perMonth} ` +
        `(mediana ${formatPrice(estimate.median)}${perMonth}; ${estimate.count} comparáveis; ` +
        `${formatPrice(estimate.pricePerM2.median)}/m²).`
      : `Sem estimativa no site: ${estimate.count} comparáveis (mínimo ${MIN_COMPARABLES}).`,
  ];
  if (ownMessage.trim()) lines.push("", ownMessage.trim());
  return lines.join("\n");
}
