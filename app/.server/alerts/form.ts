/**
 * The action of the "Criar alerta" form (ADR 0034), with the contact forms'
 * defences (ADR 0015, `../leads/form-guard`):
 *
 * 1. honeypot filled → the bot gets the normal success answer, nothing is stored;
 * 2. Conform + `alertFormSchema` → 400 with pt-BR messages per field;
 * 3. signed render time missing/forged → 400, sent too fast → 400 asking to
 *    send again; older than `FORM_TOKEN_MAX_AGE_MS` → 400 with a fresh token
 *    and a message asking to send again (the typed data stays in the form).
 *    The token is not single-use: the list pages that render it are shared
 *    through caches (ADR 0064);
 * 4. the page is not a list, search or map page (or an unknown `{filtros}`) → 400;
 * 5. the same form sent again (same key, same data) → the first result;
 * 6. per-IP rate limit ({@link ALERT_FORM_LIMIT}) → 429 with `Retry-After`;
 *    5 unconfirmed alerts for one address (normalised: `+tag`, case, Gmail
 *    dots) in a day → 429 with the message beside the e-mail field;
 * 7. `createAlert` (alert + confirmation e-mail in one transaction) → the data
 *    for a hydrated form (confirmation in place), else a 303 to
 *    `/alertas/criar?enviado=1` ("Confirme seu e-mail"). A database failure
 *    answers 503 with the data still in the form.
 */
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { createHash, randomUUID } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import { ALERT_CREATE_PATH, alertFormSchema, type AlertActionData } from "~/lib/alerts";
import { LEAD_FORM_FIELDS } from "~/lib/lead-fields";
import { getVocabulary } from "../catalogue/vocabulary";
import { boundedReply, type ReplyOptions } from "../form-reply";
import {
  FORM_NO_STORE,
  formAnswer,
  honeypotFilled,
  type PublicFormOptions,
  readGuardedForm,
  retryAfterText,
  startedAtRefusal,
} from "../leads/form-guard";
import { type Limiter, processLimiter } from "../rate-limit";
import { alertSearchOf, createAlert, findAlertByKey } from "./store";
import type { DataReply } from "~/.server/data-reply";

/** The alert form's own words for a refused render time. */
const ALERT_STARTED_AT_MESSAGES = {
  invalid: "Não foi possível criar o alerta. Recarregue a página e tente de novo.",
  tooFast: "Formulário enviado rápido demais. Aguarde alguns segundos e clique em “Criar alerta” de novo.",
};

/** Alerts one IP may create per window (each sends a confirmation e-mail). */
export const ALERT_FORM_LIMIT = { points: 5, durationSeconds: 600 } as const;

const NO_STORE = FORM_NO_STORE;

/** The process's per-IP limiter of the alert form (in PostgreSQL with `DATABASE_URL`, else in memory). */
export function alertFormLimiter(): Limiter {
  return processLimiter("alert-form-limiter", { keyPrefix: "alert-form", ...ALERT_FORM_LIMIT });
}

/** Options of {@link handleAlertForm}. */
export interface HandleAlertFormOptions extends PublicFormOptions {
  /** The alert form's rate limiter (default: the process's). */
  limiter?: Limiter;
  /** Origin of the e-mail's links (default `PUBLIC_URL`). */
  publicUrl?: string;
}

/** Handles a POST of "Criar alerta". Never throws for bad input: every outcome is
 * a Response (redirect, malformed body) or `data()` with {@link AlertActionData}. */
export async function handleAlertForm(
  request: Request,
  options: HandleAlertFormOptions = {},
): Promise<Response | DataReply<AlertActionData>> {
  const read = await readGuardedForm(request);
  if (read instanceof Response) return read;
  const { formData, enhanced, startedAt, keepStarted } = read;
  const submission = parseWithZod(formData, { schema: alertFormSchema });
  const reply = (replyOptions?: ReplyOptions) => boundedReply(submission, alertFormSchema, replyOptions);
  const answer = formAnswer<AlertActionData["form"]>("alert-search", keepStarted);
  const succeed = () =>
    enhanced
      ? answer(reply({ resetForm: true }), 200, true)
      : redirect(`${ALERT_CREATE_PATH}?enviado=1`, { status: 303, headers: NO_STORE });

  if (honeypotFilled(formData.get(LEAD_FORM_FIELDS.honeypot))) {
    console.warn("[alertas] formulário descartado: campo-armadilha preenchido");
    return succeed();
  }
  if (submission.status !== "success") return answer(reply(), 400);
  const refused = startedAtRefusal(startedAt, options, ALERT_STARTED_AT_MESSAGES);
  if (refused) return answer(reply({ formErrors: [refused.message] }), 400, false, {}, refused.startedAt);

  const input = submission.value;
  const formKey = formData.get(LEAD_FORM_FIELDS.idempotencyKey);
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        typeof formKey === "string" && formKey.trim() ? formKey.trim().slice(0, 200) : randomUUID(),
        input.email,
        input.name ?? "",
        input.page,
      ]),
    )
    .digest("hex");
  try {
    const vocabulary = await getVocabulary({ db: options.db });
    const search = alertSearchOf(input.page, vocabulary);
    if (!search) {
      return answer(
        reply({ formErrors: ["Esta página não tem uma busca que possa virar alerta. Volte à lista de imóveis."] }),
        400,
      );
    }
    if (await findAlertByKey(key, options.db)) return succeed();
    try {
      await (options.limiter ?? alertFormLimiter()).consume(options.clientIp || "unknown");
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      return answer(
        reply({ formErrors: [`Você criou muitos alertas em pouco tempo. ${retryAfterText(seconds)}`] }),
        429,
        false,
        { "Retry-After": String(seconds) },
      );
    }
    const created = await createAlert(
      { email: input.email, name: input.name, search },
      {
        idempotencyKey: key,
        vocabulary,
        db: options.db,
        now: options.now != null ? new Date(options.now) : undefined,
        publicUrl: options.publicUrl,
      },
    );
    if ("tooMany" in created) {
      return answer(
        reply({
          fieldErrors: {
            email: [
              "Este e-mail já recebeu muitos pedidos de confirmação hoje. Confirme um alerta pelo link enviado ou tente amanhã.",
            ],
          },
        }),
        429,
        false,
        { "Retry-After": "86400" },
      );
    }
  } catch (error) {
    console.error("[alertas] não foi possível criar o alerta", error);
    return answer(
      reply({
        formErrors: [
          "Não conseguimos criar o alerta agora. Tente novamente em instantes: seus dados continuam no formulário.",
        ],
      }),
      503,
    );
  }
  return succeed();
}
