/**
 * Business minutes: the time between two instants that falls inside the
 * agency's opening hours, counted on the São Paulo clock (ADR 0080). The lead
 * response target ("a lead is answered within 15 minutes") is counted this
 * way, so a contact that arrives at night is not late before the agency opens.
 *
 * Pure: the opening hours come from the agency profile (`OpeningHours` of
 * `./agency`, one line per typed period such as "Seg–Sex 9h–18h"); with no
 * hours set every minute counts. Holidays are not known to the profile and
 * count as ordinary days.
 */
import { WEEKDAYS, type OpeningHours } from "./agency";
import { addDays, saoPauloDate, saoPauloTime } from "./sao-paulo-time";

const MINUTE_MS = 60_000;

/** A half-open interval [start, end) in ms since the epoch. */
type Span = [number, number];

/** "09:30" → [9, 30]; "24:00" is the end of the day. */
function clock(value: string): [number, number] {
  const [hours = "0", minutes = "0"] = value.split(":");
  return [Number(hours), Number(minutes)];
}

/** The weekday name (schema.org, Monday first) of a São Paulo calendar day `YYYY-MM-DD`. */
function weekdayOf(day: string): (typeof WEEKDAYS)[number] {
  // Noon UTC of that date is the same calendar day; getUTCDay() is 0 for Sunday.
  const sundayFirst = new Date(`${day}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** The open periods of one São Paulo day, merged where lines overlap (so no minute counts twice). */
function openSpans(day: string, hours: OpeningHours): Span[] {
  const weekday = weekdayOf(day);
  const spans = hours
    .filter((line) => line.days.includes(weekday))
    .map((line): Span => {
      const [openH, openM] = clock(line.opens);
      const [closeH, closeM] = clock(line.closes);
      return [saoPauloTime(day, openH, openM).getTime(), saoPauloTime(day, closeH, closeM).getTime()];
    })
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/**
 * The minutes between `from` and `to` that fall inside the opening hours
 * (fractional: seconds count too). With no opening hours, every minute counts
 * (`(to − from) / 60 000`). Zero when `to` is not after `from`.
 * The work grows with the number of days between the two instants (one pass per day).
 */
export function businessMinutesBetween(from: Date, to: Date, hours: OpeningHours): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  if (!hours.length) return (end - start) / MINUTE_MS;
  let total = 0;
  const lastDay = saoPauloDate(to);
  for (let day = saoPauloDate(from); day <= lastDay; day = addDays(day, 1)) {
    for (const [open, close] of openSpans(day, hours)) {
      const overlap = Math.min(close, end) - Math.max(open, start);
      if (overlap > 0) total += overlap;
    }
  }
  return total / MINUTE_MS;
}

/**
 * The instant at which `minutes` business minutes have passed since `from`
 * (see {@link businessMinutesBetween}): e.g. when a lead received on a Friday
 * night becomes late. Looks at most `maxDays` São Paulo days ahead (default
 * 14); null when the hours never open in that window (e.g. every line empty).
 */
export function addBusinessMinutes(from: Date, minutes: number, hours: OpeningHours, maxDays = 14): Date | null {
  const start = from.getTime();
  if (!hours.length) return new Date(start + Math.max(0, minutes) * MINUTE_MS);
  let left = Math.max(0, minutes) * MINUTE_MS;
  let day = saoPauloDate(from);
  const stop = addDays(day, maxDays);
  for (; day <= stop; day = addDays(day, 1)) {
    for (const [open, close] of openSpans(day, hours)) {
      const begin = Math.max(open, start);
      if (close <= begin) continue;
      if (close - begin >= left) return new Date(begin + left);
      left -= close - begin;
    }
  }
  return null;
}
