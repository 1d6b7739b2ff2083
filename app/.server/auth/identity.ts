/**
 * Identity Toolkit REST calls made by the server (docs/spec.txt §7 "Identity provider":
 * `POST /v1/accounts:signInWithPassword`, `GET /v2/passwordPolicy`), so the
 * login form works without JavaScript, and the pt-BR
 * messages for the identity errors a user can meet.
 */
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from "~/lib/auth";
import { SIGN_IN_MESSAGES, type SignInErrorCode } from "~/lib/sign-in-messages";
import type { IdentityBackend } from "./firebase";

export { SIGN_IN_MESSAGES, type SignInErrorCode };

/** Identity network timeout, ms (docs/spec.txt §9: 30 s). */
export const IDENTITY_TIMEOUT_MS = 30_000;

/** A failed Identity Toolkit call; `code` is normalised (wrong password and unknown e-mail are one code). */
export class IdentityError extends Error {
  override name = "IdentityError";
  constructor(
    readonly code: SignInErrorCode,
    /** The service's own message (e.g. "INVALID_PASSWORD"); never contains the password. */
    readonly serviceMessage: string,
  ) {
    super(`Identity Toolkit: ${code} (${serviceMessage})`);
  }
}

/**
 * Maps an Identity Toolkit error message ("INVALID_PASSWORD", "EMAIL_NOT_FOUND",
 * "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account…") to a
 * {@link SignInErrorCode}. Wrong password and unknown e-mail give the same code
 * so the page never tells whether an account exists.
 */
export function signInErrorCode(serviceMessage: string): SignInErrorCode {
  const head = serviceMessage.split(":")[0]!.trim().toUpperCase();
  switch (head) {
    case "INVALID_LOGIN_CREDENTIALS":
    case "INVALID_PASSWORD":
    case "EMAIL_NOT_FOUND":
    case "INVALID_EMAIL":
    case "MISSING_PASSWORD":
      return "INVALID_LOGIN_CREDENTIALS";
    case "TOO_MANY_ATTEMPTS_TRY_LATER":
      return "TOO_MANY_ATTEMPTS_TRY_LATER";
    case "USER_DISABLED":
      return "USER_DISABLED";
    default:
      return "UNKNOWN";
  }
}

/** What a successful sign-in gives. */
export interface PasswordSignIn {
  /** Firebase ID token (JWT), verified by the caller. */
  idToken: string;
  uid: string;
}

async function identityRequest(
  backend: IdentityBackend,
  path: string,
  init: RequestInit & { timeoutMs?: number },
  fetchImpl: typeof fetch,
): Promise<Response> {
  const url = `${backend.identityToolkitUrl}${path}${path.includes("?") ? "&" : "?"}key=${encodeURIComponent(backend.apiKey)}`;
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? IDENTITY_TIMEOUT_MS) });
  } catch (error) {
    // The URL carries the API key: never put it in the error.
    throw new IdentityError("NETWORK", error instanceof Error ? error.name : "fetch failed");
  }
}

/**
 * `POST /v1/accounts:signInWithPassword` (docs/spec.txt §7) with `returnSecureToken`.
 * @throws {IdentityError} with the normalised code on a refusal, `SECOND_FACTOR` when the account needs its
 *   second factor, `NETWORK` when unreachable or after 30 s.
 */
export async function signInWithPassword(
  backend: IdentityBackend,
  email: string,
  password: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PasswordSignIn> {
  const response = await identityRequest(
    backend,
    "/v1/accounts:signInWithPassword",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true, clientType: "CLIENT_TYPE_WEB" }),
    },
    fetchImpl,
  );
  const body = (await response.json().catch(() => null)) as {
    idToken?: string;
    localId?: string;
    mfaPendingCredential?: string;
    error?: { message?: string };
  } | null;
  if (response.ok && body?.idToken && body.localId) return { idToken: body.idToken, uid: body.localId };
  // A right password of an account with a second factor: the REST answer asks for the factor,
  // which only the web SDK's sign-in on the login page can give.
  if (response.ok && body?.mfaPendingCredential) throw new IdentityError("SECOND_FACTOR", "MFA_REQUIRED");
  const message = body?.error?.message ?? `HTTP ${response.status}`;
  throw new IdentityError(response.status >= 500 ? "UNKNOWN" : signInErrorCode(message), message);
}

const policyCache = new WeakMap<IdentityBackend, { policy: PasswordPolicy; until: number }>();

/** How long a fetched password policy is reused, ms. */
export const PASSWORD_POLICY_TTL_MS = 10 * 60_000;

/**
 * The project's password policy (`GET /v2/passwordPolicy`, docs/spec.txt §5, §7),
 * cached 10 minutes. The emulator does not implement it, and any failure
 * gives {@link DEFAULT_PASSWORD_POLICY} (minimum 6), so a policy outage never
 * blocks a password reset.
 */
export async function getPasswordPolicy(
  backend: IdentityBackend,
  fetchImpl: typeof fetch = fetch,
): Promise<PasswordPolicy> {
  const cached = policyCache.get(backend);
  if (cached && cached.until > Date.now()) return cached.policy;
  let policy = DEFAULT_PASSWORD_POLICY;
  try {
    const response = await identityRequest(
      backend,
      "/v2/passwordPolicy",
      { method: "GET", timeoutMs: 5000 },
      fetchImpl,
    );
    if (response.ok) policy = parsePasswordPolicy(await response.json());
  } catch {
    policy = DEFAULT_PASSWORD_POLICY;
  }
  policyCache.set(backend, { policy, until: Date.now() + PASSWORD_POLICY_TTL_MS });
  return policy;
}

/**
 * Reads the Identity Toolkit policy document (`customStrengthOptions`:
 * minPasswordLength, maxPasswordLength, containsLowercaseCharacter, …);
 * missing fields keep the defaults (minimum 6).
 */
export function parsePasswordPolicy(document: unknown): PasswordPolicy {
  const options = (document as { customStrengthOptions?: Record<string, unknown> } | null)?.customStrengthOptions ?? {};
  const int = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null);
  return {
    minLength: int(options.minPasswordLength) ?? DEFAULT_PASSWORD_POLICY.minLength,
    maxLength: int(options.maxPasswordLength),
    requireLowercase: options.containsLowercaseCharacter === true,
    requireUppercase: options.containsUppercaseCharacter === true,
    requireNumeric: options.containsNumericCharacter === true,
    requireNonAlphanumeric: options.containsNonAlphanumericCharacter === true,
  };
}
