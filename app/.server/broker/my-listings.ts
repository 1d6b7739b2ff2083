/**
 * "Meus imóveis" (`/painel/imoveis`, docs/decisions/0082-broker-listings-page.md):
 * the active listings of the read model whose Vista broker is one broker
 * code — their true number, one page of them, an optional search — and per
 * listing of the page the figures of the last {@link BROKER_PANEL_DAYS}
 * São Paulo days (today included, the same window as "Desempenho dos meus
 * imóveis" on `/painel`):
 *
 * - views: `analytics_events` of type `listing_view` for the code (the raw
 *   events; the daily totals of `analytics_daily` only hold days older than
 *   13 months, outside the window);
 * - leads: `leads` rows with that `listing_code` created in the window, not
 *   merged into another (`merged_into_id is null`), whatever their status;
 * - visits: not-merged leads of the listing whose status is now
 *   `visita_agendada` (a current state, not a window: a visit booked 40 days
 *   ago and still pending counts; one that moved on to "proposta" does not);
 * - favourites: `favourite_add` events of the listing in the window (a visitor
 *   saving it; the list itself stays in the visitor's browser, ADR 0032).
 *
 * Work is bounded: two counts and one page of rows over the broker's own
 * listings (index on `broker_code`), then one grouped query per figure
 * restricted to the page's codes (at most {@link BROKER_LISTINGS_PAGE_SIZE}).
 */
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import {
  BROKER_LISTINGS_PAGE_SIZE,
  BROKER_LISTINGS_QUERY_WORDS,
  type BrokerListingSummary,
} from "~/lib/broker-listings";
import { pageOf } from "~/lib/list-filters";
import { addDays, SAO_PAULO_TIME_ZONE, saoPauloDate } from "~/lib/sao-paulo-time";
import { foldText } from "~/lib/search-text";
import type { Db } from "../db";
import { analyticsEvents, leads, listings } from "../db/schema";
import { BROKER_PANEL_DAYS } from "../analytics/queries";
import { brokerListingColumns, ofBroker, toBrokerListingSummary } from "./private-listing";

/** One listing of the page with its figures (counts over the window; see the module comment). */
export interface MyListingRow extends BrokerListingSummary {
  views: number;
  /** Times visitors saved it to their favourites in the window. */
  favourites: number;
  leads: number;
  /** Leads of the listing now in status `visita_agendada` (no window). */
  visits: number;
}

/** One page of "Meus imóveis". */
export interface MyListingsPage {
  /** Active listings of the broker, without the search. */
  total: number;
  /** Active listings of the broker matching the search (= `total` without one). */
  matching: number;
  /** The page shown, 1-based: the one asked for, clamped to 1…`pageCount`. */
  page: number;
  /** At least 1. */
  pageCount: number;
  rows: MyListingRow[];
  /** First and last São Paulo day of the figures, `YYYY-MM-DD`. */
  from: string;
  to: string;
}

/** Options of {@link loadMyListings}. */
export interface MyListingsOptions {
  /** The search as typed: every word must be in the code, the neighbourhood or the title. */
  q?: string;
  /** Requested page, 1-based (beyond the last: the last). */
  page?: number;
  /** Default {@link BROKER_LISTINGS_PAGE_SIZE}. */
  pageSize?: number;
  /** "Today" for the window (tests). */
  now?: Date;
}

/** `value` as a LIKE pattern matching it anywhere, its wildcards escaped (backslash is PostgreSQL's default escape). */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The search's condition: each of the first {@link BROKER_LISTINGS_QUERY_WORDS}
 * words of the folded query (lower case, no accents: `foldText`, as `/busca`
 * folds) is in the code, the neighbourhood or the title, folded alike in SQL
 * (`f_unaccent(lower(…))`, migration 0000). Undefined when nothing is left to search.
 */
export function searchCondition(q: string | undefined): SQL | undefined {
  const words = foldText(q ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, BROKER_LISTINGS_QUERY_WORDS);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return sql`(lower(${listings.code}) like ${pattern}
        or f_unaccent(lower(${listings.neighbourhood})) like ${pattern}
        or f_unaccent(lower(${listings.title})) like ${pattern})`;
    }),
  );
}

/** The broker's active listings in the read model (the true number, no cap). */
export async function countBrokerListings(db: Db, brokerCode: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(listings).where(ofBroker(brokerCode));
  return row?.total ?? 0;
}

/** Per-code counts of a grouped query, as a Map (absent code: 0). */
function countsByCode(rows: readonly { code: string | null; n: number }[]): Map<string, number> {
  return new Map(rows.flatMap((row) => (row.code === null ? [] : [[row.code, Number(row.n)] as const])));
}

/**
 * Views, leads and visits of `codes` (one grouped query each, restricted to
 * the codes), over the São Paulo days `from`…`to` where a window applies.
 */
async function figuresOf(db: Db, codes: string[], from: string) {
  if (codes.length === 0)
    return { views: new Map<string, number>(), favourites: new Map(), leads: new Map(), visits: new Map() };
  const since = sql`(${from}::date::timestamp at time zone ${SAO_PAULO_TIME_ZONE})`;
  const notMerged = isNull(leads.mergedIntoId);
  const events = (type: "listing_view" | "favourite_add") =>
    db
      .select({ code: analyticsEvents.listingCode, n: count() })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.type, type),
          inArray(analyticsEvents.listingCode, codes),
          sql`${analyticsEvents.occurredAt} >= ${since}`,
        ),
      )
      .groupBy(analyticsEvents.listingCode);
  const [views, favourites, created, visits] = await Promise.all([
    events("listing_view"),
    events("favourite_add"),
    db
      .select({ code: leads.listingCode, n: count() })
      .from(leads)
      .where(and(inArray(leads.listingCode, codes), notMerged, sql`${leads.createdAt} >= ${since}`))
      .groupBy(leads.listingCode),
    db
      .select({ code: leads.listingCode, n: count() })
      .from(leads)
      .where(and(inArray(leads.listingCode, codes), notMerged, eq(leads.status, "visita_agendada")))
      .groupBy(leads.listingCode),
  ]);
  return {
    views: countsByCode(views),
    favourites: countsByCode(favourites),
    leads: countsByCode(created),
    visits: countsByCode(visits),
  };
}

/**
 * One page of the active listings of `brokerCode`, by code, with the true
 * totals and the page's figures (see the module comment). A page beyond the
 * last gives the last; an empty result gives page 1 of 1 with no rows.
 */
export async function loadMyListings(
  db: Db,
  brokerCode: string,
  options: MyListingsOptions = {},
): Promise<MyListingsPage> {
  const pageSize = options.pageSize ?? BROKER_LISTINGS_PAGE_SIZE;
  const search = searchCondition(options.q);
  const where = search ? (and(ofBroker(brokerCode), search) as SQL) : ofBroker(brokerCode);
  const [total, matching] = await Promise.all([
    countBrokerListings(db, brokerCode),
    search
      ? db
          .select({ n: count() })
          .from(listings)
          .where(where)
          .then(([row]) => row?.n ?? 0)
      : null,
  ]);
  const found = matching ?? total;
  const window = pageOf(found, options.page, pageSize);
  const listed = await db
    .select(brokerListingColumns)
    .from(listings)
    .where(where)
    .orderBy(asc(listings.code))
    .limit(pageSize)
    .offset(window.offset);
  const to = saoPauloDate(options.now ?? new Date());
  const from = addDays(to, -(BROKER_PANEL_DAYS - 1));
  const figures = await figuresOf(
    db,
    listed.map((row) => row.code),
    from,
  );
  return {
    total,
    matching: found,
    page: window.page,
    pageCount: window.pageCount,
    rows: listed.map((row) => ({
      ...toBrokerListingSummary(row),
      views: figures.views.get(row.code) ?? 0,
      favourites: figures.favourites.get(row.code) ?? 0,
      leads: figures.leads.get(row.code) ?? 0,
      visits: figures.visits.get(row.code) ?? 0,
    })),
    from,
    to,
  };
}
