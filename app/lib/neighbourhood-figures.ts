/**
 * Computing the neighbourhood market figures (ADR 0090) from the read
 * model's rows, pure: the server loads the listings, the price history and
 * the condominiums once after a sync (`~/.server/neighbourhoods/refresh`)
 * and stores what this returns, one row per neighbourhood, so that a page
 * request only reads a precomputed row.
 *
 * Rules (each stated on the page's "Como calculamos"):
 * - price per m²: asking sale price (or monthly rent) ÷ area of the active
 *   listings offered for the purpose, with both known;
 * - monthly cost: `monthlyTotal()` of `~/lib/monthly-cost` (rent + condomínio
 *   + IPTU/12, or the default loan's first instalment + condomínio + IPTU/12),
 *   only listings stating both fees (an unstated fee makes the cost unknown,
 *   as the cost filter reads it, ADR 0086);
 * - new listings: first seen within the window (removed since or not);
 * - price cuts: listings whose price for the purpose dropped within the window;
 * - days on market: days since first seen, active listings;
 * - the chart: per São Paulo month, the median price per m² of the listings
 *   on the market at its end, their price then read back from the history.
 * Every median is suppressed under `MIN_LISTINGS` listings (`marketFigure`).
 */
import type { Purpose } from "~/domain/listing";
import { monthlyTotal, saleEstimateText, type CostFinancing } from "./monthly-cost";
import {
  MAX_CONDOMINIUMS_SHOWN,
  marketFigure,
  type MarketCondominium,
  type NeighbourhoodMarket,
  type PurposeMarket,
  type SegmentFigures,
  type SeriesPoint,
} from "./neighbourhood-market";
import { monthInstant, onMarketAt, priceAt, seriesMonths, type PriceChangeAt } from "./neighbourhood-series";

const DAY_MS = 86_400_000;

/** A listing as the figures read it (the read model's `listings` columns; BRL, m²). */
export interface MarketListing {
  code: string;
  city: string;
  citySlug: string;
  neighbourhood: string;
  neighbourhoodSlug: string;
  category: string;
  categorySlug: string;
  forSale: boolean;
  forRent: boolean;
  /** BRL. */
  salePrice: number | null;
  /** BRL per month. */
  rentPrice: number | null;
  /** BRL per month. */
  condoFee: number | null;
  /** BRL per year. */
  iptu: number | null;
  /** m². */
  area: number | null;
  firstSeenAt: Date | null;
  /** Null while active. */
  removedAt: Date | null;
  condominiumSlug: string | null;
}

/** A change of a listing's sale price or rent (the price history's rows for those fields). */
export interface MarketPriceChange extends PriceChangeAt {
  listingCode: string;
  field: "sale" | "rent";
}

/** A condominium's name by slug. */
export interface MarketCondominiumName {
  slug: string;
  name: string;
}

/** What {@link computeMarkets} reads. */
export interface MarketInput {
  /** Active listings and those removed recently enough to count (the chart's months, the 90-day window). */
  listings: readonly MarketListing[];
  /** Sale and rent changes of those listings, any order. */
  changes: readonly MarketPriceChange[];
  condominiums: readonly MarketCondominiumName[];
  /** The loan of the sale's monthly cost (the admin's defaults); null: no sale monthly cost. */
  financing: CostFinancing | null;
  /** The month of the first sync (`YYYY-MM`): where the chart starts. */
  seriesFrom: string;
  now: Date;
}

const FIELD: Record<Purpose, "sale" | "rent"> = { venda: "sale", aluguel: "rent" };

/** The listing's price for `purpose` now (BRL or BRL/month), null when it has none. */
function currentPrice(listing: MarketListing, purpose: Purpose): number | null {
  return purpose === "venda" ? listing.salePrice : listing.rentPrice;
}

/** True when the listing is (or, removed, was) offered for `purpose`. */
function offers(listing: MarketListing, purpose: Purpose): boolean {
  return purpose === "venda" ? listing.forSale : listing.forRent;
}

/** Price ÷ area, or null when either is missing. */
function perM2(price: number | null, area: number | null): number | null {
  return price != null && price > 0 && area != null && area > 0 ? price / area : null;
}

/** The changes of each listing and field, oldest first, keyed `code|field`. */
function changesByListing(changes: readonly MarketPriceChange[]): Map<string, MarketPriceChange[]> {
  const map = new Map<string, MarketPriceChange[]>();
  for (const change of changes) {
    const key = `${change.listingCode}|${change.field}`;
    const list = map.get(key) ?? [];
    list.push(change);
    map.set(key, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  return map;
}

interface Context {
  history: Map<string, MarketPriceChange[]>;
  financing: CostFinancing | null;
  months: string[];
  now: Date;
}

/** Counts of `listings` whose instant `at(listing)` falls within each window before `now`. */
function windowCounts(listings: readonly MarketListing[], at: (l: MarketListing) => Date | null, now: Date) {
  const counts = { d30: 0, d90: 0 };
  for (const listing of listings) {
    const instant = at(listing);
    if (!instant || instant.getTime() > now.getTime()) continue;
    const age = now.getTime() - instant.getTime();
    if (age <= 30 * DAY_MS) counts.d30 += 1;
    if (age <= 90 * DAY_MS) counts.d90 += 1;
  }
  return counts;
}

/** The latest drop of `purpose`'s price of a listing, or null when it never dropped. */
function lastCut(ctx: Context, listing: MarketListing, purpose: Purpose): Date | null {
  const changes = ctx.history.get(`${listing.code}|${FIELD[purpose]}`) ?? [];
  for (let i = changes.length - 1; i >= 0; i -= 1) {
    const { oldValue, newValue, changedAt } = changes[i];
    if (oldValue != null && newValue != null && newValue < oldValue) return changedAt;
  }
  return null;
}

/** The figures of `listings` (all offering `purpose`) — one segment. */
function segment(ctx: Context, listings: readonly MarketListing[], purpose: Purpose): SegmentFigures {
  const active = listings.filter((l) => l.removedAt == null);
  const prices: number[] = [];
  const costs: number[] = [];
  const days: number[] = [];
  for (const listing of active) {
    const m2 = perM2(currentPrice(listing, purpose), listing.area);
    if (m2 != null) prices.push(m2);
    const cost = monthlyTotal(listing, purpose, ctx.financing);
    if (cost && cost.missing.length === 0) costs.push(cost.amount);
    if (listing.firstSeenAt && listing.firstSeenAt.getTime() <= ctx.now.getTime()) {
      days.push(Math.floor((ctx.now.getTime() - listing.firstSeenAt.getTime()) / DAY_MS));
    }
  }
  return {
    stock: active.length,
    pricePerM2: marketFigure(prices),
    monthlyCost: marketFigure(costs),
    newListings: windowCounts(listings, (l) => l.firstSeenAt, ctx.now),
    priceCuts: windowCounts(listings, (l) => lastCut(ctx, l, purpose), ctx.now),
    daysOnMarket: marketFigure(days),
  };
}

/** The chart's points for `listings` (all offering `purpose`). */
function series(ctx: Context, listings: readonly MarketListing[], purpose: Purpose): SeriesPoint[] {
  return ctx.months.map((month) => {
    const at = monthInstant(month, ctx.now);
    const values: number[] = [];
    for (const listing of listings) {
      if (!onMarketAt(listing, at)) continue;
      const changes = ctx.history.get(`${listing.code}|${FIELD[purpose]}`) ?? [];
      const m2 = perM2(priceAt(changes, at, currentPrice(listing, purpose)), listing.area);
      if (m2 != null) values.push(m2);
    }
    return { month, pricePerM2: marketFigure(values) };
  });
}

/** One purpose's figures in a neighbourhood: all types, each type (most stock first), the chart. */
function purposeMarket(ctx: Context, listings: readonly MarketListing[], purpose: Purpose): PurposeMarket {
  const offered = listings.filter((l) => offers(l, purpose));
  const byCategory = new Map<string, MarketListing[]>();
  for (const listing of offered) {
    const list = byCategory.get(listing.categorySlug) ?? [];
    list.push(listing);
    byCategory.set(listing.categorySlug, list);
  }
  const byType = [...byCategory.entries()]
    .map(([slug, list]) => ({ slug, label: list[0].category, figures: segment(ctx, list, purpose) }))
    .sort((a, b) => b.figures.stock - a.figures.stock || a.label.localeCompare(b.label, "pt-BR"));
  return { purpose, all: segment(ctx, offered, purpose), byType, series: series(ctx, offered, purpose) };
}

/** The condominiums of a neighbourhood's active listings, most units first. */
function condominiumsOf(listings: readonly MarketListing[], names: Map<string, string>): MarketCondominium[] {
  const units = new Map<string, number>();
  for (const listing of listings) {
    if (listing.removedAt == null && listing.condominiumSlug && names.has(listing.condominiumSlug)) {
      units.set(listing.condominiumSlug, (units.get(listing.condominiumSlug) ?? 0) + 1);
    }
  }
  return [...units.entries()]
    .map(([slug, count]) => ({ slug, name: names.get(slug)!, units: count }))
    .sort((a, b) => b.units - a.units || a.name.localeCompare(b.name, "pt-BR"));
}

/**
 * The figures of every neighbourhood that has at least one active listing,
 * keyed `{city slug}/{neighbourhood slug}` (the list URLs' slugs).
 */
export function computeMarkets(input: MarketInput): Map<string, NeighbourhoodMarket> {
  const ctx: Context = {
    history: changesByListing(input.changes),
    financing: input.financing,
    months: seriesMonths(input.seriesFrom, input.now),
    now: input.now,
  };
  const names = new Map(input.condominiums.map((c) => [c.slug, c.name]));
  const groups = new Map<string, MarketListing[]>();
  for (const listing of input.listings) {
    const key = `${listing.citySlug}/${listing.neighbourhoodSlug}`;
    const list = groups.get(key) ?? [];
    list.push(listing);
    groups.set(key, list);
  }
  const markets = new Map<string, NeighbourhoodMarket>();
  for (const [key, listings] of groups) {
    const active = listings.filter((l) => l.removedAt == null);
    if (active.length === 0 || !active[0].citySlug || !active[0].neighbourhoodSlug) continue;
    const condominiums = condominiumsOf(listings, names);
    markets.set(key, {
      city: active[0].city,
      citySlug: active[0].citySlug,
      neighbourhood: active[0].neighbourhood,
      neighbourhoodSlug: active[0].neighbourhoodSlug,
      stock: active.length,
      purposes: (["venda", "aluguel"] as const).map((purpose) => purposeMarket(ctx, listings, purpose)),
      condominiums: condominiums.slice(0, MAX_CONDOMINIUMS_SHOWN),
      condominiumCount: condominiums.length,
      saleCostBasis: input.financing ? saleEstimateText(input.financing) : null,
    });
  }
  return markets;
}
