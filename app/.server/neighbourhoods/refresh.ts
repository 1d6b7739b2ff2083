/**
 * Recomputing the neighbourhood market figures (docs/decisions/0090-neighbourhood-market-pages.md)
 * after a sync, never on a page request: the read model's listings, their
 * sale and rent history and the condominiums are read once, the pure
 * `computeMarkets()` of `~/lib/neighbourhood-figures` turns them into one
 * row per neighbourhood, and the rows replace the old ones in one
 * transaction (a reader sees the old figures or the new, never half).
 *
 * Triggered by `runSync` (`../sync/run`) after a successful run, on the
 * sync's leader only (the one holding the sync lock), when the catalogue or
 * its prices changed, when the table is empty, or when the figures were
 * computed on an earlier São Paulo day (the 30- and 90-day windows and the
 * days on market move with the calendar); and at a process's start when the
 * table is empty though a sync already succeeded (`./startup`).
 */
import { and, count, eq, gte, inArray, isNull, max, min, or, sql } from "drizzle-orm";
import { marketFigure, isShown, type NeighbourhoodMarket } from "~/lib/neighbourhood-market";
import { computeMarkets, type MarketListing, type MarketPriceChange } from "~/lib/neighbourhood-figures";
import { saoPauloDate } from "~/lib/sao-paulo-time";
import { saoPauloMonth, seriesMonths } from "~/lib/neighbourhood-series";
import { publicContentChanged } from "../admin/content-changed";
import { priceChangeColumns } from "../catalogue/price-history";
import type { Db } from "../db";
import { condominiums, listingPriceChanges, listings, neighbourhoodMarkets } from "../db/schema";
import { getFinancingSettings } from "../financing";

/** Advisory lock (transaction scope) serialising the writers of the table. */
const MARKETS_LOCK_KEY = 0x6e627268;

/** Rows per multi-row insert (each carries a few kB of JSON). */
const INSERT_BATCH = 100;

/** The longest activity window, days: removed listings older than this and the chart's start are not read. */
const WINDOW_DAYS = 90;

/**
 * The month of the first sync (`YYYY-MM`), as the price history knows it:
 * the month of its first row (a sync records a change from its second sight
 * of a listing on), else the current month.
 */
async function firstSyncMonth(db: Db, now: Date): Promise<string> {
  const [row] = await db.select({ first: min(listingPriceChanges.changedAt) }).from(listingPriceChanges);
  return saoPauloMonth(row?.first ?? now);
}

/** The listings the figures read: active, or removed since the chart's first month or the 90-day window. */
async function loadListings(db: Db, since: Date): Promise<MarketListing[]> {
  return db
    .select({
      code: listings.code,
      city: listings.city,
      citySlug: listings.citySlug,
      neighbourhood: listings.neighbourhood,
      neighbourhoodSlug: listings.neighbourhoodSlug,
      category: listings.category,
      categorySlug: listings.categorySlug,
      forSale: listings.forSale,
      forRent: listings.forRent,
      salePrice: listings.salePrice,
      rentPrice: listings.rentPrice,
      condoFee: listings.condoFee,
      iptu: listings.iptu,
      area: listings.area,
      firstSeenAt: listings.firstSeenAt,
      removedAt: listings.removedAt,
      condominiumSlug: listings.condominiumSlug,
    })
    .from(listings)
    .where(or(isNull(listings.removedAt), gte(listings.removedAt, since)));
}

/** Sale and rent changes of the listings {@link loadListings} reads. */
async function loadChanges(db: Db, since: Date): Promise<MarketPriceChange[]> {
  const rows = await db
    .select(priceChangeColumns)
    .from(listingPriceChanges)
    .innerJoin(listings, eq(listings.code, listingPriceChanges.listingCode))
    .where(
      and(
        inArray(listingPriceChanges.field, ["sale", "rent"]),
        or(isNull(listings.removedAt), gte(listings.removedAt, since)),
      ),
    );
  return rows as MarketPriceChange[];
}

/** The table's row of one neighbourhood's figures. */
function rowOf(market: NeighbourhoodMarket, computedAt: Date, dataAsOf: Date) {
  const headline = (index: number) => {
    const figure = market.purposes[index]?.all.pricePerM2 ?? marketFigure([]);
    return isShown(figure) ? figure.value : null;
  };
  return {
    citySlug: market.citySlug,
    neighbourhoodSlug: market.neighbourhoodSlug,
    city: market.city,
    neighbourhood: market.neighbourhood,
    stock: market.stock,
    salePricePerM2: headline(0),
    rentPricePerM2: headline(1),
    figures: market,
    computedAt,
    dataAsOf,
  };
}

/**
 * Computes every neighbourhood's figures from the read model and replaces
 * the stored rows with them.
 * @param options.now the clock of the windows and the chart (default now).
 * @param options.dataAsOf when the sync the figures come from finished.
 * @returns how many neighbourhoods were stored.
 * @throws database errors (the old rows are then kept).
 */
export async function refreshNeighbourhoodMarkets(db: Db, options: { now?: Date; dataAsOf: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const seriesFrom = await firstSyncMonth(db, now);
  const firstMonth = seriesMonths(seriesFrom, now)[0];
  const chartStart = new Date(`${firstMonth}-01T00:00:00Z`);
  const windowStart = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  // A day either side of the São Paulo month's start is enough: the rule is "on the market at the month's end".
  const since = new Date(Math.min(chartStart.getTime() - 86_400_000, windowStart.getTime()));
  const [rows, changes, condos, financing] = await Promise.all([
    loadListings(db, since),
    loadChanges(db, since),
    db.select({ slug: condominiums.slug, name: condominiums.name }).from(condominiums),
    getFinancingSettings(db),
  ]);
  const markets = computeMarkets({ listings: rows, changes, condominiums: condos, financing, seriesFrom, now });
  const values = [...markets.values()].map((market) => rowOf(market, now, options.dataAsOf));
  await db.transaction(async (tx) => {
    // Writers take turns (a start-up fill and a sync's refresh may meet); readers never wait.
    await tx.execute(sql`select pg_advisory_xact_lock(${MARKETS_LOCK_KEY})`);
    await tx.delete(neighbourhoodMarkets);
    for (let i = 0; i < values.length; i += INSERT_BATCH) {
      await tx.insert(neighbourhoodMarkets).values(values.slice(i, i + INSERT_BATCH));
    }
  });
  return values.length;
}

/** How many rows the table has and when they were computed (null when empty). */
export async function marketsState(db: Db): Promise<{ rows: number; computedAt: Date | null }> {
  const [row] = await db
    .select({ rows: count(), computedAt: max(neighbourhoodMarkets.computedAt) })
    .from(neighbourhoodMarkets);
  return { rows: Number(row?.rows ?? 0), computedAt: row?.computedAt ?? null };
}

/** What a finished sync run tells {@link refreshAfterSync}. */
export interface SyncOutcome {
  /** Listings written, removed, and prices changed by the run. */
  counts: { upserted: number; removed: number; priceChanges: number };
  /** When the run finished. */
  finishedAt: Date;
}

/**
 * After a successful sync run (`runSync`, on the leader): recomputes the
 * figures when the run changed listings or prices, when none are stored, or
 * when they were computed on an earlier São Paulo day. Never throws: a
 * failure is logged and the old figures stay (the next run tries again).
 * When only the calendar moved, the page caches are told the public
 * content changed (a changed catalogue already tells them).
 * @returns true when the figures were recomputed.
 */
export async function refreshAfterSync(db: Db, outcome: SyncOutcome, log: (line: string) => void): Promise<boolean> {
  const started = Date.now();
  try {
    const { counts, finishedAt } = outcome;
    const changed = counts.upserted + counts.removed + counts.priceChanges > 0;
    const state = await marketsState(db);
    const stale = state.computedAt == null || saoPauloDate(state.computedAt) !== saoPauloDate(finishedAt);
    if (!changed && state.rows > 0 && !stale) return false;
    const stored = await refreshNeighbourhoodMarkets(db, { now: finishedAt, dataAsOf: finishedAt });
    if (counts.upserted + counts.removed === 0) publicContentChanged("catalogue");
    log(`[bairros] números de ${stored} bairros recalculados em ${Date.now() - started} ms`);
    return true;
  } catch (error) {
    log(`[bairros] falha ao recalcular os números: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
