/**
 * Data and the save of `/admin/distribuicao` (ADR 0080): the fallback rule
 * in effect, the active brokers (role "agent") with their "Recebe leads"
 * flag and their last lead from the rotation, and the response targets in
 * force (read-only: they come from the configuration and the agency's
 * opening hours).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatOpeningHoursLine } from "~/lib/agency";
import type { LeadRoutingForm, LeadRoutingSettings } from "~/lib/lead-routing";
import { getAgencyProfile } from "../agency";
import { getConfig } from "../config";
import { type Db, getDb } from "../db";
import { users } from "../db/schema";
import { getLeadRoutingSettings, saveLeadRoutingSettings } from "./routing";

/** One broker of the page. */
export interface RoutingBroker {
  uid: string;
  /** Display name, else the e-mail. */
  name: string;
  email: string;
  brokerCode: string | null;
  receivesLeads: boolean;
  /** ISO instant of their last lead from the rotation, or null. */
  lastRoundRobinAt: string | null;
}

/** What the page shows. */
export interface LeadRoutingPageData {
  settings: LeadRoutingSettings;
  brokers: RoutingBroker[];
  sla: {
    /** `LEAD_SLA_MINUTES`: business minutes before the broker's reminder. */
    brokerMinutes: number;
    /** `LEAD_SLA_ADMIN_MINUTES`: business minutes before the administrators' notice. */
    adminMinutes: number;
    /** The opening hours counted, one line each ("Seg–Sex 9h–18h"); empty: every minute counts. */
    hours: string[];
  };
}

/** The page's data. */
export async function leadRoutingPageData(db: Db = getDb().db): Promise<LeadRoutingPageData> {
  const [settings, rows, agency] = await Promise.all([
    getLeadRoutingSettings(db),
    db
      .select({
        uid: users.uid,
        name: users.displayName,
        email: users.email,
        brokerCode: users.brokerCode,
        receivesLeads: users.receivesLeads,
        lastRoundRobinAt: users.lastRoundRobinAt,
      })
      .from(users)
      .where(and(eq(users.role, "agent"), eq(users.disabled, false)))
      .orderBy(asc(users.displayName), asc(users.email))
      .limit(500),
    getAgencyProfile(db),
  ]);
  const config = getConfig();
  return {
    settings,
    brokers: rows.map((row) => ({
      ...row,
      name: row.name || row.email,
      lastRoundRobinAt: row.lastRoundRobinAt?.toISOString() ?? null,
    })),
    sla: {
      brokerMinutes: config.LEAD_SLA_MINUTES,
      adminMinutes: config.LEAD_SLA_ADMIN_MINUTES,
      hours: agency.openingHours.map(formatOpeningHoursLine),
    },
  };
}

/**
 * Saves a validated form in one transaction: the fallback rule, and for every
 * broker the page listed (`corretor`) whether they receive leads (`recebe`).
 * Uids that are not active agents are ignored (disabled meanwhile).
 * @param updatedBy uid of the admin.
 */
export async function saveLeadRoutingForm(
  form: LeadRoutingForm,
  updatedBy: string,
  db: Db = getDb().db,
): Promise<void> {
  const receives = new Set(form.recebe);
  const listed = [...new Set(form.corretor)];
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await saveLeadRoutingSettings({ fallback: form.fallback }, updatedBy, tx);
    const on = listed.filter((uid) => receives.has(uid));
    const off = listed.filter((uid) => !receives.has(uid));
    for (const [uids, value] of [
      [on, true],
      [off, false],
    ] as const) {
      if (!uids.length) continue;
      await tx
        .update(users)
        .set({ receivesLeads: value, updatedAt: sql`now()` })
        .where(and(inArray(users.uid, uids), eq(users.role, "agent"), eq(users.disabled, false)));
    }
  });
}
