/**
 * Unsubscribing from the owner's monthly e-mail (ADR 0083):
 * `/proprietario/{token}/cancelar`, where `{token}` is either the report's
 * own token (the link on the report page) or the signed unsubscribe token of
 * the e-mail (`./tokens`). A GET only shows a confirm button (mail clients
 * and link scanners open links); a POST — the button, or a mail client's
 * RFC 8058 one-click — records `unsubscribed_at` (idempotent: the first time
 * is kept). Unsubscribing works on an expired or revoked link too.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { ownerReports } from "../db/schema";
import { isOwnerReportToken, ownerReportTokenHash, verifyOwnerUnsubscribeToken } from "./tokens";

/** What the unsubscribe page shows about a report (no token, no e-mail address). */
export interface UnsubscribeTarget {
  reportId: string;
  listingCode: string;
  /** The owner asked for the monthly e-mail. */
  monthlyOptIn: boolean;
  /** ISO time of the unsubscription, or null. */
  unsubscribedAt: string | null;
}

/** The report a token names (report token or signed unsubscribe token), or null. */
export async function unsubscribeTarget(db: Db, token: unknown): Promise<UnsubscribeTarget | null> {
  let where;
  if (isOwnerReportToken(token)) where = eq(ownerReports.tokenHash, ownerReportTokenHash(token));
  else {
    const reportId = verifyOwnerUnsubscribeToken(token);
    if (!reportId) return null;
    where = eq(ownerReports.id, reportId);
  }
  const [row] = await db
    .select({
      reportId: ownerReports.id,
      listingCode: ownerReports.listingCode,
      monthlyOptIn: ownerReports.monthlyOptIn,
      unsubscribedAt: ownerReports.unsubscribedAt,
    })
    .from(ownerReports)
    .where(where)
    .limit(1);
  return row ? { ...row, unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null } : null;
}

/** Records the unsubscription of `reportId` at `now` (the first one is kept). */
export async function unsubscribeOwnerReport(db: Db, reportId: string, now: Date = new Date()): Promise<void> {
  await db
    .update(ownerReports)
    .set({ unsubscribedAt: sql`coalesce(${ownerReports.unsubscribedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(ownerReports.id, reportId));
}
