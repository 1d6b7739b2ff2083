/**
 * The candidates of an owner's estimate (ADR 0089), in ONE bounded query on
 * the read model: active listings of the subject's city, type and purpose
 * with a price and an area, an area within ±30 % and bedrooms within ±1 of
 * the subject's (`~/lib/valuation`), the subject's neighbourhood first, then
 * by distance from that neighbourhood's centroid (the mean position of its
 * located active listings, computed in the same statement), at most
 * `CANDIDATE_LIMIT` rows. The pure rule (`estimateValue`) then chooses the
 * comparables among them.
 */
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { listingPath } from "~/lib/urls";
import {
  areaBounds,
  BEDROOM_TOLERANCE,
  CANDIDATE_LIMIT,
  type ComparableCandidate,
  type ValuationSubject,
} from "~/lib/valuation";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";

/** A candidate with what the page shows of it. */
export interface ValuationComparable extends ComparableCandidate {
  title: string;
  /** Neighbourhood label. */
  neighbourhoodLabel: string;
  /** Site path of the listing page. */
  path: string;
}

/** km per degree of latitude (the equirectangular approximation is plenty within a city). */
const KM_PER_DEGREE = 111.32;

/**
 * The candidates of `subject` (see the module comment), nearest first.
 * @param options.excludeCode leaves one listing out (tests, the backtest).
 * @throws database errors.
 */
export async function findComparableCandidates(
  subject: ValuationSubject,
  options: { db?: Db; excludeCode?: string } = {},
): Promise<ValuationComparable[]> {
  const db = options.db ?? getDb().db;
  const l = listings;
  const price = subject.purpose === "venda" ? l.salePrice : l.rentPrice;
  const offered = subject.purpose === "venda" ? l.forSale : l.forRent;
  const { min, max } = areaBounds(subject.area);
  const centre = db.$with("centre").as(
    db
      .select({
        lat: sql<number | null>`avg(${l.latitude})`.as("centre_lat"),
        lon: sql<number | null>`avg(${l.longitude})`.as("centre_lon"),
      })
      .from(l)
      .where(
        and(
          isNull(l.removedAt),
          eq(l.citySlug, subject.city),
          eq(l.neighbourhoodSlug, subject.neighbourhood),
          sql`${l.latitude} is not null and ${l.longitude} is not null`,
        ),
      ),
  );
  const distance: SQL<number | null> =
    sql`sqrt(power((${l.latitude} - ${centre.lat}) * ${KM_PER_DEGREE}, 2) + power((${l.longitude} - ${centre.lon}) * ${KM_PER_DEGREE} * cos(radians(${centre.lat})), 2))`;
  const conditions = [
    isNull(l.removedAt),
    eq(l.citySlug, subject.city),
    eq(l.categorySlug, subject.category),
    eq(offered, true),
    gt(price, 0),
    sql`${l.area} between ${min} and ${max}`,
    sql`${l.bedrooms} between ${subject.bedrooms - BEDROOM_TOLERANCE} and ${subject.bedrooms + BEDROOM_TOLERANCE}`,
  ];
  if (options.excludeCode) conditions.push(sql`${l.code} <> ${options.excludeCode}`);
  const rows = await db
    .with(centre)
    .select({
      code: l.code,
      title: l.title,
      category: l.category,
      neighbourhood: l.neighbourhood,
      neighbourhoodSlug: l.neighbourhoodSlug,
      condominiumSlug: l.condominiumSlug,
      area: l.area,
      bedrooms: l.bedrooms,
      suites: l.suites,
      parking: l.parkingSpaces,
      condoFee: l.condoFee,
      price,
      distanceKm: distance.mapWith((value) => (value == null ? null : Number(value))),
    })
    .from(l)
    .leftJoin(centre, sql`true`)
    .where(and(...conditions))
    .orderBy(sql`(${l.neighbourhoodSlug} = ${subject.neighbourhood}) desc`, sql`${distance} asc nulls last`, l.code)
    .limit(CANDIDATE_LIMIT);
  return rows.map((row) => ({
    code: row.code,
    title: row.title,
    neighbourhood: row.neighbourhoodSlug,
    neighbourhoodLabel: row.neighbourhood,
    area: row.area ?? 0,
    bedrooms: row.bedrooms,
    suites: row.suites,
    parking: row.parking,
    condoFee: row.condoFee,
    price: row.price ?? 0,
    distanceKm: row.distanceKm,
    path: listingPath({
      code: row.code,
      category: row.category,
      neighbourhood: row.neighbourhood,
      condominiumSlug: row.condominiumSlug,
    }),
  }));
}
