/**
 * The contact step of `/anunciar` (ADR 0089): a plain POST (works without
 * JavaScript) with the owner's name, phone, e-mail and optional message,
 * beside the estimate form's fields as hidden inputs. The same defences as
 * the other public forms (`../leads/form-guard`): honeypot, signed minimum
 * fill time, per-IP rate limit, idempotency key. The server re-reads the
 * property, recomputes the estimate (a posted figure is never trusted) and
 * records a `valuation` lead (`recordLead`: lead, agency e-mail and Vista
 * delivery in one transaction; routing of ADR 0080). Only the agency and
 * the broker get mail: nothing goes to the address the owner typed.
 *
 * Outcomes: success → 303 to `/obrigado?assunto=vender`; bad input → 400
 * with pt-BR messages per field (the page shows them beside each field);
 * rate limited → 429; database failure → 503 (the typed data stays).
 */
import { data, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import type { LeadInput } from "~/lib/leads";
import { parseValuationQuery, valuationContactSchema } from "~/lib/valuation-form";
import { getVocabulary } from "../catalogue/vocabulary";
import { describeErrorWithoutData } from "../db/errors";
import {
  FORM_NO_STORE,
  honeypotFilled,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  leadRateLimiters,
  type LeadRateLimiters,
  type PublicFormOptions,
  readGuardedForm,
  retryAfterText,
  startedAtRefusal,
  storedIdempotencyKey,
} from "../leads/form-guard";
import { findLeadByKey, LeadValidationError, recordLead } from "../leads/store";
import { estimateFor, labelsOf, valuationLeadMessage } from "./estimate";
import type { DataReply } from "~/.server/data-reply";

/** Where a sent contact lands (the thank-you page's valuation text). */
export const VALUATION_THANK_YOU_PATH = "/obrigado?assunto=vender";

/** The action's answer when the contact is refused. */
export interface ValuationContactData {
  form: "valuation-contact";
  /** Messages per field (name, phone, email, message) and "" for the form. */
  errors: Record<string, string[]>;
  /** What was typed, echoed back bounded. */
  values: Record<string, string>;
  /** A fresh signed render time when the old one expired. */
  startedAt?: string;
}

/** Options of {@link handleValuationContact}. */
export interface ValuationContactOptions extends PublicFormOptions {
  limiters?: LeadRateLimiters;
}

const FIELDS = ["name", "phone", "email", "message"] as const;

/**
 * Handles a POST of the contact step (see the module comment). Never throws
 * for bad input: every outcome is a Response (redirect, malformed body) or
 * `data()` with {@link ValuationContactData}.
 */
export async function handleValuationContact(
  request: Request,
  options: ValuationContactOptions,
): Promise<Response | DataReply<ValuationContactData>> {
  const read = await readGuardedForm(request);
  if (read instanceof Response) return read;
  const { formData, startedAt } = read;
  const values = Object.fromEntries(
    FIELDS.map((field) => {
      const value = formData.get(field);
      return [field, typeof value === "string" ? value.slice(0, field === "message" ? 2000 : 300) : ""];
    }),
  );
  const refuse = (errors: Record<string, string[]>, status: number, headers: HeadersInit = {}, fresh?: string) =>
    data<ValuationContactData>(
      { form: "valuation-contact", errors, values, ...(fresh ? { startedAt: fresh } : {}) },
      { status, headers: { ...FORM_NO_STORE, ...headers } },
    );
  const success = () => redirect(VALUATION_THANK_YOU_PATH, { status: 303, headers: FORM_NO_STORE });

  if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
    console.warn("[leads] formulário valuation descartado: campo-armadilha preenchido");
    return success();
  }
  const params = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") params.set(name, value);
  const vocabulary = await getVocabulary({ db: options.db });
  const property = parseValuationQuery(params, vocabulary);
  const contact = valuationContactSchema.safeParse(values);
  const errors: Record<string, string[]> = {};
  if (!contact.success) {
    for (const issue of contact.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  }
  if (property.status !== "valid") errors[""] = ["Preencha os dados do imóvel acima antes de enviar."];
  if (!contact.success || property.status !== "valid") return refuse(errors, 400);

  const refused = startedAtRefusal(startedAt, options);
  if (refused) return refuse({ "": [refused.message] }, 400, {}, refused.startedAt);

  try {
    const estimate = await estimateFor(property.input, options.db);
    const lead: LeadInput = {
      kind: "valuation",
      name: contact.data.name,
      phone: contact.data.phone,
      email: contact.data.email,
      message: valuationLeadMessage(
        property.input,
        labelsOf(property.input, vocabulary),
        estimate,
        contact.data.message,
      ),
    };
    const formKey = formData.get(IDEMPOTENCY_FIELD);
    const key = storedIdempotencyKey(typeof formKey === "string" && formKey.trim() ? formKey : randomUUID(), lead);
    if (await findLeadByKey(key, options.db)) return success();
    const limited = await (options.limiters ?? leadRateLimiters()).consumeForm(options.clientIp ?? "unknown");
    if (limited) {
      return refuse(
        { "": [`Você enviou muitas mensagens em pouco tempo. ${retryAfterText(limited.retryAfterSeconds)}`] },
        429,
        { "Retry-After": String(limited.retryAfterSeconds) },
      );
    }
    await recordLead(lead, { idempotencyKey: key, db: options.db });
  } catch (error) {
    if (error instanceof LeadValidationError) return refuse(error.fieldErrors, 400);
    console.error("[leads] não foi possível registrar o pedido de avaliação:", describeErrorWithoutData(error));
    return refuse(
      {
        "": [
          "Não conseguimos registrar seu contato agora. Tente novamente em instantes: seus dados continuam no formulário.",
        ],
      },
      503,
    );
  }
  return success();
}
