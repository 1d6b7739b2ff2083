/**
 * The forms of a visit (ADR 0088), shared by the pages and their actions: booking
 * `/detalhes/{condominio}/{id}/agendar` {slot, name, phone, email?} and moving a visit on
 * `/visitas/{token}` {slot}. The name, phone and e-mail rules are the contact forms'
 * (`./leads`, `visitLeadSchema`); pt-BR messages beside each field.
 */
import { z } from "zod";
import { visitLeadSchema } from "./leads";

/** The chosen slot: its start as an ISO instant (the radio button's value). */
export const slotField = z
  .string({ required_error: "Escolha um horário." })
  .trim()
  .min(1, "Escolha um horário.")
  .max(40, "Escolha um horário.")
  .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), "Escolha um horário.")
  .transform((value) => new Date(value));

/** The booking form: {slot, name, phone, email?}. */
export const visitBookingSchema = visitLeadSchema.pick({ name: true, phone: true, email: true }).extend({
  slot: slotField,
});

/** A validated booking. */
export type VisitBooking = z.output<typeof visitBookingSchema>;

/** The move form of the manage page: {slot}. */
export const visitMoveSchema = z.object({ slot: slotField });

/** What a visit form's action answers when it refuses (rendered beside the fields). */
export interface VisitFormErrors {
  /** pt-BR messages per field ("slot", "name", "phone", "email"). */
  fieldErrors: Record<string, string[]>;
  /** A message above the button (spam defence, rate limit, database down). */
  formError?: string;
  /** What was typed, echoed back (bounded by the schema's limits). */
  values?: Record<string, string>;
  /** A fresh render time when the old one expired. */
  startedAt?: string;
}

/** `?dia=YYYY-MM-DD` of a slot page, or null when absent or malformed. */
export function dayParam(url: URL): string | null {
  const value = url.searchParams.get("dia");
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** Days of slots shown per page (a GET `?dia=` pages on, so the page works without JavaScript). */
export const DAYS_PER_PAGE = 7;

/**
 * The days of one page of slots: from `dia` (or the first day) on, {@link DAYS_PER_PAGE} of the
 * days that have slots, with the first day of the previous and next pages (null at the ends).
 */
export function pageOfDays<T extends { day: string }>(
  groups: readonly T[],
  day: string | null,
): { shown: T[]; previous: string | null; next: string | null } {
  const found = day ? groups.findIndex((group) => group.day >= day) : 0;
  const start = found < 0 ? Math.max(0, groups.length - DAYS_PER_PAGE) : found;
  const shown = groups.slice(start, start + DAYS_PER_PAGE);
  const previousStart = start > 0 ? Math.max(0, start - DAYS_PER_PAGE) : -1;
  return {
    shown,
    previous: previousStart >= 0 ? groups[previousStart]!.day : null,
    next: groups[start + DAYS_PER_PAGE]?.day ?? null,
  };
}
