/**
 * The figures of `/admin/estatisticas`, its CSV export and the broker's
 * listing figures on `/painel` (docs/decisions/0030-first-party-analytics.md).
 *
 * Every query reads one set of "facts" for a period: the raw events of
 * `analytics_events` grouped per São Paulo day, type, path, listing and
 * detail (events and distinct visitor hashes), plus a synthetic `visits`
 * group per day (page views and unique visitors over all paths), plus the
 * daily totals of `analytics_daily` that replaced raw events older than 13
 * months. So a period that reaches into the aggregated past gives the same
 * totals as before the aggregation. Visitors summed over several days (or
 * paths) count a person once per day (the hash changes every day).
 *
 * Leads come from the `leads` table itself (kind, listing code, creation
 * time), so every channel counts, also those recorded without JavaScript.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { getDb } from "../db";
import { groupRawByDay } from "./maintenance";
import { addDays, ANALYTICS_TIME_ZONE, saoPauloDay } from "./visitor";
import { daysOf, type AnalyticsPeriod } from "~/lib/analytics-period";
import { ANALYTICS_EVENT_TYPES, type AnalyticsEventType } from "~/lib/analytics-events";
import type { LeadKind } from "../db/schema";
import { listingPath } from "~/lib/urls";
import type { ListingFigures } from "~/lib/analytics-figures";

/** A period as the queries need it: first and last São Paulo day, both included. */
export type DayRange = Pick<AnalyticsPeriod, "from" | "to">;

/** The facts CTE of a period (see the module comment), named `facts`. */
function factsCte(range: DayRange): SQL {
  const tz = ANALYTICS_TIME_ZONE;
  return sql`
    with raw as (
      select (e.occurred_at at time zone ${tz})::date as day, e.type, e.path,
             coalesce(e.listing_code, '') as listing_code, coalesce(e.detail_key, '') as detail_key,
             coalesce(e.detail_value, '') as detail_value, e.visitor_hash
      from analytics_events e
      where e.occurred_at >= (${range.from}::date::timestamp at time zone ${tz})
        and e.occurred_at < ((${range.to}::date + 1)::timestamp at time zone ${tz})
    ),
    facts as (
      ${groupRawByDay()}
      union all
      select day, type, path, listing_code, detail_key, detail_value, events, visitors
      from analytics_daily where day between ${range.from}::date and ${range.to}::date
    )`;
}

/** Leads created in the period (São Paulo days). */
function leadsInRange(range: DayRange): SQL {
  const tz = ANALYTICS_TIME_ZONE;
  return sql`l.created_at >= (${range.from}::date::timestamp at time zone ${tz})
    and l.created_at < ((${range.to}::date + 1)::timestamp at time zone ${tz})`;
}

/** One day of the visits chart. */
export interface DayVisits {
  /** `YYYY-MM-DD`. */
  day: string;
  pageViews: number;
  /** Distinct visitors that day. */
  visitors: number;
}

/** One row of the top listings. */
export type { ListingFigures };

/** A search term and how often it was searched. */
export interface SearchFigures {
  term: string;
  searches: number;
  visitors: number;
}

/** A neighbourhood's interest: filter uses and listing views. */
export interface NeighbourhoodFigures {
  slug: string;
  /** Display name from the read model (the slug when none). */
  name: string;
  filterUses: number;
  listingViews: number;
}

/** Leads of one channel (lead kind). */
export interface ChannelFigures {
  kind: LeadKind;
  leads: number;
}

/** Views and leads of one broker's listings. */
export interface BrokerFigures {
  /** Vista broker code, or "" for listings without a broker. */
  code: string;
  name: string;
  views: number;
  leads: number;
  conversionPercent: number | null;
}

/** Everything `/admin/estatisticas` shows for a period. */
export interface AnalyticsDashboard {
  visits: DayVisits[];
  /** Events per type in the period (0 for a type without events). */
  totals: Record<AnalyticsEventType, number> & { visitors: number; leads: number };
  topListings: ListingFigures[];
  topSearches: SearchFigures[];
  topNeighbourhoods: NeighbourhoodFigures[];
  channels: ChannelFigures[];
  brokers: BrokerFigures[];
}

/** How many rows each "top" list shows. */
export const TOP_LIMIT = 20;

/** leads / views in percent, one decimal; null when there are no views. */
export function conversionPercent(leads: number, views: number): number | null {
  return views > 0 ? Math.round((leads / views) * 1000) / 10 : null;
}

/** Page views and visitors per day of the range (days without events give zeros). */
export async function visitsPerDay(range: DayRange, db: Db = getDb().db): Promise<DayVisits[]> {
  const { rows } = await db.execute<{ day: string; page_views: number; visitors: number }>(sql`
    ${factsCte(range)}
    select day::text as day, sum(events)::int as page_views, sum(visitors)::int as visitors
    from facts where type = 'visits' group by day`);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(range.from, range.to).map((day) => ({
    day,
    pageViews: byDay.get(day)?.page_views ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
}

/** Every stored event type with its count. */
function eventsByType(count: (type: AnalyticsEventType) => number): Record<AnalyticsEventType, number> {
  return Object.fromEntries(ANALYTICS_EVENT_TYPES.map((type) => [type, count(type)])) as Record<
    AnalyticsEventType,
    number
  >;
}

/** Events per type in the range, the summed daily visitors and the leads. */
async function totals(range: DayRange, db: Db): Promise<AnalyticsDashboard["totals"]> {
  const { rows } = await db.execute<{ type: string; events: number; visitors: number }>(sql`
    ${factsCte(range)}
    select type, sum(events)::int as events, sum(visitors)::int as visitors from facts group by type`);
  const { rows: leadRows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from leads l where ${leadsInRange(range)}`,
  );
  const byType = new Map(rows.map((row) => [row.type, row]));
  const events = (type: AnalyticsEventType) => byType.get(type)?.events ?? 0;
  return {
    ...eventsByType(events),
    visitors: byType.get("visits")?.visitors ?? 0,
    leads: leadRows[0]?.n ?? 0,
  };
}

/**
 * Listings by views in the range, with their leads (any kind with that
 * listing code) and conversion; listings with leads but no recorded view
 * are included. Optionally only those of one broker.
 */
export async function listingFigures(
  range: DayRange,
  options: { db?: Db; brokerCode?: string; limit?: number } = {},
): Promise<ListingFigures[]> {
  const db = options.db ?? getDb().db;
  const broker = options.brokerCode
    ? sql`and exists (select 1 from listings b where b.code = c.code and b.broker_code = ${options.brokerCode})`
    : sql``;
  const { rows } = await db.execute<{
    code: string;
    views: number;
    leads: number;
    title: string | null;
    category: string | null;
    neighbourhood: string | null;
    condominium_slug: string | null;
  }>(sql`
    ${factsCte(range)},
    views as (
      select listing_code as code, sum(events)::int as views from facts
      where type = 'listing_view' and listing_code <> '' group by listing_code
    ),
    lead_counts as (
      select l.listing_code as code, count(*)::int as leads from leads l
      where l.listing_code is not null and ${leadsInRange(range)} group by l.listing_code
    ),
    combined as (
      select coalesce(v.code, lc.code) as code, coalesce(v.views, 0) as views, coalesce(lc.leads, 0) as leads
      from views v full outer join lead_counts lc on lc.code = v.code
    )
    select c.code, c.views, c.leads, li.title, li.category, li.neighbourhood, li.condominium_slug
    from combined c left join listings li on li.code = c.code
    where true ${broker}
    order by c.views desc, c.leads desc, c.code
    limit ${options.limit ?? TOP_LIMIT}`);
  return rows.map((row) => ({
    code: row.code,
    title: row.title,
    path:
      row.category !== null && row.neighbourhood !== null
        ? listingPath({
            code: row.code,
            category: row.category,
            neighbourhood: row.neighbourhood,
            condominiumSlug: row.condominium_slug,
          })
        : null,
    views: row.views,
    leads: row.leads,
    conversionPercent: conversionPercent(row.leads, row.views),
  }));
}

/** The most searched terms of `/busca` in the range. */
export async function topSearches(range: DayRange, db: Db = getDb().db, limit = TOP_LIMIT): Promise<SearchFigures[]> {
  const { rows } = await db.execute<{ term: string; searches: number; visitors: number }>(sql`
    ${factsCte(range)}
    select detail_value as term, sum(events)::int as searches, sum(visitors)::int as visitors
    from facts where type = 'search' and detail_value <> ''
    group by detail_value order by searches desc, term limit ${limit}`);
  return rows.map((row) => ({ term: row.term, searches: row.searches, visitors: row.visitors }));
}

/**
 * Neighbourhoods by interest in the range: uses of the neighbourhood filter
 * of the listings pages plus views of listings located there.
 */
export async function topNeighbourhoods(
  range: DayRange,
  db: Db = getDb().db,
  limit = TOP_LIMIT,
): Promise<NeighbourhoodFigures[]> {
  const { rows } = await db.execute<{
    slug: string;
    name: string | null;
    filter_uses: number;
    listing_views: number;
  }>(sql`
    ${factsCte(range)},
    per_slug as (
      select detail_value as slug, sum(events)::int as filter_uses, 0 as listing_views
      from facts where type = 'filter' and detail_key = 'neighbourhoods' group by detail_value
      union all
      select li.neighbourhood_slug, 0, sum(f.events)::int
      from facts f join listings li on li.code = f.listing_code
      where f.type = 'listing_view' group by li.neighbourhood_slug
    )
    select p.slug, (select min(n.neighbourhood) from listings n where n.neighbourhood_slug = p.slug) as name,
           sum(p.filter_uses)::int as filter_uses, sum(p.listing_views)::int as listing_views
    from per_slug p group by p.slug
    order by sum(p.filter_uses) + sum(p.listing_views) desc, p.slug limit ${limit}`);
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name ?? row.slug,
    filterUses: row.filter_uses,
    listingViews: row.listing_views,
  }));
}

/** Leads per kind (channel) in the range, most first. */
export async function leadsPerChannel(range: DayRange, db: Db = getDb().db): Promise<ChannelFigures[]> {
  const { rows } = await db.execute<{ kind: LeadKind; leads: number }>(sql`
    select l.kind, count(*)::int as leads from leads l where ${leadsInRange(range)}
    group by l.kind order by leads desc, l.kind`);
  return rows.map((row) => ({ kind: row.kind, leads: row.leads }));
}

/** Views and leads of each broker's listings in the range (broker of the listing in the read model). */
export async function brokerFigures(range: DayRange, db: Db = getDb().db): Promise<BrokerFigures[]> {
  const { rows } = await db.execute<{ code: string; name: string | null; views: number; leads: number }>(sql`
    ${factsCte(range)},
    per_broker as (
      select coalesce(li.broker_code, '') as code, sum(f.events)::int as views, 0 as leads
      from facts f join listings li on li.code = f.listing_code
      where f.type = 'listing_view' group by coalesce(li.broker_code, '')
      union all
      select coalesce(li.broker_code, ''), 0, count(*)::int
      from leads l join listings li on li.code = l.listing_code
      where ${leadsInRange(range)} group by coalesce(li.broker_code, '')
    )
    select p.code, b.data->>'name' as name, sum(p.views)::int as views, sum(p.leads)::int as leads
    from per_broker p left join brokers b on b.code = p.code
    group by p.code, b.data->>'name'
    order by sum(p.leads) desc, sum(p.views) desc, p.code`);
  return rows.map((row) => ({
    code: row.code,
    name: row.name ?? (row.code ? `Corretor ${row.code}` : "Sem corretor"),
    views: row.views,
    leads: row.leads,
    conversionPercent: conversionPercent(row.leads, row.views),
  }));
}

/** Every figure of the dashboard for `range`. */
export async function loadAnalyticsDashboard(range: DayRange, db: Db = getDb().db): Promise<AnalyticsDashboard> {
  const [visits, sums, topListings, searches, neighbourhoods, channels, brokers] = await Promise.all([
    visitsPerDay(range, db),
    totals(range, db),
    listingFigures(range, { db }),
    topSearches(range, db),
    topNeighbourhoods(range, db),
    leadsPerChannel(range, db),
    brokerFigures(range, db),
  ]);
  return {
    visits,
    totals: sums,
    topListings,
    topSearches: searches,
    topNeighbourhoods: neighbourhoods,
    channels,
    brokers,
  };
}

/** Per day of the range: events per type and leads, for the CSV export. */
export interface DayRow extends DayVisits {
  events: Record<AnalyticsEventType, number>;
  leads: number;
}

/** The daily table of the CSV export. */
export async function dailyRows(range: DayRange, db: Db = getDb().db): Promise<DayRow[]> {
  const tz = ANALYTICS_TIME_ZONE;
  const { rows } = await db.execute<{ day: string; type: string; events: number; visitors: number }>(sql`
    ${factsCte(range)}
    select day::text as day, type, sum(events)::int as events, sum(visitors)::int as visitors
    from facts group by day, type`);
  const { rows: leadRows } = await db.execute<{ day: string; n: number }>(sql`
    select (l.created_at at time zone ${tz})::date::text as day, count(*)::int as n
    from leads l where ${leadsInRange(range)} group by 1`);
  const leadsByDay = new Map(leadRows.map((row) => [row.day, row.n]));
  return daysOf(range.from, range.to).map((day) => {
    const of = (type: string) => rows.find((row) => row.day === day && row.type === type);
    const count = (type: AnalyticsEventType) => of(type)?.events ?? 0;
    return {
      day,
      pageViews: of("visits")?.events ?? 0,
      visitors: of("visits")?.visitors ?? 0,
      events: eventsByType(count),
      leads: leadsByDay.get(day) ?? 0,
    };
  });
}

/** Days covered by the broker's figures on `/painel`. */
export const BROKER_PANEL_DAYS = 30;

/** The broker's listing figures of the last {@link BROKER_PANEL_DAYS} days. */
export interface BrokerPanelFigures {
  /** First and last São Paulo day, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** Only listings whose broker in the read model is the broker, with views or leads in the period. */
  listings: ListingFigures[];
}

/**
 * Views and leads of the listings of `brokerCode` (Vista broker code of the
 * signed-in user) over the last {@link BROKER_PANEL_DAYS} São Paulo days,
 * today included. Never returns another broker's listing.
 */
export async function brokerPanelFigures(
  brokerCode: string,
  options: { db?: Db; now?: Date } = {},
): Promise<BrokerPanelFigures> {
  const to = saoPauloDay(options.now ?? new Date());
  const from = addDays(to, -(BROKER_PANEL_DAYS - 1));
  const listings = await listingFigures({ from, to }, { db: options.db, brokerCode, limit: 500 });
  return { from, to, listings };
}
