/**
 * The bookable times of a calendar (ADR 0088), pure: from the weekly hours (a broker's own, or
 * the agency's opening hours), the booked visits and the clock, the slots a visitor may choose.
 *
 * Rules:
 * - the grid: each opening interval of a São Paulo day is cut into slots of `slotMinutes` from its
 *   start; a slot must end by the interval's end (wall clock);
 * - days off and weekdays without hours give no slot;
 * - a slot must start at least `minNoticeMinutes` after now (default 2 h): the past is gone too;
 * - the horizon: today and the next `horizonDays − 1` São Paulo days (default 14 days in all);
 * - a slot is taken when it overlaps a booked visit widened by `bufferMinutes` on both sides (the
 *   broker's travel time between two visits).
 *
 * Wall-clock times become instants through `./sao-paulo-time`, which asks the time-zone database
 * (Intl) for the offset of each day: no fixed UTC−3, so a return of daylight saving only needs
 * an updated Node. A wall time that does not exist (clocks going forward) gives no slot.
 */
import { WEEKDAYS, type OpeningHours } from "./agency";
import { addDays, saoPauloDate, saoPauloFormat, saoPauloTime } from "./sao-paulo-time";

const MINUTE_MS = 60_000;

/** One opening interval, São Paulo wall clock "HH:MM" (24 h; end exclusive, "24:00" allowed). */
export interface VisitHours {
  start: string;
  end: string;
}

/**
 * A calendar's bookable time. `weekly[0]` is Sunday … `weekly[6]` Saturday (JavaScript's
 * `getDay()` order), each a list of intervals; durations in minutes.
 */
export interface VisitAvailability {
  weekly: VisitHours[][];
  /** São Paulo calendar days without visits, "YYYY-MM-DD". */
  daysOff: string[];
  slotMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
  minNoticeMinutes: number;
}

/** Length of a visit when nobody chose one (minutes). */
export const DEFAULT_SLOT_MINUTES = 60;
/** Travel time kept free between two visits (minutes). */
export const DEFAULT_BUFFER_MINUTES = 15;
/** How many São Paulo days (today included) a visitor may book ahead. */
export const DEFAULT_HORIZON_DAYS = 14;
/** Minimum notice before a visit (minutes): 2 h. */
export const DEFAULT_MIN_NOTICE_MINUTES = 120;

/**
 * The agency's visiting hours when its profile has no opening hours: Monday to Friday 9h–18h,
 * Saturday 9h–13h (the usual hours of a Brazilian agency; the admin sets the real ones in the profile).
 */
export const DEFAULT_OPENING_HOURS: OpeningHours = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "13:00" },
];

/**
 * The availability of the agency's calendar: its opening hours (schema.org days, Monday first)
 * as weekly intervals (Sunday first), with the default slot, buffer, horizon and notice. No
 * opening hours → {@link DEFAULT_OPENING_HOURS}.
 */
export function availabilityFromOpeningHours(hours: OpeningHours): VisitAvailability {
  const lines = hours.length ? hours : DEFAULT_OPENING_HOURS;
  const weekly: VisitHours[][] = [[], [], [], [], [], [], []];
  for (const line of lines) {
    for (const day of line.days) {
      // WEEKDAYS is Monday first; weekly is Sunday first.
      weekly[(WEEKDAYS.indexOf(day) + 1) % 7]!.push({ start: line.opens, end: line.closes });
    }
  }
  return {
    weekly,
    daysOff: [],
    slotMinutes: DEFAULT_SLOT_MINUTES,
    bufferMinutes: DEFAULT_BUFFER_MINUTES,
    horizonDays: DEFAULT_HORIZON_DAYS,
    minNoticeMinutes: DEFAULT_MIN_NOTICE_MINUTES,
  };
}

/** A bookable slot: its instants and its São Paulo day and time ("YYYY-MM-DD", "HH:MM"). */
export interface VisitSlot {
  startsAt: Date;
  endsAt: Date;
  day: string;
  time: string;
}

/** A visit that takes time in the calendar (booked ones only). */
export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
}

/** "HH:MM" → minutes since midnight, or null when malformed. */
function minutesOf(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 24 * 60 ? minutes : null;
}

/** The São Paulo wall clock of an instant, "YYYY-MM-DD HH:MM". */
function wallClock(at: Date): string {
  const time = saoPauloFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return `${saoPauloDate(at)} ${time}`;
}

/** The weekday of a calendar day `YYYY-MM-DD`, 0 = Sunday. */
export function weekdayOfDay(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** "HH:MM" of minutes since midnight. */
function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The grid of one São Paulo day, before notice and bookings: every slot that fits its intervals. */
export function daySlots(day: string, availability: VisitAvailability): VisitSlot[] {
  if (availability.daysOff.includes(day)) return [];
  const slot = availability.slotMinutes;
  if (!(slot > 0)) return [];
  const slots = new Map<number, VisitSlot>();
  for (const interval of availability.weekly[weekdayOfDay(day)] ?? []) {
    const start = minutesOf(interval.start);
    const end = minutesOf(interval.end);
    if (start === null || end === null) continue;
    for (let minute = start; minute + slot <= end; minute += slot) {
      const time = clockText(minute);
      const startsAt = saoPauloTime(day, Math.floor(minute / 60), minute % 60);
      // A wall time skipped by a clock change reads as another hour: no slot there.
      if (wallClock(startsAt) !== `${day} ${time}`) continue;
      slots.set(startsAt.getTime(), {
        startsAt,
        endsAt: new Date(startsAt.getTime() + slot * MINUTE_MS),
        day,
        time,
      });
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether `slot` overlaps a busy interval widened by `bufferMinutes` on both sides. */
export function slotTaken(slot: BusyInterval, busy: readonly BusyInterval[], bufferMinutes: number): boolean {
  const buffer = Math.max(0, bufferMinutes) * MINUTE_MS;
  const start = slot.startsAt.getTime();
  const end = slot.endsAt.getTime();
  return busy.some((visit) => start < visit.endsAt.getTime() + buffer && visit.startsAt.getTime() < end + buffer);
}

/** What {@link bookableSlots} needs. */
export interface BookableSlotsInput {
  availability: VisitAvailability;
  /** Booked visits of the calendar (any range: those outside the horizon are ignored). */
  booked: readonly BusyInterval[];
  now: Date;
  /** Visits to ignore, e.g. the one being rescheduled (its own time stays bookable). */
  ignore?: (visit: BusyInterval) => boolean;
}

/** The first and last São Paulo days of the horizon seen from `now` ("YYYY-MM-DD"). */
export function horizonDays(now: Date, availability: Pick<VisitAvailability, "horizonDays">): [string, string] {
  const first = saoPauloDate(now);
  return [first, addDays(first, Math.max(1, availability.horizonDays) - 1)];
}

/**
 * The bookable slots from `now`, oldest first (rules in the module comment). Bounded work: at
 * most `horizonDays` days of grid (the horizon is clamped to 1–60 days).
 */
export function bookableSlots(input: BookableSlotsInput): VisitSlot[] {
  const { availability, now } = input;
  const days = Math.min(60, Math.max(1, availability.horizonDays));
  const earliest = now.getTime() + Math.max(0, availability.minNoticeMinutes) * MINUTE_MS;
  const busy = input.ignore ? input.booked.filter((visit) => !input.ignore!(visit)) : input.booked;
  const first = saoPauloDate(now);
  const slots: VisitSlot[] = [];
  for (let index = 0; index < days; index++) {
    for (const slot of daySlots(addDays(first, index), availability)) {
      if (slot.startsAt.getTime() < earliest) continue;
      if (slotTaken(slot, busy, availability.bufferMinutes)) continue;
      slots.push(slot);
    }
  }
  return slots;
}

/** Slots grouped by São Paulo day, days in order (for the booking page's radio groups). */
export function slotsByDay(slots: readonly VisitSlot[]): { day: string; slots: VisitSlot[] }[] {
  const groups = new Map<string, VisitSlot[]>();
  for (const slot of slots) {
    const group = groups.get(slot.day);
    if (group) group.push(slot);
    else groups.set(slot.day, [slot]);
  }
  return [...groups.entries()].map(([day, daySlotsList]) => ({ day, slots: daySlotsList }));
}

/** The value of a slot's radio button: its start as an ISO instant (what the form posts). */
export function slotValue(slot: Pick<VisitSlot, "startsAt">): string {
  return slot.startsAt.toISOString();
}
