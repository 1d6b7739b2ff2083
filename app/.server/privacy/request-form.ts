/**
 * The action of the data-subject request form on `/lgpd`
 * (docs/decisions/0031-data-subject-requests-and-retention.md,
 * docs/decisions/0064-public-forms-mail-only-what-the-agency-wrote.md). It
 * answers like every contact form (`../leads/submission`, the same
 * `LeadActionData` for `LeadForm`) and adds what a form that mails the
 * address it is given needs:
 *
 * 1. honeypot filled → the bot gets the normal success answer, nothing is stored;
 * 2. Conform + the `lgpd` schema → 400 with pt-BR messages per field;
 * 3. render time missing/forged → 400; sent too fast → 400; older than
 *    `FORM_TOKEN_MAX_AGE_MS` → 400 with a fresh token and a message asking to
 *    send again (the typed data stays in the form);
 * 4. the token is single-use: the page is never shared through a cache, so
 *    the stored idempotency key is the token's own (`formTokenKey`). The same
 *    form sent again with the same data → the first result; with other data
 *    → 409 with a fresh token (one token never serves a second request);
 * 5. per-IP rate limit → 429 with `Retry-After`;
 * 6. `recordLgpdRequest` (lead, agency e-mail and, under the per-address cap,
 *    the receipt, in one transaction) → the data with a fresh token for a
 *    hydrated page, else a 303 to `/obrigado?assunto=lgpd`. Over the cap the
 *    answer is the same: the request is recorded, only the receipt is not
 *    sent. A database failure answers 503 with the data still in the form.
 */
import { data, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { leadFormSchemas } from "~/lib/leads";
import { LEAD_FORM_FIELDS } from "~/lib/lead-fields";
import { boundedReply, type ReplyOptions } from "../form-reply";
import {
  formTokenKey,
  honeypotFilled,
  leadFormTokens,
  leadRateLimiters,
  retryAfterText,
  FORM_NO_STORE,
  readGuardedForm,
  type PublicFormOptions,
  type LeadRateLimiters,
  startedAtRefusal,
} from "../leads/form-guard";
import { findLeadByKey, lgpdMessage, LeadValidationError, type LeadRow } from "../leads/store";
import { thankYouPath, type LeadActionData } from "../leads/submission";
import { recordLgpdRequest, type LgpdRequestInput } from "./request-store";
import type { DataReply } from "~/.server/data-reply";

/** Options of {@link handleLgpdRequestForm}. */
export interface HandleLgpdRequestOptions extends PublicFormOptions {
  /** Rate limiters (default: the process's). */
  limiters?: LeadRateLimiters;
}

const NO_STORE = FORM_NO_STORE;
const schema = leadFormSchemas.lgpd;

/** Whether a stored request is the one just sent (a resubmission of the same form). */
function sameRequest(stored: LeadRow, input: LgpdRequestInput): boolean {
  return (
    stored.kind === "lgpd" &&
    stored.name === input.name &&
    stored.email === input.email &&
    (stored.phone ?? null) === (input.phone ?? null) &&
    stored.message === lgpdMessage(input)
  );
}

/**
 * Handles a POST of the `/lgpd` request form. Never throws for bad input:
 * every outcome is a Response (redirect, malformed body) or `data()` with
 * {@link LeadActionData} (see the module comment for the statuses).
 */
export async function handleLgpdRequestForm(
  request: Request,
  options: HandleLgpdRequestOptions = {},
): Promise<Response | DataReply<LeadActionData>> {
  const read = await readGuardedForm(request);
  if (read instanceof Response) return read;
  const { formData, enhanced, startedAt, keepStarted } = read;
  formData.set("kind", "lgpd");
  const fresh = () => leadFormTokens(options.now, options.secrets).startedAt;
  const submission = parseWithZod(formData, { schema });
  const reply = (replyOptions?: ReplyOptions) => boundedReply(submission, schema, replyOptions);
  const answer = (
    result: SubmissionResult<string[]>,
    status: number,
    extra: { sent?: boolean; startedAt?: string; headers?: HeadersInit } = {},
  ) =>
    data<LeadActionData>(
      { form: "lgpd", result, sent: extra.sent ?? false, startedAt: extra.startedAt ?? keepStarted },
      { status, headers: { ...NO_STORE, ...extra.headers } },
    );
  // A hydrated form gets the token of its next request with the success.
  const succeed = () =>
    enhanced
      ? answer(reply({ resetForm: true }), 200, { sent: true, startedAt: fresh() })
      : redirect(thankYouPath("lgpd"), { status: 303, headers: NO_STORE });

  if (honeypotFilled(formData.get(LEAD_FORM_FIELDS.honeypot))) {
    console.warn("[lgpd] formulário descartado: campo-armadilha preenchido");
    return succeed();
  }
  if (submission.status !== "success") return answer(reply(), 400);
  const refused = startedAtRefusal(startedAt, options);
  if (refused) return answer(reply({ formErrors: [refused.message] }), 400, { startedAt: refused.startedAt });

  const input = submission.value as LgpdRequestInput;
  const key = formTokenKey("lgpd", String(startedAt));
  try {
    const first = await findLeadByKey(key, options.db);
    if (first && sameRequest(first, input)) return succeed();
    if (first) {
      const message =
        "Este formulário já foi enviado. Para fazer outra solicitação, confira os dados e clique em enviar novamente.";
      return answer(reply({ formErrors: [message] }), 409, { startedAt: fresh() });
    }
    const limited = await (options.limiters ?? leadRateLimiters()).consumeForm(options.clientIp ?? "unknown");
    if (limited) {
      const message = `Você enviou muitas mensagens em pouco tempo. ${retryAfterText(limited.retryAfterSeconds)}`;
      return answer(reply({ formErrors: [message] }), 429, {
        headers: { "Retry-After": String(limited.retryAfterSeconds) },
      });
    }
    await recordLgpdRequest(input, {
      idempotencyKey: key,
      db: options.db,
      now: options.now != null ? new Date(options.now) : undefined,
    });
  } catch (error) {
    if (error instanceof LeadValidationError) return answer(reply({ fieldErrors: error.fieldErrors }), 400);
    console.error("[lgpd] não foi possível registrar a solicitação", error);
    const message =
      "Não conseguimos registrar sua solicitação agora. Tente novamente em instantes: seus dados continuam no formulário.";
    return answer(reply({ formErrors: [message] }), 503);
  }
  return succeed();
}
