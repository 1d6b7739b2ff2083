/**
 * The daily privacy maintenance (LGPD art. 15 and 16: data is kept while its
 * purpose lasts): leads older than the agency's retention period
 * (`leadRetentionMonths` of the agency profile, default 24 months) are
 * anonymised exactly as the admin's "Anonimizar" does (`./anonymise`), with
 * an audit entry "retenção automática", and so are the visits booked before
 * the same cutoff (`./visits`, ADR 0088); sessions that expired long ago and
 * owner-data reads older than {@link OWNER_ACCESS_RETENTION_MONTHS} are
 * deleted. One process runs it at a time (advisory lock
 * {@link PRIVACY_LOCK_KEY}); a run that finds the last success less than
 * {@link PRIVACY_MIN_GAP_MS} ago does nothing, so several processes still
 * run it about once a day (docs/decisions/0031-data-subject-requests-and-retention.md).
 */
import { and, eq, isNotNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { DEFAULT_LEAD_RETENTION_MONTHS } from "~/lib/agency";
import { getAgencyProfile } from "../agency";
import { type Db } from "../db";
import {
  type PeriodicJob,
  type PeriodicJobSpec,
  type PeriodicJobStartOptions,
  startPeriodicJob,
} from "../periodic-job";
import { leads, ownerDataAccess, sessions, syncState } from "../db/schema";
import { ANONYMISED } from "./anonymise";
import { anonymiseLeadsById } from "./actions";
import { recordPrivacyAction } from "./audit";
import { anonymiseCreatedBefore } from "./batches";
import { anonymiseVisitsBefore, type VisitAnonymiseCounts } from "./visits";

/** Advisory-lock key of the maintenance ("priv"). */
export const PRIVACY_LOCK_KEY = 0x70726976;

/** The `sync_state` job row that remembers the last run. */
export const PRIVACY_JOB = "privacy-maintenance";

/** The audit reason of the job's anonymisations. */
export const RETENTION_REASON = "retenção automática";

/**
 * Months an owner-data read (`owner_data_access`: who, when, IP) is kept.
 * Marco Civil da Internet (Lei 12.965/2014), art. 15: an application
 * provider keeps its access records for at least 6 months; 12 months also
 * covers a yearly audit (LGPD art. 37). Never set it below 6.
 */
export const OWNER_ACCESS_RETENTION_MONTHS = 12;

/** A session is deleted this long (ms, 30 days) after it expired. */
export const EXPIRED_SESSION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** Interval between runs (ms, 24 h). */
export const PRIVACY_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** A run within this time (ms, 20 h) of the last success, in any process, does nothing. */
export const PRIVACY_MIN_GAP_MS = 20 * 60 * 60 * 1000;

/** What one run did. */
export interface PrivacyMaintenanceResult extends VisitAnonymiseCounts {
  /** Leads anonymised (older than the retention period, not anonymised before). */
  leads: number;
  deliveries: number;
  cancelledDeliveries: number;
  sessions: number;
  ownerDataAccess: number;
  /** The cutoff: leads and visits created before it were anonymised (ISO). */
  leadCutoff: string;
}

/** `now` minus `months` calendar months (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * One run: anonymises the leads and the visits created before now −
 * `retentionMonths` (default: the agency profile's) that still hold
 * personal data, deletes
 * sessions expired more than {@link EXPIRED_SESSION_GRACE_MS} ago and
 * owner-data reads older than {@link OWNER_ACCESS_RETENTION_MONTHS}, and
 * records an audit entry when it changed anything. Idempotent.
 * @throws database errors (the batches committed before stay done).
 */
export async function runPrivacyMaintenance(
  db: Db,
  options: { now?: Date; retentionMonths?: number } = {},
): Promise<PrivacyMaintenanceResult> {
  const now = options.now ?? new Date();
  const months =
    options.retentionMonths ?? (await getAgencyProfile(db)).leadRetentionMonths ?? DEFAULT_LEAD_RETENTION_MONTHS;
  const cutoff = monthsBefore(now, Math.max(1, months));
  const stillPersonal = or(
    ...(["name", "email", "phone", "message", "location"] as const).map((field) =>
      and(isNotNull(leads[field]), ne(leads[field], ANONYMISED)),
    ),
    sql`${leads.pageUrl} ~ '[?#]'`,
  );
  const totals = await anonymiseCreatedBefore(
    db,
    { table: leads, id: leads.id, createdAt: leads.createdAt, stillPersonal },
    cutoff,
    { leads: 0, deliveries: 0, cancelledDeliveries: 0 },
    anonymiseLeadsById,
  );
  const visitTotals = await anonymiseVisitsBefore(db, cutoff);
  const expiredSessions = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, new Date(now.getTime() - EXPIRED_SESSION_GRACE_MS)))
    .returning({ id: sessions.id });
  const oldReads = await db
    .delete(ownerDataAccess)
    .where(lt(ownerDataAccess.at, monthsBefore(now, OWNER_ACCESS_RETENTION_MONTHS)))
    .returning({ id: ownerDataAccess.id });
  const result = {
    ...totals,
    ...visitTotals,
    sessions: expiredSessions.length,
    ownerDataAccess: oldReads.length,
    leadCutoff: cutoff.toISOString(),
  };
  const { leadCutoff: _cutoff, ...counts } = result;
  if (Object.values(counts).some((count) => count > 0)) {
    await recordPrivacyAction(db, {
      actor: null,
      action: "retention",
      subjectHash: null,
      reason: RETENTION_REASON,
      counts,
      at: now,
    });
  }
  return result;
}

/**
 * The maintenance as a periodic job: a first run 60 s after start (so
 * start-up is not slowed), then daily; a run is skipped when the job's last
 * success is recent and records its start, success or error in `sync_state`.
 */
const PRIVACY_JOB_SPEC: PeriodicJobSpec<PrivacyMaintenanceResult> = {
  lockKey: PRIVACY_LOCK_KEY,
  firstDelayMs: 60_000,
  intervalMs: PRIVACY_INTERVAL_MS,
  errorMessage: "[privacidade] erro na manutenção diária",
  run: async ({ db, log }) => {
    const now = new Date();
    const [state] = await db.select().from(syncState).where(eq(syncState.job, PRIVACY_JOB)).limit(1);
    if (state?.lastSuccessAt && now.getTime() - state.lastSuccessAt.getTime() < PRIVACY_MIN_GAP_MS) return null;
    await db
      .insert(syncState)
      .values({ job: PRIVACY_JOB, lastStartedAt: now })
      .onConflictDoUpdate({ target: syncState.job, set: { lastStartedAt: now } });
    try {
      const result = await runPrivacyMaintenance(db, { now });
      const { leadCutoff: _cutoff, ...counts } = result;
      await db
        .update(syncState)
        .set({ lastSuccessAt: new Date(), lastError: null, counts })
        .where(eq(syncState.job, PRIVACY_JOB));
      log(
        `[privacidade] manutenção: ${result.leads} contatos e ${result.visits} visitas anonimizados, ${result.sessions} sessões e ${result.ownerDataAccess} registros de acesso apagados`,
      );
      return result;
    } catch (error) {
      await db
        .update(syncState)
        .set({ lastErrorAt: new Date(), lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(syncState.job, PRIVACY_JOB))
        .catch(() => undefined);
      throw error;
    }
  },
};

/** Options of {@link startPrivacyMaintenance}: `firstRunDelayMs` defaults to 60 s (so start-up is not slowed), `intervalMs` to {@link PRIVACY_INTERVAL_MS}. */
export type PrivacyMaintenanceOptions = PeriodicJobStartOptions;

/** A started maintenance: `runNow()` joins a run in progress and resolves to null when skipped (lock held elsewhere, or the last success is recent); `stop()` cancels the timer and waits for a run in progress. */
export type PrivacyMaintenance = PeriodicJob<PrivacyMaintenanceResult>;

/**
 * Starts the daily maintenance: once `firstRunDelayMs` after start, then
 * every `intervalMs`. Each run takes the advisory lock {@link PRIVACY_LOCK_KEY}
 * (skipped when another process holds it) and skips when the job's last
 * success (`sync_state` row {@link PRIVACY_JOB}) is under
 * {@link PRIVACY_MIN_GAP_MS} old. Errors are logged; the next run retries.
 */
export function startPrivacyMaintenance(options: PrivacyMaintenanceOptions): PrivacyMaintenance {
  return startPeriodicJob(PRIVACY_JOB_SPEC, options);
}
