/**
 * The checks shared by the forms that set a password (the reset code form
 * and the invitation's set-password form), after their schema passed: the
 * reset rate limit, then the identity service's password policy (ADR 0016).
 */
import type { ReplyOptions } from "../form-reply";
import { passwordProblems } from "~/lib/auth";
import type { IdentityBackend } from "./firebase";
import { getPasswordPolicy } from "./identity";
import { authRateLimiters, tooManyAttemptsMessage } from "./protection";

/** Reply options that never echo the password fields back to the page. */
export const HIDE_PASSWORDS = { hideFields: ["newPassword", "confirmPassword"] } satisfies ReplyOptions;

/** Why a new password was refused: messages for the Conform reply, the status and extra headers. */
export interface PasswordRefusal {
  options: ReplyOptions;
  /** 429 over the rate limit (with `Retry-After`, seconds), 400 for a password the policy refuses. */
  status: 400 | 429;
  headers: Record<string, string>;
}

/**
 * Counts an attempt against the reset limits of `ip` and `email` ("" when
 * the e-mail is unknown, as for an invitation token), then checks
 * `newPassword` against the policy. Resolves to the refusal, or null when the
 * password may be set.
 */
export async function checkNewPassword(
  backend: IdentityBackend,
  attempt: { ip: string; email: string; newPassword: string },
): Promise<PasswordRefusal | null> {
  const limited = await authRateLimiters().consumeReset(attempt.ip, attempt.email, "confirm");
  if (limited) {
    return {
      options: { formErrors: [tooManyAttemptsMessage(limited.retryAfterSeconds)] },
      status: 429,
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
    };
  }
  const problems = passwordProblems(attempt.newPassword, await getPasswordPolicy(backend));
  if (problems.length) return { options: { fieldErrors: { newPassword: problems } }, status: 400, headers: {} };
  return null;
}
