/**
 * The secrets of the owner's report (ADR 0083):
 *
 * - the link's token: 32 random bytes in base64url (43 characters); only
 *   its SHA-256 (hex) is stored, so a copy of the database opens no report
 *   and the token can be shown only once, when it is made;
 * - the monthly e-mail's unsubscribe token, `{base64url(report id)}.{base64url(HMAC-SHA256)}`,
 *   signed with the session secret like the alert links (`../alerts/tokens`;
 *   every secret of a rotation verifies, the first signs) under its own
 *   purpose prefix, so nothing else the site signs is accepted here. It
 *   only unsubscribes: it never opens the report, and the report's own token
 *   never needs to be stored to send the e-mail.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { OWNER_REPORT_TOKEN } from "~/lib/owner-report";
import { getSessionSecrets } from "../flash";

/** A new report token: 32 random bytes, base64url (43 characters). */
export function newOwnerReportToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 hex of a token: what `owner_reports.token_hash` holds. */
export function ownerReportTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `value` has the shape of a report token (checked before any database work). */
export function isOwnerReportToken(value: unknown): value is string {
  return typeof value === "string" && OWNER_REPORT_TOKEN.test(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(reportId: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`owner-report-unsubscribe:${reportId}`).digest();
}

/**
 * The unsubscribe token of report `reportId` (a uuid).
 * @param secrets session secrets (the first signs; default `getSessionSecrets()`).
 */
export function signOwnerUnsubscribeToken(reportId: string, secrets: string[] = getSessionSecrets()): string {
  return `${Buffer.from(reportId, "utf8").toString("base64url")}.${mac(reportId, secrets[0]!).toString("base64url")}`;
}

/**
 * The report id of a valid unsubscribe token, or null (malformed, forged,
 * signed with a secret no longer in the rotation). Never expires: an owner
 * may unsubscribe from any e-mail ever sent.
 */
export function verifyOwnerUnsubscribeToken(token: unknown, secrets: string[] = getSessionSecrets()): string | null {
  if (typeof token !== "string" || token.length > 120) return null;
  const match = /^([A-Za-z0-9_-]{40,60})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const reportId = Buffer.from(match[1]!, "base64url").toString("utf8");
  if (!UUID.test(reportId)) return null;
  const given = Buffer.from(match[2]!, "base64url");
  const valid = secrets.some((secret) => {
    const expected = mac(reportId, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? reportId : null;
}
