/**
 * The guards every protected loader and action starts with (style.md §3;
 * issue 5 item 5; spec §2 "admin and agent middlewares"):
 *
 * - {@link getOptionalUser}: the signed-in user or null (never throws for a bad cookie);
 * - {@link requireUser}: anonymous → redirect to `/login-corretores?redirectTo=…`
 *   for a page, `401` JSON for a resource route;
 * - {@link requireRole}: like `requireUser`, then `403` (the spec's error screen)
 *   when the role does not pass (admin passes `agent`).
 *
 * The credential is the session cookie, or for API clients an
 * `Authorization: Bearer <Firebase ID token>` header (never both: the cookie
 * wins). A session counts when its credential verifies, it was not signed out, the user
 * has a row in `users` and the row is not disabled. `checkRevoked` also asks
 * the identity service (revoked tokens, disabled account): use it for admin
 * actions and sensitive loaders (the private panel).
 */
import { json, redirect } from "@remix-run/node";
import type { DecodedIdToken } from "firebase-admin/auth";
import { loginPath, type RoleName, roleSatisfies, type SessionUser } from "~/lib/auth";
import { type Db, getDb } from "../db";
import { getIdentityBackend, type IdentityBackend } from "./firebase";
import { readSessionCookie, sessionTokenHash, verifySession } from "./session";
import { findUserForSession, toSessionUser } from "./users";

/** Where the guards find the identity service and the database (defaults: the process's). */
export interface AuthDeps {
  backend?: IdentityBackend;
  db?: Db;
}

/** Options of the guards. */
export interface GuardOptions extends AuthDeps {
  /** Also ask the identity service whether the session was revoked or the account disabled. */
  checkRevoked?: boolean;
  /** A resource route (JSON): anonymous gives 401 JSON instead of a redirect to the login page. */
  resource?: boolean;
}

/** The session user plus the credential it came from. */
export interface AuthenticatedSession {
  user: SessionUser;
  /** The raw session cookie (for sign-out); "" for a bearer ID token. */
  sessionCookie: string;
  /** The verified session cookie or ID token claims. */
  token: DecodedIdToken;
}

const memo = new WeakMap<Request, Map<string, Promise<AuthenticatedSession | null>>>();

/**
 * The request's session, or null (no cookie, invalid, expired, signed out,
 * no user row, disabled). Memoised per request and `checkRevoked`, so the
 * root loader and a page loader verify once.
 * @throws when the identity service is unreachable during a revocation check.
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

async function loadSession(request: Request, options: GuardOptions): Promise<AuthenticatedSession | null> {
  const sessionCookie = readSessionCookie(request);
  const bearer = sessionCookie ? null : readBearerToken(request);
  if (!sessionCookie && !bearer) return null;
  const backend = options.backend ?? getIdentityBackend();
  const db = options.db ?? getDb().db;
  const token = sessionCookie
    ? await verifySession(backend, sessionCookie, Boolean(options.checkRevoked))
    : await verifyBearer(backend, bearer!, Boolean(options.checkRevoked));
  if (!token) return null;
  const found = await findUserForSession(db, token.uid, sessionTokenHash(sessionCookie ?? bearer!));
  if (!found || found.sessionRevoked || found.user.disabled) return null;
  return { user: toSessionUser(found.user, token.email_verified === true), sessionCookie: sessionCookie ?? "", token };
}

/**
 * The Firebase ID token of an `Authorization: Bearer …` header (spec §6
 * "authenticated calls send a bearer token"; product.md JSON API), or null.
 */
export function readBearerToken(request: Request): string | null {
  const match = /^Bearer ([A-Za-z0-9._-]{20,8192})$/.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1]! : null;
}

async function verifyBearer(backend: IdentityBackend, idToken: string, checkRevoked: boolean): Promise<DecodedIdToken | null> {
  try {
    return await backend.auth.verifyIdToken(idToken, checkRevoked);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("auth/") && code !== "auth/internal-error") return null;
    throw error;
  }
}

/** The signed-in user, or null (issue 5 item 5 `getOptionalUser`). */
export async function getOptionalUser(request: Request, options: GuardOptions = {}): Promise<SessionUser | null> {
  return (await getSession(request, options))?.user ?? null;
}

/** The path and query of the request, to come back to after signing in. */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user (issue 5 item 5 `requireUser`).
 * @throws {Response} 302 to `/login-corretores?redirectTo=<this page>` for a page;
 *   401 JSON `{ error }` with `Cache-Control: private, no-store` for a resource route.
 */
export async function requireUser(request: Request, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request, options);
  if (user) return user;
  if (options.resource) {
    throw json(
      { error: "Entre com a sua conta de corretor para continuar." },
      { status: 401, headers: { "Cache-Control": "private, no-store", "WWW-Authenticate": "Session" } },
    );
  }
  throw redirect(loginPath(currentPath(request)), { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The signed-in user when their role passes `role` (spec §2 middlewares:
 * `admin`; `agent`, which admin passes too).
 * @throws {Response} as {@link requireUser} when anonymous; 403 (the spec's
 *   generic error screen, or JSON for a resource route) when the role does not pass.
 */
export async function requireRole(request: Request, role: RoleName, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  if (roleSatisfies(user.role, role)) return user;
  const headers = { "Cache-Control": "private, no-store" };
  if (options.resource) throw json({ error: "Você não tem permissão para acessar este recurso." }, { status: 403, headers });
  throw new Response("Forbidden", { status: 403, headers });
}
