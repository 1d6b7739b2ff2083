/**
 * The report links (ADR 0083): a broker or an admin creates one for any
 * listing of the read model; the token is returned once and only its hash
 * stored; a link is valid {@link OWNER_REPORT_TTL_DAYS} days unless revoked
 * (by its creator or an admin); every opening is logged in
 * `owner_report_views` with the client IP (`context.clientIp`, derived under
 * `TRUST_PROXY`) and the User-Agent cut to {@link USER_AGENT_MAX_LENGTH}.
 */
import { and, count, desc, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { SessionUser } from "~/lib/auth";
import { OWNER_REPORT_TTL_DAYS, type CreateOwnerReportInput, type OwnerReportLinkSummary } from "~/lib/owner-report";
import type { Db } from "../db";
import { listings, ownerReports, ownerReportViews } from "../db/schema";
import { isOwnerReportToken, newOwnerReportToken, ownerReportTokenHash } from "./tokens";

/** Most characters of a User-Agent kept in a view row. */
export const USER_AGENT_MAX_LENGTH = 300;
/** Most links one user may create in {@link CREATION_WINDOW_MS} (a runaway script, not a busy broker). */
export const CREATION_LIMIT = 50;
/** The window of {@link CREATION_LIMIT}, ms (24 h). */
export const CREATION_WINDOW_MS = 24 * 3600_000;
/** Most links listed on a listing's private page (newest first). */
export const LINKS_LISTED = 50;

/** A stored report row. */
export type OwnerReportRow = typeof ownerReports.$inferSelect;

/** Why a link could not be created. */
export type CreateRefusal = "unknown-listing" | "too-many";

/**
 * Creates a link for listing `listingCode` by `user` at `now`.
 * @returns the token (show it once: it cannot be read back) and the row, or a refusal.
 * @throws database errors.
 */
export async function createOwnerReport(
  db: Db,
  user: Pick<SessionUser, "uid" | "displayName" | "email">,
  listingCode: string,
  input: Pick<CreateOwnerReportInput, "nomeProprietario" | "emailProprietario" | "mensal">,
  now: Date = new Date(),
): Promise<{ token: string; report: OwnerReportRow } | { refused: CreateRefusal }> {
  const [listing] = await db
    .select({ code: listings.code })
    .from(listings)
    .where(eq(listings.code, listingCode))
    .limit(1);
  if (!listing) return { refused: "unknown-listing" };
  const [{ made = 0 } = {}] = await db
    .select({ made: count() })
    .from(ownerReports)
    .where(
      and(
        eq(ownerReports.createdByUid, user.uid),
        gt(ownerReports.createdAt, new Date(now.getTime() - CREATION_WINDOW_MS)),
      ),
    );
  if (made >= CREATION_LIMIT) return { refused: "too-many" };
  const token = newOwnerReportToken();
  const optIn = Boolean(input.mensal && input.emailProprietario);
  const [report] = await db
    .insert(ownerReports)
    .values({
      tokenHash: ownerReportTokenHash(token),
      listingCode,
      createdByUid: user.uid,
      createdByName: (user.displayName || user.email).slice(0, 200),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OWNER_REPORT_TTL_DAYS * 24 * 3600_000),
      ownerName: input.nomeProprietario,
      ownerEmail: input.emailProprietario,
      monthlyOptIn: optIn,
      optInAt: optIn ? now : null,
    })
    .returning();
  return { token, report: report! };
}

/** The links of listing `code`, newest first, with their opening counts, for `viewer`. */
export async function listOwnerReportLinks(
  db: Db,
  code: string,
  viewer: Pick<SessionUser, "uid" | "role">,
  now: Date = new Date(),
): Promise<OwnerReportLinkSummary[]> {
  const views = db
    .select({
      reportId: ownerReportViews.reportId,
      views: count().as("views"),
      lastAt: max(ownerReportViews.at).as("last_at"),
    })
    .from(ownerReportViews)
    .where(
      inArray(
        ownerReportViews.reportId,
        db.select({ id: ownerReports.id }).from(ownerReports).where(eq(ownerReports.listingCode, code)),
      ),
    )
    .groupBy(ownerReportViews.reportId)
    .as("views");
  const rows = await db
    .select({ report: ownerReports, views: views.views, lastAt: views.lastAt })
    .from(ownerReports)
    .leftJoin(views, eq(views.reportId, ownerReports.id))
    .where(eq(ownerReports.listingCode, code))
    .orderBy(desc(ownerReports.createdAt), desc(ownerReports.id))
    .limit(LINKS_LISTED);
  return rows.map(({ report, views: seen, lastAt }) => ({
    id: report.id,
    createdByUid: report.createdByUid,
    createdByName: report.createdByName,
    createdAt: report.createdAt.toISOString(),
    expiresAt: report.expiresAt.toISOString(),
    revokedAt: report.revokedAt?.toISOString() ?? null,
    ownerName: report.ownerName,
    ownerEmail: report.ownerEmail,
    monthlyOptIn: report.monthlyOptIn,
    unsubscribedAt: report.unsubscribedAt?.toISOString() ?? null,
    views: Number(seen ?? 0),
    lastViewedAt: lastAt ? new Date(lastAt).toISOString() : null,
    revocable:
      !report.revokedAt && report.expiresAt > now && (viewer.role === "admin" || viewer.uid === report.createdByUid),
  }));
}

/**
 * Revokes link `reportId` of listing `code` for `user` (its creator or an
 * admin). Idempotent: an already revoked link keeps its first revocation.
 * @returns false when there is no such link of that listing, or the user may not revoke it.
 */
export async function revokeOwnerReport(
  db: Db,
  user: Pick<SessionUser, "uid" | "role">,
  code: string,
  reportId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [report] = await db
    .select({ createdByUid: ownerReports.createdByUid, revokedAt: ownerReports.revokedAt })
    .from(ownerReports)
    .where(and(eq(ownerReports.id, reportId), eq(ownerReports.listingCode, code)))
    .limit(1);
  if (!report || (user.role !== "admin" && report.createdByUid !== user.uid)) return false;
  await db
    .update(ownerReports)
    .set({
      revokedAt: sql`coalesce(${ownerReports.revokedAt}, ${now.toISOString()}::timestamptz)`,
      revokedByUid: sql`coalesce(${ownerReports.revokedByUid}, ${user.uid})`,
    })
    .where(eq(ownerReports.id, reportId));
  return true;
}

/** What a token opens: the report, or why not ("unknown" → 404; "expired"/"revoked" → 410). */
export type TokenLookup = { report: OwnerReportRow } | { refused: "unknown" | "expired" | "revoked" };

/** The report of `token` at `now`: one lookup by its hash (a malformed token costs no query). */
export async function findOwnerReport(db: Db, token: unknown, now: Date = new Date()): Promise<TokenLookup> {
  if (!isOwnerReportToken(token)) return { refused: "unknown" };
  const [report] = await db
    .select()
    .from(ownerReports)
    .where(eq(ownerReports.tokenHash, ownerReportTokenHash(token)))
    .limit(1);
  if (!report) return { refused: "unknown" };
  if (report.revokedAt) return { refused: "revoked" };
  if (report.expiresAt <= now) return { refused: "expired" };
  return { report };
}

/** Logs one opening of `reportId` (LGPD art. 37): IP as derived under `TRUST_PROXY`, User-Agent cut. */
export async function recordOwnerReportView(
  db: Db,
  reportId: string,
  client: { ip: string | undefined; userAgent: string | null },
  now: Date = new Date(),
): Promise<void> {
  await db.insert(ownerReportViews).values({
    reportId,
    at: now,
    ip: client.ip ?? "",
    userAgent: (client.userAgent ?? "").slice(0, USER_AGENT_MAX_LENGTH),
  });
}
