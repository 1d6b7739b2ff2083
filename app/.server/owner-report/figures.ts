/**
 * The figures of the owner's report (ADR 0083), for one listing, as counts
 * only: never a visitor's name, e-mail, phone or words.
 *
 * - views, favourites (a visitor saving it), gallery openings and WhatsApp clicks: the first-party analytics
 *   (`analytics_events`, plus `analytics_daily` for events older than 13
 *   months, ADR 0030) of the listing's code;
 * - leads: the listing's contact requests by kind (LGPD requests and leads
 *   merged into another left out); visits booked: those whose status is now
 *   "visita_agendada" (in a window: whose last change of status or
 *   assignment fell in it);
 * - visits booked online (`visits`, ADR 0093): those not cancelled (in a
 *   window: whose time falls in it), the rated ones and their average
 *   rating (in a window: rated in it);
 * - days on market: since `listings.first_seen_at` (Vista `DataCadastro` for
 *   the catalogue copied by the first sync, else when a sync first saw it);
 * - the asking price per m² against the median (`percentile_cont(0.5)`) of
 *   the comparable active listings: same city, neighbourhood, category and
 *   purpose (sale or rent), with a price and an area, the listing itself left
 *   out; below {@link MIN_COMPARABLES} the median is not given.
 *
 * Each total is over the listing's whole life; each `recent` over a window
 * (the page: the last 30 days; the monthly e-mail: the month).
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { LeadKind } from "~/domain/lead";
import { LEAD_KIND_LABELS } from "~/lib/lead-inbox";
import {
  MIN_RATINGS_FOR_AVERAGE,
  type FigurePair,
  type ListingActivity,
  MIN_COMPARABLES,
  type PriceComparison,
  type VisitFigures,
} from "~/lib/owner-report";
import type { Db } from "../db";
import { analyticsDaily, analyticsEvents, leads, listings, visits } from "../db/schema";

/** A half-open window [from, to). */
export interface FigureWindow {
  from: Date;
  to: Date;
}

/** The activity of a listing (its shape is the report view's, `~/lib/owner-report`). */
export type { ListingActivity };

const EVENT_TYPES = ["listing_view", "favourite_add", "gallery_open", "whatsapp_click"] as const;
/** Lead kinds that concern a listing's buyers or tenants, in the order the report lists them. */
const REPORTED_KINDS: LeadKind[] = ["info", "whatsapp", "alert", "sell"];

const zero = (): FigurePair => ({ total: 0, recent: 0 });

/** The analytics counts of `code` (see the module comment). */
async function eventCounts(db: Db, code: string, window: FigureWindow): Promise<Record<string, FigurePair>> {
  const e = analyticsEvents;
  const recent = sql<number>`count(*) filter (where ${e.occurredAt} >= ${window.from.toISOString()}::timestamptz and ${e.occurredAt} < ${window.to.toISOString()}::timestamptz)`;
  const raw = await db
    .select({ type: e.type, total: sql<number>`count(*)`.mapWith(Number), recent: recent.mapWith(Number) })
    .from(e)
    .where(and(eq(e.listingCode, code), inArray(e.type, [...EVENT_TYPES])))
    .groupBy(e.type);
  const folded = await db
    .select({
      type: analyticsDaily.type,
      total: sql<number>`coalesce(sum(${analyticsDaily.events}), 0)`.mapWith(Number),
    })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.listingCode, code), inArray(analyticsDaily.type, [...EVENT_TYPES])))
    .groupBy(analyticsDaily.type);
  const counts: Record<string, FigurePair> = Object.fromEntries(EVENT_TYPES.map((type) => [type, zero()]));
  for (const row of raw) counts[row.type] = { total: row.total, recent: row.recent };
  // Folded days are older than 13 months: they add to the total, never to a recent window.
  for (const row of folded) counts[row.type]!.total += row.total;
  return counts;
}

/** The lead counts of `code` by kind, and the visits booked (see the module comment). */
async function leadCounts(
  db: Db,
  code: string,
  window: FigureWindow,
): Promise<Pick<ListingActivity, "leads" | "leadsByKind" | "visitsBooked">> {
  const inWindow = (column: typeof leads.createdAt) =>
    sql`${column} >= ${window.from.toISOString()}::timestamptz and ${column} < ${window.to.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      kind: leads.kind,
      total: sql<number>`count(*)`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${inWindow(leads.createdAt)})`.mapWith(Number),
      visits: sql<number>`count(*) filter (where ${leads.status} = 'visita_agendada')`.mapWith(Number),
      recentVisits:
        sql<number>`count(*) filter (where ${leads.status} = 'visita_agendada' and ${inWindow(leads.updatedAt)})`.mapWith(
          Number,
        ),
    })
    .from(leads)
    .where(and(eq(leads.listingCode, code), ne(leads.kind, "lgpd"), isNull(leads.mergedIntoId)))
    .groupBy(leads.kind);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const leadsByKind = REPORTED_KINDS.filter((kind) => byKind.has(kind) || kind === "info" || kind === "whatsapp").map(
    (kind) => ({
      kind,
      label: LEAD_KIND_LABELS[kind],
      total: byKind.get(kind)?.total ?? 0,
      recent: byKind.get(kind)?.recent ?? 0,
    }),
  );
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    leads: { total: sum((row) => row.total), recent: sum((row) => row.recent) },
    leadsByKind,
    visitsBooked: { total: sum((row) => row.visits), recent: sum((row) => row.recentVisits) },
  };
}

/** The online visits of `code` and their ratings (see the module comment). */
export async function visitFigures(db: Db, code: string, window: FigureWindow): Promise<VisitFigures> {
  const v = visits;
  const inWindow = (column: typeof v.startsAt | typeof v.feedbackAt) =>
    sql`${column} >= ${window.from.toISOString()}::timestamptz and ${column} < ${window.to.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      booked: sql<number>`count(*) filter (where ${v.status} = 'booked')`.mapWith(Number),
      bookedRecent: sql<number>`count(*) filter (where ${v.status} = 'booked' and ${inWindow(v.startsAt)})`.mapWith(
        Number,
      ),
      rated: sql<number>`count(${v.rating})`.mapWith(Number),
      ratedRecent: sql<number>`count(${v.rating}) filter (where ${inWindow(v.feedbackAt)})`.mapWith(Number),
      average: sql<string | null>`avg(${v.rating})`,
      averageRecent: sql<string | null>`avg(${v.rating}) filter (where ${inWindow(v.feedbackAt)})`,
    })
    .from(v)
    .where(eq(v.listingCode, code));
  // Fewer ratings than the minimum: no average (it would give away one visitor's rating).
  const average = (value: string | null | undefined, count: number) =>
    value == null || count < MIN_RATINGS_FOR_AVERAGE ? null : Math.round(Number(value) * 10) / 10;
  const rated = { total: row?.rated ?? 0, recent: row?.ratedRecent ?? 0 };
  return {
    booked: { total: row?.booked ?? 0, recent: row?.bookedRecent ?? 0 },
    rated,
    averageRating: { total: average(row?.average, rated.total), recent: average(row?.averageRecent, rated.recent) },
  };
}

/** Views, interactions, leads and visits of listing `code`: totals and inside `window`. */
export async function listingActivity(db: Db, code: string, window: FigureWindow): Promise<ListingActivity> {
  const [events, leadFigures] = [await eventCounts(db, code, window), await leadCounts(db, code, window)];
  const visitsOnline = await visitFigures(db, code, window);
  return {
    visits: visitsOnline,
    views: events.listing_view!,
    favourites: events.favourite_add!,
    galleryOpens: events.gallery_open!,
    whatsappClicks: events.whatsapp_click!,
    ...leadFigures,
  };
}

/** The facts of a listing the comparison needs (from its `listings` row). */
export interface ComparedListing {
  code: string;
  citySlug: string;
  neighbourhoodSlug: string;
  categorySlug: string;
  forSale: boolean;
  forRent: boolean;
  /** BRL; BRL per month. */
  salePrice: number | null;
  rentPrice: number | null;
  /** m². */
  area: number | null;
}

/** Own price per m² vs the median, percent; null when either is missing. */
function difference(own: number | null, median: number | null): number | null {
  return own != null && median != null && median > 0 ? ((own - median) / median) * 100 : null;
}

/**
 * The asking price per m² of `listing` against the median of its comparables,
 * one entry per purpose it is offered for with a price and an area (one
 * query on the city and neighbourhood index).
 */
export async function priceComparisons(db: Db, listing: ComparedListing): Promise<PriceComparison[]> {
  const l = listings;
  const area = listing.area != null && listing.area > 0 ? listing.area : null;
  const sale = sql`${l.forSale} and ${l.salePrice} > 0`;
  const rent = sql`${l.forRent} and ${l.rentPrice} > 0`;
  const [row] = await db
    .select({
      saleMedian: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${l.salePrice} / ${l.area}) filter (where ${sale})`,
      saleCount: sql<number>`count(*) filter (where ${sale})`.mapWith(Number),
      rentMedian: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${l.rentPrice} / ${l.area}) filter (where ${rent})`,
      rentCount: sql<number>`count(*) filter (where ${rent})`.mapWith(Number),
    })
    .from(l)
    .where(
      and(
        isNull(l.removedAt),
        eq(l.citySlug, listing.citySlug),
        eq(l.neighbourhoodSlug, listing.neighbourhoodSlug),
        eq(l.categorySlug, listing.categorySlug),
        sql`${l.area} > 0`,
        ne(l.code, listing.code),
      ),
    );
  const result: PriceComparison[] = [];
  const add = (purpose: PriceComparison["purpose"], price: number | null, median: unknown, comparables: number) => {
    const own = price != null && price > 0 && area ? price / area : null;
    const shown = comparables >= MIN_COMPARABLES && median != null ? Number(median) : null;
    result.push({ purpose, own, median: shown, comparables, differencePercent: difference(own, shown) });
  };
  if (listing.forSale) add("venda", listing.salePrice, row?.saleMedian, row?.saleCount ?? 0);
  if (listing.forRent) add("aluguel", listing.rentPrice, row?.rentMedian, row?.rentCount ?? 0);
  return result;
}

/** Whole days from `since` to `until` (never negative), or null without a start. */
export function daysBetween(since: Date | null, until: Date): number | null {
  if (!since) return null;
  return Math.max(0, Math.floor((until.getTime() - since.getTime()) / 86_400_000));
}
