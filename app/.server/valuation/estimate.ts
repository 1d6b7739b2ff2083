/**
 * What `/anunciar` shows (ADR 0089): the estimate form read from the URL
 * against the catalogue's vocabulary (cached: the choices are bounded by the
 * catalogue), and for a valid form the estimate, from one bounded query
 * (`./comparables`) and the pure rule of `~/lib/valuation`.
 */
import type { FilterVocabulary } from "~/lib/filters";
import { estimateValue } from "~/lib/valuation";
import type { ShownEstimate, ValuationLabels } from "~/lib/valuation-view";
import {
  parseValuationQuery,
  PURPOSE_CHOICES,
  valuationQueryString,
  type ValuationInput,
  type ValuationQuery,
} from "~/lib/valuation-form";
import { getVocabulary } from "../catalogue/vocabulary";
import type { Db } from "../db";
import { findComparableCandidates } from "./comparables";

export { valuationLeadMessage, type ShownEstimate, type ValuationLabels } from "~/lib/valuation-view";

/** What the page's loader (and the contact action) work out from a URL. */
export interface ValuationView {
  query: ValuationQuery;
  labels: ValuationLabels | null;
  estimate: ShownEstimate | null;
  /** Set when the URL is valid but not written the canonical way: the query to redirect to (no estimate made). */
  canonical?: string;
}

/** The labels of `input`'s slugs in `vocabulary` (the slug itself when missing). */
export function labelsOf(input: ValuationInput, vocabulary: FilterVocabulary): ValuationLabels {
  const city = vocabulary.cities.find((c) => c.slug === input.city);
  return {
    purpose: PURPOSE_CHOICES[input.purpose],
    category: vocabulary.categories.find((c) => c.slug === input.category)?.label ?? input.category,
    city: city?.label ?? input.city,
    neighbourhood: city?.neighbourhoods.find((n) => n.slug === input.neighbourhood)?.label ?? input.neighbourhood,
  };
}

/** The estimate of a valid input (one query). */
export async function estimateFor(input: ValuationInput, db?: Db): Promise<ShownEstimate> {
  const candidates = await findComparableCandidates(input, { db });
  const result = estimateValue(input, candidates);
  const comparables = result.comparables.map((c) => ({
    code: c.code,
    title: c.title,
    path: c.path,
    neighbourhood: c.neighbourhoodLabel,
    area: c.area,
    bedrooms: c.bedrooms,
    price: c.price,
    pricePerM2: Math.round(c.price / c.area),
  }));
  if (result.status === "insufficient") return { status: "insufficient", count: comparables.length, comparables };
  return {
    status: "estimate",
    min: result.min,
    max: result.max,
    median: result.median,
    pricePerM2: {
      median: Math.round(result.pricePerM2.median),
      low: Math.round(result.pricePerM2.low),
      high: Math.round(result.pricePerM2.high),
    },
    count: comparables.length,
    inNeighbourhood: result.inNeighbourhood,
    widened: result.widened,
    comparables,
  };
}

/**
 * Reads `url`'s estimate form and, when valid, estimates it.
 * @throws database errors (the vocabulary, the query).
 */
export async function valuationView(
  url: URL,
  options: { db?: Db } = {},
): Promise<ValuationView & { vocabulary: FilterVocabulary }> {
  const vocabulary = await getVocabulary({ db: options.db });
  const query = parseValuationQuery(url.searchParams, vocabulary);
  if (query.status !== "valid") return { query, labels: null, estimate: null, vocabulary };
  // A GET form sends its empty fields too: the estimate's link is the short, fixed-order query.
  const canonical = valuationQueryString(query.input);
  if (url.search.slice(1) !== canonical) return { query, labels: null, estimate: null, vocabulary, canonical };
  return {
    query,
    labels: labelsOf(query.input, vocabulary),
    estimate: await estimateFor(query.input, options.db),
    vocabulary,
  };
}
