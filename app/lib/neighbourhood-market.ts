/**
 * The neighbourhood market pages' figures (docs/decisions/0090-neighbourhood-market-pages.md):
 * their shapes, shared by the server that computes them after a sync
 * (`~/.server/neighbourhoods`) and the components that draw them, and the
 * pure rules every figure follows — the median, and the suppression of any
 * figure computed from fewer than {@link MIN_LISTINGS} listings.
 */
import type { Purpose } from "~/domain/listing";

/** Fewest listings a median is computed from; below it the page says {@link TOO_FEW_TEXT}. */
export const MIN_LISTINGS = 5;

/** What the page shows in place of a suppressed figure. */
export const TOO_FEW_TEXT = "poucos imóveis para calcular";

/** The two windows, in days, of the "new listings" and "price cuts" counts. */
export const ACTIVITY_WINDOWS = [30, 90] as const;

/** Most months the price chart covers (the latest ones): a bound on the stored row and the page. */
export const MAX_SERIES_MONTHS = 36;

/** Most condominiums listed by name on a neighbourhood's page (the rest are one link away). */
export const MAX_CONDOMINIUMS_SHOWN = 12;

/** A median and how many listings it was taken over; `value` is null when `count` < {@link MIN_LISTINGS}. */
export interface MarketFigure {
  /** The median, in the figure's unit (BRL/m², BRL/month, days); null when suppressed or no listing. */
  value: number | null;
  /** Listings the median was taken over. */
  count: number;
}

/** The figures of one purpose (and one property type, or all of them) in a neighbourhood. */
export interface SegmentFigures {
  /** Active listings offered for the purpose. */
  stock: number;
  /** Median asking price per m² (sale price or monthly rent ÷ area), BRL/m². */
  pricePerM2: MarketFigure;
  /** Median total monthly cost (`~/lib/monthly-cost`), BRL/month; listings with an unstated fee left out. */
  monthlyCost: MarketFigure;
  /** Listings first seen within the last 30 and 90 days, still offered or not. */
  newListings: { d30: number; d90: number };
  /** Listings whose price for the purpose dropped within the last 30 and 90 days (price history). */
  priceCuts: { d30: number; d90: number };
  /** Median days since the active listings were first seen. */
  daysOnMarket: MarketFigure;
}

/** One month of the price chart. */
export interface SeriesPoint {
  /** São Paulo calendar month, `YYYY-MM`. */
  month: string;
  /** Median asking price per m² of the listings offered at the month's end (or now, for the current month), BRL/m². */
  pricePerM2: MarketFigure;
}

/** A property type's figures for one purpose. */
export interface TypeFigures {
  /** Category slug, e.g. "apartamento" (the list URLs' `tipo`). */
  slug: string;
  /** Category label, e.g. "Apartamento". */
  label: string;
  figures: SegmentFigures;
}

/** A purpose's figures in a neighbourhood: all types, each type, and the monthly chart. */
export interface PurposeMarket {
  purpose: Purpose;
  all: SegmentFigures;
  /** Types with at least one listing for the purpose (active or recent), most stock first. */
  byType: TypeFigures[];
  /** One point per month since the first sync (at most {@link MAX_SERIES_MONTHS}), oldest first. */
  series: SeriesPoint[];
}

/** A condominium of the neighbourhood with active units. */
export interface MarketCondominium {
  slug: string;
  name: string;
  /** Active units. */
  units: number;
}

/** Everything a neighbourhood's page shows, as stored after each sync. */
export interface NeighbourhoodMarket {
  city: string;
  citySlug: string;
  neighbourhood: string;
  neighbourhoodSlug: string;
  /** Active listings, either purpose. */
  stock: number;
  /** Sale first, then rent. */
  purposes: PurposeMarket[];
  /** Condominiums with the most active units first, at most {@link MAX_CONDOMINIUMS_SHOWN}. */
  condominiums: MarketCondominium[];
  /** Condominiums with active units in the neighbourhood. */
  condominiumCount: number;
  /** The loan behind the sale's monthly cost (`saleEstimateText()` of `~/lib/monthly-cost`), null when none. */
  saleCostBasis: string | null;
}

/**
 * The median of `values` (the mean of the two middle ones for an even count);
 * null for none. Does not change `values`.
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The median of `values` as a {@link MarketFigure}: its value is null when
 * fewer than {@link MIN_LISTINGS} values were given (a figure from so few
 * listings would point at single properties and mislead).
 */
export function marketFigure(values: readonly number[]): MarketFigure {
  return { value: values.length < MIN_LISTINGS ? null : median(values), count: values.length };
}

/** True when the figure is shown (not suppressed). */
export function isShown(figure: MarketFigure): figure is { value: number; count: number } {
  return figure.value != null && figure.count >= MIN_LISTINGS;
}

/** pt-BR label of a purpose's section ("À venda", "Para alugar"). */
export const PURPOSE_HEADINGS: Record<Purpose, string> = { venda: "À venda", aluguel: "Para alugar" };
