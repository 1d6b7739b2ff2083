/**
 * The action behind every contact form: "quero vender"
 * on the home page, "mais informações" on listing pages, "avise-me" on
 * condominium pages, the data-subject request on `/lgpd`. One function so
 * the forms behave alike:
 *
 * 1. honeypot filled → the bot gets the normal success answer, nothing is stored;
 * 2. Conform + the kind's zod schema (app/lib/leads.ts) → 400 with pt-BR
 *    messages per field (the page renders them beside each field); the
 *    data echoed back is bounded by the schema (`boundedReply`);
 * 3. signed render time missing/forged → 400, sent too fast → 400 asking to
 *    send again (the data stays in the form);
 * 4. the same form sent again (same key, same data) → the first result;
 * 5. per-IP rate limit → 429 with a pt-BR message and `Retry-After`;
 * 6. `recordLead` (lead + outbox in one transaction) → success: the data for a
 *    hydrated page (the form shows a toast), else a 303 to `/obrigado`.
 *    A database failure answers 503 with the data still in the form.
 */
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { randomUUID } from "node:crypto";
import type { LeadActionData, LeadFormKind } from "~/lib/lead-fields";
import { leadFormSchemas, type LeadInput } from "~/lib/leads";
import { boundedReply, type ReplyOptions } from "../form-reply";
import { describeErrorWithoutData } from "../db/errors";
import {
  honeypotFilled,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  leadRateLimiters,
  retryAfterText,
  startedAtRefusal,
  FORM_NO_STORE,
  formAnswer,
  type PublicFormOptions,
  readGuardedForm,
  storedIdempotencyKey,
  type LeadRateLimiters,
} from "./form-guard";
import { findLeadByKey, LeadValidationError, recordLead } from "./store";
import type { DataReply } from "~/.server/data-reply";

export type { LeadActionData };

/** Path of the thank-you page (docs/spec.txt §2) with what was sent, for the no-JS success. */
export function thankYouPath(kind: LeadFormKind, code?: string): string {
  const subject = { sell: "vender", info: "informacoes", alert: "aviso", lgpd: "lgpd" }[kind];
  const params = new URLSearchParams({ assunto: subject });
  if (code) params.set("imovel", code);
  return `/obrigado?${params}`;
}

/** Options of {@link handleLeadForm}. */
export interface HandleLeadFormOptions extends PublicFormOptions {
  /** The form this route carries; a posted `kind` is ignored. */
  kind: LeadFormKind;
  /** Values the route fixes whatever the form says: the listing code, the condominium slug. */
  fixed?: Record<string, string>;
  /** Rate limiters (default: the process's). */
  limiters?: LeadRateLimiters;
}

const NO_STORE = FORM_NO_STORE;

/**
 * Handles a POST of one contact form. Never throws for bad input: every
 * outcome is a Response (redirect, malformed body) or `data()` with
 * {@link LeadActionData} (see the module comment for the statuses).
 */
export async function handleLeadForm(
  request: Request,
  options: HandleLeadFormOptions,
): Promise<Response | DataReply<LeadActionData>> {
  const { kind } = options;
  const read = await readGuardedForm(request);
  if (read instanceof Response) return read;
  const { formData, enhanced, startedAt, keepStarted } = read;
  formData.set("kind", kind);
  for (const [name, value] of Object.entries(options.fixed ?? {})) formData.set(name, value);
  const schema = leadFormSchemas[kind];
  const submission = parseWithZod(formData, { schema });
  const reply = (replyOptions?: ReplyOptions) => boundedReply(submission, schema, replyOptions);

  const answer = formAnswer<LeadActionData["form"]>(kind, keepStarted);
  const succeed = (code?: string) =>
    enhanced
      ? answer(reply({ resetForm: true }), 200, true)
      : redirect(thankYouPath(kind, code), { status: 303, headers: NO_STORE });

  if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
    console.warn(`[leads] formulário ${kind} descartado: campo-armadilha preenchido`);
    return succeed();
  }
  if (submission.status !== "success") return answer(reply(), 400);

  const refused = startedAtRefusal(startedAt, options);
  if (refused) return answer(reply({ formErrors: [refused.message] }), 400, false, {}, refused.startedAt);

  const lead: LeadInput = submission.value;
  const code = "code" in lead ? lead.code : undefined;
  const formKey = formData.get(IDEMPOTENCY_FIELD);
  const key = storedIdempotencyKey(typeof formKey === "string" && formKey.trim() ? formKey : randomUUID(), lead);
  try {
    if (await findLeadByKey(key, options.db)) return succeed(code);
    const limited = await (options.limiters ?? leadRateLimiters()).consumeForm(options.clientIp ?? "unknown");
    if (limited) {
      return answer(
        reply({
          formErrors: [`Você enviou muitas mensagens em pouco tempo. ${retryAfterText(limited.retryAfterSeconds)}`],
        }),
        429,
        false,
        { "Retry-After": String(limited.retryAfterSeconds) },
      );
    }
    await recordLead(lead, { idempotencyKey: key, db: options.db });
  } catch (error) {
    if (error instanceof LeadValidationError) {
      return answer(reply({ fieldErrors: error.fieldErrors }), 400);
    }
    console.error(`[leads] não foi possível registrar o contato (${kind}):`, describeErrorWithoutData(error));
    return answer(
      reply({
        formErrors: [
          "Não conseguimos registrar seu contato agora. Tente novamente em instantes: seus dados continuam no formulário.",
        ],
      }),
      503,
    );
  }
  return succeed(code);
}
