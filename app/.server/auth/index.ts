/**
 * Authentication: the identity service, server-side sessions,
 * guards, users and roles, password reset. Server-only. See ADR 0016 and
 * docs/decisions/0020-server-side-sessions.md.
 */
export {
  backendFromConfig,
  createIdentityBackend,
  EMULATOR_PROJECT_ID,
  getIdentityBackend,
  setIdentityBackend,
} from "./firebase";
export type { IdentityBackend, IdentityBackendOptions } from "./firebase";
export { getOptionalUser, getSession, requireRole, requireUser } from "./guards";
export type { AuthDeps, AuthenticatedSession, CredentialKind, GuardOptions } from "./guards";
export { getPasswordPolicy, IdentityError, SIGN_IN_MESSAGES, signInErrorCode, signInWithPassword } from "./identity";
export {
  clearSessionCookie,
  readSessionCookie,
  readSessionToken,
  serializeSessionCookie,
  SESSION_COOKIE_NAMES,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
  sessionCookieName,
} from "./session";
export type { SessionKind, StoredSession } from "./session";
export {
  FAILED_SIGN_IN_FLOOR_MS,
  NO_ACCESS_MESSAGE,
  SIGN_IN_STATUS,
  signInProtected,
  signInWithEmailPassword,
  SignInRefused,
  signOut,
} from "./sign-in";
export type { ProtectedSignInOptions, SignedIn, SignInOptions } from "./sign-in";
export { findUser, listRoles, mirrorUser } from "./users";
export type { StoredRole, StoredUser } from "./users";
