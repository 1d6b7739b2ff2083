/**
 * Data of `/admin/estatisticas` and its CSV export: the period of the query
 * string (São Paulo days, `~/lib/analytics-period`) and the figures of
 * `~/.server/analytics/queries`. The guard stays in the routes.
 */
import { dailyRows, loadAnalyticsDashboard, type AnalyticsDashboard } from "~/.server/analytics/queries";
import { statsToCsv } from "~/.server/analytics/csv";
import { saoPauloDay } from "~/.server/analytics/visitor";
import type { Db } from "~/.server/db";
import { parsePeriod, periodQuery, type AnalyticsPeriod } from "~/lib/analytics-period";
import { ADMIN_STATS_CSV_PATH } from "~/lib/paths";

/** What the page shows. */
export interface StatsPageData {
  period: AnalyticsPeriod;
  dashboard: AnalyticsDashboard;
  /** The CSV export of the same period. */
  csvHref: string;
}

/** The period of a request URL, relative to today in São Paulo. */
export function periodOf(request: Request, now: Date = new Date()): AnalyticsPeriod {
  return parsePeriod(new URL(request.url).searchParams, saoPauloDay(now));
}

/** The dashboard of the request's period. */
export async function loadStatsPage(request: Request, options: { db?: Db; now?: Date } = {}): Promise<StatsPageData> {
  const period = periodOf(request, options.now);
  return {
    period,
    dashboard: await loadAnalyticsDashboard(period, options.db),
    csvHref: `${ADMIN_STATS_CSV_PATH}?${periodQuery(period)}`,
  };
}

/** The CSV of the request's period and its file name `estatisticas-<de>-a-<ate>.csv`. */
export async function statsCsv(
  request: Request,
  options: { db?: Db; now?: Date } = {},
): Promise<{ csv: string; fileName: string }> {
  const period = periodOf(request, options.now);
  return {
    csv: statsToCsv(await dailyRows(period, options.db)),
    fileName: `estatisticas-${period.from}-a-${period.to}.csv`,
  };
}
