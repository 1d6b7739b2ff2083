/**
 * The figures of the admin home (docs/decisions/0084-admin-dashboard.md),
 * read in five bounded queries run together: leads per channel and window,
 * the leads nobody answered yet, first-response times, searches with no
 * result, and listings viewed without a lead. Every query has a fixed
 * window (São Paulo days, at most 30) or a `limit`; merged leads are always
 * left out (their lead counts once, in the lead it was merged into).
 *
 * "Past the response target" needs no clock here: the reminder job writes a
 * `lead_deliveries` row of channel `sla_broker` or `sla_admin` exactly when a
 * lead passes `LEAD_SLA_MINUTES` counted in opening hours (ADR 0080), so a
 * lead is late when it has such a row.
 */
import { sql } from "drizzle-orm";
import {
  type AdminDashboard,
  type BrokerResponseTimes,
  type ChannelCounts,
  type ChannelResponseTimes,
  DASHBOARD_KINDS,
  type DashboardWindows,
  EMPTY_SEARCHES_SIZE,
  type EmptySearch,
  type ResponseTimes,
  SALES_KINDS,
  UNANSWERED_LIST_SIZE,
  type UnansweredLead,
  VIEWED_WITHOUT_LEADS_SIZE,
  type ViewedListing,
} from "~/lib/admin-dashboard";
import { EMPTY_SEARCH_DETAIL_KEY } from "~/lib/analytics-events";
import { addDays, saoPauloDate, saoPauloMidnight } from "~/lib/sao-paulo-time";
import { listingPath } from "~/lib/urls";
import type { LeadKind } from "~/domain/lead";
import { type Db, getDb } from "../db";

/** The instants the windows start and end (ISO strings, cast to `timestamptz` in the queries). */
interface Bounds {
  today: string;
  week: string;
  month: string;
  /** The end of today (São Paulo): every window ends there. */
  end: string;
}

/** The windows of `now`: today, the last 7 and the last 30 São Paulo days, today included. */
export function dashboardWindows(now: Date): DashboardWindows {
  const today = saoPauloDate(now);
  return { today, weekFrom: addDays(today, -6), monthFrom: addDays(today, -29) };
}

function boundsOf(windows: DashboardWindows): Bounds {
  const iso = (day: string) => saoPauloMidnight(day).toISOString();
  return {
    today: iso(windows.today),
    week: iso(windows.weekFrom),
    month: iso(windows.monthFrom),
    end: iso(addDays(windows.today, 1)),
  };
}

/** SQL list of the sales kinds (constants, not user input). */
const salesKinds = sql.raw(SALES_KINDS.map((kind) => `'${kind}'`).join(", "));

/** Leads per kind and window (merged left out); every kind of {@link DASHBOARD_KINDS}, zeros included. */
async function channelCounts(db: Db, b: Bounds): Promise<ChannelCounts[]> {
  const { rows } = await db.execute<{ kind: LeadKind; today: number; week: number; month: number }>(sql`
    select kind,
           (count(*) filter (where created_at >= ${b.today}::timestamptz))::int as today,
           (count(*) filter (where created_at >= ${b.week}::timestamptz))::int as week,
           count(*)::int as month
    from leads
    where created_at >= ${b.month}::timestamptz and created_at < ${b.end}::timestamptz and merged_into_id is null
    group by kind`);
  return DASHBOARD_KINDS.map((kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return { kind, today: row?.today ?? 0, week: row?.week ?? 0, month: row?.month ?? 0 };
  });
}

/**
 * Sales leads still "novo" (not merged), the oldest {@link UNANSWERED_LIST_SIZE} with their
 * broker, and the totals (window counts run before the `limit`).
 */
async function unansweredLeads(db: Db, now: Date): Promise<AdminDashboard["unanswered"]> {
  const { rows } = await db.execute<{
    id: string;
    kind: LeadKind;
    name: string | null;
    created_at: string | Date;
    assigned_name: string | null;
    past_sla: boolean;
    total: number;
    late: number;
  }>(sql`
    with waiting as (
      select l.id, l.kind, l.name, l.created_at, nullif(coalesce(nullif(u.display_name, ''), u.email), '') as assigned_name,
             exists (select 1 from lead_deliveries d where d.lead_id = l.id
                     and d.channel in ('sla_broker', 'sla_admin')) as past_sla
      from leads l left join users u on u.uid = l.assigned_uid
      where l.status = 'novo' and l.merged_into_id is null and l.kind in (${salesKinds})
    )
    select w.*, (count(*) over ())::int as total, (count(*) filter (where w.past_sla) over ())::int as late
    from waiting w order by w.created_at, w.id limit ${UNANSWERED_LIST_SIZE}`);
  const oldest: UnansweredLead[] = rows.map((row) => {
    const createdAt = new Date(row.created_at);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      createdAt: createdAt.toISOString(),
      ageMs: Math.max(0, now.getTime() - createdAt.getTime()),
      pastSla: row.past_sla,
      assignedName: row.assigned_name,
    };
  });
  return { total: rows[0]?.total ?? 0, pastSla: rows[0]?.late ?? 0, oldest };
}

/** One group of {@link firstResponses}' grouping sets. */
type ResponseRow = {
  /** `grouping(kind, uid)`: 1 per kind, 2 per person, 3 overall. */
  grouping_set: number;
  kind: LeadKind | null;
  uid: string | null;
  name: string | null;
  leads: number;
  answered: number;
  median_ms: number | null;
  p90_ms: number | null;
};

/** The values of `grouping(kind, uid)` (a bit per column left out of the group). */
const PER_KIND = 1;
const PER_PERSON = 2;
const OVERALL = 3;

const times = (row: ResponseRow): ResponseTimes => ({
  answered: row.answered,
  medianMs: row.median_ms === null ? null : Math.round(Number(row.median_ms)),
  p90Ms: row.p90_ms === null ? null : Math.round(Number(row.p90_ms)),
});

/**
 * First-response times (`first_response_at - created_at`, median and p90 with `percentile_cont`)
 * of the sales leads created in the 30-day window, not merged: per person who answered first
 * (`first_response_uid`), per kind, and overall, with the leads nobody answered yet. One query
 * (grouping sets); `percentile_cont` skips the unanswered leads' nulls.
 */
async function firstResponses(db: Db, b: Bounds): Promise<AdminDashboard["firstResponse"]> {
  const { rows } = await db.execute<ResponseRow>(sql`
    with window_leads as (
      select kind, first_response_uid as uid,
             case when first_response_at is not null
               then greatest(0, extract(epoch from (first_response_at - created_at)) * 1000) end as ms
      from leads
      where created_at >= ${b.month}::timestamptz and created_at < ${b.end}::timestamptz
        and merged_into_id is null and kind in (${salesKinds})
    ),
    groups as (
      select grouping(kind, uid) as grouping_set, kind, uid,
             count(*)::int as leads, count(ms)::int as answered,
             percentile_cont(0.5) within group (order by ms) as median_ms,
             percentile_cont(0.9) within group (order by ms) as p90_ms
      from window_leads group by grouping sets ((kind), (uid), ())
    )
    select g.*, nullif(coalesce(nullif(u.display_name, ''), u.email), '') as name
    from groups g left join users u on u.uid = g.uid`);
  const overallRow = rows.find((row) => row.grouping_set === OVERALL);
  const brokers: BrokerResponseTimes[] = rows
    .filter((row) => row.grouping_set === PER_PERSON && row.uid !== null && row.answered > 0)
    .map((row) => ({ uid: row.uid!, name: row.name ?? row.uid!, ...times(row) }))
    .sort((a, b) => b.answered - a.answered || a.name.localeCompare(b.name, "pt-BR"));
  const channels: ChannelResponseTimes[] = SALES_KINDS.map((kind) => {
    const row = rows.find((candidate) => candidate.grouping_set === PER_KIND && candidate.kind === kind);
    return row
      ? { kind, ...times(row), unanswered: row.leads - row.answered }
      : { kind, answered: 0, medianMs: null, p90Ms: null, unanswered: 0 };
  });
  const overall = overallRow
    ? { ...times(overallRow), unanswered: overallRow.leads - overallRow.answered }
    : { answered: 0, medianMs: null, p90Ms: null, unanswered: 0 };
  return { overall, brokers, channels };
}

/** The most frequent searches of the 30-day window whose page found nothing (`detail_key` "q_empty"). */
async function emptySearches(db: Db, b: Bounds): Promise<EmptySearch[]> {
  const { rows } = await db.execute<{ term: string; searches: number; visitors: number }>(sql`
    select detail_value as term, count(*)::int as searches,
           count(distinct ((occurred_at at time zone 'America/Sao_Paulo')::date, visitor_hash))::int as visitors
    from analytics_events
    where type = 'search' and detail_key = ${EMPTY_SEARCH_DETAIL_KEY} and detail_value is not null
      and occurred_at >= ${b.month}::timestamptz and occurred_at < ${b.end}::timestamptz
    group by detail_value order by searches desc, term limit ${EMPTY_SEARCHES_SIZE}`);
  return rows.map((row) => ({ term: row.term, searches: row.searches, visitors: row.visitors }));
}

/**
 * Listings of the read model still on the site, most viewed first (`listing_view` events of the
 * 30-day window), that got no lead in that window (merged leads left out).
 */
async function viewedWithoutLeads(db: Db, b: Bounds): Promise<ViewedListing[]> {
  const { rows } = await db.execute<{
    code: string;
    views: number;
    title: string;
    category: string;
    neighbourhood: string;
    condominium_slug: string | null;
  }>(sql`
    with views as (
      select listing_code as code, count(*)::int as views from analytics_events
      where type = 'listing_view' and listing_code is not null
        and occurred_at >= ${b.month}::timestamptz and occurred_at < ${b.end}::timestamptz
      group by listing_code
    )
    select v.code, v.views, li.title, li.category, li.neighbourhood, li.condominium_slug
    from views v join listings li on li.code = v.code and li.removed_at is null
    where not exists (
      select 1 from leads l where l.listing_code = v.code and l.merged_into_id is null
        and l.created_at >= ${b.month}::timestamptz and l.created_at < ${b.end}::timestamptz)
    order by v.views desc, v.code limit ${VIEWED_WITHOUT_LEADS_SIZE}`);
  return rows.map((row) => ({
    code: row.code,
    title: row.title,
    path: listingPath({
      code: row.code,
      category: row.category,
      neighbourhood: row.neighbourhood,
      condominiumSlug: row.condominium_slug,
    }),
    views: row.views,
  }));
}

/** Options of {@link loadAdminDashboard} (tests fix the clock and the database). */
export interface DashboardOptions {
  db?: Db;
  /** The present (default now): the windows end with its São Paulo day; ages count to it. */
  now?: Date;
}

/** Every figure of the admin home, its five queries run together (see the module comment). */
export async function loadAdminDashboard(options: DashboardOptions = {}): Promise<AdminDashboard> {
  const db = options.db ?? getDb().db;
  const now = options.now ?? new Date();
  const windows = dashboardWindows(now);
  const b = boundsOf(windows);
  const [channels, unanswered, firstResponse, searches, viewed] = await Promise.all([
    channelCounts(db, b),
    unansweredLeads(db, now),
    firstResponses(db, b),
    emptySearches(db, b),
    viewedWithoutLeads(db, b),
  ]);
  const totals = channels.reduce(
    (sum, row) => ({ today: sum.today + row.today, week: sum.week + row.week, month: sum.month + row.month }),
    { today: 0, week: 0, month: 0 },
  );
  return {
    windows,
    channels,
    totals,
    unanswered,
    firstResponse,
    emptySearches: searches,
    viewedWithoutLeads: viewed,
  };
}
