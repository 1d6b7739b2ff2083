/**
 * What the contact forms need besides their zod schemas (`./leads`): the
 * length limits of each field, the kinds of form, the `/lgpd` request types,
 * the names of the hidden guard inputs, and what the server hands a form
 * (its tokens) and answers it. Plain data, so a page can draw a
 * form without loading zod (its validation arrives on the first interaction,
 * docs/decisions/0039-fast-on-a-phone.md).
 */
import type { SubmissionResult } from "@conform-to/react";

/** Most characters a message may have: 2,000 (the product's rule for contact messages). */
export const LEAD_MESSAGE_MAX = 2000;
/** Most characters of a visitor's name. */
export const LEAD_NAME_MAX = 120;
/** Most characters of a typed phone (punctuation and "+55" included). */
export const LEAD_PHONE_MAX = 40;
/** Most characters of an e-mail address. */
export const LEAD_EMAIL_MAX = 254;
/** Most characters of the location of a property to sell. */
export const LEAD_LOCATION_MAX = 200;
/** Most characters of the page a WhatsApp contact came from (origin + path). */
export const LEAD_PAGE_MAX = 2000;
/** Most characters of one `utm_*` value. */
export const LEAD_UTM_VALUE_MAX = 200;

/**
 * What a data subject may ask on `/lgpd` (LGPD art. 18: access, correction,
 * deletion, portability, information on sharing, revocation of consent), with
 * the pt-BR label of each.
 */
export const LGPD_REQUEST_TYPES = {
  acesso: "Acesso aos meus dados",
  correcao: "Correção de dados",
  eliminacao: "Eliminação (exclusão) de dados",
  portabilidade: "Portabilidade dos dados",
  informacao: "Informação sobre compartilhamento",
  revogacao: "Revogação do consentimento",
} as const;

/** A key of {@link LGPD_REQUEST_TYPES}. */
export type LgpdRequestType = keyof typeof LGPD_REQUEST_TYPES;

/** The contact forms a page can carry. */
export type LeadFormKind = "sell" | "info" | "alert" | "lgpd";

/**
 * Names of the hidden inputs every contact form carries besides its fields
 * (app/.server/leads/form-guard.ts checks them).
 */
export const LEAD_FORM_FIELDS = {
  /** Honeypot: hidden from people and autofill; bots fill it. */
  honeypot: "website",
  /** Signed render time (minimum fill time). */
  startedAt: "startedAt",
  /** The rendered form's idempotency key. */
  idempotencyKey: "idempotencyKey",
  /** "1" once the page is hydrated: the action answers JSON (toast) instead of redirecting to /obrigado. */
  enhanced: "js",
} as const;

/** What a rendered form needs from the server: a signed start time and a fresh idempotency key. */
export interface LeadFormTokens {
  /** `<ms since epoch>.<hex HMAC>`; goes into the {@link LEAD_FORM_FIELDS} `startedAt` input. */
  startedAt: string;
  /** Random UUID; goes into the `idempotencyKey` input (the browser replaces it with its own after hydration). */
  idempotencyKey: string;
}

/** What the contact forms' action answers (except the no-JS success redirect). */
export interface LeadActionData {
  /** Which form the answer is for. */
  form: LeadFormKind;
  /** Conform's result: field errors, form errors, or a reset after success. */
  result: SubmissionResult<string[]>;
  /** True when the lead was accepted (or was already accepted). */
  sent: boolean;
  /** The form's original signed render time, kept across a refused submission. */
  startedAt?: string;
}
