/**
 * The login page's web SDK path with a real Firebase project
 * (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md): the browser
 * signs in with the Firebase web SDK, so the project's own defences apply
 * (password policy, reCAPTCHA, App Check, multi-factor sign-in), and hands
 * the fresh ID token to the server, which exchanges it for the site's own
 * session. The token is trusted only after `verifyIdToken` with the
 * revocation check, only when the sign-in behind it is minutes old, and
 * never on the embedded emulator, whose tokens are unsigned.
 */
import type { DecodedIdToken } from "firebase-admin/auth";
import { getAppCheck } from "firebase-admin/app-check";
import type { Db } from "../db";
import type { IdentityBackend } from "./firebase";
import { SIGN_IN_MESSAGES } from "./identity";
import { type AuthRateLimiters, authRateLimiters, tooManyAttemptsMessage } from "./protection";
import { openSession, type SignedIn, type SignInOptions, SignInRefused } from "./sign-in";

/**
 * Longest time, seconds, between the identity service's sign-in and the
 * exchange of its ID token: Firebase's guidance for minting a server session
 * from an ID token is to accept only a recent sign-in (5 minutes), so a token
 * taken from a device later cannot open a new session.
 */
export const ID_TOKEN_MAX_AUTH_AGE_SECONDS = 5 * 60;

/** Sign-in providers whose ID tokens open a session (the login page offers e-mail and password only). */
export const ACCEPTED_SIGN_IN_PROVIDERS: readonly string[] = ["password"];

/** Options of {@link signInWithIdToken}. */
export interface IdTokenSignInOptions extends SignInOptions {
  /** The e-mail the form was filled with; the token must name the same account. */
  email: string;
  /**
   * The App Check token the page sent; checked when `appCheck` is true
   * (`FIREBASE_APP_CHECK_SITE_KEY` is set).
   */
  appCheckToken?: string | null;
  /** Require and verify an App Check token. */
  appCheck?: boolean;
  /** The limiters to count in (default: the process's). */
  limiters?: AuthRateLimiters;
  /** Current time, ms since the epoch (tests). */
  now?: number;
  /** Verifies an App Check token (default: firebase-admin's App Check of the backend's app). */
  verifyAppCheck?: (token: string) => Promise<unknown>;
}

/**
 * Exchanges a Firebase ID token from the login page for a session of this site.
 * Counted in the sign-in limits under (e-mail, IP) like a password: a token
 * that does not verify counts as a failure.
 * @returns the session token, its row and the session user.
 * @throws {SignInRefused} "unknown" on the emulator (unsigned tokens are never
 *   exchanged) or for an App Check token that does not verify; "credentials"
 *   for a token that does not verify, is revoked, names another e-mail, comes
 *   from another provider or from a sign-in older than
 *   {@link ID_TOKEN_MAX_AUTH_AGE_SECONDS}; "too-many" with `retryAfterSeconds`;
 *   and what {@link openSession} throws ("disabled", "no-access", "second-factor").
 */
export async function signInWithIdToken(
  backend: IdentityBackend,
  db: Db,
  idToken: string,
  options: IdTokenSignInOptions,
): Promise<SignedIn> {
  if (backend.emulator) throw new SignInRefused("unknown", SIGN_IN_MESSAGES.UNKNOWN);
  const ip = options.ip || "unknown";
  const email = options.email.trim().toLowerCase();
  const limiters = options.limiters ?? authRateLimiters();
  const limited = await limiters.consumeLogin(ip, email);
  if (limited) {
    throw new SignInRefused("too-many", tooManyAttemptsMessage(limited.retryAfterSeconds), limited.retryAfterSeconds);
  }
  let outcome: "success" | "failure" | "other" = "other";
  try {
    if (options.appCheck) await checkAppCheck(backend, options);
    const decoded = await verifyFreshToken(backend, idToken, email, options.now ?? Date.now()).catch(
      (error: unknown) => {
        if (error instanceof SignInRefused && error.reason === "credentials") outcome = "failure";
        throw error;
      },
    );
    const signedIn = await openSession(backend, db, decoded.uid, {
      ...options,
      secondFactor: Boolean(decoded.firebase.sign_in_second_factor),
    });
    outcome = "success";
    return signedIn;
  } finally {
    await limiters.settleLogin(ip, email, outcome);
  }
}

/**
 * Verifies the ID token (signature, expiry, audience, revocation, disabled
 * account) and the rules of this exchange.
 * @throws {SignInRefused} "credentials", "disabled", or "network"/"unknown" when the identity service fails.
 */
async function verifyFreshToken(
  backend: IdentityBackend,
  idToken: string,
  email: string,
  now: number,
): Promise<DecodedIdToken> {
  let decoded: DecodedIdToken;
  try {
    decoded = await backend.auth.verifyIdToken(idToken, true);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "auth/user-disabled") throw new SignInRefused("disabled", SIGN_IN_MESSAGES.USER_DISABLED);
    if (code === "auth/internal-error" || !code.startsWith("auth/"))
      throw new SignInRefused("network", SIGN_IN_MESSAGES.NETWORK);
    // Malformed, expired, revoked, another project's: all a failed sign-in.
    throw new SignInRefused("credentials", SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS);
  }
  const fresh = now / 1000 - decoded.auth_time <= ID_TOKEN_MAX_AUTH_AGE_SECONDS;
  const sameAccount = (decoded.email ?? "").toLowerCase() === email;
  const provider = ACCEPTED_SIGN_IN_PROVIDERS.includes(decoded.firebase.sign_in_provider);
  if (!fresh || !sameAccount || !provider)
    throw new SignInRefused("credentials", SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS);
  return decoded;
}

/**
 * The page's App Check token must verify for this project.
 * @throws {SignInRefused} "unknown" when it is missing or does not verify.
 */
async function checkAppCheck(backend: IdentityBackend, options: IdTokenSignInOptions): Promise<void> {
  const token = options.appCheckToken;
  const verify = options.verifyAppCheck ?? ((value: string) => getAppCheck(backend.auth.app).verifyToken(value));
  const valid = token
    ? await verify(token).then(
        () => true,
        () => false,
      )
    : false;
  if (!valid) throw new SignInRefused("unknown", SIGN_IN_MESSAGES.UNKNOWN);
}
