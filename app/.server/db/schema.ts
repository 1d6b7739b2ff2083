/**
 * The read model (drizzle, PostgreSQL): what the sync copies from Vista so that
 * public pages never call Vista (docs/architecture.md, "Data flow"). Same schema on
 * PGlite (embedded default) and on a PostgreSQL server (`DATABASE_URL`).
 *
 * Money columns are BRL, areas m². Filterable facts are real columns (indexed);
 * the full public domain object lives in `data` (jsonb) for the detail page.
 * Owner data never enters this schema.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Condominium } from "~/domain/condominium";
import type { LeadChannel, LeadKind, LeadStatus } from "~/domain/lead";
import type { Broker, Listing } from "~/domain/listing";
import type { OpeningHours, SocialLinks } from "~/lib/agency";

// The lead's words live in the domain layer (pages show them too); re-exported
// here for the server modules that read them beside the tables.
export type { LeadChannel, LeadKind, LeadStatus };

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
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the listing left Vista (or `ExibirNoSite` turned Nao): pages answer 410. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
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
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }),
    /**
     * When the sync last saw the sale or rent price drop, while that drop is
     * the latest change of that price (a later rise clears it). Drives the
     * "Preço reduzido" badge and filter (drop within the last 30 days) and the
     * "Preço reduzido recentemente" sort (ADR 0033).
     */
    priceReducedAt: timestamp("price_reduced_at", { withTimezone: true }),
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
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
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
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Sync bookkeeping, one row per job (`"listings"`), shown by `GET /health/server`. */
export const syncState = pgTable("sync_state", {
  job: text("job").primaryKey(),
  /** Highest `DataAtualizacao` fully synced (ISO date): the next delta starts there. */
  watermark: date("watermark"),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
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

/**
 * Contact requests: written, with their {@link leadDeliveries},
 * in one transaction before the visitor gets an answer. `idempotency_key` (one
 * per rendered form) makes a resubmission return the first row.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text("kind").$type<LeadKind>().notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique("leads_idempotency_key_unique"),
    name: text("name"),
    /** Brazilian phone, digits only: DDD + number (10 or 11 digits), `normalizeBrazilianPhone()`. */
    phone: text("phone"),
    email: text("email"),
    message: text("message"),
    /** Sell request: where the property is (free text). */
    location: text("location"),
    /** Condominium alert: the condominium's slug. */
    condominium: text("condominium"),
    /** Vista `Codigo` of the listing the request is about. */
    listingCode: text("listing_code"),
    /** Page the visitor was on (WhatsApp contact). */
    pageUrl: text("page_url"),
    /** UTM parameters of the visit, e.g. { utm_source: "google" }. */
    utm: jsonb("utm").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Handling status in the admin inbox (migration 0006). */
    status: text("status").$type<LeadStatus>().notNull().default("novo"),
    /** Broker (user uid) the lead is assigned to, or null. */
    assignedUid: text("assigned_uid").references(() => users.uid, { onDelete: "set null" }),
    /** Last change of status or assignment. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leads_status_created_idx").on(t.status, t.createdAt),
    index("leads_created_idx").on(t.createdAt),
    index("leads_assigned_idx").on(t.assignedUid),
  ],
);

/**
 * The lead outbox: one row per lead and channel, delivered by the lead worker
 * (`app/.server/leads/worker.ts`) at least once, with retries and exponential
 * backoff until it succeeds (docs/product.md). `locked_until` is the lease of the
 * worker delivering it: a worker that dies leaves a lease that expires.
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel").$type<LeadChannel>().notNull(),
    /** E-mail address for the e-mail channels; null for Vista. */
    recipient: text("recipient"),
    status: text("status").$type<"pending" | "sent">().notNull().default("pending"),
    /** Failed and successful attempts so far. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Lease of the worker delivering the row; null or past = free. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Token of the outbox pass holding the lease; its writes compare it (ADR 0069). */
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    /** Transport ("smtp", "vista") the row waits for after it was found unreachable; null otherwise. */
    waitingOn: text("waiting_on"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("lead_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("lead_deliveries_lead_idx").on(t.leadId),
    uniqueIndex("lead_deliveries_lead_channel_idx").on(t.leadId, t.channel),
  ],
);

// ---------------------------------------------------------------------------
// Authentication (ADR 0016). Owner data still never enters this schema.
// ---------------------------------------------------------------------------
import type { Permission, RoleName } from "~/lib/auth";

/**
 * The roles and what each may do (docs/spec.txt §6 "a list of roles is
 * fetched from the backend"). Rows inserted by migration 0005 from
 * `ROLE_DEFINITIONS` (`~/lib/auth`).
 */
export const roles = pgTable("roles", {
  name: text("name").$type<RoleName>().primaryKey(),
  /** Portuguese label: "Administrador", "Corretor". */
  label: text("label").notNull(),
  permissions: jsonb("permissions").$type<Permission[]>().notNull(),
});

/**
 * The site's users, mirroring Firebase Authentication users.
 * The role here is authoritative and mirrored into the custom claim `role`;
 * `brokerCode` is the Vista broker code ("meus imóveis").
 */
export const users = pgTable(
  "users",
  {
    /** Firebase uid. */
    uid: text("uid").primaryKey(),
    /** Lower-case e-mail. */
    email: text("email").notNull(),
    displayName: text("display_name").notNull().default(""),
    /** E.164 phone from Firebase, or "". */
    phone: text("phone").notNull().default(""),
    role: text("role")
      .$type<RoleName>()
      .notNull()
      .references(() => roles.name),
    /** Vista broker code (`Corretor` `Codigo`), or null. */
    brokerCode: text("broker_code"),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email), index("users_broker_code_idx").on(t.brokerCode)],
);

/**
 * Server-side sessions (ADR 0020). A row is created only after the server
 * itself verified the user's password with the identity service; the browser
 * holds a signed cookie with a random token (API clients: the token as a
 * bearer), and the row holds only its SHA-256. Signing out, disabling or
 * deleting the user, a password change and an admin's "Encerrar sessões"
 * delete rows; an expired row is refused and swept.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 hex of the random session token (never the token itself). */
    tokenHash: text("token_hash").notNull(),
    uid: text("uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    /** "browser" (cookie) or "api" (bearer token from `POST /api/auth/session`). */
    kind: text("kind").$type<"browser" | "api">().notNull().default("browser"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last request seen with this session (updated at most once a minute). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Refused from this instant on (idle expiry, renewed with use, capped by the absolute lifetime). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Client IP at sign-in, as derived under TRUST_PROXY. */
    ip: text("ip").notNull().default(""),
    /** User-Agent at sign-in (first 300 characters). */
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.tokenHash),
    index("sessions_uid_idx").on(t.uid),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Who read the owner data of which listing, when and from where (LGPD art.
 * 37: the controller keeps a record of its processing). One row per view of
 * the private panel; also the source of the per-user hourly limit
 * (`OWNER_DATA_LIMIT_PER_HOUR`), so the limit holds across processes.
 */
export const ownerDataAccess = pgTable(
  "owner_data_access",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Firebase uid of the reader (no foreign key: the record outlives a deleted user). */
    uid: text("uid").notNull(),
    /** The reader's e-mail at the time (the user row may be deleted later). */
    email: text("email").notNull().default(""),
    /** Vista listing code. */
    listingCode: text("listing_code").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** False when the hourly limit refused the view (the attempt is still recorded). */
    allowed: boolean("allowed").notNull().default(true),
  },
  (t) => [
    index("owner_data_access_uid_at_idx").on(t.uid, t.at),
    index("owner_data_access_listing_at_idx").on(t.listingCode, t.at),
  ],
);

/**
 * Password reset codes: single use, valid 15 minutes, a few
 * attempts, stored as an HMAC of the e-mail and code (never the code itself).
 */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Lower-case e-mail the code was sent to. */
    email: text("email").notNull(),
    uid: text("uid").notNull(),
    /** HMAC-SHA-256(session secret, e-mail + code), hex. */
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Wrong codes tried against this row. */
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_codes_email_idx").on(t.email, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Admin area (ADR 0017): lead handling, route rules, appearance.
// ---------------------------------------------------------------------------

/**
 * Route rules (docs/spec.txt §2 "route-rules lookup"): a request for
 * `from_path` is answered with a 301/302 to `target` (a site path or an
 * absolute http(s) URL) while `active`. Applied by `app/.server/redirects`.
 */
export const redirects = pgTable("redirects", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Normalised path, e.g. "/promocao" (no query, no trailing slash). */
  fromPath: text("from_path").notNull().unique("redirects_from_path_unique"),
  /** Site path (with optional query) or absolute http(s) URL. */
  target: text("target").notNull(),
  /** 301 (permanent) or 302 (temporary). */
  statusCode: integer("status_code").$type<301 | 302>().notNull().default(301),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Site settings edited in the admin area, one JSON value per key (ADR 0017):
 * `appearance` holds the theme (docs/spec.txt §1 "Theme settings").
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** uid of the admin who saved it last, or null. */
  updatedBy: text("updated_by"),
});

// ---------------------------------------------------------------------------
// Team members and uploads (ADR 0019).
// ---------------------------------------------------------------------------

/**
 * The agency's team members shown on `/sobre` and `/membro/{slug}` (ADR 0019;
 * docs/product.md "Member"). Deleting is soft (`deleted_at` set, `active`
 * false); a member may be given a broker login ("promote": `user_uid`).
 */
export const members = pgTable(
  "members",
  {
    /** Numeric id: `/membro/{id}` answers 301 to the slug. */
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** URL slug, unique (also among deleted members). */
    slug: text("slug").notNull().unique("members_slug_unique"),
    name: text("name").notNull(),
    /** Job title, e.g. "Corretora". */
    title: text("title").notNull().default(""),
    creci: text("creci").notNull().default(""),
    /** Lower-case e-mail, or "". */
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    whatsapp: text("whatsapp").notNull().default(""),
    bio: text("bio").notNull().default(""),
    /** Vista broker code (`Corretor` `Codigo`), or null. */
    brokerCode: text("broker_code"),
    /** Position on `/sobre` (ascending, then name). */
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** Storage key of the photo (WebP), or null. */
    photoKey: text("photo_key"),
    /** The broker login given by "promote", or null. */
    userUid: text("user_uid").references(() => users.uid, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("members_public_order_idx").on(t.active, t.sortOrder, t.name)],
);

/** Files of a member (ADR 0019: a photo and files): PDFs and images. */
export const memberFiles = pgTable(
  "member_files",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** Storage key. */
    key: text("key").notNull().unique("member_files_key_unique"),
    /** The name the file was sent with (shown to the admin). */
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    /** Bytes as stored. */
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_files_member_idx").on(t.memberId, t.createdAt)],
);

/**
 * One-use signed upload addresses (docs/spec.txt §7 "Upload to storage"; ADR 0019):
 * the token carries the id and expiry under an HMAC; this row makes it single use.
 */
export const uploadTickets = pgTable("upload_tickets", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  /** "photo" (one image, PUT) or "files" (several, multipart POST). */
  kind: text("kind").$type<"photo" | "files">().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Agency profile (docs/product.md "/lgpd", "/sobre"; LGPD art. 41).
// ---------------------------------------------------------------------------

/**
 * The agency's public data, one row (`id` = 1): razão social, nome fantasia,
 * CNPJ, CRECI, address, contacts, opening hours, social profiles, the
 * encarregado (DPO, LGPD art. 41) and the lead retention in months. Edited
 * on `/admin/imobiliaria`; until then the configuration's defaults apply
 * (`app/.server/agency.ts`). Shapes of the values: `AgencyProfile` in
 * `app/lib/agency.ts`.
 */
export const agencyProfile = pgTable(
  "agency_profile",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    tradeName: text("trade_name").notNull(),
    /** "00.000.000/0000-00" (check digits verified). */
    cnpj: text("cnpj"),
    /** CRECI of the legal entity, e.g. "CRECI 12345-J". */
    creci: text("creci"),
    street: text("street"),
    number: text("number"),
    complement: text("complement"),
    neighbourhood: text("neighbourhood"),
    city: text("city"),
    /** UF, two letters. */
    state: text("state"),
    /** CEP "00000-000". */
    postalCode: text("postal_code"),
    /** Digits: DDD + number. */
    phone: text("phone"),
    /** Digits with country code. */
    whatsapp: text("whatsapp"),
    email: text("email"),
    /** [{ days: ["Monday", …], opens: "09:00", closes: "18:00" }]. */
    openingHours: jsonb("opening_hours").$type<OpeningHours>().notNull().default([]),
    /** { instagram?: "https://…", facebook?, linkedin?, youtube?, tiktok? }. */
    social: jsonb("social").$type<SocialLinks>().notNull().default({}),
    dpoName: text("dpo_name"),
    dpoEmail: text("dpo_email"),
    /** Months a lead is kept before it is anonymised. */
    leadRetentionMonths: integer("lead_retention_months").notNull().default(24),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** uid of the admin who saved it last, or null. */
    updatedBy: text("updated_by"),
  },
  (t) => [check("agency_profile_single_row", sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------
// Data-subject requests and retention (docs/decisions/0031-data-subject-requests-and-retention.md).
// ---------------------------------------------------------------------------

/** What a row of {@link privacyActions} records. */
export type PrivacyActionKind = "export" | "anonymise" | "delete" | "retention";

/**
 * The audit trail of `/admin/lgpd` and of the retention job (LGPD art. 37:
 * the controller keeps a record of its processing): who exported, anonymised
 * or deleted a person's records, when, why and how many rows per source. The
 * person is identified only by `subject_hash` (SHA-256 hex of the normalised
 * e-mail or phone, `app/.server/privacy/subject.ts`), never by the raw value,
 * so the trail itself holds no personal data of the subject.
 */
export const privacyActions = pgTable(
  "privacy_actions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Firebase uid of the admin; null for the retention job. */
    adminUid: text("admin_uid"),
    /** The admin's e-mail at the time ("" for the retention job). */
    adminEmail: text("admin_email").notNull().default(""),
    action: text("action").$type<PrivacyActionKind>().notNull(),
    /** SHA-256 hex of "email:<e-mail>" or "phone:<digits>"; null for the retention job. */
    subjectHash: text("subject_hash"),
    /** Why (required for anonymise and delete, at most 500 characters). */
    reason: text("reason").notNull().default(""),
    /** Rows touched per source, e.g. { leads: 2, deliveries: 5 }. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index("privacy_actions_at_idx").on(t.at), index("privacy_actions_subject_idx").on(t.subjectHash)],
);

// ---------------------------------------------------------------------------
// First-party analytics (docs/decisions/0030-first-party-analytics.md).
// ---------------------------------------------------------------------------
import { bigint, primaryKey } from "drizzle-orm/pg-core";
import type { AnalyticsEventType, DeviceClass } from "~/lib/analytics-events";

/**
 * Raw analytics events, cookieless and without personal data: no IP, no
 * user agent, no identifier stored in the browser. `visitor_hash` is
 * SHA-256(daily salt + site origin + IP + User-Agent) with a salt that
 * lives one day ({@link analyticsSalts}), so it only tells two events of the
 * same day apart. Kept 13 months, then folded into {@link analyticsDaily}
 * (`app/.server/analytics/maintenance.ts`).
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    type: text("type").$type<AnalyticsEventType>().notNull(),
    /** Path of the page, without the query string (at most 300 characters). */
    path: text("path").notNull(),
    /** Vista `Codigo` of the listing concerned (listing view, gallery, WhatsApp), or null. */
    listingCode: text("listing_code"),
    /** Host of a foreign referrer (`www.google.com`), or null. */
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").$type<DeviceClass>().notNull(),
    /** 64 hex characters; see the table comment. */
    visitorHash: text("visitor_hash").notNull(),
    /** What the event is about: "q" (search term), a filter key, "form" (lead form kind), or null. */
    detailKey: text("detail_key"),
    /** The search term (normalised), the filter value, the form kind, or null. */
    detailValue: text("detail_value"),
  },
  (t) => [
    index("analytics_events_occurred_idx").on(t.occurredAt),
    index("analytics_events_type_occurred_idx").on(t.type, t.occurredAt),
    index("analytics_events_listing_idx").on(t.listingCode, t.occurredAt),
  ],
);

/**
 * The daily salts of the visitor hash: one random 32-byte value per São
 * Paulo day, created on first use and deleted once the day before yesterday
 * is over, so old hashes cannot be recomputed from an IP.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  /** São Paulo calendar day. */
  day: date("day").primaryKey(),
  /** 64 hex characters. */
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Daily totals of events older than 13 months (the raw rows are deleted once
 * folded in): per São Paulo day, type, path, listing and detail. Empty
 * strings stand for "none" so the key can be a primary key. Type `visits`
 * carries the day's page views and unique visitors over all paths.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    type: text("type").notNull(),
    path: text("path").notNull().default(""),
    listingCode: text("listing_code").notNull().default(""),
    detailKey: text("detail_key").notNull().default(""),
    detailValue: text("detail_value").notNull().default(""),
    events: integer("events").notNull(),
    /** Distinct visitor hashes of the group on that day. */
    visitors: integer("visitors").notNull(),
  },
  (t) => [
    primaryKey({
      name: "analytics_daily_pk",
      columns: [t.day, t.type, t.path, t.listingCode, t.detailKey, t.detailValue],
    }),
  ],
);

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
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_price_changes_listing_idx").on(t.listingCode, t.changedAt),
    index("listing_price_changes_changed_idx").on(t.changedAt),
  ],
);

// ---------------------------------------------------------------------------
// Saved-search alerts by e-mail (ADR 0034).
import type { ListingFilters } from "~/lib/filters";
import type { MailMessage } from "../mail/transport";

/**
 * A saved search: the filters of a list, search or map page and the e-mail
 * that gets a daily digest of new listings and price drops matching them.
 * Created unconfirmed (double opt-in); an unconfirmed alert is deleted after
 * 7 days. `last_digest_at` is the start of the next digest's window.
 */
export const searchAlerts = pgTable(
  "search_alerts",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Lower-cased address. */
    email: text("email").notNull(),
    /** Optional name the visitor gave the alert. */
    name: text("name"),
    /** Normalised filters (`~/lib/filters`), without sort and page. */
    filters: jsonb("filters").$type<ListingFilters>().notNull(),
    /** Free-text query of `/busca`, null for a list or map alert. */
    query: text("query"),
    /** Site path the alert was created on (canonical list URL or `/busca?q=…`). */
    path: text("path").notNull(),
    /** Hash of the form's key and data: a resubmission returns the first alert. */
    idempotencyKey: text("idempotency_key").notNull().unique("search_alerts_idempotency_key_unique"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Set while the person paused the alert on `/alertas`. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** One-click unsubscribe (RFC 8058) or "excluir": no more mail; deleted by the daily job after 30 days. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** End of the last digest window (confirmation time before the first). */
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    /** The lead of kind "alert" created at confirmation. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
  },
  (t) => [
    index("search_alerts_email_idx").on(sql`lower(${t.email})`),
    index("search_alerts_digest_idx").on(t.confirmedAt, t.lastDigestAt),
  ],
);

/**
 * The alert outbox: each confirmation and digest e-mail, rendered when it is
 * queued, delivered at least once with retries and backoff like
 * {@link leadDeliveries} (`app/.server/alerts/outbox.ts`). Deleting an alert
 * deletes its mails.
 */
export const searchAlertMails = pgTable(
  "search_alert_mails",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => searchAlerts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"confirm" | "digest">().notNull(),
    recipient: text("recipient").notNull(),
    /** The rendered message (subject, text, html, headers). */
    message: jsonb("message").$type<MailMessage>().notNull(),
    status: text("status").$type<"pending" | "sent">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Token of the outbox pass holding the lease (ADR 0069). */
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    /** Transport the row waits for after it was found unreachable; null otherwise. */
    waitingOn: text("waiting_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("search_alert_mails_due_idx").on(t.status, t.nextAttemptAt),
    index("search_alert_mails_alert_idx").on(t.alertId),
  ],
);
