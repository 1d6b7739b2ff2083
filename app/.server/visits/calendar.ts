/**
 * Whose calendar a listing's visits take, and its free slots (ADR 0088).
 *
 * The calendar is the listing's responsible broker — the read model's broker code linked to an
 * active user, the same rule as lead routing (`../leads/routing`, rule 1) — with that broker's
 * availability (`/painel/agenda`, else the agency's opening hours). When no such broker exists it
 * is the agency's calendar (`"agency"`) with the agency's opening hours; the visit's lead is then
 * routed by the usual rules (Vista's answer, else the round-robin).
 */
import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import { bookableSlots, type BusyInterval, type VisitAvailability, type VisitSlot } from "~/lib/visit-slots";
import type { Db } from "../db";
import { users, visits } from "../db/schema";
import { listingBrokerUser } from "../leads/routing";
import { readAvailability } from "./availability";

/** The calendar name of visits no broker could take. */
export const AGENCY_CALENDAR = "agency";

const DAY_MS = 24 * 3600 * 1000;

/** A calendar: its name (`visits.calendar`), its broker (null for the agency) and its hours. */
export interface VisitCalendar {
  calendar: string;
  brokerUid: string | null;
  availability: VisitAvailability;
}

/** The calendar of broker `uid` (null: the agency's). */
export async function calendarOf(db: Db, brokerUid: string | null): Promise<VisitCalendar> {
  return {
    calendar: brokerUid ?? AGENCY_CALENDAR,
    brokerUid,
    availability: await readAvailability(db, brokerUid),
  };
}

/** The calendar a visit to listing `code` takes (see the module comment). */
export async function calendarForListing(db: Db, code: string): Promise<VisitCalendar> {
  return calendarOf(db, await listingBrokerUser(db, code));
}

/**
 * The booked visits of `calendar` that may touch the horizon seen from `now` (a day either side,
 * for the buffer), optionally without visit `exceptId`.
 */
export async function busyIntervals(
  db: Db,
  calendar: string,
  now: Date,
  horizonDays: number,
  exceptId?: string,
): Promise<BusyInterval[]> {
  const from = new Date(now.getTime() - DAY_MS);
  const to = new Date(now.getTime() + (Math.min(60, Math.max(1, horizonDays)) + 1) * DAY_MS);
  return db
    .select({ startsAt: visits.startsAt, endsAt: visits.endsAt })
    .from(visits)
    .where(
      and(
        eq(visits.calendar, calendar),
        eq(visits.status, "booked"),
        gte(visits.endsAt, from),
        lt(visits.startsAt, to),
        exceptId ? ne(visits.id, exceptId) : sql`true`,
      ),
    );
}

/**
 * The free slots of a calendar from `now` (grid, days off, notice, horizon and buffer of
 * `~/lib/visit-slots`), without visit `exceptId` (the one being moved).
 */
export async function freeSlots(db: Db, calendar: VisitCalendar, now: Date, exceptId?: string): Promise<VisitSlot[]> {
  const booked = await busyIntervals(db, calendar.calendar, now, calendar.availability.horizonDays, exceptId);
  return bookableSlots({ availability: calendar.availability, booked, now });
}

/** The free slot starting at `startsAt`, or undefined when that time is not bookable now. */
export function slotAt(slots: readonly VisitSlot[], startsAt: Date): VisitSlot | undefined {
  return slots.find((slot) => slot.startsAt.getTime() === startsAt.getTime());
}

/** A calendar's broker as the mails and pages name it: display name, login e-mail and phone. */
export async function brokerContact(
  db: Db,
  uid: string,
): Promise<{ name: string; email: string | null; phone: string | null } | null> {
  const [row] = await db
    .select({ name: users.displayName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.uid, uid))
    .limit(1);
  if (!row) return null;
  return { name: row.name, email: row.email || null, phone: row.phone || null };
}
