/**
 * `POST /api/auth/reset-password` {email} (docs/spec.txt §7, no auth):
 * the password reset by e-mailed code (ADR 0016) for API clients. Answers 202 with
 * the same message whether or not the e-mail has an account (the work runs
 * after the answer); 429 after 3 requests per e-mail or 20 per IP in 15 minutes.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { authMailer } from "~/.server/api/context";
import { siteOrigin } from "~/.server/origin";
import { apiError, apiJson, methodNotAllowed, readJsonBody, writeOnlyLoader } from "~/.server/api/http";
import { resetPasswordRequestBody } from "~/.server/api/schemas";
import { getIdentityBackend } from "~/.server/auth/firebase";
import { requestPasswordReset } from "~/.server/auth/password-reset";
import { authRateLimiters, tooManyAttemptsMessage } from "~/.server/auth/protection";
import { defaultTitle, getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { getSessionSecrets } from "~/.server/flash";
import { RESET_REQUESTED_MESSAGE } from "~/lib/auth";
import { PASSWORD_RESET_PATH } from "~/lib/paths";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST"]);

/** Mails a code (when the account exists). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await readJsonBody(request, resetPasswordRequestBody);
  const limited = await authRateLimiters().consumeReset(context.clientIp ?? "unknown", email, "request");
  if (limited)
    return apiError(429, tooManyAttemptsMessage(limited.retryAfterSeconds), undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  void requestPasswordReset(
    { backend: getIdentityBackend(), db: getDb().db, secrets: getSessionSecrets() },
    {
      email,
      mailer: authMailer(),
      resetPageUrl: `${siteOrigin(request)}${PASSWORD_RESET_PATH}?etapa=codigo`,
      siteTitle: defaultTitle(getConfig()),
    },
  ).catch((error: unknown) =>
    console.error(`[auth] falha ao enviar o código de redefinição: ${(error as Error).message}`),
  );
  return apiJson({ message: RESET_REQUESTED_MESSAGE }, 202);
}
