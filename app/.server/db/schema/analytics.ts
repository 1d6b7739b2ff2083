/** First-party analytics (docs/decisions/0030-first-party-analytics.md). */
import { bigint, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { AnalyticsEventType, DeviceClass } from "~/lib/analytics-events";
import { createdAtColumn, timestamptzNow } from "./columns";

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
    occurredAt: timestamptzNow("occurred_at"),
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
  createdAt: createdAtColumn(),
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
