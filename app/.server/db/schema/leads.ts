/**
 * Contact requests (leads) and their outbox, the deliveries to the agency's
 * e-mail and to Vista (ADR 0014).
 */
import { type AnyPgColumn, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { LeadAssignmentSource, LeadChannel, LeadEventType, LeadKind, LeadStatus } from "~/domain/lead";
import { users } from "./auth";
import {
  createdAtColumn,
  outboxColumns,
  parentUuidColumn,
  timestamptz,
  timestamptzNow,
  updatedAtColumn,
  uuidPrimaryKey,
} from "./columns";

// The lead's words live in the domain layer (pages show them too); re-exported
// here for the server modules that read them beside the tables.
export type { LeadAssignmentSource, LeadChannel, LeadEventType, LeadKind, LeadStatus };

/**
 * Contact requests: written, with their {@link leadDeliveries},
 * in one transaction before the visitor gets an answer. `idempotency_key` (one
 * per rendered form) makes a resubmission return the first row.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuidPrimaryKey(),
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
    createdAt: createdAtColumn(),
    /** Handling status in the admin inbox (migration 0006). */
    status: text("status").$type<LeadStatus>().notNull().default("novo"),
    /** Broker (user uid) the lead is assigned to, or null. */
    assignedUid: text("assigned_uid").references(() => users.uid, { onDelete: "set null" }),
    /** Last change of status or assignment. */
    updatedAt: updatedAtColumn(),
    /** How the responsible broker was chosen (ADR 0080), or null while nobody is. */
    assignedBy: text("assigned_by").$type<LeadAssignmentSource>(),
    /** When the current responsible broker got the lead. */
    assignedAt: timestamptz("assigned_at"),
    /** Status "perdido": the reason, one of `LOST_REASONS` (`~/lib/lead-workflow`). */
    lostReason: text("lost_reason"),
    /** The first reply or status change by a person: the start of the first-response time (ADR 0081). */
    firstResponseAt: timestamptz("first_response_at"),
    /** Who gave that first response (user uid; no foreign key: the figure outlives the user). */
    firstResponseUid: text("first_response_uid"),
    /** An earlier lead of the same person (same phone or e-mail within 30 days), flagged on creation. */
    duplicateOfId: uuid("duplicate_of_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    /** Merged into this lead by a broker or admin: hidden from the inboxes, its history kept. */
    mergedIntoId: uuid("merged_into_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
  },
  (t) => [
    index("leads_status_created_idx").on(t.status, t.createdAt),
    index("leads_created_idx").on(t.createdAt),
    index("leads_assigned_idx").on(t.assignedUid),
    index("leads_phone_created_idx").on(t.phone, t.createdAt),
    index("leads_email_created_idx").on(t.email, t.createdAt),
    // A listing's leads (the owner's report, "Meus imóveis", the dashboard) and the merge links.
    index("leads_listing_created_idx").on(t.listingCode, t.createdAt),
    index("leads_duplicate_of_idx").on(t.duplicateOfId),
    index("leads_merged_into_idx").on(t.mergedIntoId),
  ],
);

/**
 * A lead's history (ADR 0081): creation, every assignment, status change, note, reply, duplicate
 * flag, merge and reminder, with who did it (null actor: the system) and when. Never updated.
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuidPrimaryKey(),
    leadId: parentUuidColumn("lead_id", () => leads.id),
    at: timestamptzNow("at"),
    type: text("type").$type<LeadEventType>().notNull(),
    /** User uid of the person, or null for the system (no foreign key: the history outlives the user). */
    actorUid: text("actor_uid"),
    /** The person's name at the time ("" for the system). */
    actorName: text("actor_name").notNull().default(""),
    /** Before and after: statuses, assignee uids, the reply channel ("whatsapp", "email", "phone"). */
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** A note's text, a lost reason, or what the system did. */
    note: text("note"),
  },
  (t) => [index("lead_events_lead_at_idx").on(t.leadId, t.at)],
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
    id: uuidPrimaryKey(),
    leadId: parentUuidColumn("lead_id", () => leads.id),
    channel: text("channel").$type<LeadChannel>().notNull(),
    /** E-mail address for the e-mail channels; null for Vista. */
    recipient: text("recipient"),
    // status, attempts, next_attempt_at, locked_until, claim_token, last_error, waiting_on
    ...outboxColumns(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("lead_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("lead_deliveries_lead_idx").on(t.leadId),
    uniqueIndex("lead_deliveries_lead_channel_idx").on(t.leadId, t.channel),
  ],
);
