/**
 * Price history queries over `listing_price_changes` and
 * `listings.first_seen_at`, both filled by the listings sync (ADR 0033): the
 * listing page's "Histórico de preço" and the saved-search alerts' digest of
 * price drops and new listings.
 *
 * Every function takes the database explicitly so callers (pages, the alerts
 * worker, tests) choose it. Money in BRL in the field's unit (`PriceField`):
 * sale BRL, rent and condo fee BRL/month, IPTU BRL/year.
 */
import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { dropPercent, type PriceField } from "~/domain/price-history";
import type { Db } from "../db";
import { listingPriceChanges, listings } from "../db/schema";

export type { PriceField } from "~/domain/price-history";

/** One recorded change of one price of one listing. */
export interface PriceChange {
  listingCode: string;
  field: PriceField;
  /** BRL (field's unit); null when the price appeared. */
  oldValue: number | null;
  /** BRL (field's unit); null when the price disappeared. */
  newValue: number | null;
  /** When the sync saw the change. */
  changedAt: Date;
}

/**
 * The columns of a {@link PriceChange} in `listing_price_changes`, for every reader of the table
 * that answers changes (this module's, and the neighbourhood figures' refresh).
 */
export const priceChangeColumns = {
  listingCode: listingPriceChanges.listingCode,
  field: listingPriceChanges.field,
  oldValue: listingPriceChanges.oldValue,
  newValue: listingPriceChanges.newValue,
  changedAt: listingPriceChanges.changedAt,
};

/** A price drop: the latest change of one field of one listing, when it lowered the price. */
export interface PriceDrop {
  listingCode: string;
  field: PriceField;
  /** BRL (field's unit), > newValue. */
  oldValue: number;
  /** BRL (field's unit), > 0. */
  newValue: number;
  /** Share taken off, percent of the old value (e.g. 12.5). */
  percent: number;
  /** When the sync saw the drop. */
  changedAt: Date;
}

/** Options of {@link priceHistoryOf}. */
export interface PriceHistoryOptions {
  /** Fields to return (default all four). */
  fields?: readonly PriceField[];
  /** Most changes returned, the most recent ones (default 100). */
  limit?: number;
}

/**
 * Every recorded price change of a listing, oldest first (ready for a table
 * or a sparkline). Works for removed listings too. An unknown code, or a
 * listing whose prices never changed since it was first synced, gives [].
 */
export async function priceHistoryOf(db: Db, code: string, options: PriceHistoryOptions = {}): Promise<PriceChange[]> {
  const { limit = 100 } = options;
  const conditions: SQL[] = [eq(listingPriceChanges.listingCode, code)];
  if (options.fields) {
    if (!options.fields.length) return [];
    conditions.push(inArray(listingPriceChanges.field, [...options.fields]));
  }
  const rows = await db
    .select({ ...priceChangeColumns, id: listingPriceChanges.id })
    .from(listingPriceChanges)
    .where(and(...conditions))
    .orderBy(sql`${listingPriceChanges.changedAt} desc, ${listingPriceChanges.id} desc`)
    .limit(limit);
  return rows.reverse().map(({ id: _id, ...change }) => change);
}

/** Options of {@link priceDropsSince}. */
export interface PriceDropsOptions {
  /** Fields considered (default sale and rent, the prices an alert is about). */
  fields?: readonly PriceField[];
}

/**
 * Price drops seen since `since` (inclusive), for the alerts digest: for each
 * active listing and field, its latest change at or after `since`, kept only
 * when that change lowered a positive price to a lower positive one (a drop
 * undone by a later rise is not reported; a price that disappeared is not a
 * drop). Removed listings are left out.
 * @param codes restrict to these listing codes (e.g. a saved search's
 *   matches); an empty array gives []; omitted: every listing.
 * @returns drops, most recent first.
 */
export async function priceDropsSince(
  db: Db,
  since: Date,
  codes?: readonly string[],
  options: PriceDropsOptions = {},
): Promise<PriceDrop[]> {
  const fields = options.fields ?? (["sale", "rent"] as const);
  if (codes?.length === 0 || fields.length === 0) return [];
  const c = listingPriceChanges;
  const conditions: SQL[] = [gte(c.changedAt, since), inArray(c.field, [...fields])];
  if (codes) conditions.push(inArray(c.listingCode, [...new Set(codes)]));
  // Latest change per (listing, field) in the window; then keep the drops.
  const latest = db
    .selectDistinctOn([c.listingCode, c.field], priceChangeColumns)
    .from(c)
    .where(and(...conditions))
    .orderBy(c.listingCode, c.field, sql`${c.changedAt} desc, ${c.id} desc`)
    .as("latest");
  const rows = await db
    .select({
      listingCode: latest.listingCode,
      field: latest.field,
      oldValue: latest.oldValue,
      newValue: latest.newValue,
      changedAt: latest.changedAt,
    })
    .from(latest)
    .innerJoin(listings, and(eq(listings.code, latest.listingCode), isNull(listings.removedAt)))
    .where(sql`${latest.oldValue} > 0 and ${latest.newValue} > 0 and ${latest.newValue} < ${latest.oldValue}`)
    .orderBy(sql`${latest.changedAt} desc`, asc(latest.listingCode));
  return rows.map((row) => ({
    listingCode: row.listingCode,
    field: row.field,
    oldValue: row.oldValue!,
    newValue: row.newValue!,
    percent: dropPercent(row.oldValue, row.newValue)!,
    changedAt: row.changedAt,
  }));
}

/**
 * Active listings first seen since `since` (inclusive; `listings.first_seen_at`),
 * newest first, for the alerts digest of new listings. `codes` as in
 * {@link priceDropsSince}.
 */
export async function newListingsSince(
  db: Db,
  since: Date,
  codes?: readonly string[],
): Promise<{ listingCode: string; firstSeenAt: Date }[]> {
  if (codes?.length === 0) return [];
  const conditions: SQL[] = [isNull(listings.removedAt), gte(listings.firstSeenAt, since)];
  if (codes) conditions.push(inArray(listings.code, [...new Set(codes)]));
  const rows = await db
    .select({ listingCode: listings.code, firstSeenAt: listings.firstSeenAt })
    .from(listings)
    .where(and(...conditions))
    .orderBy(sql`${listings.firstSeenAt} desc`, asc(listings.code));
  return rows.map((row) => ({ listingCode: row.listingCode, firstSeenAt: row.firstSeenAt! }));
}
