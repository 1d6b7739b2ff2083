/**
 * The catalogue tables: what the sync copies from Vista so that public pages
 * never call Vista (docs/architecture.md, "Data flow") — listings,
 * condominiums, brokers, the price history — and the sync's own bookkeeping.
 *
 * Money columns are BRL, areas m². Filterable facts are real columns (indexed);
 * the full public domain object lives in `data` (jsonb) for the detail page.
 * Owner data never enters this schema.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Condominium } from "~/domain/condominium";
import type { Broker, Listing } from "~/domain/listing";
import { syncedAtColumn, timestamptz, timestamptzNow } from "./columns";

/** One row per Vista listing ever seen with `ExibirNoSite = Sim`. */
export const listings = pgTable(
  "listings",
  {
    /** Vista `Codigo`. */
    code: text("code").primaryKey(),
    category: text("category").notNull(),
    /** slugify(category), e.g. "apartamento". */
    categorySlug: text("category_slug").notNull(),
    city: text("city").notNull(),
    citySlug: text("city_slug").notNull(),
    state: text("state").notNull().default(""),
    neighbourhood: text("neighbourhood").notNull(),
    neighbourhoodSlug: text("neighbourhood_slug").notNull(),
    forSale: boolean("for_sale").notNull(),
    forRent: boolean("for_rent").notNull(),
    /** BRL. */
    salePrice: doublePrecision("sale_price"),
    /** BRL per month. */
    rentPrice: doublePrecision("rent_price"),
    /** BRL per month. */
    condoFee: doublePrecision("condo_fee"),
    /** BRL per year. */
    iptu: doublePrecision("iptu"),
    /** BRL per month for the sale offer: condo + IPTU/12 (docs/product.md). */
    monthlyCostSale: doublePrecision("monthly_cost_sale"),
    /** BRL per month for the rent offer: rent + condo + IPTU/12. */
    monthlyCostRent: doublePrecision("monthly_cost_rent"),
    /** m², the best known area (private, else total, else built). */
    area: doublePrecision("area"),
    bedrooms: integer("bedrooms"),
    suites: integer("suites"),
    parkingSpaces: integer("parking_spaces"),
    bathrooms: integer("bathrooms"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    title: text("title").notNull(),
    isLaunch: boolean("is_launch").notNull().default(false),
    isExclusive: boolean("is_exclusive").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Slug of the condominium this unit belongs to, null when none. */
    condominiumSlug: text("condominium_slug"),
    brokerCode: text("broker_code"),
    coverPhotoUrl: text("cover_photo_url").notNull().default(""),
    /** How many photos the listing has (the card's "📷 12"), 0 when none. */
    photoCount: integer("photo_count").notNull().default(0),
    /** Vista `DataAtualizacao`. */
    updatedAt: date("updated_at"),
    /** The full public domain object (no owner data). */
    data: jsonb("data").$type<Listing>().notNull(),
    syncedAt: syncedAtColumn(),
    /** Set when the listing left Vista (or `ExibirNoSite` turned Nao): pages answer 410. */
    removedAt: timestamptz("removed_at"),
    /**
     * Why `removedAt` is set: "unlisted" (no longer listed with `ExibirNoSite = Sim`)
     * or "no_price" (listed, but with neither a sale nor a rent price). Null while active.
     */
    removalReason: text("removal_reason").$type<"unlisted" | "no_price">(),
    /**
     * Amenity filter slugs the listing has (`~/lib/amenities` AMENITY_FILTERS,
     * from Vista `Caracteristicas`/`InfraEstrutura` and flags such as
     * `Mobiliado`), e.g. {piscina,elevador,aceita-pet}. Filtered with `@>` (GIN).
     */
    amenities: text("amenities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Free-text search document (`/busca`, ADR 0010): code, title, type,
     * neighbourhood, city, condominium and address, lower case without
     * accents (`searchTextOf()` in sync/rows.ts). Indexed for Portuguese full
     * text (`to_tsvector('portuguese', search_text)`) and for trigram similarity.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * Vista `Empreendimento` (also in `data`), null when none: a plain column
     * so that list queries never read the large `data` value of every matching
     * row (measured with `npm run bench`, ADR 0013).
     */
    condominiumName: text("condominium_name"),
    /**
     * When the listing entered the catalogue: Vista `DataCadastro` when the
     * first sync of an empty read model copies the existing catalogue,
     * else the time a later sync first saw it. Null when unknown. Drives
     * the "Novo" badge (first seen in the last 7 days).
     */
    firstSeenAt: timestamptz("first_seen_at"),
    /**
     * When the sync last saw the sale or rent price drop, while that drop is
     * the latest change of that price (a later rise clears it). Drives the
     * "Preço reduzido" badge and filter (drop within the last 30 days) and the
     * "Preço reduzido recentemente" sort (ADR 0033).
     */
    priceReducedAt: timestamptz("price_reduced_at"),
  },
  (t) => [
    index("listings_active_idx").on(t.removedAt),
    index("listings_city_nb_idx").on(t.citySlug, t.neighbourhoodSlug),
    index("listings_category_idx").on(t.categorySlug),
    index("listings_sale_price_idx")
      .on(t.salePrice)
      .where(sql`${t.forSale} and ${t.removedAt} is null`),
    index("listings_rent_price_idx")
      .on(t.rentPrice)
      .where(sql`${t.forRent} and ${t.removedAt} is null`),
    index("listings_updated_idx").on(t.updatedAt),
    index("listings_condominium_idx").on(t.condominiumSlug),
    index("listings_broker_idx").on(t.brokerCode),
    index("listings_amenities_idx").using("gin", t.amenities),
    index("listings_search_fts_idx").using("gin", sql`to_tsvector('portuguese', ${t.searchText})`),
    index("listings_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("listings_location_idx")
      .on(t.latitude, t.longitude)
      .where(sql`${t.removedAt} is null`),
    // One index per sort order (ADR 0013): a
    // page of 24 is read in order and stops early instead of sorting every match.
    index("listings_recent_idx")
      .on(sql`${t.updatedAt} desc nulls last`, t.code)
      .where(sql`${t.removedAt} is null`),
    index("listings_area_idx")
      .on(sql`${t.area} desc nulls last`, t.code)
      .where(sql`${t.removedAt} is null`),
    index("listings_cost_sale_idx")
      .on(t.monthlyCostSale, t.code)
      .where(sql`${t.forSale} and ${t.removedAt} is null`),
    index("listings_cost_rent_idx")
      .on(t.monthlyCostRent, t.code)
      .where(sql`${t.forRent} and ${t.removedAt} is null`),
    index("listings_price_reduced_idx")
      .on(sql`${t.priceReducedAt} desc`, t.code)
      .where(sql`${t.priceReducedAt} is not null and ${t.removedAt} is null`),
  ],
);

/** Condominiums derived from listings sharing an `Empreendimento` (docs/vista-api.md §2.2). */
export const condominiums = pgTable(
  "condominiums",
  {
    slug: text("slug").primaryKey(),
    /**
     * Identity of the building, stable across syncs: `{city slug}/{neighbourhood slug}/{name slug}`.
     * Two buildings with the same name get different slugs (the later one gets the
     * neighbourhood appended); one building keeps its slug for ever.
     */
    buildingKey: text("building_key").notNull(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    citySlug: text("city_slug").notNull(),
    neighbourhood: text("neighbourhood").notNull(),
    neighbourhoodSlug: text("neighbourhood_slug").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    coverPhotoUrl: text("cover_photo_url").notNull().default(""),
    data: jsonb("data").$type<Condominium>().notNull(),
    syncedAt: syncedAtColumn(),
  },
  (t) => [
    index("condominiums_city_nb_idx").on(t.citySlug, t.neighbourhoodSlug),
    uniqueIndex("condominiums_building_key_idx").on(t.buildingKey),
    index("condominiums_name_trgm_idx").using("gin", sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

/** Brokers seen on listings (Vista `Corretor`, website-safe subset). */
export const brokers = pgTable("brokers", {
  code: text("code").primaryKey(),
  data: jsonb("data").$type<Broker>().notNull(),
  syncedAt: syncedAtColumn(),
});

/** Sync bookkeeping, one row per job (`"listings"`), shown by `GET /health/server`. */
export const syncState = pgTable("sync_state", {
  job: text("job").primaryKey(),
  /** Highest `DataAtualizacao` fully synced (ISO date): the next delta starts there. */
  watermark: date("watermark"),
  lastStartedAt: timestamptz("last_started_at"),
  lastSuccessAt: timestamptz("last_success_at"),
  lastErrorAt: timestamptz("last_error_at"),
  lastError: text("last_error"),
  /** Counts of the last run: { fetched, upserted, removed, total, durationMs }. */
  counts: jsonb("counts").$type<Record<string, number>>(),
  /**
   * SHA-256 of the Vista base URL (never the key) the watermark belongs to: a
   * different source forces a full sync.
   */
  sourceFingerprint: text("source_fingerprint"),
  /** Mode of the last finished run: "full" or "delta". */
  lastMode: text("last_mode").$type<"full" | "delta">(),
});

/** Prices whose changes are recorded per listing: sale and rent (BRL, BRL/month), condo fee (BRL/month), IPTU (BRL/year). */
export type PriceField = "sale" | "rent" | "condo_fee" | "iptu";

/**
 * Price history: one row per change of a listing's price seen by a sync
 * (full or delta), old and new value in the field's unit (BRL). A value that
 * appears or disappears has a null side. The first sync of a listing records
 * nothing: history starts with the first change.
 */
export const listingPriceChanges = pgTable(
  "listing_price_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Vista `Codigo`. */
    listingCode: text("listing_code").notNull(),
    field: text("field").$type<PriceField>().notNull(),
    oldValue: doublePrecision("old_value"),
    newValue: doublePrecision("new_value"),
    changedAt: timestamptzNow("changed_at"),
  },
  (t) => [
    index("listing_price_changes_listing_idx").on(t.listingCode, t.changedAt),
    index("listing_price_changes_changed_idx").on(t.changedAt),
  ],
);
