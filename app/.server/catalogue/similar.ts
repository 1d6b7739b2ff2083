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
import { and, asc, eq, gte, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
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

  const sameNeighbourhood = sql`case when ${listings.citySlug} = ${slugify(listing.city)} and ${listings.neighbourhoodSlug} = ${slugify(listing.neighbourhood)} then 0 else 1 end`;
  const order: SQL[] = [asc(sameNeighbourhood)];
  if (listing.latitude != null && listing.longitude != null) {
    // Equirectangular approximation: exact enough to rank neighbours in one city.
    const cosLat = Math.cos((listing.latitude * Math.PI) / 180);
    order.push(
      sql`(power(${listings.latitude} - ${listing.latitude}, 2) + power((${listings.longitude} - ${listing.longitude}) * ${cosLat}, 2)) asc nulls last`,
    );
  }
  if (price) order.push(sql`abs(${priceColumn} - ${price}) asc`);
  order.push(asc(listings.code));

  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit);
  return rows.map(toListingSummary);
}
