/**
 * Spam defence of the contact forms (docs/product.md "Contact
 * requests": honeypot field, minimum fill time, per-IP rate limit) and the
 * per-form idempotency key. ADR 0015.
 *
 * - Honeypot: a field no person sees (`HONEYPOT_FIELD`); a filled one makes
 *   the submission look successful to the bot and records nothing.
 * - Minimum fill time: each rendered form carries a signed timestamp
 *   (`STARTED_FIELD`, HMAC with the session secret). A form sent less than
 *   `FORM_MIN_FILL_MS` (configuration, default {@link MIN_FILL_MS}) after it
 *   was rendered is refused with a message that
 *   asks to send again (the visitor's data stays in the form: nothing is lost).
 *   Cached pages only make the timestamp older, never younger.
 * - Maximum age: a token older than {@link FORM_TOKEN_MAX_AGE_MS} is
 *   "expired", so one rendered form cannot serve a script for days; the
 *   form's action answers with a fresh token and a pt-BR message asking to
 *   send again (the typed data stays in the form). Tokens are HMACs of the
 *   render time: they cannot be forged or made younger.
 * - Rate limits per client IP with rate-limiter-flexible (counted in
 *   PostgreSQL with `DATABASE_URL`, shared by every server process; in memory
 *   on PGlite; `../rate-limit`, docs/decisions/0026-several-servers.md):
 *   {@link FORM_LIMIT} form leads and {@link WHATSAPP_LIMIT} WhatsApp
 *   contacts per window.
 * - Idempotency: the stored key is a hash of the form's key AND the
 *   normalised request, so a resubmission of the same form (double click,
 *   refresh, retry) finds the first lead, while two visitors who got the same
 *   cached form with different data never collide.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import { LEAD_FORM_FIELDS, type LeadFormTokens } from "~/lib/lead-fields";
import type { LeadInput } from "~/lib/leads";
import { getConfig } from "../config";
import type { Db } from "../db";
import { getSessionSecrets } from "../flash";
import { createLimiter, defaultRateLimitStore, type Limiter, type RateLimitStore } from "../rate-limit";
import { singleton } from "../singleton";

/** Name of the honeypot input (looks like a field bots love to fill; hidden from people and autofill). */
export const HONEYPOT_FIELD = LEAD_FORM_FIELDS.honeypot;
/** Name of the hidden input with the signed render time. */
export const STARTED_FIELD = LEAD_FORM_FIELDS.startedAt;
/** Name of the hidden input with the form's idempotency key. */
export const IDEMPOTENCY_FIELD = LEAD_FORM_FIELDS.idempotencyKey;
/** Name of the hidden input set to "1" by the browser once the page is hydrated (answer as JSON, not a redirect). */
export const ENHANCED_FIELD = LEAD_FORM_FIELDS.enhanced;

/**
 * Shortest time (ms) between rendering a form and sending it that a person
 * plausibly needs: the default of `FORM_MIN_FILL_MS`, which the end-to-end
 * test server lowers so that its browser need not wait.
 */
export const MIN_FILL_MS = 3000;

/**
 * Longest time (ms) between rendering a form and sending it: 2 hours. Far
 * above a person's fill time plus the longest a public page is cached
 * (`s-maxage` 5 min + 10 min stale), far below "one token for ever".
 */
export const FORM_TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** Shape of a signed render time, `<ms>.<64 hex>` ({@link checkStartedAt} checks the signature). */
export const STARTED_AT_SHAPE = /^\d{10,16}\.[0-9a-f]{64}$/;

/** Form leads (sell, info, alert) per IP per window. */
export const FORM_LIMIT = { points: 5, durationSeconds: 600 } as const;
/** WhatsApp contacts recorded per IP per window (the visitor always continues to WhatsApp). */
export const WHATSAPP_LIMIT = { points: 20, durationSeconds: 600 } as const;

function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(`lead-form:${value}`).digest("hex");
}

/** Tokens for one rendered form, signed with the first session secret. */
export function leadFormTokens(now: number = Date.now(), secrets: string[] = getSessionSecrets()): LeadFormTokens {
  const stamp = String(Math.floor(now));
  return { startedAt: `${stamp}.${sign(stamp, secrets[0])}`, idempotencyKey: randomUUID() };
}

/** What {@link checkStartedAt} found: usable, sent too soon, too old, or not a token of ours. */
export type StartedAtCheck = "ok" | "too-fast" | "expired" | "invalid";

/**
 * Checks the signed start time of a submission.
 * @returns "ok"; "too-fast" when sent less than `minFillMs` (default the
 *   configured `FORM_MIN_FILL_MS`) after rendering;
 *   "expired" when rendered more than `maxAgeMs` (default {@link FORM_TOKEN_MAX_AGE_MS}) ago;
 *   "invalid" when missing, malformed, forged, or from the future (more than 1 min).
 */
export function checkStartedAt(
  token: unknown,
  now: number = Date.now(),
  secrets: string[] = getSessionSecrets(),
  maxAgeMs: number = FORM_TOKEN_MAX_AGE_MS,
  minFillMs: number = getConfig().FORM_MIN_FILL_MS,
): StartedAtCheck {
  if (typeof token !== "string") return "invalid";
  const match = /^(\d{10,16})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return "invalid";
  const [, stamp, mac] = match;
  const given = Buffer.from(mac, "hex");
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(stamp, secret), "hex");
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return "invalid";
  const elapsed = now - Number(stamp);
  if (elapsed < -60_000) return "invalid";
  if (elapsed > maxAgeMs) return "expired";
  return elapsed < minFillMs ? "too-fast" : "ok";
}

/** The pt-BR message beside a form whose token expired (the answer carries a fresh token). */
export const EXPIRED_FORM_MESSAGE =
  "Este formulário ficou aberto por muito tempo. Confira seus dados e clique em enviar novamente.";

/** The pt-BR messages of a refused render time; a form may word its own. */
export interface StartedAtMessages {
  invalid: string;
  tooFast: string;
}

/**
 * What a form sent before the minimum fill time says: the reason and what to do (the data
 * typed are fine and stay in the form, so "confira seus dados" would send the visitor
 * looking for a mistake that is not there; ADR 0092).
 */
export const TOO_FAST_FORM_MESSAGE = "Formulário enviado rápido demais. Aguarde alguns segundos e envie de novo.";

/** The contact and LGPD forms' messages for a refused render time. */
export const FORM_STARTED_AT_MESSAGES: StartedAtMessages = {
  invalid: "Não foi possível enviar o formulário. Recarregue a página e tente de novo.",
  tooFast: TOO_FAST_FORM_MESSAGE,
};

/**
 * Why a submission's render time is refused, as the message shown beside the
 * form and, for an expired one, the fresh render time that goes back with it
 * (so the next send is accepted and the typed data stays); null when usable.
 */
export function startedAtRefusal(
  token: unknown,
  options: { now?: number; secrets?: string[] },
  messages: StartedAtMessages = FORM_STARTED_AT_MESSAGES,
): { message: string; startedAt?: string } | null {
  const started = checkStartedAt(token, options.now, options.secrets);
  if (started === "ok") return null;
  if (started === "invalid") return { message: messages.invalid };
  if (started === "too-fast") return { message: messages.tooFast };
  return { message: EXPIRED_FORM_MESSAGE, startedAt: leadFormTokens(options.now, options.secrets).startedAt };
}

/**
 * A fingerprint of one rendered form's token (SHA-256 of the signed render
 * time, hex): the stored idempotency key of a form whose token is used once
 * (the page that renders it is never shared through a cache).
 */
export function formTokenKey(purpose: string, startedAt: string): string {
  return createHash("sha256").update(`form-token:${purpose}:${startedAt}`).digest("hex");
}

/** Whether the honeypot field carries anything (a bot filled every input). */
export function honeypotFilled(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The idempotency key stored with a lead: SHA-256 of the form's key and the
 * normalised request (kind and every field), hex. The same form sent twice
 * gives the same key; the same cached form sent by two people with different
 * data gives two keys.
 */
export function storedIdempotencyKey(formKey: string, lead: LeadInput): string {
  const fields = Object.entries(lead)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256")
    .update(JSON.stringify([formKey.trim(), fields]))
    .digest("hex");
}

/** A refused rate-limit check: seconds until the visitor may try again. */
export interface RateLimited {
  retryAfterSeconds: number;
}

/** Per-IP limiters (the rules above), of this process or shared through PostgreSQL. */
export interface LeadRateLimiters {
  /** Counts one form lead for `ip`; null when allowed. */
  consumeForm(ip: string): Promise<RateLimited | null>;
  /** Counts one WhatsApp contact for `ip`; null when allowed. */
  consumeWhatsApp(ip: string): Promise<RateLimited | null>;
}

/**
 * Fresh limiters with the given rules (tests); the app uses {@link leadRateLimiters}.
 * @param store PostgreSQL database whose table holds the counts (shared by
 *   every process on it), or null/omitted for this process's memory.
 */
export function createLeadRateLimiters(
  form: { points: number; durationSeconds: number } = FORM_LIMIT,
  whatsapp: { points: number; durationSeconds: number } = WHATSAPP_LIMIT,
  store: RateLimitStore = null,
): LeadRateLimiters {
  const formLimiter = createLimiter({ keyPrefix: "lead-form", ...form }, store);
  const whatsappLimiter = createLimiter({ keyPrefix: "lead-whatsapp", ...whatsapp }, store);
  const consume = async (limiter: Limiter, ip: string): Promise<RateLimited | null> => {
    try {
      await limiter.consume(ip || "unknown");
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      throw error;
    }
  };
  return {
    consumeForm: (ip) => consume(formLimiter, ip),
    consumeWhatsApp: (ip) => consume(whatsappLimiter, ip),
  };
}

/** The process's limiters (counted in PostgreSQL with `DATABASE_URL`, else in memory). */
export function leadRateLimiters(): LeadRateLimiters {
  return singleton("lead-rate-limiters", () =>
    createLeadRateLimiters(FORM_LIMIT, WHATSAPP_LIMIT, defaultRateLimitStore()),
  );
}

/** "Tente novamente em 7 minutos." / "… em 30 segundos." */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `Tente novamente em ${seconds} ${seconds === 1 ? "segundo" : "segundos"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

/** The cache header of every answer of a public form (each answer is the visitor's own). */
export const FORM_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A public form's POST as {@link readGuardedForm} reads it. */
export interface GuardedForm {
  formData: FormData;
  /** The page was hydrated ({@link ENHANCED_FIELD}): the action answers JSON instead of redirecting. */
  enhanced: boolean;
  /** The posted render time as sent ({@link STARTED_FIELD}; `startedAtRefusal` checks it). */
  startedAt: FormDataEntryValue | null;
  /** {@link startedAt} to echo back, when shaped like one ({@link STARTED_AT_SHAPE}); else undefined. */
  keepStarted: string | undefined;
}

/**
 * Reads the POST of a public form (leads, alerts, LGPD). The render time is
 * echoed back only when shaped like one (`<ms>.<64 hex>`), never an
 * arbitrary posted value.
 * @returns the form, or the 400 answer to send when the body is not form data.
 */
export async function readGuardedForm(request: Request): Promise<GuardedForm | Response> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return Response.json({ error: "Formulário inválido." }, { status: 400, headers: FORM_NO_STORE });
  }
  const startedAt = formData.get(STARTED_FIELD);
  return {
    formData,
    enhanced: formData.get(ENHANCED_FIELD) === "1",
    startedAt,
    keepStarted: typeof startedAt === "string" && STARTED_AT_SHAPE.test(startedAt) ? startedAt : undefined,
  };
}

/**
 * The `data()` answer of a hydrated public form (`LeadActionData`, `AlertActionData`):
 * `form` names it, `result` is conform's reply, `sent` says it went through;
 * until then the render time goes back (by default the posted one, if shaped
 * like one) so the next try keeps its fill time.
 */
export function formAnswer<Form extends string>(form: Form, keepStarted: string | undefined) {
  return (
    result: SubmissionResult<string[]>,
    status: number,
    sent = false,
    headers: HeadersInit = {},
    startedAt = keepStarted,
  ) =>
    data(
      { form, result, sent, startedAt: sent ? undefined : startedAt },
      { status, headers: { ...FORM_NO_STORE, ...headers } },
    );
}

/** The options every public form's handler takes (leads, LGPD requests, alerts). */
export interface PublicFormOptions {
  /** Client IP (`context.clientIp`); keys the rate limit. */
  clientIp?: string;
  /** Database (default: the process database). */
  db?: Db;
  /** Clock, ms (tests). */
  now?: number;
  /** Session secrets that sign the render time (tests). */
  secrets?: string[];
}
