/**
 * Saved-search alerts by e-mail (ADR 0034): the "Criar alerta" form's zod
 * schema (shared by the action and the browser), its field names and the
 * alert pages' paths. The filters are not posted as data: the form posts the
 * page it is on (`pagina`, a site path such as
 * `/todos-os-imoveis/venda-apartamento?quartos=2` or `/busca?q=moema`) and the
 * server reads the filters from it with the list pages' own codec.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { emailSchema, LEAD_NAME_MAX } from "./leads";
import { singleLineText } from "./text-fields";

/** The manage page: `?token=…` lists the alerts of one e-mail address. */
export const ALERTS_PATH = "/alertas";
/** Where the "Criar alerta" form posts; GET shows "Confirme seu e-mail" (no-JS success). */
export const ALERT_CREATE_PATH = "/alertas/criar";
/** The confirmation link of the double opt-in (`?token=…`). */
export const ALERT_CONFIRM_PATH = "/alertas/confirmar";
/** The one-click unsubscribe link (`?token=…`; POST per RFC 8058, GET shows a button). */
export const ALERT_UNSUBSCRIBE_PATH = "/alertas/cancelar";

/** Most characters of the page path an alert is created from. */
export const ALERT_PAGE_MAX = 2000;
/** Most characters of an alert's optional name. */
export const ALERT_NAME_MAX = Math.min(LEAD_NAME_MAX, 80);

/** The site path of the page the form is on: starts with "/", no scheme or host, one line. */
const pagePath = singleLineText({
  max: ALERT_PAGE_MAX,
  required: "Página inválida.",
  maxMessage: "Página inválida.",
  rules: (value) => value.regex(/^\/(?!\/)[^\s\\]*$/, "Página inválida."),
});

/** "Criar alerta": `{ email, name?, page }` (page = the list, search or map page's path and query). */
export const alertFormSchema = z.object({
  email: emailSchema,
  name: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    singleLineText({ max: ALERT_NAME_MAX }).optional(),
  ),
  page: pagePath,
});

/** A valid "Criar alerta" submission. */
export type AlertFormInput = z.output<typeof alertFormSchema>;

/** What the create action answers a hydrated form (the no-JS success is a 303 to {@link ALERT_CREATE_PATH}). */
export interface AlertActionData {
  /** Always "alert-search": tells this answer from another form's on the same page. */
  form: "alert-search";
  /** Conform's result: field errors, form errors, or a reset after success. */
  result: SubmissionResult<string[]>;
  /** True when the alert was saved (or already was) and the confirmation e-mail queued. */
  sent: boolean;
  /** The form's signed render time, kept across a refused submission. */
  startedAt?: string;
}
