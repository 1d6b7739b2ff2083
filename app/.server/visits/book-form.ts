/**
 * The actions of the visit pages (ADR 0088), with the contact forms' defences
 * (`../leads/form-guard`): honeypot, signed render time (minimum fill time), per-IP rate limit,
 * idempotency (the same rendered form books once), pt-BR messages beside the fields.
 *
 * Booking answers a 303 to the manage page `/visitas/{token}?agendada=1`, which is also the
 * confirmation; a refused form answers `data()` {@link VisitFormErrors} (400, 409 when the slot was
 * taken meanwhile, 429, 503) and the page, reloaded by Remix, shows fresh slots.
 */
import { data, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import type { ZodError } from "zod";
import { visitBookingSchema, visitMoveSchema, type VisitFormErrors } from "~/lib/visit-form";
import type { Db } from "../db";
import { describeErrorWithoutData } from "../db/errors";
import {
  FORM_NO_STORE,
  honeypotFilled,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  leadRateLimiters,
  readGuardedForm,
  retryAfterText,
  startedAtRefusal,
  type LeadRateLimiters,
} from "../leads/form-guard";
import { bookVisit, VisitSlotError } from "./booking";
import { visitManagePath } from "./mail-worker";
import { cancelVisit, rescheduleVisit } from "./manage";
import type { VisitRow } from "./types";
import type { DataReply } from "~/.server/data-reply";

/** Options of {@link handleVisitBooking}. */
export interface VisitBookingOptions {
  db: Db;
  listingCode: string;
  /** Where a bot (honeypot filled) is sent: the listing page. */
  listingPath: string;
  clientIp?: string;
  now?: Date;
  secrets?: string[];
  limiters?: LeadRateLimiters;
}

const LIMIT = 80;

/** The typed values to echo back: strings only, each cut to a bounded length. */
function echo(formData: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, LIMIT * 3);
  }
  return values;
}

/** zod's issues as pt-BR messages per field. */
function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  return error.flatten().fieldErrors as Record<string, string[]>;
}

function refuse(errors: VisitFormErrors, status: number, headers: HeadersInit = {}): DataReply<VisitFormErrors> {
  return data(errors, { status, headers: { ...FORM_NO_STORE, ...headers } });
}

/**
 * Handles a POST of the booking form. Never throws for bad input: every outcome is a Response or `data()`
 * (see the module comment); a database failure answers 503 with the data still in the form.
 */
export async function handleVisitBooking(
  request: Request,
  options: VisitBookingOptions,
): Promise<Response | DataReply<VisitFormErrors>> {
  const read = await readGuardedForm(request);
  if (read instanceof Response) return read;
  const { formData, startedAt, keepStarted } = read;
  const values = echo(formData, ["slot", "name", "phone", "email"]);
  if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
    console.warn("[visitas] agendamento descartado: campo-armadilha preenchido");
    return redirect(options.listingPath, { status: 303, headers: FORM_NO_STORE });
  }
  const parsed = visitBookingSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return refuse({ fieldErrors: fieldErrorsOf(parsed.error), values, startedAt: keepStarted }, 400);
  }
  const refused = startedAtRefusal(startedAt, { now: options.now?.getTime(), secrets: options.secrets });
  if (refused) {
    return refuse(
      { fieldErrors: {}, formError: refused.message, values, startedAt: refused.startedAt ?? keepStarted },
      400,
    );
  }
  const formKey = formData.get(IDEMPOTENCY_FIELD);
  const input = {
    listingCode: options.listingCode,
    startsAt: parsed.data.slot,
    name: parsed.data.name,
    phone: parsed.data.phone,
    email: parsed.data.email,
    formKey: typeof formKey === "string" && formKey.trim() ? formKey.slice(0, 200) : randomUUID(),
  };
  try {
    const limited = await (options.limiters ?? leadRateLimiters()).consumeForm(options.clientIp ?? "unknown");
    if (limited) {
      const message = `Você enviou muitos pedidos em pouco tempo. ${retryAfterText(limited.retryAfterSeconds)}`;
      return refuse({ fieldErrors: {}, formError: message, values, startedAt: keepStarted }, 429, {
        "Retry-After": String(limited.retryAfterSeconds),
      });
    }
    const booked = await bookVisit(input, { db: options.db, now: options.now });
    return redirect(`${visitManagePath(booked.token)}?agendada=1`, { status: 303, headers: FORM_NO_STORE });
  } catch (error) {
    if (error instanceof VisitSlotError) {
      const { slot: _slot, ...kept } = values;
      void _slot;
      return refuse({ fieldErrors: { slot: [error.message] }, values: kept, startedAt: keepStarted }, 409);
    }
    console.error("[visitas] não foi possível agendar a visita:", describeErrorWithoutData(error));
    const message = "Não conseguimos agendar agora. Tente novamente em instantes: seus dados continuam no formulário.";
    return refuse({ fieldErrors: {}, formError: message, values, startedAt: keepStarted }, 503);
  }
}

/**
 * Handles a POST of the manage page: `intent=reschedule` with `slot`, or `intent=cancel`.
 * Success answers 303 back to the page (`?remarcada=1` / `?cancelada=1`); a refused change
 * answers {@link VisitFormErrors} (400 bad slot, 409 taken or no longer changeable, 503).
 * `options.headers` go on every answer (the page's own: no referrer, not indexed).
 */
export async function handleVisitChange(
  request: Request,
  visit: VisitRow,
  token: string,
  options: { db: Db; now?: Date; headers?: Record<string, string> },
): Promise<Response | DataReply<VisitFormErrors>> {
  const headers = { ...FORM_NO_STORE, ...options.headers };
  const refused = (errors: VisitFormErrors, status: number) => refuse(errors, status, headers);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refused({ fieldErrors: {}, formError: "Formulário inválido." }, 400);
  }
  const intent = formData.get("intent");
  const path = visitManagePath(token);
  try {
    if (intent === "cancel") {
      await cancelVisit(options.db, visit, { now: options.now });
      return redirect(`${path}?cancelada=1`, { status: 303, headers });
    }
    if (intent !== "reschedule") return refused({ fieldErrors: {}, formError: "Ação inválida." }, 400);
    const parsed = visitMoveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refused({ fieldErrors: fieldErrorsOf(parsed.error) }, 400);
    await rescheduleVisit(options.db, visit, parsed.data.slot, { now: options.now });
    return redirect(`${path}?remarcada=1`, { status: 303, headers });
  } catch (error) {
    if (error instanceof VisitSlotError) return refused({ fieldErrors: { slot: [error.message] } }, 409);
    console.error("[visitas] não foi possível alterar a visita:", describeErrorWithoutData(error));
    return refused(
      { fieldErrors: {}, formError: "Não conseguimos alterar a visita agora. Tente novamente em instantes." },
      503,
    );
  }
}
