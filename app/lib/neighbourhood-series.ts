/**
 * The monthly chart of the neighbourhood market pages (ADR 0090): months
 * counted in São Paulo time (`~/lib/sao-paulo-time`), and a listing's asking
 * price at a past instant read back from the price history (migration 0012:
 * one row per change a sync saw, old and new value).
 */
import { saoPauloDate, saoPauloMidnight } from "./sao-paulo-time";
import { MAX_SERIES_MONTHS } from "./neighbourhood-market";

/** The São Paulo calendar month of an instant, `YYYY-MM`. */
export function saoPauloMonth(at: Date): string {
  return saoPauloDate(at).slice(0, 7);
}

/** `YYYY-MM` moved by `months` (negative = earlier). */
export function addMonths(month: string, months: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last instant (ms precision) of São Paulo month `month` (`YYYY-MM`). */
export function monthEnd(month: string): Date {
  return new Date(saoPauloMidnight(`${addMonths(month, 1)}-01`).getTime() - 1);
}

/**
 * The months of the chart, oldest first: from `from` (the first sync's
 * month) to the month of `now`, the latest {@link MAX_SERIES_MONTHS} of them
 * at most; just the current month when `from` is later.
 */
export function seriesMonths(from: string, now: Date, max = MAX_SERIES_MONTHS): string[] {
  const last = saoPauloMonth(now);
  const months: string[] = [];
  for (let month = last; months.length < max && month >= from; month = addMonths(month, -1)) months.push(month);
  if (months.length === 0) months.push(last);
  return months.reverse();
}

/** The instant a month's point stands for: its last instant, or `now` for the month not yet over. */
export function monthInstant(month: string, now: Date): Date {
  const end = monthEnd(month);
  return end.getTime() < now.getTime() ? end : now;
}

/** One recorded change of a listing's sale price or rent (BRL; null: no price on that side). */
export interface PriceChangeAt {
  oldValue: number | null;
  newValue: number | null;
  changedAt: Date;
}

/**
 * A listing's asking price at instant `at`: the new value of the latest
 * change at or before `at`; else the old value of the first change after
 * it; else `current` (no change recorded). Null when there was no price.
 * @param changes the listing's changes of one field, oldest first.
 */
export function priceAt(changes: readonly PriceChangeAt[], at: Date, current: number | null): number | null {
  const time = at.getTime();
  let before: PriceChangeAt | undefined;
  for (const change of changes) {
    if (change.changedAt.getTime() <= time) before = change;
    else return before ? before.newValue : change.oldValue;
  }
  return before ? before.newValue : current;
}

/**
 * True when the listing was on the market at `at`: first seen at or before
 * it (an unknown first sighting counts as before) and not removed by then.
 */
export function onMarketAt(listing: { firstSeenAt: Date | null; removedAt: Date | null }, at: Date): boolean {
  const time = at.getTime();
  if (listing.firstSeenAt && listing.firstSeenAt.getTime() > time) return false;
  return !listing.removedAt || listing.removedAt.getTime() > time;
}
