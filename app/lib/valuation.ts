/**
 * The owner's instant estimate on `/anunciar` (ADR 0089): a range of asking
 * prices worked out from the agency's own active listings, never an appraisal
 * (laudo, PTAM).
 *
 * The rule, in order:
 * 1. a candidate is comparable when it has the subject's city, type and
 *    purpose, a price and an area, an area within ±{@link AREA_TOLERANCE} of
 *    the subject's and a number of bedrooms within ±{@link BEDROOM_TOLERANCE}
 *    ({@link isComparable}; the database query applies the same bounds);
 * 2. the comparables of the subject's own neighbourhood come first, the
 *    {@link TARGET_COMPARABLES} most similar of them ({@link dissimilarity}:
 *    area, then bedrooms, suites, parking and condominium fee); when they are
 *    fewer, the nearest others are added (distance from the neighbourhood's
 *    centroid, at most {@link MAX_WIDEN_KM} km) until there are that many
 *    ({@link selectComparables});
 * 3. the asking price per m² of each comparable; its median, first and third
 *    quartiles ({@link quantile}, linear interpolation like PostgreSQL's
 *    `percentile_cont`) times the subject's area give the estimate and the
 *    range ({@link estimateValue});
 * 4. below {@link MIN_COMPARABLES} comparables no figure is given.
 *
 * Pure code: the page (`app/.server/valuation`) and the backtest
 * (`bench/valuation.ts`) run the same functions.
 */
import type { Purpose } from "~/domain/listing";

/** Fewest comparables that give a figure; below it the page offers a broker's evaluation. */
export const MIN_COMPARABLES = 5;
/** Largest relative difference of area (m²) between the subject and a comparable: 0.3 (±30 %). */
export const AREA_TOLERANCE = 0.3;
/** Largest difference in bedrooms between the subject and a comparable. */
export const BEDROOM_TOLERANCE = 1;
/** How many comparables the widening beyond the neighbourhood aims for. */
export const TARGET_COMPARABLES = 12;
/** Farthest a comparable of another neighbourhood may be from the subject's neighbourhood centroid, km. */
export const MAX_WIDEN_KM = 2.5;
/** Most candidates the database query returns (its own neighbourhood first, then by distance). */
export const CANDIDATE_LIMIT = 200;

/** What the owner tells about the property (validated: `./valuation-form`). */
export interface ValuationSubject {
  purpose: Purpose;
  /** Category slug, e.g. "apartamento". */
  category: string;
  /** City slug. */
  city: string;
  /** Neighbourhood slug within {@link city}. */
  neighbourhood: string;
  /** m², > 0. */
  area: number;
  /** 0–20. */
  bedrooms: number;
  /** Optional facts that rank the comparables of the neighbourhood (never filter them). */
  suites?: number;
  parking?: number;
  /** BRL per month. */
  condoFee?: number;
}

/** One active listing the query found near the subject (same city, type and purpose). */
export interface ComparableCandidate {
  code: string;
  /** Neighbourhood slug. */
  neighbourhood: string;
  /** m². */
  area: number;
  bedrooms: number | null;
  /** Asking price for the subject's purpose: BRL (sale) or BRL per month (rent). */
  price: number;
  /** km from the centroid of the subject's neighbourhood; null when either has no coordinates. */
  distanceKm: number | null;
  suites?: number | null;
  parking?: number | null;
  /** BRL per month; null when unknown. */
  condoFee?: number | null;
}

/**
 * Weights of {@link dissimilarity}: per bedroom, suite and parking space of
 * difference, per unit of |ln| of the condominium fees' ratio, and the cost of
 * a comparable with no fee when the owner gave one. Tuned on the backtest (ADR 0089).
 */
export const SIMILARITY_WEIGHTS = { bedroom: 0.3, suite: 0.15, parking: 0.15, condoFee: 0.5, missingCondoFee: 0.3 };

/**
 * How unlike the subject a comparable is (0 = alike): |ln(area ratio)| plus
 * the weighted differences of {@link SIMILARITY_WEIGHTS}; a fact the owner did
 * not give adds nothing.
 */
export function dissimilarity(
  subject: Pick<ValuationSubject, "area" | "bedrooms" | "suites" | "parking" | "condoFee">,
  candidate: ComparableCandidate,
): number {
  const w = SIMILARITY_WEIGHTS;
  let score = Math.abs(Math.log(candidate.area / subject.area));
  score += w.bedroom * Math.abs((candidate.bedrooms ?? subject.bedrooms) - subject.bedrooms);
  if (subject.suites !== undefined) score += w.suite * Math.abs((candidate.suites ?? 0) - subject.suites);
  if (subject.parking !== undefined) score += w.parking * Math.abs((candidate.parking ?? 0) - subject.parking);
  if (subject.condoFee !== undefined && subject.condoFee > 0) {
    const fee = candidate.condoFee ?? 0;
    score += fee > 0 ? w.condoFee * Math.abs(Math.log(fee / subject.condoFee)) : w.missingCondoFee;
  }
  return score;
}

/**
 * The `q` quantile (0–1) of ascending `sorted` values, linearly interpolated
 * between the two nearest ranks (PostgreSQL `percentile_cont`).
 * @throws {RangeError} when `sorted` is empty or `q` is outside [0, 1].
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) throw new RangeError("quantile of no values");
  if (!(q >= 0 && q <= 1)) throw new RangeError("quantile outside [0, 1]");
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below]!;
  return low + (sorted[above]! - low) * (position - below);
}

/** The area bounds (m², inclusive) of a comparable: ±{@link AREA_TOLERANCE} of `area`. */
export function areaBounds(area: number): { min: number; max: number } {
  return { min: area * (1 - AREA_TOLERANCE), max: area * (1 + AREA_TOLERANCE) };
}

/** Whether `candidate` is comparable to `subject` by area (±30 %) and bedrooms (±1); see the module comment. */
export function isComparable(
  subject: Pick<ValuationSubject, "area" | "bedrooms">,
  candidate: ComparableCandidate,
): boolean {
  const { min, max } = areaBounds(subject.area);
  return (
    candidate.price > 0 &&
    candidate.area > 0 &&
    candidate.area >= min &&
    candidate.area <= max &&
    candidate.bedrooms != null &&
    Math.abs(candidate.bedrooms - subject.bedrooms) <= BEDROOM_TOLERANCE
  );
}

/** The comparables chosen for a subject, and whether other neighbourhoods were needed. */
export interface ComparableSelection<C extends ComparableCandidate = ComparableCandidate> {
  /** Own neighbourhood first, then the added ones nearest first. */
  comparables: C[];
  /** How many come from the subject's own neighbourhood. */
  inNeighbourhood: number;
  /** True when comparables of other neighbourhoods were added. */
  widened: boolean;
}

/**
 * Chooses the comparables of `subject` among `candidates` (rule 2 of the
 * module comment). Candidates that fail {@link isComparable} are ignored.
 */
export function selectComparables<C extends ComparableCandidate>(
  subject: Pick<ValuationSubject, "area" | "bedrooms" | "neighbourhood" | "suites" | "parking" | "condoFee">,
  candidates: readonly C[],
): ComparableSelection<C> {
  const usable = candidates.filter((candidate) => isComparable(subject, candidate));
  const own = usable
    .filter((candidate) => candidate.neighbourhood === subject.neighbourhood)
    .map((candidate) => ({ candidate, score: dissimilarity(subject, candidate) }))
    .sort((a, b) => a.score - b.score || (a.candidate.code < b.candidate.code ? -1 : 1))
    .slice(0, TARGET_COMPARABLES)
    .map(({ candidate }) => candidate);
  if (own.length >= TARGET_COMPARABLES) return { comparables: own, inNeighbourhood: own.length, widened: false };
  const nearby = usable
    .filter(
      (candidate) =>
        candidate.neighbourhood !== subject.neighbourhood &&
        candidate.distanceKm != null &&
        candidate.distanceKm <= MAX_WIDEN_KM,
    )
    .sort((a, b) => a.distanceKm! - b.distanceKm! || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .slice(0, TARGET_COMPARABLES - own.length);
  return { comparables: [...own, ...nearby], inNeighbourhood: own.length, widened: nearby.length > 0 };
}

/** Price per m² figures of the comparables: BRL/m² (sale) or BRL/m² per month (rent). */
export interface PricePerM2 {
  median: number;
  /** First quartile. */
  low: number;
  /** Third quartile. */
  high: number;
}

/** The estimate of a subject: a range, or why there is none. */
export type ValuationEstimate<C extends ComparableCandidate = ComparableCandidate> =
  | ({
      status: "estimate";
      /** BRL (or BRL per month for rent), rounded ({@link roundPrice}): first quartile × area. */
      min: number;
      /** BRL, rounded: third quartile × area. */
      max: number;
      /** BRL, rounded: median × area (the point estimate). */
      median: number;
      pricePerM2: PricePerM2;
    } & ComparableSelection<C>)
  | ({ status: "insufficient" } & ComparableSelection<C>);

/**
 * A price rounded for display as an estimate: sale prices to R$ 1.000, rents to R$ 10 (integers, BRL).
 */
export function roundPrice(value: number, purpose: Purpose): number {
  const step = purpose === "venda" ? 1000 : 10;
  return Math.round(value / step) * step;
}

/**
 * The estimate of `subject` from `candidates` (the module comment's rule):
 * a range when at least {@link MIN_COMPARABLES} comparables are found,
 * "insufficient" otherwise.
 */
export function estimateValue<C extends ComparableCandidate>(
  subject: ValuationSubject,
  candidates: readonly C[],
): ValuationEstimate<C> {
  const selection = selectComparables(subject, candidates);
  if (selection.comparables.length < MIN_COMPARABLES) return { status: "insufficient", ...selection };
  const perM2 = selection.comparables.map((c) => c.price / c.area).sort((a, b) => a - b);
  const pricePerM2 = { median: quantile(perM2, 0.5), low: quantile(perM2, 0.25), high: quantile(perM2, 0.75) };
  return {
    status: "estimate",
    min: roundPrice(pricePerM2.low * subject.area, subject.purpose),
    max: roundPrice(pricePerM2.high * subject.area, subject.purpose),
    median: roundPrice(pricePerM2.median * subject.area, subject.purpose),
    pricePerM2,
    ...selection,
  };
}
