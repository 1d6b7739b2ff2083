/**
 * Site-wide settings edited in the admin area (ADR 0017): route rules, the
 * settings by key (appearance), and the agency's profile (docs/product.md
 * "/lgpd", "/sobre"; LGPD art. 41).
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { OpeningHours, SocialLinks } from "~/lib/agency";
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from "./columns";

/**
 * Route rules (docs/spec.txt §2 "route-rules lookup"): a request for
 * `from_path` is answered with a 301/302 to `target` (a site path or an
 * absolute http(s) URL) while `active`. Applied by `app/.server/redirects`.
 */
export const redirects = pgTable("redirects", {
  id: uuidPrimaryKey(),
  /** Normalised path, e.g. "/promocao" (no query, no trailing slash). */
  fromPath: text("from_path").notNull().unique("redirects_from_path_unique"),
  /** Site path (with optional query) or absolute http(s) URL. */
  target: text("target").notNull(),
  /** 301 (permanent) or 302 (temporary). */
  statusCode: integer("status_code").$type<301 | 302>().notNull().default(301),
  active: boolean("active").notNull().default(true),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/**
 * Site settings edited in the admin area, one JSON value per key (ADR 0017):
 * `appearance` holds the theme (docs/spec.txt §1 "Theme settings").
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAtColumn(),
  /** uid of the admin who saved it last, or null. */
  updatedBy: text("updated_by"),
});

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
    updatedAt: updatedAtColumn(),
    /** uid of the admin who saved it last, or null. */
    updatedBy: text("updated_by"),
  },
  (t) => [check("agency_profile_single_row", sql`${t.id} = 1`)],
);
