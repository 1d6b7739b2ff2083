/**
 * Similar listings for a listing page and for the 410 page of a listing that
 * left the catalogue (docs/product.md, `/detalhes/{condominio}/{id}`: "similar
 * listings"; "A listing that left the catalogue answers 410 with similar
 * listings").
 *
 * Rule: active listings with the same purpose
 * (sale or rent) and a price within ±30 % of the listing's price for that
 * purpose; those in the same neighbourhood first, then the closest by
 * distance (coordinates), then the closest price; never the listing itself.
 */
import { and, asc, between, eq, gte, isNull, lte, ne, not, sql, type SQL } from "drizzle-orm";
import type { Listing, Purpose } from "~/domain/listing";
import { purposesOf } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { slugify } from "~/lib/slug";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { summaryColumns, toListingSummary } from "./search";

/** Share of the price a similar listing may differ by (±30 %). */
export const SIMILAR_PRICE_TOLERANCE = 0.3;

/** Options of {@link similarListings}. */
export interface SimilarOptions {
  /** Most listings returned. Default 8. */
  limit?: number;
  /** Purpose to match; default the listing's first purpose (sale before rent). */
  purpose?: Purpose;
  /** Database (default: the process database). */
  db?: Db;
}

/**
 * Listings similar to `listing` (see the module comment for the rule). A
 * listing without a price for the purpose gets no price criterion; one with no
 * purpose at all (neither price) gets none. Works for removed listings too (the
 * 410 page passes the last known data).
 * @returns at most `limit` summaries, best first.
 */
export async function similarListings(listing: Listing, options: SimilarOptions = {}): Promise<ListingSummary[]> {
  const { limit = 8 } = options;
  const db = options.db ?? getDb().db;
  const purpose = options.purpose ?? purposesOf(listing)[0];
  if (!purpose || limit <= 0) return [];

  const priceColumn = purpose === "venda" ? listings.salePrice : listings.rentPrice;
  const price = purpose === "venda" ? listing.salePrice : listing.rentPrice;
  const conditions: SQL[] = [
    isNull(listings.removedAt),
    ne(listings.code, listing.code),
    eq(purpose === "venda" ? listings.forSale : listings.forRent, true),
  ];
  if (price) {
    conditions.push(gte(priceColumn, price * (1 - SIMILAR_PRICE_TOLERANCE)));
    conditions.push(lte(priceColumn, price * (1 + SIMILAR_PRICE_TOLERANCE)));
  }
  const located = listing.latitude != null && listing.longitude != null;
  // Equirectangular approximation: exact enough to rank neighbours in one city.
  const cosLat = located ? Math.cos((listing.latitude! * Math.PI) / 180) : 1;
  const distance = sql<
    number | null
  >`(power(${listings.latitude} - ${listing.latitude}, 2) + power((${listings.longitude} - ${listing.longitude}) * ${cosLat}, 2))`;
  const order: SQL[] = [];
  if (located) order.push(sql`${distance} asc nulls last`);
  if (price) order.push(sql`abs(${priceColumn} - ${price}) asc`);
  order.push(asc(listings.code));
  const select = (where: SQL[], count: number) =>
    db
      .select({ ...summaryColumns, distance: located ? distance : sql<null>`null` })
      .from(listings)
      .where(and(...conditions, ...where))
      .orderBy(...order)
      .limit(count);

  // The order is "same neighbourhood first, then the rest"; asked as one query, the database ranked
  // every listing of the price band to keep a few (ADR 0094). Asked in that order, each part is
  // small: the neighbourhood's listings (an index), then, if fewer than `limit`, the others.
  const sameNeighbourhood = and(
    eq(listings.citySlug, slugify(listing.city)),
    eq(listings.neighbourhoodSlug, slugify(listing.neighbourhood)),
  )!;
  const first = await select([sameNeighbourhood], limit);
  if (first.length >= limit) return first.map(toListingSummary);
  const others = await nearestOthers(listing, limit - first.length, {
    located,
    cosLat,
    query: (where) => select([not(sameNeighbourhood), ...where], limit - first.length),
  });
  return [...first, ...others].map(toListingSummary);
}

/**
 * Half-side (degrees of latitude) of the box the nearest listings outside the
 * neighbourhood are looked for in first: a few kilometres, where a city's
 * listings usually supply the few cards still missing.
 */
const NEAR_BOX_DEGREES = 0.03;

/**
 * The `count` best listings outside the neighbourhood, in the rule's order
 * (distance, then price, then code). For a located listing, first within
 * {@link NEAR_BOX_DEGREES} around it (the location index): when the last one
 * found there is no farther than the box's half-side, nothing outside the
 * box can come before it, so the answer is the same as the unbounded query's,
 * which is asked otherwise.
 */
async function nearestOthers<Row extends { distance: number | null }>(
  listing: Pick<Listing, "latitude" | "longitude">,
  count: number,
  options: { located: boolean; cosLat: number; query: (where: SQL[]) => Promise<Row[]> },
): Promise<Row[]> {
  if (options.located) {
    const r = NEAR_BOX_DEGREES;
    const dLon = r / Math.max(options.cosLat, 0.01);
    const near = await options.query([
      between(listings.latitude, listing.latitude! - r, listing.latitude! + r),
      between(listings.longitude, listing.longitude! - dLon, listing.longitude! + dLon),
    ]);
    const last = near.at(-1)?.distance;
    if (near.length >= count && last != null && Number(last) <= r * r) return near;
  }
  return options.query([]);
}
