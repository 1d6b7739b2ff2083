/**
 * Signing in and out (issue 5 items 1 and 3): e-mail and password through the
 * Identity Toolkit REST API (no JavaScript needed in the browser), or an ID
 * token obtained elsewhere (a client SDK); either way the server verifies the
 * token and mints the session cookie, and mirrors the user into `users`.
 */
import type { SessionUser } from "~/lib/auth";
import type { Db } from "../db";
import type { IdentityBackend } from "./firebase";
import { IdentityError, SIGN_IN_MESSAGES, signInWithPassword } from "./identity";
import { createSession, endSession, SessionError } from "./session";
import { mirrorRoleClaim, mirrorUser, toSessionUser } from "./users";

/** A refused sign-in with the pt-BR message for the form. */
export class SignInRefused extends Error {
  override name = "SignInRefused";
  constructor(
    readonly reason: "credentials" | "too-many" | "disabled" | "network" | "no-access" | "unknown",
    /** pt-BR, shown beside the form. */
    readonly userMessage: string,
  ) {
    super(userMessage);
  }
}

/** pt-BR message for a user who signed in but has no role on this site. */
export const NO_ACCESS_MESSAGE = "Sua conta não tem acesso à área de corretores. Fale com o administrador.";

/** What a successful sign-in gives. */
export interface SignedIn {
  /** Value of the session cookie to set. */
  sessionCookie: string;
  user: SessionUser;
}

/**
 * Verifies an ID token, mirrors its user (role from the table, else the
 * `role` claim) and mints a session cookie.
 * @throws {SignInRefused} disabled account, no role, stale or invalid token.
 */
export async function signInWithIdToken(backend: IdentityBackend, db: Db, idToken: string): Promise<SignedIn> {
  let session;
  try {
    session = await createSession(backend, idToken);
  } catch (error) {
    if (error instanceof SessionError) {
      if (error.reason === "disabled") throw new SignInRefused("disabled", SIGN_IN_MESSAGES.USER_DISABLED);
      throw new SignInRefused("unknown", SIGN_IN_MESSAGES.UNKNOWN);
    }
    throw new SignInRefused("network", SIGN_IN_MESSAGES.NETWORK);
  }
  const record = await backend.auth.getUser(session.token.uid);
  const row = await mirrorUser(db, record, { signedIn: true });
  if (!row) throw new SignInRefused("no-access", NO_ACCESS_MESSAGE);
  if (row.disabled) throw new SignInRefused("disabled", SIGN_IN_MESSAGES.USER_DISABLED);
  await mirrorRoleClaim(backend, row, record.customClaims).catch((error: unknown) => {
    console.error(`[auth] falha ao espelhar o papel de ${row.uid}: ${(error as Error).message}`);
  });
  return { sessionCookie: session.sessionCookie, user: toSessionUser(row, session.token.email_verified === true) };
}

/**
 * Signs in with e-mail and password (spec §7 `accounts:signInWithPassword`).
 * @throws {SignInRefused} with the message for wrong credentials, too many
 *   attempts, a disabled account, a network failure or no access.
 */
export async function signInWithEmailPassword(
  backend: IdentityBackend,
  db: Db,
  email: string,
  password: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SignedIn> {
  let idToken: string;
  try {
    ({ idToken } = await signInWithPassword(backend, email, password, fetchImpl));
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    const reason = (
      {
        INVALID_LOGIN_CREDENTIALS: "credentials",
        TOO_MANY_ATTEMPTS_TRY_LATER: "too-many",
        USER_DISABLED: "disabled",
        NETWORK: "network",
        UNKNOWN: "unknown",
      } as const
    )[error.code];
    throw new SignInRefused(reason, SIGN_IN_MESSAGES[error.code]);
  }
  return signInWithIdToken(backend, db, idToken);
}

/** Signs a session out (see `endSession`): the cookie is refused from now on and refresh tokens are revoked. */
export function signOut(backend: IdentityBackend, db: Db, sessionCookie: string, uid: string | null): Promise<void> {
  return endSession(backend, db, sessionCookie, uid);
}
