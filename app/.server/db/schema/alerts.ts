/** Saved-search alerts by e-mail (ADR 0034) and their outbox. */
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { ListingFilters } from "~/lib/filters";
import type { MailMessage } from "../../mail/transport";
import { createdAtColumn, outboxColumns, parentUuidColumn, timestamptz, uuidPrimaryKey } from "./columns";
import { leads } from "./leads";

/**
 * A saved search: the filters of a list, search or map page and the e-mail
 * that gets a daily digest of new listings and price drops matching them.
 * Created unconfirmed (double opt-in); an unconfirmed alert is deleted after
 * 7 days. `last_digest_at` is the start of the next digest's window.
 */
export const searchAlerts = pgTable(
  "search_alerts",
  {
    id: uuidPrimaryKey(),
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
    createdAt: createdAtColumn(),
    confirmedAt: timestamptz("confirmed_at"),
    /** Set while the person paused the alert on `/alertas`. */
    pausedAt: timestamptz("paused_at"),
    /** One-click unsubscribe (RFC 8058) or "excluir": no more mail; deleted by the daily job after 30 days. */
    unsubscribedAt: timestamptz("unsubscribed_at"),
    /** End of the last digest window (confirmation time before the first). */
    lastDigestAt: timestamptz("last_digest_at"),
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
    id: uuidPrimaryKey(),
    alertId: parentUuidColumn("alert_id", () => searchAlerts.id),
    kind: text("kind").$type<"confirm" | "digest">().notNull(),
    recipient: text("recipient").notNull(),
    /** The rendered message (subject, text, html, headers). */
    message: jsonb("message").$type<MailMessage>().notNull(),
    // status, attempts, next_attempt_at, locked_until, claim_token, last_error, waiting_on
    ...outboxColumns(),
    createdAt: createdAtColumn(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("search_alert_mails_due_idx").on(t.status, t.nextAttemptAt),
    index("search_alert_mails_alert_idx").on(t.alertId),
  ],
);
