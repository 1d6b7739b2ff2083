/**
 * Server-side sessions (docs/decisions/0020-server-side-sessions.md). A
 * session is a row of `sessions` holding the SHA-256 of a random token
 * (32 bytes, base64url); the token itself exists only on the client:
 *
 * - browser: inside a cookie signed with the session secrets (Remix
 *   `createCookie`, `getSessionSecrets()`, so rotation works), HttpOnly,
 *   SameSite=Lax, path "/", Secure in production or when `PUBLIC_URL` is
 *   https, named `__Host-session` when `PUBLIC_URL` is https, else `session`;
 * - API: the bare token, sent as `Authorization: Bearer <token>` (kind "api").
 *
 * Rows are created only by `./sign-in.ts`, after the server itself verified
 * the password with the identity service. A session expires after
 * {@link SESSION_IDLE_MS} without use (renewed at most once per
 * {@link SESSION_TOUCH_INTERVAL_MS}) and at the latest
 * {@link SESSION_LIFETIME_MS} after it was created; expired rows are refused
 * and swept.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "@remix-run/node";
import { and, desc, eq, gt, lte, ne, or } from "drizzle-orm";
import { type Config, getConfig } from "../config";
import type { Db } from "../db";
import { sessions, users } from "../db/schema";
import { getSessionSecrets } from "../flash";
import { SESSION_COOKIE_NAMES } from "~/lib/site-cookies";

/** Idle expiry, ms: a session unused for 5 days is refused. */
export const SESSION_IDLE_MS = 5 * 24 * 60 * 60 * 1000;

/** Absolute lifetime, ms: a session is refused 30 days after its creation, however much it is used. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** `last_seen_at` / `expires_at` are written at most this often per session, ms. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Characters of the User-Agent kept with a session. */
export const SESSION_USER_AGENT_LENGTH = 300;

/** How the client holds the token: a signed cookie, or a bearer token from `POST /api/auth/session`. */
export type SessionKind = "browser" | "api";

/** A row of `sessions`. */
export type StoredSession = typeof sessions.$inferSelect;

/** A session row with its user row. */
export interface SessionWithUser {
  session: StoredSession;
  user: typeof users.$inferSelect;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The session cookie name: `__Host-session` when `PUBLIC_URL` is https, else `session`. */
export function sessionCookieName(config: Pick<Config, "PUBLIC_URL"> = getConfig()): string {
  return config.PUBLIC_URL?.startsWith("https:") ? "__Host-session" : "session";
}

/** Both possible names (the page cache bypasses either). */
export { SESSION_COOKIE_NAMES };

const cookies = new WeakMap<Config, Cookie>();

/**
 * The Remix cookie that carries a browser session's token, signed with
 * {@link getSessionSecrets} (the first secret signs, every one verifies).
 * `Max-Age` is the absolute lifetime: the idle expiry is enforced by the row.
 * One instance per configuration object.
 */
export function sessionCookie(config: Config = getConfig()): Cookie {
  let cookie = cookies.get(config);
  if (!cookie) {
    const name = sessionCookieName(config);
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.NODE_ENV === "production" || name.startsWith("__Host-"),
      secrets: getSessionSecrets(config),
      maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

/** A new random session token: 32 bytes, base64url (43 characters, no dots). */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether `value` has the shape of a session token (43 base64url characters); says nothing of its validity. */
export function isSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** SHA-256 hex of a session token (the `token_hash` column; the token itself is never stored). */
export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** `Set-Cookie` value that stores the signed `token` in the browser. */
export function serializeSessionCookie(token: string, config: Config = getConfig()): Promise<string> {
  return sessionCookie(config).serialize(token);
}

/**
 * The signed cookie value for `token`, as the browser sends it back
 * (`Cookie: <name>=<value>`). For tests and fixtures that seed a session.
 */
export async function signedSessionCookieValue(token: string, config: Config = getConfig()): Promise<string> {
  const header = await serializeSessionCookie(token, config);
  return header.slice(header.indexOf("=") + 1, header.indexOf(";"));
}

/** `Set-Cookie` value that deletes the session cookie. */
export function clearSessionCookie(config: Config = getConfig()): Promise<string> {
  return sessionCookie(config).serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * The session cookie's raw value in a request (still signed; not verified),
 * or null when the request carries none. For "did the browser send its
 * session cookie" decisions (the CSRF check of API writes); use
 * {@link readSessionToken} to authenticate.
 */
export function readSessionCookie(request: Request, config: Pick<Config, "PUBLIC_URL"> = getConfig()): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const name = sessionCookieName(config);
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value || null;
    }
  }
  return null;
}

/**
 * The session token of the request's cookie when the cookie's signature
 * verifies with one of the session secrets and it holds a well-formed
 * token; null otherwise (missing, tampered, signed with an unknown secret).
 */
export async function readSessionToken(request: Request, config: Config = getConfig()): Promise<string | null> {
  if (!readSessionCookie(request, config)) return null;
  let value: unknown;
  try {
    value = await sessionCookie(config).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  return typeof value === "string" && isSessionToken(value) ? value : null;
}

/** Whether a row is past its idle expiry or its absolute lifetime at `now`. */
export function sessionExpired(row: Pick<StoredSession, "createdAt" | "expiresAt">, now: Date = new Date()): boolean {
  return row.expiresAt.getTime() <= now.getTime() || row.createdAt.getTime() + SESSION_LIFETIME_MS <= now.getTime();
}

/** What {@link createSession} records. */
export interface NewSession {
  uid: string;
  kind: SessionKind;
  /** Client IP (`context.clientIp`), "" when unknown. */
  ip?: string | null;
  /** User-Agent header; the first {@link SESSION_USER_AGENT_LENGTH} characters are kept. */
  userAgent?: string | null;
  now?: Date;
}

/** A created session: the token to hand to the client (never stored) and its row. */
export interface CreatedSession {
  token: string;
  session: StoredSession;
}

/**
 * Creates a session row for `uid` (whose `users` row must exist) and sweeps
 * expired rows. Only call this after the server verified the user's
 * password itself (`./sign-in.ts`).
 * @throws the database's error (e.g. no `users` row: foreign key).
 */
export async function createSession(db: Db, input: NewSession): Promise<CreatedSession> {
  const now = input.now ?? new Date();
  await sweepExpiredSessions(db, now);
  const token = newSessionToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: sessionTokenHash(token),
      uid: input.uid,
      kind: input.kind,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      ip: (input.ip ?? "").slice(0, 100),
      userAgent: (input.userAgent ?? "").slice(0, SESSION_USER_AGENT_LENGTH),
    })
    .returning();
  return { token, session: session! };
}

/** Deletes every expired row (idle or absolute); resolves to how many. */
export async function sweepExpiredSessions(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.createdAt, new Date(now.getTime() - SESSION_LIFETIME_MS))))
    .returning({ id: sessions.id });
  return deleted.length;
}

/**
 * The live session of `token` of the given kind, with its user row, in one
 * query; null when unknown, of the other kind, or expired (an expired row is
 * deleted on the way).
 */
export async function findSession(
  db: Db,
  token: string,
  kind: SessionKind,
  now: Date = new Date(),
): Promise<SessionWithUser | null> {
  if (!isSessionToken(token)) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.uid))
    .where(and(eq(sessions.tokenHash, sessionTokenHash(token)), eq(sessions.kind, kind)))
    .limit(1);
  if (!row) return null;
  if (sessionExpired(row.session, now)) {
    await deleteSession(db, row.session.id);
    return null;
  }
  return row;
}

/**
 * Records use of a session: when the last write is at least
 * {@link SESSION_TOUCH_INTERVAL_MS} old, sets `last_seen_at` to `now` and
 * moves `expires_at` to `now` + {@link SESSION_IDLE_MS}, capped at the
 * absolute lifetime. Resolves to the row as it now is.
 */
export async function touchSession(db: Db, session: StoredSession, now: Date = new Date()): Promise<StoredSession> {
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return session;
  const expiresAt = new Date(
    Math.min(now.getTime() + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_LIFETIME_MS),
  );
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  return { ...session, lastSeenAt: now, expiresAt };
}

/** Deletes one session by id (optionally only when it belongs to `uid`); resolves to whether a row went. */
export async function deleteSession(db: Db, id: string, uid?: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(uid === undefined ? eq(sessions.id, id) : and(eq(sessions.id, id), eq(sessions.uid, uid)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Deletes the session of `token` (sign-out); resolves to whether a row went. */
export async function deleteSessionByToken(db: Db, token: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, sessionTokenHash(token)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/**
 * Deletes every session of `uid` (disabled or deleted user, new password,
 * role change, an admin's "Encerrar todas as sessões"), except `exceptId`
 * when given; resolves to how many. Takes a transaction too.
 */
export async function deleteUserSessions(db: Pick<Db, "delete">, uid: string, exceptId?: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(exceptId ? and(eq(sessions.uid, uid), ne(sessions.id, exceptId)) : eq(sessions.uid, uid))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** The live sessions of `uid`, most recently used first (the admin's list). */
export function listUserSessions(db: Db, uid: string, now: Date = new Date()): Promise<StoredSession[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.uid, uid),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}
