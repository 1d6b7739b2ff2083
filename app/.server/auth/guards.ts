/**
 * The guards every protected loader and action starts with (docs/style.md §3;
 * docs/spec.txt §2 "admin and agent middlewares"; ADR 0016):
 *
 * - {@link getOptionalUser}: the signed-in user or null (never throws for a bad credential);
 * - {@link requireUser}: anonymous → redirect to `/login-corretores?redirectTo=…`
 *   for a page, `401` JSON for a resource route;
 * - {@link requireRole}: like `requireUser`, then `403` (the spec's error screen)
 *   when the role does not pass (admin passes `agent`).
 *
 * Credentials (docs/decisions/0020-server-side-sessions.md), in this order:
 * 1. the session cookie, when its signature verifies (it then wins over any header);
 * 2. `Authorization: Bearer <API session token>` (from `POST /api/auth/session`);
 * 3. with a real Firebase project only, `Authorization: Bearer <Firebase ID token>`,
 *    verified cryptographically with revocation checked. Under the Auth
 *    emulator ID tokens are unsigned, so they are refused.
 *
 * A session counts when its row exists, is not expired and is of the
 * credential's kind, and its user row exists and is not disabled. A used
 * session is renewed (idle expiry) at most once a minute. `checkRevoked` also
 * asks the identity service (`getUser`, a call the server makes itself):
 * a deleted or disabled account, or tokens revoked after the session was
 * created, end the session. Use it for admin actions and sensitive loaders.
 * `user.emailVerified` is the identity service's, so it is known only on
 * revocation-checked requests (the token check API is one) and false on others.
 */
import { redirect } from "@remix-run/node";
import type { DecodedIdToken, UserRecord } from "firebase-admin/auth";
import { loginPath, type RoleName, roleSatisfies, type SessionUser } from "~/lib/auth";
import { privatePage } from "~/lib/cache-control";
import { type Db, getDb } from "../db";
import { getIdentityBackend, type IdentityBackend } from "./firebase";
import {
  deleteSession,
  findSession,
  isSessionToken,
  readSessionToken,
  type SessionKind,
  type StoredSession,
  touchSession,
} from "./session";
import { findUser, toSessionUser } from "./users";

/** Where the guards find the identity service and the database (defaults: the process's). */
export interface AuthDeps {
  backend?: IdentityBackend;
  db?: Db;
}

/** Options of the guards. */
export interface GuardOptions extends AuthDeps {
  /** Also ask the identity service whether the account was deleted or disabled or its tokens revoked. */
  checkRevoked?: boolean;
  /** A resource route (JSON): anonymous gives 401 JSON instead of a redirect to the login page. */
  resource?: boolean;
}

/** Which credential authenticated a request. */
export type CredentialKind = "cookie" | "api-token" | "id-token";

/** The session user plus the credential it came from. */
export interface AuthenticatedSession {
  user: SessionUser;
  credential: CredentialKind;
  /** The server-side session (cookie or API token); null for a Firebase ID token (real project only). */
  session: StoredSession | null;
}

const memo = new WeakMap<Request, Map<string, Promise<AuthenticatedSession | null>>>();

/**
 * The request's session, or null (no credential, bad signature, unknown,
 * expired or signed-out session, unsigned or invalid ID token, no user row,
 * disabled). Memoised per request and `checkRevoked`, so the root loader
 * and a page loader verify once.
 * @throws when the identity service is unreachable during a revocation check
 *   or an ID token verification.
 */
export function getSession(request: Request, options: GuardOptions = {}): Promise<AuthenticatedSession | null> {
  const key = `${options.checkRevoked ? "r" : "-"}`;
  let perRequest = memo.get(request);
  if (!perRequest) {
    perRequest = new Map();
    memo.set(request, perRequest);
  }
  let pending = perRequest.get(key);
  if (!pending) {
    pending = loadSession(request, options);
    perRequest.set(key, pending);
  }
  return pending;
}

/** Whether a bearer value has the shape of a JWT (three dot-separated parts); the opaque API token has no dots. */
export function isJwtShaped(value: string): boolean {
  return value.split(".").length === 3;
}

async function loadSession(request: Request, options: GuardOptions): Promise<AuthenticatedSession | null> {
  const db = options.db ?? getDb().db;
  const cookieToken = await readSessionToken(request);
  if (cookieToken) return fromSessionToken(db, cookieToken, "browser", options);
  const bearer = readBearerToken(request);
  if (!bearer) return null;
  if (isSessionToken(bearer)) return fromSessionToken(db, bearer, "api", options);
  if (isJwtShaped(bearer)) return fromIdToken(db, bearer, options);
  return null;
}

async function fromSessionToken(
  db: Db,
  token: string,
  kind: SessionKind,
  options: GuardOptions,
): Promise<AuthenticatedSession | null> {
  const now = new Date();
  const found = await findSession(db, token, kind, now);
  if (!found || found.user.disabled) return null;
  let emailVerified = false;
  if (options.checkRevoked) {
    const record = await identityRecord(options.backend ?? getIdentityBackend(), found.user.uid);
    if (!record || record.disabled || revokedAfter(record, found.session.createdAt)) {
      await deleteSession(db, found.session.id);
      return null;
    }
    emailVerified = record.emailVerified;
  }
  const session = await touchSession(db, found.session, now);
  return {
    user: toSessionUser(found.user, emailVerified),
    credential: kind === "browser" ? "cookie" : "api-token",
    session,
  };
}

/** The identity service's record of `uid`, or null when the account no longer exists. */
async function identityRecord(backend: IdentityBackend, uid: string): Promise<UserRecord | null> {
  try {
    return await backend.auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return null;
    throw error;
  }
}

/** Whether the account's tokens were revoked after `createdAt` (`tokensValidAfterTime`, one-second resolution). */
function revokedAfter(record: Pick<UserRecord, "tokensValidAfterTime">, createdAt: Date): boolean {
  if (!record.tokensValidAfterTime) return false;
  const validAfter = Date.parse(record.tokensValidAfterTime);
  return Number.isFinite(validAfter) && validAfter > createdAt.getTime();
}

/** A Firebase ID token as bearer: accepted only with a real project, verified with revocation checked. */
async function fromIdToken(db: Db, idToken: string, options: GuardOptions): Promise<AuthenticatedSession | null> {
  const backend = options.backend ?? getIdentityBackend();
  // The Auth emulator issues unsigned tokens and firebase-admin does not check
  // signatures while it is in use: anyone could name any uid.
  if (backend.emulator) return null;
  let token: DecodedIdToken;
  try {
    token = await backend.auth.verifyIdToken(idToken, true);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("auth/") && code !== "auth/internal-error") return null;
    throw error;
  }
  const user = await findUser(db, token.uid);
  if (!user || user.disabled) return null;
  return { user: toSessionUser(user, token.email_verified === true), credential: "id-token", session: null };
}

/**
 * The token of an `Authorization: Bearer …` header (docs/spec.txt §6 "authenticated
 * calls send a bearer token"): an API session token or, with a real project,
 * a Firebase ID token. Null when absent or malformed.
 */
export function readBearerToken(request: Request): string | null {
  const match = /^Bearer ([A-Za-z0-9._-]{20,8192})$/.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1]! : null;
}

/** The signed-in user, or null (never throws for a missing or bad credential). */
export async function getOptionalUser(request: Request, options: GuardOptions = {}): Promise<SessionUser | null> {
  return (await getSession(request, options))?.user ?? null;
}

/** The path and query of the request, to come back to after signing in. */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  // Remix's own parameters: `_routes` (single fetch), `_data` (the older data requests).
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user.
 * @throws {Response} 302 to `/login-corretores?redirectTo=<this page>` for a page;
 *   401 JSON `{ error }` with `Cache-Control: private, no-store` for a resource route.
 */
export async function requireUser(request: Request, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request, options);
  if (user) return user;
  if (options.resource) {
    throw Response.json(
      { error: "Entre com a sua conta de corretor para continuar." },
      { status: 401, headers: privatePage({ "WWW-Authenticate": "Bearer" }) },
    );
  }
  throw redirect(loginPath(currentPath(request)), { headers: privatePage() });
}

/**
 * The signed-in user when their role passes `role` (docs/spec.txt §2 middlewares:
 * `admin`; `agent`, which admin passes too).
 * @throws {Response} as {@link requireUser} when anonymous; 403 (the spec's
 *   generic error screen, or JSON for a resource route) when the role does not pass.
 */
export async function requireRole(request: Request, role: RoleName, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  if (roleSatisfies(user.role, role)) return user;
  const headers = privatePage();
  if (options.resource)
    throw Response.json({ error: "Você não tem permissão para acessar este recurso." }, { status: 403, headers });
  throw new Response("Forbidden", { status: 403, headers });
}
