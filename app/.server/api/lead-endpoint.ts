/**
 * The two contact requests of the JSON API (docs/spec.txt §7 `POST /email/sell-property`,
 * `POST /email/more-information`, no auth): the body is
 * validated with the contact forms' schemas, the per-IP limit of the
 * forms applies (5 per 10 minutes), and the lead is stored through
 * `recordLead` (ADR 0014: the outbox sends the e-mails and the Vista lead).
 * Idempotency: the `Idempotency-Key` header, else the SHA-256 of the kind,
 * the body and the current minute (a client retrying at once does not create
 * a second lead).
 */
import { createHash } from "node:crypto";
import type { z } from "zod";
import { LeadValidationError, recordLead } from "../leads/store";
import { leadRateLimiters, retryAfterText } from "../leads/form-guard";
import { apiError, apiJson, methodNotAllowed, readJsonBody } from "./http";
import { moreInformationBody, sellPropertyBody } from "./schemas";

/** The stored idempotency key of an API lead: `api:` + header, or `api:` + hash of kind, body and minute. */
export function apiIdempotencyKey(kind: string, header: string | null, body: unknown, now: Date = new Date()): string {
  const given = header?.trim();
  if (given) return `api:${given.slice(0, 190)}`;
  const minute = Math.floor(now.getTime() / 60_000);
  return `api:${createHash("sha256")
    .update(JSON.stringify([kind, body, minute]))
    .digest("hex")}`;
}

/**
 * Handles one API contact request of `kind`.
 * @returns 201 `{ id, created: true }`, 200 `{ id, created: false }` for a
 *   repeated key, 400 (fieldErrors), 405, 415 or 429 (Retry-After).
 */
export async function handleApiLead(
  request: Request,
  kind: "sell" | "info",
  clientIp: string | undefined,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const schema: z.ZodTypeAny = kind === "sell" ? sellPropertyBody : moreInformationBody;
  const body = (await readJsonBody(request, schema)) as Record<string, string>;
  const limited = await leadRateLimiters().consumeForm(clientIp ?? "unknown");
  if (limited) {
    return apiError(429, `Muitos pedidos seguidos. ${retryAfterText(limited.retryAfterSeconds)}`, undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  const idempotencyKey = apiIdempotencyKey(kind, request.headers.get("Idempotency-Key"), body);
  try {
    const { lead, created } = await recordLead({ kind, ...body } as Parameters<typeof recordLead>[0], {
      idempotencyKey,
    });
    return apiJson({ id: lead.id, created }, created ? 201 : 200);
  } catch (error) {
    if (error instanceof LeadValidationError)
      return apiError(400, "Dados inválidos. Confira os campos.", error.fieldErrors);
    throw error;
  }
}
