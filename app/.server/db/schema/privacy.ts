/** Data-subject requests and retention (docs/decisions/0031-data-subject-requests-and-retention.md). */
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptzNow, uuidPrimaryKey } from "./columns";

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
    id: uuidPrimaryKey(),
    at: timestamptzNow("at"),
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
