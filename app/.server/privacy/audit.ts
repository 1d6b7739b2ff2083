/**
 * The audit trail of data-subject actions and of the retention job
 * (`privacy_actions`; LGPD art. 37). Rows name the person only by
 * `subjectHash()` (`./subject`), never by the e-mail or phone.
 */
import { desc } from "drizzle-orm";
import { type Db } from "../db";
import { privacyActions, type PrivacyActionKind } from "../db/schema";

/** Most characters of a reason (the admin form enforces the same bound). */
export const PRIVACY_REASON_MAX = 500;

/** Who acted: an admin (uid and e-mail), or null for the retention job. */
export type PrivacyActor = { uid: string; email: string } | null;

/** One entry of the trail as the admin page shows it (ISO time). */
export interface PrivacyActionEntry {
  id: string;
  at: string;
  adminUid: string | null;
  adminEmail: string;
  action: PrivacyActionKind;
  subjectHash: string | null;
  reason: string;
  counts: Record<string, number>;
}

/**
 * Appends an entry. `reason` is trimmed and cut at {@link PRIVACY_REASON_MAX}.
 * @throws database errors.
 */
export async function recordPrivacyAction(
  db: Db,
  entry: {
    actor: PrivacyActor;
    action: PrivacyActionKind;
    subjectHash: string | null;
    reason: string;
    counts: Record<string, number>;
    at?: Date;
  },
): Promise<void> {
  await db.insert(privacyActions).values({
    adminUid: entry.actor?.uid ?? null,
    adminEmail: entry.actor?.email ?? "",
    action: entry.action,
    subjectHash: entry.subjectHash,
    reason: entry.reason.trim().slice(0, PRIVACY_REASON_MAX),
    counts: entry.counts,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** The latest `limit` entries, newest first. */
export async function listPrivacyActions(db: Db, limit = 50): Promise<PrivacyActionEntry[]> {
  const rows = await db
    .select()
    .from(privacyActions)
    .orderBy(desc(privacyActions.at), desc(privacyActions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
