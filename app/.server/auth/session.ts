/**
 * The session (issue 5 item 1; architecture.md "Data flow" 5): a Firebase
 * session cookie minted from a verified, recent ID token. HttpOnly,
 * SameSite=Lax, path "/", Secure in production, named `__Host-session` when
 * the site is served over HTTPS (`PUBLIC_URL`), else `session`.
 *
 * Every request verifies the cookie's signature and expiry locally;
 * `checkRevoked` (admin actions, the private panel) also asks the identity
 * service whether the user's tokens were revoked or the account disabled.
 * Signing out clears the cookie, records its hash in `revoked_sessions`
 * (exact, whereas Firebase's revocation has a one-second resolution) and
 * revokes the user's refresh tokens (every other session of the user).
 */
import { createHash } from "node:crypto";
import { lt } from "drizzle-orm";
import type { DecodedIdToken } from "firebase-admin/auth";
import { type Config, getConfig } from "../config";
import type { Db } from "../db";
import { revokedSessions } from "../db/schema";
import type { IdentityBackend } from "./firebase";

/** Session lifetime, ms (5 days; Firebase allows 5 minutes to 2 weeks). */
export const SESSION_MAX_AGE_MS = 5 * 24 * 60 * 60 * 1000;

/** Oldest sign-in (`auth_time`) a session may be minted from, s (issue 5 item 1 "recent auth_time"). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** The session cookie name: `__Host-session` when `PUBLIC_URL` is https, else `session`. */
export function sessionCookieName(config: Pick<Config, "PUBLIC_URL"> = getConfig()): string {
  return config.PUBLIC_URL?.startsWith("https:") ? "__Host-session" : "session";
}

/** Both possible names (the page cache bypasses either). */
export const SESSION_COOKIE_NAMES = ["session", "__Host-session"] as const;

function cookieAttributes(config: Pick<Config, "PUBLIC_URL" | "NODE_ENV">, maxAgeSeconds: number): string {
  const secure = config.NODE_ENV === "production" || sessionCookieName(config).startsWith("__Host-");
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

/** `Set-Cookie` value that stores `sessionCookie`. */
export function serializeSessionCookie(sessionCookie: string, config: Pick<Config, "PUBLIC_URL" | "NODE_ENV"> = getConfig()): string {
  return `${sessionCookieName(config)}=${sessionCookie}; ${cookieAttributes(config, Math.floor(SESSION_MAX_AGE_MS / 1000))}`;
}

/** `Set-Cookie` value that deletes the session cookie. */
export function clearSessionCookie(config: Pick<Config, "PUBLIC_URL" | "NODE_ENV"> = getConfig()): string {
  return `${sessionCookieName(config)}=; ${cookieAttributes(config, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The session cookie's value in a request, or null. */
export function readSessionCookie(request: Request, config: Pick<Config, "PUBLIC_URL"> = getConfig()): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const name = sessionCookieName(config);
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9._-]{20,8192}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** SHA-256 hex of a session cookie (the key of `revoked_sessions`). */
export function sessionTokenHash(sessionCookie: string): string {
  return createHash("sha256").update(sessionCookie).digest("hex");
}

/** Why an ID token was not accepted for a session. */
export class SessionError extends Error {
  override name = "SessionError";
  constructor(
    readonly reason: "invalid-token" | "stale-sign-in" | "revoked" | "disabled",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Verifies an ID token (signature, expiry, revocation, disabled account) and
 * that it comes from a sign-in of the last 5 minutes, then mints a session
 * cookie (issue 5 item 1).
 * @returns the cookie value and the decoded ID token.
 * @throws {SessionError} when the token is not acceptable.
 */
export async function createSession(
  backend: IdentityBackend,
  idToken: string,
  now: number = Date.now(),
): Promise<{ sessionCookie: string; token: DecodedIdToken }> {
  let token: DecodedIdToken;
  try {
    token = await backend.auth.verifyIdToken(idToken, true);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "auth/user-disabled") throw new SessionError("disabled", "user disabled");
    if (code === "auth/id-token-revoked") throw new SessionError("revoked", "token revoked");
    throw new SessionError("invalid-token", code || "invalid token");
  }
  if (now / 1000 - token.auth_time > RECENT_SIGN_IN_SECONDS) throw new SessionError("stale-sign-in", "sign-in too old");
  const sessionCookie = await backend.auth.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_MS });
  return { sessionCookie, token };
}

/**
 * Verifies a session cookie; null when invalid, expired, or (with
 * `checkRevoked`) revoked or belonging to a disabled account. Other failures
 * of the identity service (network) propagate.
 */
export async function verifySession(
  backend: IdentityBackend,
  sessionCookie: string,
  checkRevoked: boolean,
): Promise<DecodedIdToken | null> {
  try {
    return await backend.auth.verifySessionCookie(sessionCookie, checkRevoked);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("auth/") && code !== "auth/internal-error") return null;
    throw error;
  }
}

/**
 * Signs a session out: records the cookie in `revoked_sessions` (until it
 * would expire), drops expired records, and revokes the user's refresh tokens.
 * A failure of the identity service is logged, not thrown: the cookie is
 * refused by this site from now on anyway.
 */
export async function endSession(backend: IdentityBackend, db: Db, sessionCookie: string, uid: string | null): Promise<void> {
  const now = new Date();
  await db
    .insert(revokedSessions)
    .values({ tokenHash: sessionTokenHash(sessionCookie), expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS) })
    .onConflictDoNothing();
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  if (uid) {
    await backend.auth.revokeRefreshTokens(uid).catch((error: unknown) => {
      console.error(`[auth] falha ao revogar os tokens de ${uid}: ${(error as Error).message}`);
    });
  }
}
