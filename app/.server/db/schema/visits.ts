/**
 * Visits booked online (ADR 0088): each broker's weekly availability, the visits themselves and
 * the e-mails they cause (an outbox). A booking can never be taken twice: migration 0019 adds an
 * exclusion constraint (`visits_no_overlap`, btree_gist) so that two booked visits of the same
 * calendar never overlap in time; drizzle cannot declare it, so it lives in the migration only.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import {
  createdAtColumn,
  outboxColumns,
  parentUuidColumn,
  timestamptz,
  updatedAtColumn,
  uuidPrimaryKey,
} from "./columns";

/** Opening intervals of one weekday, São Paulo wall-clock "HH:MM" (end exclusive). */
export interface WeekdayHours {
  start: string;
  end: string;
}

/**
 * A broker's bookable time (`/painel/agenda`). `weekly[0]` is Sunday … `weekly[6]` Saturday, each
 * a list of intervals (empty: no visits that day). Durations in minutes.
 */
export const brokerAvailability = pgTable("broker_availability", {
  /** The broker's user uid. */
  uid: text("uid").primaryKey(),
  weekly: jsonb("weekly").$type<WeekdayHours[][]>().notNull(),
  /** São Paulo calendar days without visits, "YYYY-MM-DD". */
  daysOff: jsonb("days_off")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  slotMinutes: integer("slot_minutes").notNull().default(60),
  bufferMinutes: integer("buffer_minutes").notNull().default(15),
  /** How many days ahead a visitor may book. */
  horizonDays: integer("horizon_days").notNull().default(14),
  /** Minimum notice before a visit, in minutes. */
  minNoticeMinutes: integer("min_notice_minutes").notNull().default(120),
  updatedAt: updatedAtColumn(),
});

/** A visit's state: booked (also after a reschedule) or cancelled (by the visitor or the broker). */
export type VisitStatus = "booked" | "cancelled";

/**
 * One visit. `calendar` is whose time it takes: the broker's uid, or "agency" when no broker could
 * be chosen; the exclusion constraint keeps booked visits of one calendar from overlapping.
 */
export const visits = pgTable(
  "visits",
  {
    id: uuidPrimaryKey(),
    /** Vista `Codigo` of the listing. */
    listingCode: text("listing_code").notNull(),
    calendar: text("calendar").notNull(),
    /** The broker's uid, or null for the agency's calendar. */
    brokerUid: text("broker_uid"),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    status: text("status").$type<VisitStatus>().notNull().default("booked"),
    visitorName: text("visitor_name").notNull(),
    visitorPhone: text("visitor_phone").notNull(),
    visitorEmail: text("visitor_email").notNull().default(""),
    /** SHA-256 hex of the manage link's token `/visitas/{token}` (never the token itself). */
    tokenHash: text("token_hash").notNull(),
    /** One per rendered booking form: the same key returns the first visit. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The lead (kind "visit") that carries the visit in the broker's inbox. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    cancelledAt: timestamptz("cancelled_at"),
    /** The visitor's rating after the visit, 1–5, its comment and when it was given. */
    rating: smallint("rating"),
    feedback: text("feedback").notNull().default(""),
    feedbackAt: timestamptz("feedback_at"),
  },
  (t) => [
    uniqueIndex("visits_token_hash_idx").on(t.tokenHash),
    uniqueIndex("visits_idempotency_key_idx").on(t.idempotencyKey),
    index("visits_calendar_starts_idx").on(t.calendar, t.startsAt),
    index("visits_listing_idx").on(t.listingCode, t.startsAt),
    check("visits_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("visits_rating_range", sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * What a visit sends (an outbox, ADR 0014), one row per visit, kind and time it is due, so each
 * e-mail goes out exactly once however many servers run the worker: the visitor's confirmation
 * (with the `.ics`), the broker's notice, the reminders 24 h before, the feedback request after.
 */
export const visitMails = pgTable(
  "visit_mails",
  {
    id: uuidPrimaryKey(),
    visitId: parentUuidColumn("visit_id", () => visits.id),
    /** e.g. "visitor_confirmation", "broker_notice", "visitor_reminder", "broker_reminder", "visitor_feedback". */
    kind: text("kind").notNull(),
    /** The visit's start this row was written for: a reschedule writes new rows for the new time. */
    forStartsAt: timestamptz("for_starts_at").notNull(),
    recipient: text("recipient").notNull(),
    // status, attempts, next_attempt_at, locked_until, claim_token, last_error, waiting_on
    ...outboxColumns(),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("visit_mails_once_idx").on(t.visitId, t.kind, t.forStartsAt),
    index("visit_mails_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
