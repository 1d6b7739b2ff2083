/**
 * The agency's calendar and clock: America/Sao_Paulo, the one time zone the
 * site counts days, nights and dates in (lead and audit times, analytics
 * days, LGPD due dates, the sync's nightly reconciliation, Vista dates).
 *
 * Brazil has kept UTC−3 all year since daylight saving ended in 2019, but a
 * law can bring it back: nothing here assumes an offset. Every conversion
 * asks the runtime's time-zone database (`Intl`), so a future rule change
 * only needs an updated Node (docs/decisions/0077-one-of-each.md).
 */

/** The IANA name of the agency's time zone (also valid in PostgreSQL's `at time zone`). */
export const SAO_PAULO_TIME_ZONE = "America/Sao_Paulo";

const MINUTE_MS = 60_000;
const HALF_DAY_MS = 12 * 60 * MINUTE_MS;

/** Formatters are costly to build: one per set of options, kept for the process. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A cached `Intl.DateTimeFormat` in São Paulo time.
 * @param locale e.g. "pt-BR" for text shown to people, "en-CA" for `YYYY-MM-DD`.
 * @param options any options but `timeZone`, which is always São Paulo's.
 */
export function saoPauloFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, "timeZone">,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SAO_PAULO_TIME_ZONE });
    formatters.set(key, format);
  }
  return format;
}

/** The São Paulo calendar day of an instant, `YYYY-MM-DD`. */
export function saoPauloDate(at: Date): string {
  return saoPauloFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The São Paulo calendar year of an instant. */
export function saoPauloYear(at: Date): number {
  return Number(saoPauloFormat("en", { year: "numeric" }).format(at));
}

/**
 * The São Paulo wall clock of an instant as if it were UTC, in ms since the
 * epoch (its difference from the instant is the offset in force then).
 */
function wallClockMs(at: Date): number {
  const parts = saoPauloFormat("en-US", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

/** São Paulo's offset from UTC at an instant, in minutes (−180 for UTC−3). */
export function saoPauloOffsetMinutes(at: Date): number {
  const wholeSecond = Math.floor(at.getTime() / 1000) * 1000;
  return Math.round((wallClockMs(new Date(wholeSecond)) - wholeSecond) / MINUTE_MS);
}

/**
 * The instant the São Paulo clock reads `hour`:`minute` on `day`.
 * On a day clocks go forward, a time that does not exist is read with the
 * offset in force before the change (so it lands one hour later on the clock);
 * on a day they go back, a time that happens twice is its first occurrence.
 * @param day `YYYY-MM-DD`; a day past the month's end (2026-02-30) rolls over
 * into the next month, as `Date` reads such an ISO date.
 * @throws RangeError when `day` is not of that form, or its month or day is out of 1–12 or 1–31.
 */
export function saoPauloTime(day: string, hour = 0, minute = 0): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${day}`);
  const month = Number(match[2]);
  const date = Number(match[3]);
  if (month < 1 || month > 12 || date < 1 || date > 31) throw new RangeError(`not a YYYY-MM-DD date: ${day}`);
  const wall = Date.UTC(Number(match[1]), month - 1, date, hour, minute);
  // The offsets in force half a day either side: a clock change, if any, is
  // between them, and the answer is the wall time read with one of the two.
  const before = saoPauloOffsetMinutes(new Date(wall - HALF_DAY_MS));
  const after = saoPauloOffsetMinutes(new Date(wall + HALF_DAY_MS));
  const readings = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wallClockMs(new Date(instant)) === wall);
  return new Date(readings.length > 0 ? Math.min(...readings) : wall - before * MINUTE_MS);
}

/** The instant a São Paulo calendar day starts (`YYYY-MM-DD`; see {@link saoPauloTime}). */
export function saoPauloMidnight(day: string): Date {
  return saoPauloTime(day, 0, 0);
}

/** `YYYY-MM-DD` moved by `days` (negative = earlier): calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
