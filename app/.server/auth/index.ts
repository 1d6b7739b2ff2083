/**
 * Authentication (issue 5): the identity service, sessions, guards, users and
 * roles, password reset. Server-only. See ADR 0016.
 */
export { backendFromConfig, createIdentityBackend, EMULATOR_PROJECT_ID, getIdentityBackend, setIdentityBackend } from "./firebase";
export type { IdentityBackend, IdentityBackendOptions } from "./firebase";
export { getOptionalUser, getSession, requireRole, requireUser } from "./guards";
export type { AuthDeps, AuthenticatedSession, GuardOptions } from "./guards";
export { getPasswordPolicy, IdentityError, SIGN_IN_MESSAGES, signInErrorCode, signInWithPassword } from "./identity";
export {
  clearSessionCookie,
  readSessionCookie,
  serializeSessionCookie,
  SESSION_COOKIE_NAMES,
  SESSION_MAX_AGE_MS,
  sessionCookieName,
} from "./session";
export { NO_ACCESS_MESSAGE, signInWithEmailPassword, signInWithIdToken, SignInRefused, signOut } from "./sign-in";
export type { SignedIn } from "./sign-in";
export { findUser, listRoles, mirrorUser } from "./users";
export type { StoredRole, StoredUser } from "./users";
