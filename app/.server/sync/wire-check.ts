/**
 * Guards between Vista's answer and the read model
 * (docs/decisions/0068-sync-faults.md):
 * - a price or update date that is present but cannot be read (an object,
 *   an array, text that is not a number or a date) refuses that listing's
 *   update, so the listing keeps its last good data instead of being hidden
 *   as "no price" (the adapter reads anything unreadable as "none");
 * - an update date after the agency's today is clamped to today, so one
 *   listing dated 2099 cannot become the incremental watermark and hide every
 *   later change; dates beyond a day's tolerance are reported as from the future.
 * Pure functions, no I/O; {@link adaptChecked} applies both around the adapter.
 */
import type { Listing } from "~/domain/listing";
import { saoPauloDate } from "~/lib/sao-paulo-time";
import { toListing } from "../vista/adapter";
import { parseDate, parseNumber } from "../vista/adapter-scalars";
import type { VistaListingWire } from "../vista/contract";
import { isoDate } from "./rows";

/** Money fields whose value, when present, must read as a number (docs/vista-api.md §4.5, §6.1). */
export const PRICE_FIELDS = ["ValorVenda", "ValorLocacao", "ValorCondominio", "ValorIptu"] as const;

/** Date fields whose value, when present, must read as a date (the watermark comes from `DataAtualizacao`). */
export const DATE_FIELDS = ["DataAtualizacao"] as const;

/**
 * Days past the agency's today before an update date counts as "from the
 * future" (and is logged): a clock or time zone a day apart is not an error.
 */
export const FUTURE_TOLERANCE_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a wire value means "no value": absent, null, or blank text. */
function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** Vista's zero date ("0000-00-00", with or without a time): no date, not a bad one. */
function zeroDate(value: unknown): boolean {
  return typeof value === "string" && /^0000-00-00(?:[ T].*)?$/.test(value.trim());
}

/**
 * The price and date fields of `wire` that hold a value the adapter cannot
 * read: not blank, yet not a number (prices) or a date (dates). "0" and ""
 * are readable (they mean "none"); `{}`, `[]`, `"abc"` and "2024-02-31" are not.
 * @returns field names, in {@link PRICE_FIELDS} then {@link DATE_FIELDS} order; empty when all are readable.
 */
export function unreadableFields(wire: VistaListingWire): string[] {
  const record = wire as Record<string, unknown>;
  const bad: string[] = [];
  for (const field of PRICE_FIELDS) {
    const value = record[field];
    if (!blank(value) && parseNumber(value) === null) bad.push(field);
  }
  for (const field of DATE_FIELDS) {
    const value = record[field];
    if (!blank(value) && !zeroDate(value) && parseDate(value) === null) bad.push(field);
  }
  return bad;
}

/** The agency's calendar day (`YYYY-MM-DD`, São Paulo: `~/lib/sao-paulo-time`) of an instant. */
export function agencyDay(at: Date): string {
  return saoPauloDate(at);
}

/** An update date checked against the clock: see {@link checkUpdateDay}. */
export interface CheckedDay {
  /** The date to store and to count in the watermark: the input, or the agency's today when it was later. */
  day: string;
  /** The input was after today plus {@link FUTURE_TOLERANCE_DAYS}: worth a log line. */
  future: boolean;
}

/**
 * Clamps an update date (`YYYY-MM-DD`) to the agency's today at `now`, and
 * says whether it was beyond the tolerance. A watermark made of clamped
 * dates never passes today, and the delta's `DataAtualizacao >= watermark`
 * still re-reads every listing dated today or later.
 */
export function checkUpdateDay(day: string, now: Date): CheckedDay {
  const today = agencyDay(now);
  if (day <= today) return { day, future: false };
  return { day: today, future: day > agencyDay(new Date(now.getTime() + FUTURE_TOLERANCE_DAYS * DAY_MS)) };
}

/** What {@link adaptChecked} makes of one listing's wire. */
export type CheckedListing =
  | {
      ok: true;
      /** The listing, its update date clamped to today. */
      listing: Listing;
      /** Its update date after the clamp (`YYYY-MM-DD`), null when it has none. */
      day: string | null;
      /** The update date Vista sent, when it was beyond the tolerance (else null). */
      futureDay: string | null;
    }
  | { ok: false; reason: "unreadable"; fields: string[] }
  | { ok: false; reason: "invalid"; message: string };

/**
 * The domain listing of `wire` (`toListing`), refused when a price or date
 * cannot be read ({@link unreadableFields}) or the adapter throws, with its
 * update date checked against `now` ({@link checkUpdateDay}).
 */
export function adaptChecked(wire: VistaListingWire, now: Date): CheckedListing {
  const fields = unreadableFields(wire);
  if (fields.length) return { ok: false, reason: "unreadable", fields };
  let listing: Listing;
  try {
    listing = toListing(wire);
  } catch (error) {
    return { ok: false, reason: "invalid", message: error instanceof Error ? error.message : String(error) };
  }
  const updated = isoDate(listing.updatedAt);
  if (!updated) return { ok: true, listing, day: null, futureDay: null };
  const checked = checkUpdateDay(updated, now);
  if (checked.day !== updated) listing = { ...listing, updatedAt: checked.day };
  return { ok: true, listing, day: checked.day, futureDay: checked.future ? updated : null };
}
