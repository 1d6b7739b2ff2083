/**
 * The visit's manage link `/visitas/{token}` (ADR 0088). The token is the HMAC-SHA256 of the
 * visit's id with the session secret (base64url, 43 characters) and only its SHA-256 is stored
 * (`visits.token_hash`), so a copy of the database opens no visit. Derived rather than random so
 * that the mail worker can put the link in an e-mail sent later without storing the token: it
 * recomputes the token with each secret of the rotation and keeps the one whose hash matches.
 * The lookup is by hash, so a link keeps working after the secret rotates.
 */
import { createHash, createHmac } from "node:crypto";
import { getSessionSecrets } from "../flash";

/** The shape of a manage token (checked before any database work). */
export const VISIT_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of a manage token. */
export function isVisitToken(value: unknown): value is string {
  return typeof value === "string" && VISIT_TOKEN_SHAPE.test(value);
}

/** The manage token of visit `visitId` signed with `secret`. */
export function visitToken(visitId: string, secret: string = getSessionSecrets()[0]!): string {
  return createHmac("sha256", secret).update(`visit-manage:${visitId}`).digest("base64url");
}

/** SHA-256 hex of a token: what `visits.token_hash` holds. */
export function visitTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * The token of a stored visit: the one, among the rotation's secrets, whose hash is the stored
 * `tokenHash`; null when none matches (the secret that signed it left the rotation).
 */
export function tokenOfVisit(
  visit: { id: string; tokenHash: string },
  secrets: string[] = getSessionSecrets(),
): string | null {
  for (const secret of secrets) {
    const token = visitToken(visit.id, secret);
    if (visitTokenHash(token) === visit.tokenHash) return token;
  }
  return null;
}
