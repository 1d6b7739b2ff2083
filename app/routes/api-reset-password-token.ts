/**
 * `PUT /api/auth/reset-password/{otp-or-token}` {newPassword} (docs/spec.txt §7, no
 * auth): sets the new password with the invitation /
 * set-password token (ADR 0018) or with the 6-digit reset code (ADR 0016; then the
 * body must carry `email` too: codes are kept per e-mail). The password must
 * meet the identity service's policy. 200 `{ message }`; 400 with a message
 * for a wrong, used or expired code/token or a weak password; 429 rate limit
 * (codes: also per e-mail and IP, and per e-mail, the same for any address).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, readJsonBody, writeOnlyLoader } from "~/.server/api/http";
import { resetPasswordConfirmBody } from "~/.server/api/schemas";
import { getIdentityBackend } from "~/.server/auth/firebase";
import { getPasswordPolicy } from "~/.server/auth/identity";
import { isSetPasswordToken, redeemSetPasswordToken } from "~/.server/auth/invitation";
import { confirmResetCode, RESET_MESSAGES } from "~/.server/auth/password-reset";
import { authRateLimiters, tooManyAttemptsMessage } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { getSessionSecrets } from "~/.server/flash";
import { passwordProblems, RESET_CODE_LENGTH } from "~/lib/auth";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT"]);

/** Sets the password. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const token = params.token ?? "";
  const body = await readJsonBody(request, resetPasswordConfirmBody);
  const isCode = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(token);
  if (!isCode && !isSetPasswordToken(token)) return apiError(400, RESET_MESSAGES.invalid);
  if (isCode && !body.email)
    return apiError(400, "Informe o e-mail junto com o código.", { email: ["Informe o e-mail junto com o código."] });
  const limited = await authRateLimiters().consumeReset(context.clientIp ?? "unknown", body.email ?? "", "confirm");
  if (limited)
    return apiError(429, tooManyAttemptsMessage(limited.retryAfterSeconds), undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  const backend = getIdentityBackend();
  const problems = passwordProblems(body.newPassword, await getPasswordPolicy(backend));
  if (problems.length) return apiError(400, problems[0]!, { newPassword: problems });
  const deps = { backend, db: getDb().db, secrets: getSessionSecrets() };
  if (isCode) {
    const ip = context.clientIp ?? "unknown";
    const outcome = await confirmResetCode(deps, {
      ip,
      email: body.email!,
      code: token,
      newPassword: body.newPassword,
    });
    if (outcome.limited)
      return apiError(429, tooManyAttemptsMessage(outcome.limited.retryAfterSeconds), undefined, {
        "Retry-After": String(outcome.limited.retryAfterSeconds),
      });
    if (outcome.result !== "ok") return apiError(400, RESET_MESSAGES[outcome.result]);
    return apiJson({ message: "Senha alterada. Entre com a nova senha." });
  }
  const outcome = await redeemSetPasswordToken(deps, { token, newPassword: body.newPassword });
  if (outcome !== "ok") return apiError(400, RESET_MESSAGES[outcome]);
  return apiJson({ message: "Senha alterada. Entre com a nova senha." });
}
