/**
 * The read model behind `/favoritos` and `/comparar`
 * (docs/decisions/0032-favourites-and-compare.md): the listings of a list of
 * codes, in the list's order, each active, removed (`removed_at` set: "Este
 * imóvel saiu do catálogo") or unknown. Public columns only, never `data`.
 */
import { inArray } from "drizzle-orm";
import type { ListingSummary } from "~/domain/listing-summary";
import { MAX_FAVOURITES } from "~/lib/favourites";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { summaryColumns, toListingSummary } from "./search";

/** A saved listing as the favourites and comparison pages show it. */
export interface FavouriteListing extends ListingSummary {
  /** BRL per month for the sale offer (condo + IPTU/12), null when unknown. */
  monthlyCostSale: number | null;
  /** BRL per month for the rent offer (rent + condo + IPTU/12), null when not for rent. */
  monthlyCostRent: number | null;
  /** Amenity slugs (`~/lib/amenities` AMENITY_FILTERS). */
  amenities: string[];
}

/**
 * One code of the list: `active` with its current data; `removed` when the
 * listing left the catalogue (its last title and place, no price: the
 * offer no longer stands); `unknown` when the read model never had it.
 */
export type FavouriteEntry =
  | { code: string; state: "active"; listing: FavouriteListing }
  | { code: string; state: "removed"; listing: Pick<ListingSummary, "title" | "category" | "neighbourhood" | "city"> }
  | { code: string; state: "unknown"; listing: null };

/**
 * The entries of `codes` (valid codes, see `~/lib/favourites`), in that
 * order; at most {@link MAX_FAVOURITES} are read.
 * @throws when the database fails.
 */
export async function favouriteEntries(codes: readonly string[], options: { db?: Db } = {}): Promise<FavouriteEntry[]> {
  const wanted = codes.slice(0, MAX_FAVOURITES);
  if (wanted.length === 0) return [];
  const db = options.db ?? getDb().db;
  const rows = await db
    .select({
      ...summaryColumns,
      monthlyCostSale: listings.monthlyCostSale,
      monthlyCostRent: listings.monthlyCostRent,
      amenities: listings.amenities,
      removedAt: listings.removedAt,
    })
    .from(listings)
    .where(inArray(listings.code, wanted));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return wanted.map((code): FavouriteEntry => {
    const row = byCode.get(code);
    if (!row) return { code, state: "unknown", listing: null };
    if (row.removedAt) {
      const { title, category, neighbourhood, city } = row;
      return { code, state: "removed", listing: { title, category, neighbourhood, city } };
    }
    const { monthlyCostSale, monthlyCostRent, amenities, removedAt: _removed, ...summary } = row;
    return {
      code,
      state: "active",
      listing: { ...toListingSummary(summary), monthlyCostSale, monthlyCostRent, amenities },
    };
  });
}
