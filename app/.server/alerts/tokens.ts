/**
 * Signed links of the saved-search alerts (ADR 0034): confirmation (double
 * opt-in), management of one address's alerts and one-click unsubscribe.
 *
 * A token is `{base64url(JSON payload)}.{base64url(HMAC-SHA256)}`, signed with
 * the session secret (`getSessionSecrets()`, the same secret as the flash
 * cookie and the forms' render time; every secret of a rotation verifies, the
 * first signs). The payload names the purpose, the subject (an alert id or an
 * e-mail address) and the expiry, so a token of one purpose never works for
 * another and nothing is stored. Unguessable: forging one needs the secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getSessionSecrets } from "../flash";

/** A confirmation link is valid 7 days (an unconfirmed alert is deleted after 7 days too). */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
/** Management and unsubscribe links, sent in every e-mail, are valid 400 days (longer than any digest gap). */
export const MANAGE_TOKEN_TTL_MS = 400 * 24 * 3600 * 1000;

/** What a token is for: "confirm" an alert, "manage" an address's alerts, "unsubscribe" an alert. */
export type AlertTokenPurpose = "confirm" | "manage" | "unsubscribe";

/** A verified token: its purpose, subject (alert id, or e-mail for "manage") and expiry (ms since epoch). */
export interface AlertToken {
  purpose: AlertTokenPurpose;
  subject: string;
  expiresAt: number;
}

/** Why a token was refused: malformed or forged ("invalid", HTTP 400) or past its expiry ("expired", HTTP 410). */
export type AlertTokenError = "invalid" | "expired";

/** Most characters of a token (a longer one is refused before any work). */
export const ALERT_TOKEN_MAX = 600;

function mac(payload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`search-alert:${payload}`).digest();
}

/**
 * A signed token for `purpose` and `subject`, valid `ttlMs` from `now`.
 * @param secrets session secrets (the first signs; default `getSessionSecrets()`).
 */
export function signAlertToken(
  purpose: AlertTokenPurpose,
  subject: string,
  options: { now?: number; ttlMs?: number; secrets?: string[] } = {},
): string {
  const now = options.now ?? Date.now();
  const ttl = options.ttlMs ?? (purpose === "confirm" ? CONFIRM_TOKEN_TTL_MS : MANAGE_TOKEN_TTL_MS);
  const payload = Buffer.from(JSON.stringify({ p: purpose, s: subject, x: now + ttl })).toString("base64url");
  const secrets = options.secrets ?? getSessionSecrets();
  return `${payload}.${mac(payload, secrets[0]).toString("base64url")}`;
}

/**
 * Verifies a token for `purpose`.
 * @returns the token, or "invalid" (missing, malformed, forged, other purpose) / "expired".
 */
export function verifyAlertToken(
  token: unknown,
  purpose: AlertTokenPurpose,
  options: { now?: number; secrets?: string[] } = {},
): AlertToken | AlertTokenError {
  if (typeof token !== "string" || token.length > ALERT_TOKEN_MAX) return "invalid";
  const match = /^([A-Za-z0-9_-]{8,500})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return "invalid";
  const [, payload, signature] = match;
  const given = Buffer.from(signature, "base64url");
  const secrets = options.secrets ?? getSessionSecrets();
  const valid = secrets.some((secret) => {
    const expected = mac(payload, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return "invalid";
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return "invalid";
  }
  const { p, s, x } = (data ?? {}) as { p?: unknown; s?: unknown; x?: unknown };
  if (p !== purpose || typeof s !== "string" || !s || typeof x !== "number") return "invalid";
  if ((options.now ?? Date.now()) > x) return "expired";
  return { purpose, subject: s, expiresAt: x };
}
