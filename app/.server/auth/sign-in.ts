/**
 * Signing in and out (docs/decisions/0020-server-side-sessions.md): the
 * server posts e-mail and password to the identity service itself
 * (Identity Toolkit `accounts:signInWithPassword`, against the real project or
 * the emulator over loopback), so the uid it gets is the service's answer to
 * its own request, never a token a client handed in. With a real project the
 * returned ID token is also verified cryptographically (`verifyIdToken`,
 * revocation checked). Then the user is mirrored into `users` and a
 * server-side session row is created. {@link signInProtected} wraps it in
 * the sign-in rate limits (docs/decisions/0065-sign-in-abuse-and-enumeration.md).
 */
import type { UserRecord } from "firebase-admin/auth";
import type { SessionUser } from "~/lib/auth";
import { getConfig } from "../config";
import type { Db } from "../db";
import type { IdentityBackend } from "./firebase";
import { IdentityError, SIGN_IN_MESSAGES, signInWithPassword } from "./identity";
import { type AuthRateLimiters, authRateLimiters, LOGIN_PAIR_LIMIT, tooManyAttemptsMessage } from "./protection";
import {
  createSession,
  deleteSessionByToken,
  deleteUserSessions,
  type SessionKind,
  type StoredSession,
} from "./session";
import { mirrorRoleClaim, mirrorUser, toSessionUser } from "./users";

/** A refused sign-in with the pt-BR message for the form (or the API's `error`). */
export class SignInRefused extends Error {
  override name = "SignInRefused";
  constructor(
    readonly reason: "credentials" | "too-many" | "disabled" | "network" | "no-access" | "second-factor" | "unknown",
    /** pt-BR, shown beside the form. */
    readonly userMessage: string,
    /** With "too-many": seconds until the next attempt (the `Retry-After` header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(userMessage);
  }
}

/** pt-BR message for a user who signed in but has no role on this site. */
export const NO_ACCESS_MESSAGE = "Sua conta não tem acesso à área de corretores. Fale com o administrador.";

/**
 * pt-BR message for a password that was right but is not enough: the account
 * signs in with a second factor (enrolled, or an administrator while
 * `AUTH_ADMIN_MFA` is "required"), which only the login page's web SDK path asks for.
 */
export const SECOND_FACTOR_MESSAGE = SIGN_IN_MESSAGES.SECOND_FACTOR;

/** HTTP status of each refusal (the login form and `POST /api/auth/session` answer with it). */
export const SIGN_IN_STATUS: Record<SignInRefused["reason"], number> = {
  credentials: 401,
  "too-many": 429,
  disabled: 403,
  "no-access": 403,
  "second-factor": 403,
  network: 503,
  unknown: 502,
};

/** What a successful sign-in gives. */
export interface SignedIn {
  /**
   * The session token (32 random bytes, base64url). Hand it to the client —
   * in the signed cookie (`serializeSessionCookie`) or as the API token —
   * and forget it: only its SHA-256 is stored.
   */
  token: string;
  /** The new row of `sessions`. */
  session: StoredSession;
  user: SessionUser;
}

/** Options of {@link signInWithEmailPassword}. */
export interface SignInOptions {
  /** "browser" (default: the login form's cookie) or "api" (`POST /api/auth/session`). */
  kind?: SessionKind;
  /** Client IP (`context.clientIp`), recorded with the session. */
  ip?: string | null;
  /** User-Agent header, recorded (first 300 characters). */
  userAgent?: string | null;
  fetchImpl?: typeof fetch;
  /**
   * "required": an administrator's session needs a sign-in with a second
   * factor (real project only). Default: the configuration's `AUTH_ADMIN_MFA`.
   */
  adminMfa?: "off" | "required";
}

function firebaseCode(error: unknown): string {
  return (error as { code?: string }).code ?? "";
}

/**
 * Signs in with e-mail and password (docs/spec.txt §7 `accounts:signInWithPassword`)
 * and creates a session.
 * @returns the session token, its row and the session user.
 * @throws {SignInRefused} for wrong credentials (an unknown e-mail and an
 *   account disabled in the identity service give the same answer), too many
 *   attempts, a row disabled on this site, an unreachable identity service,
 *   an ID token that does not verify (real project), or a user without a
 *   role on this site (on the emulator: without a `users` row).
 * @throws the database's error.
 */
export async function signInWithEmailPassword(
  backend: IdentityBackend,
  db: Db,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignedIn> {
  let uid: string;
  let idToken: string;
  try {
    ({ uid, idToken } = await signInWithPassword(backend, email, password, options.fetchImpl ?? fetch));
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    // The identity service says USER_DISABLED before it checks the password, so
    // that answer would tell anyone that the account exists: it is refused as a
    // wrong password. (A row disabled on this site is told below, once the
    // password has proved who is asking.)
    const code = error.code === "USER_DISABLED" ? "INVALID_LOGIN_CREDENTIALS" : error.code;
    // The service's own lockout happens only to existing accounts: it is answered
    // as this site's limits answer (429, their message, a pair's whole window);
    // signInProtected puts the pair's real window in.
    if (code === "TOO_MANY_ATTEMPTS_TRY_LATER") throw tooManyRefusal(LOGIN_PAIR_LIMIT.durationSeconds);
    if (code === "SECOND_FACTOR") throw new SignInRefused("second-factor", SECOND_FACTOR_MESSAGE);
    const reason = (
      {
        INVALID_LOGIN_CREDENTIALS: "credentials",
        NETWORK: "network",
        UNKNOWN: "unknown",
      } as const
    )[code];
    throw new SignInRefused(reason, SIGN_IN_MESSAGES[code]);
  }
  if (!backend.emulator) await verifyIssuedIdToken(backend, idToken, uid);
  return openSession(backend, db, uid, { ...options, secondFactor: false });
}

/** Options of {@link openSession}. */
export interface OpenSessionOptions extends SignInOptions {
  /** The identity service's sign-in used a second factor (the ID token's `firebase.sign_in_second_factor`). */
  secondFactor: boolean;
}

/**
 * The steps after the identity service has said who `uid` is: its record,
 * the `users` row (mirrored), the site's own checks (disabled, no role, an
 * administrator without a required second factor) and a new session.
 * @throws {SignInRefused} "credentials" (no such user), "no-access",
 *   "disabled", "second-factor", "network"/"unknown" (identity service).
 * @throws the database's error.
 */
export async function openSession(
  backend: IdentityBackend,
  db: Db,
  uid: string,
  options: OpenSessionOptions,
): Promise<SignedIn> {
  let record: UserRecord;
  try {
    record = await backend.auth.getUser(uid);
  } catch (error) {
    const code = firebaseCode(error);
    if (code === "auth/user-not-found")
      throw new SignInRefused("credentials", SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS);
    if (code.startsWith("auth/") && code !== "auth/internal-error")
      throw new SignInRefused("unknown", SIGN_IN_MESSAGES.UNKNOWN);
    throw new SignInRefused("network", SIGN_IN_MESSAGES.NETWORK);
  }
  // The row takes `disabled` from the record, so a disabled account is refused just below.
  // On the emulator anyone on this machine can set claims: only a `users` row gives a role there.
  const row = await mirrorUser(db, record, { signedIn: true, trustClaims: !backend.emulator });
  if (!row) throw new SignInRefused("no-access", NO_ACCESS_MESSAGE);
  if (row.disabled) throw new SignInRefused("disabled", SIGN_IN_MESSAGES.USER_DISABLED);
  const adminMfa = options.adminMfa ?? getConfig().AUTH_ADMIN_MFA;
  if (!backend.emulator && adminMfa === "required" && row.role === "admin" && !options.secondFactor)
    throw new SignInRefused("second-factor", SECOND_FACTOR_MESSAGE);
  await mirrorRoleClaim(backend, row, record.customClaims).catch((error: unknown) => {
    console.error(`[auth] falha ao espelhar o papel de ${row.uid}: ${(error as Error).message}`);
  });
  const created = await createSession(db, {
    uid: row.uid,
    kind: options.kind ?? "browser",
    ip: options.ip,
    userAgent: options.userAgent,
  });
  return { token: created.token, session: created.session, user: toSessionUser(row, record.emailVerified) };
}

/**
 * The "too-many" refusal of this site's sign-in limits: 429 with
 * "Muitas tentativas. Tente novamente em N minutos." and `Retry-After`.
 */
function tooManyRefusal(retryAfterSeconds: number): SignInRefused {
  return new SignInRefused("too-many", tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds);
}

/**
 * Shortest time, ms, before a refused password is answered with a real
 * Firebase project, where the service takes measurably longer to refuse a
 * wrong password of an existing account (it hashes it) than an unknown
 * e-mail. The emulator answers both alike through the login action
 * (docs/decisions/0065-sign-in-abuse-and-enumeration.md has the timings), so
 * no floor is added there.
 */
export const FAILED_SIGN_IN_FLOOR_MS = 600;

/** Options of {@link signInProtected}. */
export interface ProtectedSignInOptions extends SignInOptions {
  /** The limiters to count in (default: the process's, {@link authRateLimiters}). */
  limiters?: AuthRateLimiters;
  /** Floor of a wrong-password answer, ms (default {@link FAILED_SIGN_IN_FLOOR_MS} with a real project, 0 on the emulator). */
  failureFloorMs?: number;
  /** Waits `ms` (tests observe it instead of a clock). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * {@link signInWithEmailPassword} inside the sign-in limits: the attempt is
 * counted for its (e-mail, IP) pair and IP first (refused with "too-many"
 * when over), then settled: a correct password forgets the pair's failures,
 * a wrong one (or an unknown e-mail: the same answer) counts towards the
 * e-mail's ceiling and is answered no sooner than the floor, anything else
 * gives the attempt back. The identity service is asked for every e-mail.
 * The service's own lockout (real project, existing accounts only) counts as
 * a failure and is answered exactly as these limits refuse the pair.
 * @throws {SignInRefused} as {@link signInWithEmailPassword}, or "too-many" with `retryAfterSeconds`.
 */
export async function signInProtected(
  backend: IdentityBackend,
  db: Db,
  email: string,
  password: string,
  options: ProtectedSignInOptions = {},
): Promise<SignedIn> {
  const ip = options.ip || "unknown";
  const limiters = options.limiters ?? authRateLimiters();
  const limited = await limiters.consumeLogin(ip, email);
  if (limited) throw tooManyRefusal(limited.retryAfterSeconds);
  const started = performance.now();
  try {
    const signedIn = await signInWithEmailPassword(backend, db, email, password, options);
    await limiters.settleLogin(ip, email, "success");
    return signedIn;
  } catch (error) {
    // Only the identity service's lockout gets here as "too-many" (this site's limits refused above).
    if (error instanceof SignInRefused && error.reason === "too-many") {
      await limiters.settleLogin(ip, email, "failure");
      throw tooManyRefusal(await limiters.loginPairRetryAfter(ip, email));
    }
    const failed = error instanceof SignInRefused && error.reason === "credentials";
    await limiters.settleLogin(ip, email, failed ? "failure" : "other");
    if (failed) {
      const floor = options.failureFloorMs ?? (backend.emulator ? 0 : FAILED_SIGN_IN_FLOOR_MS);
      const remaining = floor - (performance.now() - started);
      if (remaining > 0)
        await (options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(remaining);
    }
    throw error;
  }
}

/**
 * Real project only: the ID token the identity service just issued must
 * verify (signature, expiry, revocation, disabled account) and name `uid`.
 * @throws {SignInRefused}
 */
async function verifyIssuedIdToken(backend: IdentityBackend, idToken: string, uid: string): Promise<void> {
  let tokenUid: string;
  try {
    tokenUid = (await backend.auth.verifyIdToken(idToken, true)).uid;
  } catch (error) {
    const code = firebaseCode(error);
    if (code === "auth/user-disabled") throw new SignInRefused("disabled", SIGN_IN_MESSAGES.USER_DISABLED);
    if (code.startsWith("auth/") && code !== "auth/internal-error")
      throw new SignInRefused("unknown", SIGN_IN_MESSAGES.UNKNOWN);
    throw new SignInRefused("network", SIGN_IN_MESSAGES.NETWORK);
  }
  if (tokenUid !== uid) throw new SignInRefused("unknown", SIGN_IN_MESSAGES.UNKNOWN);
}

/**
 * Signs a browser session out: its row is deleted, so the cookie is refused
 * from now on. With a real project the user's Firebase refresh tokens are
 * revoked too (the one the identity service issued to the server at
 * sign-in, and any ID token used as a bearer); since that moves the
 * account's `tokensValidAfterTime`, which the revocation check compares with
 * every session's creation, all the user's sessions are deleted then, so no
 * device is left half signed out. A failure of the identity service is
 * logged, not thrown.
 * @param uid the session's user, when known.
 */
export async function signOut(backend: IdentityBackend, db: Db, token: string, uid: string | null): Promise<void> {
  await deleteSessionByToken(db, token);
  if (backend.emulator || !uid) return;
  await deleteUserSessions(db, uid);
  await backend.auth.revokeRefreshTokens(uid).catch((error: unknown) => {
    console.error(`[auth] falha ao revogar os tokens de ${uid}: ${(error as Error).message}`);
  });
}
