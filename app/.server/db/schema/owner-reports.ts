/**
 * The owner's report (ADR 0083): private links a broker sends to the owner of a listing, the
 * record of every opening, and the monthly e-mails owners asked for. The links carry only a
 * listing code; the report itself shows figures, never a visitor's personal data.
 */
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  createdAtColumn,
  outboxColumns,
  parentUuidColumn,
  requestTraceColumns,
  timestamptz,
  uuidPrimaryKey,
} from "./columns";

/**
 * One private link `/proprietario/{token}`: the token is random and only its SHA-256 is stored.
 * Valid until `expires_at` (90 days) unless revoked.
 */
export const ownerReports = pgTable(
  "owner_reports",
  {
    id: uuidPrimaryKey(),
    /** SHA-256 hex of the token (never the token itself). */
    tokenHash: text("token_hash").notNull(),
    /** Vista `Codigo` of the listing the report is about. */
    listingCode: text("listing_code").notNull(),
    /** Who created it (user uid) and their name at the time. */
    createdByUid: text("created_by_uid").notNull(),
    createdByName: text("created_by_name").notNull().default(""),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    revokedByUid: text("revoked_by_uid"),
    /** How the owner is greeted ("" when not given). */
    ownerName: text("owner_name").notNull().default(""),
    /** Where the monthly e-mail goes, typed by the broker with the owner's consent ("" for none). */
    ownerEmail: text("owner_email").notNull().default(""),
    /** The owner asked for the monthly e-mail (LGPD art. 7, I: consent), and when. */
    monthlyOptIn: boolean("monthly_opt_in").notNull().default(false),
    optInAt: timestamptz("opt_in_at"),
    /** The owner followed the e-mail's unsubscribe link. */
    unsubscribedAt: timestamptz("unsubscribed_at"),
  },
  (t) => [
    uniqueIndex("owner_reports_token_hash_idx").on(t.tokenHash),
    index("owner_reports_listing_idx").on(t.listingCode, t.createdAt),
  ],
);

/** Every opening of a report link: when and from where (LGPD art. 37). */
export const ownerReportViews = pgTable(
  "owner_report_views",
  {
    id: uuidPrimaryKey(),
    reportId: parentUuidColumn("report_id", () => ownerReports.id),
    // at, ip, user_agent
    ...requestTraceColumns(),
  },
  (t) => [index("owner_report_views_report_at_idx").on(t.reportId, t.at)],
);

/**
 * The monthly e-mails (an outbox, ADR 0014): one row per report and São Paulo month
 * ("2026-11"), so a month's e-mail is written once however many servers run the job.
 */
export const ownerReportMails = pgTable(
  "owner_report_mails",
  {
    id: uuidPrimaryKey(),
    reportId: parentUuidColumn("report_id", () => ownerReports.id),
    /** "YYYY-MM", the month the figures cover. */
    month: text("month").notNull(),
    recipient: text("recipient").notNull(),
    // status, attempts, next_attempt_at, locked_until, claim_token, last_error, waiting_on
    ...outboxColumns(),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("owner_report_mails_report_month_idx").on(t.reportId, t.month),
    index("owner_report_mails_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
