/**
 * A broker's visit hours (`broker_availability`, ADR 0093): read with the agency's opening
 * hours as the defaults of a broker who never saved, and saved by `/painel/agenda`.
 */
import { and, asc, eq, gte, inArray, or } from "drizzle-orm";
import type { AvailabilitySettings, TimeInterval } from "~/lib/availability-form";
import { MAX_INTERVALS_PER_DAY, minutesOfDay } from "~/lib/availability-form";
import { slotsByDay } from "~/lib/visit-slots";
import type { Db } from "../db";
import { brokerAvailability, leads, listings, visits } from "../db/schema";
import { readAvailability } from "./availability";
import { freeSlots } from "./calendar";

/**
 * A week the form can show (`weekly[0]` Sunday): each day's intervals sorted by start, overlapping
 * ones merged, at most {@link MAX_INTERVALS_PER_DAY} kept (the agency's hours may list more lines
 * per day than the broker's form has rows).
 */
export function formWeek(week: readonly TimeInterval[][]): TimeInterval[][] {
  return Array.from({ length: 7 }, (_, day) => week[day] ?? []).map((intervals) => {
    const merged: TimeInterval[] = [];
    for (const interval of [...intervals].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))) {
      const last = merged[merged.length - 1];
      if (last && minutesOfDay(interval.start) <= minutesOfDay(last.end)) {
        if (minutesOfDay(interval.end) > minutesOfDay(last.end)) last.end = interval.end;
      } else merged.push({ ...interval });
    }
    return merged.slice(0, MAX_INTERVALS_PER_DAY);
  });
}

/** A broker's settings and whether they were saved (false: the defaults are shown). */
export interface LoadedAvailability {
  settings: AvailabilitySettings;
  saved: boolean;
}

/**
 * The broker's saved settings, or the agency's calendar (`readAvailability` of `./availability`
 * with no broker: the agency profile's opening hours, or the booking's default week, with the
 * booking's default slot, buffer, horizon and notice) so the page shows what visitors are offered
 * now; its days fitted to the form by {@link formWeek}.
 * @throws database errors.
 */
export async function loadAvailability(db: Db, uid: string): Promise<LoadedAvailability> {
  const [row] = await db.select().from(brokerAvailability).where(eq(brokerAvailability.uid, uid)).limit(1);
  if (!row) {
    const agency = await readAvailability(db, null);
    return { settings: { ...agency, daysOff: [...agency.daysOff], weekly: formWeek(agency.weekly) }, saved: false };
  }
  return {
    settings: {
      weekly: Array.from({ length: 7 }, (_, day) => (row.weekly[day] ?? []).map(({ start, end }) => ({ start, end }))),
      daysOff: [...row.daysOff],
      slotMinutes: row.slotMinutes,
      bufferMinutes: row.bufferMinutes,
      horizonDays: row.horizonDays,
      minNoticeMinutes: row.minNoticeMinutes,
    },
    saved: true,
  };
}

/**
 * Saves (inserts or replaces) the broker's settings, already validated by the form's schema.
 * Visits already booked keep their time: the new hours apply to the next bookings.
 * @throws database errors.
 */
export async function saveAvailability(db: Db, uid: string, settings: AvailabilitySettings): Promise<void> {
  const values = {
    weekly: settings.weekly,
    daysOff: settings.daysOff,
    slotMinutes: settings.slotMinutes,
    bufferMinutes: settings.bufferMinutes,
    horizonDays: settings.horizonDays,
    minNoticeMinutes: settings.minNoticeMinutes,
  };
  await db
    .insert(brokerAvailability)
    .values({ uid, ...values })
    .onConflictDoUpdate({ target: brokerAvailability.uid, set: { ...values, updatedAt: new Date() } });
}

/** A visit as the broker's agenda lists it (the visitor's contact stays on the lead page). */
export interface AgendaVisit {
  id: string;
  listingCode: string;
  /** ISO times. */
  startsAt: string;
  endsAt: string;
  visitorName: string;
  leadId: string | null;
}

/** Most upcoming visits the agenda lists. */
export const AGENDA_VISITS_LISTED = 50;

/**
 * The broker's booked visits that have not ended yet, soonest first (at most
 * {@link AGENDA_VISITS_LISTED}): those on the broker's calendar, and those of the agency's
 * calendar whose lead is assigned to the broker.
 * @throws database errors.
 */
export async function upcomingVisits(db: Db, uid: string, now: Date = new Date()): Promise<AgendaVisit[]> {
  const rows = await db
    .select({
      id: visits.id,
      listingCode: visits.listingCode,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      visitorName: visits.visitorName,
      leadId: visits.leadId,
    })
    .from(visits)
    .leftJoin(leads, eq(leads.id, visits.leadId))
    .where(
      and(
        eq(visits.status, "booked"),
        gte(visits.endsAt, now),
        or(eq(visits.brokerUid, uid), eq(visits.calendar, uid), eq(leads.assignedUid, uid)),
      ),
    )
    .orderBy(asc(visits.startsAt))
    .limit(AGENDA_VISITS_LISTED);
  return rows.map((row) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  }));
}

/** Titles of listings by code (listings the catalogue no longer has are absent). */
export async function listingTitles(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: listings.code, title: listings.title })
    .from(listings)
    .where(inArray(listings.code, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code, row.title]));
}

/** One São Paulo day of the preview and its free start times ("HH:MM"). */
export interface PreviewDay {
  /** "YYYY-MM-DD". */
  day: string;
  times: string[];
}

/** How many days with free times the preview shows. */
export const PREVIEW_DAYS = 5;

/**
 * The next bookable times of `settings` for the broker's calendar, as the booking page computes
 * them (`freeSlots` of `./calendar`: the broker's booked visits take their time):
 * the first {@link PREVIEW_DAYS} days that have any. Bounded: the horizon is at most 30 days.
 * @throws database errors.
 */
export async function agendaPreview(
  db: Db,
  uid: string,
  settings: AvailabilitySettings,
  now: Date = new Date(),
): Promise<PreviewDay[]> {
  // The booking's own computation (`freeSlots` of `./calendar`), over the settings being shown.
  const slots = await freeSlots(db, { calendar: uid, brokerUid: uid, availability: settings }, now);
  return slotsByDay(slots)
    .slice(0, PREVIEW_DAYS)
    .map((group) => ({ day: group.day, times: group.slots.map((slot) => slot.time) }));
}
