/**
 * Whose hours a calendar offers (ADR 0088): a broker's own weekly availability (`/painel/agenda`,
 * table `broker_availability`), else the agency's opening hours (agency profile) with the
 * default slot length, buffer, horizon and notice of `~/lib/visit-slots`.
 */
import { eq } from "drizzle-orm";
import { availabilityFromOpeningHours, type VisitAvailability } from "~/lib/visit-slots";
import { getAgencyProfile } from "../agency";
import type { Db } from "../db";
import { brokerAvailability } from "../db/schema";

/** The agency's calendar: its opening hours (or the default hours) with the default rules. */
export async function agencyAvailability(db: Db): Promise<VisitAvailability> {
  const agency = await getAgencyProfile(db);
  return availabilityFromOpeningHours(agency.openingHours);
}

/**
 * The availability of calendar `uid`: the broker's saved row, or — when `uid` is null (the
 * agency's calendar) or the broker never saved one — {@link agencyAvailability}.
 * @throws database errors.
 */
export async function readAvailability(db: Db, uid: string | null): Promise<VisitAvailability> {
  if (uid) {
    const [row] = await db.select().from(brokerAvailability).where(eq(brokerAvailability.uid, uid)).limit(1);
    if (row) {
      return {
        weekly: row.weekly,
        daysOff: row.daysOff,
        slotMinutes: row.slotMinutes,
        bufferMinutes: row.bufferMinutes,
        horizonDays: row.horizonDays,
        minNoticeMinutes: row.minNoticeMinutes,
      };
    }
  }
  return agencyAvailability(db);
}
