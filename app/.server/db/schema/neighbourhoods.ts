/**
 * The neighbourhood market pages' figures (docs/decisions/0090-neighbourhood-market-pages.md):
 * one row per city and neighbourhood with active listings, recomputed after
 * a sync (`~/.server/neighbourhoods/refresh`) so that `/bairros` and
 * `/bairros/{cidade}/{bairro}` only read precomputed rows.
 */
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { NeighbourhoodMarket } from "~/lib/neighbourhood-market";
import { timestamptz } from "./columns";

/** A neighbourhood's market figures, as of the sync that preceded `computed_at`. */
export const neighbourhoodMarkets = pgTable(
  "neighbourhood_markets",
  {
    /** The list URLs' city slug, e.g. "sao-paulo". */
    citySlug: text("city_slug").notNull(),
    /** The list URLs' neighbourhood slug, e.g. "moema". */
    neighbourhoodSlug: text("neighbourhood_slug").notNull(),
    city: text("city").notNull(),
    neighbourhood: text("neighbourhood").notNull(),
    /** Active listings, either purpose (the index page's order). */
    stock: integer("stock").notNull(),
    /** Median asking sale price per m² of all types, BRL/m²; null when suppressed (the index's headline). */
    salePricePerM2: doublePrecision("sale_price_per_m2"),
    /** Median asking rent per m² of all types, BRL/m² per month; null when suppressed. */
    rentPricePerM2: doublePrecision("rent_price_per_m2"),
    /** Every figure of the page (`NeighbourhoodMarket`). */
    figures: jsonb("figures").$type<NeighbourhoodMarket>().notNull(),
    /** When the figures were computed. */
    computedAt: timestamptz("computed_at").notNull(),
    /** When the sync the figures come from finished (the page's "dados de"). */
    dataAsOf: timestamptz("data_as_of").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.citySlug, t.neighbourhoodSlug] }),
    index("neighbourhood_markets_stock_idx").on(t.citySlug, sql`${t.stock} desc`),
  ],
);
