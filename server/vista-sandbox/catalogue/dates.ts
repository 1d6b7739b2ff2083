/**
 * Calendar arithmetic on ISO dates ("YYYY-MM-DD") without Date objects, and
 * the catalogue's fixed reference date.
 */

/**
 * The fixed "today" of the catalogue: update and registration dates are spread
 * over the ~10 months before it, so the data never changes between runs.
 * `touch` (mutations) stamps the real current date, which is later.
 */
export const REFERENCE_DATE = "2026-11-01";

/** Days since 1970-01-01 of an ISO date (proleptic Gregorian; H. Hinnant's algorithm, no Date objects: fast at start-up). */
function epochDay(iso: string): number {
  let y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** ISO date of an epoch day (inverse of {@link epochDay}). */
function isoOfEpochDay(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** ISO date `days` after (negative: before) `iso` ("YYYY-MM-DD"). */
export function addDays(iso: string, days: number): string {
  return isoOfEpochDay(epochDay(iso) + days);
}

/** Whole days from `from` to `to` (ISO dates; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** Two-digit zero-padded text of 0–99. */
export const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
