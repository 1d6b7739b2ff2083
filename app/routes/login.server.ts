/**
 * The two ways `/login-corretores` opens a session
 * (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md): the form's
 * e-mail and password checked by the server itself (works without
 * JavaScript; the only way under the embedded emulator), and, with a real
 * Firebase project and JavaScript, the ID token the page's web SDK got,
 * exchanged for the session. Both answer a refusal with the same pt-BR
 * messages and statuses, and a success with the same redirect and toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import {
  getIdentityBackend,
  serializeSessionCookie,
  type SignedIn,
  SIGN_IN_STATUS,
  signInProtected,
  SignInRefused,
} from "~/.server/auth";
import { webSignInConfig } from "~/.server/auth/firebase";
import { signInWithIdToken } from "~/.server/auth/id-token-sign-in";
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import type { DataReply } from "~/.server/data-reply";
import { landingPath, safeRedirectPath } from "~/lib/auth";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in-messages";
import { idTokenSignInSchema, loginSchema } from "~/lib/auth-forms";
import { privatePage } from "~/lib/cache-control";

/** A refused sign-in form: Conform's reply (password left out). */
export interface LoginActionData {
  result: SubmissionResult<string[]>;
}

/** Who is asking: the client's address (`context.clientIp`) and User-Agent. */
export interface LoginClient {
  ip: string | undefined;
  userAgent: string | null;
}

/** The session's cookie and a redirect to `redirectTo` (or the role's area) with the welcome toast. */
async function signedInRedirect(
  signedIn: SignedIn,
  redirectTo: string | undefined,
): Promise<Response | DataReply<LoginActionData>> {
  const firstName = signedIn.user.displayName.split(/\s+/)[0] || signedIn.user.email;
  const admin = signedIn.user.role === "admin";
  return redirectWithToast(
    safeRedirectPath(redirectTo, "") || landingPath(signedIn.user.role),
    {
      type: "success",
      title: `Olá, ${firstName}!`,
      description: admin ? "Você entrou na administração do site." : "Você entrou na área do corretor.",
    },
    { headers: privatePage({ "Set-Cookie": await serializeSessionCookie(signedIn.token) }) },
  );
}

/**
 * The login form again with `message` beside it (the password never sent back):
 * the refusal's status, with `Retry-After` when the limits refused, or 400.
 */
function refusedForm(formData: FormData, message: string, error?: SignInRefused): DataReply<LoginActionData> {
  const reply = boundedReply(parseWithZod(formData, { schema: loginSchema }), loginSchema, {
    formErrors: [message],
    hideFields: ["password"],
  });
  if (!error) return data({ result: reply }, { status: 400, headers: privatePage() });
  const retryAfter = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  return data({ result: reply }, { status: SIGN_IN_STATUS[error.reason], headers: privatePage(retryAfter) });
}

/**
 * The answer to a sign-in attempt: the session's redirect, or the form's
 * reply when `signIn` refused ({@link SignInRefused}, its message and status).
 * @throws any other error of `signIn`.
 */
async function signInAnswer(
  formData: FormData,
  redirectTo: string | undefined,
  signIn: () => Promise<SignedIn>,
): Promise<Response | DataReply<LoginActionData>> {
  try {
    return await signedInRedirect(await signIn(), redirectTo);
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    return refusedForm(formData, error.userMessage, error);
  }
}

/**
 * The form's e-mail and password, checked by the server
 * ({@link signInProtected}: rate limits, Identity Toolkit).
 * @returns the redirect, or the form's reply (400 invalid, 401/403/429/502/503 refused).
 * @throws what the database or an unexpected failure throws.
 */
export async function passwordSignIn(
  formData: FormData,
  client: LoginClient,
): Promise<Response | DataReply<LoginActionData>> {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { result: boundedReply(submission, loginSchema, { hideFields: ["password"] }) },
      { status: 400, headers: privatePage() },
    );
  }
  const { email, password, redirectTo } = submission.value;
  return signInAnswer(formData, redirectTo, () =>
    signInProtected(getIdentityBackend(), getDb().db, email, password, {
      kind: "browser",
      ip: client.ip,
      userAgent: client.userAgent,
    }),
  );
}

/**
 * The web SDK's ID token exchanged for a session ({@link signInWithIdToken});
 * only with a real project (400 otherwise: the emulator's tokens are unsigned).
 * @returns the redirect, or the form's reply with the refusal's message and status.
 */
export async function idTokenSignIn(
  formData: FormData,
  client: LoginClient,
): Promise<Response | DataReply<LoginActionData>> {
  const submission = parseWithZod(formData, { schema: idTokenSignInSchema });
  const backend = getIdentityBackend();
  const web = webSignInConfig(backend);
  if (submission.status !== "success" || !web) return refusedForm(formData, SIGN_IN_MESSAGES.UNKNOWN);
  const { email, idToken, appCheckToken, redirectTo } = submission.value;
  return signInAnswer(formData, redirectTo, () =>
    signInWithIdToken(backend, getDb().db, idToken, {
      email,
      appCheck: Boolean(web.appCheckSiteKey),
      appCheckToken,
      adminMfa: getConfig().AUTH_ADMIN_MFA,
      kind: "browser",
      ip: client.ip,
      userAgent: client.userAgent,
    }),
  );
}
