/**
 * `/api/auth/session` (docs/decisions/0020-server-side-sessions.md): API
 * sessions, the bearer tokens of the JSON API.
 *
 * - `POST` {email, password} → 201 `{ token, expiresAt }`: the server checks
 *   the password with the identity service itself and creates a session of
 *   kind "api"; send the token as `Authorization: Bearer <token>`. Same rate
 *   limits as the login form (`signInProtected`: 429 with `Retry-After`); refusals are JSON
 *   `{ error }` with the login form's pt-BR messages and statuses
 *   (401 wrong credentials, 403 disabled or no access, 503/502 identity service).
 * - `DELETE` → 204: ends the calling session (API token, or the session
 *   cookie, which is then cleared);
 *   401 when there is none; 400 for a Firebase ID token (not a session of this site).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { API_HEADERS, apiError, apiJson, methodNotAllowed, readJsonBody, writeOnlyLoader } from "~/.server/api/http";
import { apiSessionBody } from "~/.server/api/schemas";
import {
  clearSessionCookie,
  getIdentityBackend,
  getSession,
  requireUser,
  SIGN_IN_STATUS,
  signInProtected,
  SignInRefused,
} from "~/.server/auth";
import { deleteSession } from "~/.server/auth/session";
import { getDb } from "~/.server/db";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST", "DELETE"]);

/** Creates (POST) or ends (DELETE) an API session. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method === "DELETE") return endSession(request);
  if (request.method !== "POST") return methodNotAllowed(["POST", "DELETE"]);
  const { email, password } = await readJsonBody(request, apiSessionBody);
  try {
    const signedIn = await signInProtected(getIdentityBackend(), getDb().db, email, password, {
      kind: "api",
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return apiJson({ token: signedIn.token, expiresAt: signedIn.session.expiresAt.toISOString() }, 201);
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    const retryAfter = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return apiError(SIGN_IN_STATUS[error.reason], error.userMessage, undefined, retryAfter);
  }
}

async function endSession(request: Request): Promise<Response> {
  await requireUser(request, { resource: true });
  const session = await getSession(request);
  if (!session?.session) return apiError(400, "Este token não é uma sessão do site: não há o que encerrar.");
  await deleteSession(getDb().db, session.session.id);
  const headers = new Headers(API_HEADERS);
  if (session.credential === "cookie") headers.set("Set-Cookie", await clearSessionCookie());
  return new Response(null, { status: 204, headers });
}
