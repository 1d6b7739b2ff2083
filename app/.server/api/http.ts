/**
 * Plumbing of the JSON API under `/api` (docs/spec.txt §6 "authenticated
 * calls send a bearer token", §7 Auth API; ADR 0018): JSON errors
 * `{ error, fieldErrors? }` with their statuses (400, 401, 403, 404, 405, 409,
 * 415, 429), zod-validated JSON bodies, the admin guard for API calls, and a
 * wrapper that turns refused operations into those answers.
 */
import type { z } from "zod";
import { getSession, requireRole } from "../auth/guards";
import { assertSameOrigin } from "../auth/protection";
import type { SessionUser } from "~/lib/auth";
import { PRIVATE_NO_STORE } from "~/lib/cache-control";
import { isAdminError } from "../admin-error";

/** Every API answer is private and never cached (it may carry personal data). */
export const API_HEADERS = { "Cache-Control": PRIVATE_NO_STORE } as const;

/** The JSON error body of every API failure. */
export interface ApiErrorBody {
  /** pt-BR message. */
  error: string;
  /** pt-BR messages per body field (400, 409). */
  fieldErrors?: Record<string, string[]>;
}

/** A JSON error answer. */
export function apiError(
  status: number,
  error: string,
  fieldErrors?: Record<string, string[]>,
  headers: Record<string, string> = {},
): Response {
  return Response.json((fieldErrors ? { error, fieldErrors } : { error }) satisfies ApiErrorBody, {
    status,
    headers: { ...API_HEADERS, ...headers },
  });
}

/** A JSON success answer (`private, no-store`). */
export function apiJson<T>(body: T, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...API_HEADERS, ...headers } });
}

/** 405 with `Allow` (a method the path does not serve). */
export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, "Método não permitido neste endereço.", undefined, { Allow: allowed.join(", ") });
}

/** Loader of an API path that only takes writes: GET/HEAD → 405. */
export function writeOnlyLoader(allowed: string[]) {
  return () => methodNotAllowed(allowed);
}

/** pt-BR message of an invalid body. */
export const INVALID_BODY = "Dados inválidos. Confira os campos.";

/**
 * The request's JSON body validated by `schema`.
 * @throws {Response} 415 when the body is not `application/json`; 400 for
 *   malformed JSON or a body the schema refuses (with `fieldErrors`).
 */
export async function readJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw apiError(415, "Envie o corpo como JSON (Content-Type: application/json).");
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw apiError(400, "JSON malformado.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const flat = parsed.error.flatten();
    const fieldErrors = Object.fromEntries(
      Object.entries(flat.fieldErrors).filter(([, messages]) => (messages as string[] | undefined)?.length),
    ) as Record<string, string[]>;
    throw apiError(400, flat.formErrors[0] ?? INVALID_BODY, fieldErrors);
  }
  return parsed.data;
}

/**
 * The admin calling the API (bearer API session token from
 * `POST /api/auth/session`, a Firebase ID token with a real project, or the
 * session cookie of the admin area), revocation checked. A write
 * authenticated by the session cookie must also come from this site (CSRF;
 * a bearer token cannot be sent by another site).
 * @throws {Response} 401/403 JSON.
 */
export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireRole(request, "admin", { resource: true, checkRevoked: true });
  const session = await getSession(request, { checkRevoked: true });
  if (request.method !== "GET" && request.method !== "HEAD" && session?.credential === "cookie") {
    try {
      assertSameOrigin(request);
    } catch {
      throw apiError(403, "Pedido de outra origem recusado.");
    }
  }
  return user;
}

/**
 * Runs `work`, turning an `AdminError` (~/.server/admin-error) into its JSON
 * answer (its status, `error`, and `fieldErrors` when it has any); Responses
 * and other errors pass.
 */
export async function apiHandle(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (isAdminError(error)) {
      const fieldErrors = Object.keys(error.fieldErrors).length ? error.fieldErrors : undefined;
      return apiError(error.status, error.message, fieldErrors);
    }
    throw error;
  }
}
