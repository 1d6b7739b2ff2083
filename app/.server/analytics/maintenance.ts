/**
 * Retention of the first-party analytics (docs/decisions/0030-first-party-analytics.md):
 *
 * - raw events are kept {@link RAW_RETENTION_MONTHS} months; whole São Paulo
 *   days older than that are folded into `analytics_daily` (events and
 *   distinct visitors per day, type, path, listing and detail, plus the day's
 *   `visits` row) and deleted, in one transaction, so the dashboard's totals
 *   do not change;
 * - the visitor-hash salts of days before yesterday are deleted, so old
 *   hashes can never be recomputed.
 *
 * {@link startAnalyticsMaintenance} runs this once shortly after start and
 * then every hour (cheap when there is nothing to do; the salt of a day is
 * gone within an hour of the next midnight but one). Several processes may
 * run it: each run takes the advisory lock {@link ANALYTICS_LOCK_KEY} and is
 * skipped when another process holds it; a run is idempotent anyway.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import {
  type PeriodicJob,
  type PeriodicJobSpec,
  type PeriodicJobStartOptions,
  startPeriodicJob,
} from "../periodic-job";
import { ANALYTICS_TIME_ZONE, pruneSalts, saoPauloDay } from "./visitor";

/** Advisory-lock key of the analytics maintenance ("anly" in ASCII). */
export const ANALYTICS_LOCK_KEY = 0x616e6c79;

/** Months raw events are kept before being aggregated. */
export const RAW_RETENTION_MONTHS = 13;

/** Default time between runs, ms (1 hour). */
export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/** What one run did. */
export interface AnalyticsMaintenanceResult {
  /** First São Paulo day still kept raw (`YYYY-MM-DD`); earlier days were aggregated. */
  cutoffDay: string;
  /** Raw events folded into daily totals and deleted. */
  aggregatedEvents: number;
  /** Salts deleted. */
  deletedSalts: number;
}

/** The first day kept raw on `today`: the same calendar day {@link RAW_RETENTION_MONTHS} months earlier (clamped to the month's end). */
export function rawCutoffDay(today: string): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - RAW_RETENTION_MONTHS;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/**
 * The CTE `raw` (one row per event: São Paulo `day`, `type`, `path`, the
 * listing code and detail as `''` when absent, `visitor_hash`) grouped into
 * daily facts (`events`, distinct `visitors`), plus one `visits` row a day
 * counting its page views. The stats read recent events with it and the
 * maintenance folds old ones into `analytics_daily` with it, so both count
 * alike.
 */
export function groupRawByDay(): SQL {
  return sql`
    select day, type, path, listing_code, detail_key, detail_value,
           count(*)::int as events, count(distinct visitor_hash)::int as visitors
    from raw group by day, type, path, listing_code, detail_key, detail_value
    union all
    select day, 'visits', '', '', '', '', count(*)::int, count(distinct visitor_hash)::int
    from raw where type = 'pageview' group by day`;
}

/**
 * Folds the raw events of days before the cutoff into `analytics_daily` and
 * deletes them (one transaction), then deletes old salts.
 * @throws database errors (the transaction is rolled back).
 */
export async function runAnalyticsMaintenance(
  db: Db,
  options: { now?: Date } = {},
): Promise<AnalyticsMaintenanceResult> {
  const now = options.now ?? new Date();
  const cutoffDay = rawCutoffDay(saoPauloDay(now));
  const tz = ANALYTICS_TIME_ZONE;
  const cutoff = sql`(${cutoffDay}::date::timestamp at time zone ${tz})`;
  const aggregatedEvents = await db.transaction(async (tx) => {
    await tx.execute(sql`
      with raw as (
        select (occurred_at at time zone ${tz})::date as day, type, path,
               coalesce(listing_code, '') as listing_code, coalesce(detail_key, '') as detail_key,
               coalesce(detail_value, '') as detail_value, visitor_hash
        from analytics_events where occurred_at < ${cutoff}
      ),
      grouped as (${groupRawByDay()})
      insert into analytics_daily (day, type, path, listing_code, detail_key, detail_value, events, visitors)
      select day, type, path, listing_code, detail_key, detail_value, events, visitors from grouped
      on conflict (day, type, path, listing_code, detail_key, detail_value) do update
        set events = analytics_daily.events + excluded.events,
            visitors = analytics_daily.visitors + excluded.visitors`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with gone as (delete from analytics_events where occurred_at < ${cutoff} returning 1)
      select count(*)::int as n from gone`);
    return rows[0]?.n ?? 0;
  });
  const deletedSalts = await pruneSalts(db, now);
  return { cutoffDay, aggregatedEvents, deletedSalts };
}

/** The maintenance as a periodic job: a first run 30 s after start (after the start-up work), then hourly. */
const ANALYTICS_JOB: PeriodicJobSpec<AnalyticsMaintenanceResult> = {
  lockKey: ANALYTICS_LOCK_KEY,
  firstDelayMs: 30_000,
  intervalMs: ANALYTICS_MAINTENANCE_INTERVAL_MS,
  errorMessage: "[estatisticas] erro na manutenção",
  run: async ({ db, log }) => {
    const result = await runAnalyticsMaintenance(db);
    if (result.aggregatedEvents || result.deletedSalts)
      log(
        `[estatisticas] manutenção: ${result.aggregatedEvents} eventos anteriores a ${result.cutoffDay} agregados, ${result.deletedSalts} sais apagados`,
      );
    return result;
  },
};

/** Options of {@link startAnalyticsMaintenance}: `firstRunDelayMs` defaults to 30 s (after the start-up work), `intervalMs` to {@link ANALYTICS_MAINTENANCE_INTERVAL_MS}. */
export type AnalyticsMaintenanceOptions = PeriodicJobStartOptions;

/** A started maintenance: `runNow()` joins a run in progress here and resolves to null when another process holds the lock; `stop()` cancels the timer and waits for a run in progress. */
export type AnalyticsMaintenance = PeriodicJob<AnalyticsMaintenanceResult>;

/**
 * Starts the analytics maintenance (see the module comment). Errors are
 * logged and the next run retries; nothing escapes the timer.
 */
export function startAnalyticsMaintenance(options: AnalyticsMaintenanceOptions): AnalyticsMaintenance {
  return startPeriodicJob(ANALYTICS_JOB, options);
}
