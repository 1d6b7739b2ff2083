/**
 * What the "Criar alerta" form and the alert pages need besides the form's
 * zod schema (`./alerts`, ADR 0034): the pages' paths, the fields' limits and
 * the action's answer. Plain data, so a list page draws the form without
 * loading zod.
 */
import type { SubmissionResult } from "@conform-to/react";
import { LEAD_NAME_MAX } from "./lead-fields";

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
