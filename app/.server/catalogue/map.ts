/**
 * Map queries over the read model (`/mapa`): every matching
 * point of the catalogue for client-side clustering, and the cards of the
 * listings inside a bounding box ("Buscar nesta área"). Active listings only,
 * the same filters as the list (`filterConditions`); listings without
 * coordinates never appear on the map.
 */
import { and, asc, between, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { ListingSummary } from "~/domain/listing-summary";
import type { BoundingBox, MapPoint } from "~/lib/map-data";
import type { DrawnShape } from "~/lib/map-shape";
import { REGION_CELL_DEGREES, regionBounds, type PointsBounds } from "~/lib/map-region";
import type { ListingFilters } from "~/lib/filters";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { shapeCondition } from "./map-shape";
import { filterConditions, pageOfListings, summaryColumns, toListingSummary, type SearchResult } from "./search";

export { parseBoundingBox, type BoundingBox, type MapPoint } from "~/lib/map-data";

/** Coordinates that are really on the map (Vista sends 0,0 for "unknown" on some tenants). */
function located(): SQL {
  return and(
    isNotNull(listings.latitude),
    isNotNull(listings.longitude),
    sql`not (${listings.latitude} = 0 and ${listings.longitude} = 0)`,
  )!;
}

/** The map's listings: matching `filters`, located, and inside the drawn `shape` when there is one (ADR 0091). */
function onMap(filters: ListingFilters, shape: DrawnShape | null | undefined): SQL {
  return and(filterConditions(filters), located(), ...(shape ? [shapeCondition(shape)] : []))!;
}

/**
 * Every active listing matching `filters` that has coordinates, as compact
 * {@link MapPoint}s ordered by code. The price is the filtered purpose's
 * (sale price for "venda", monthly rent for "aluguel"); without a purpose the
 * sale price when the listing is for sale and priced, else the rent (BRL).
 * `filters.page` and `filters.sort` are ignored.
 * @throws when the database fails.
 */
export async function mapPoints(filters: ListingFilters, options: { db?: Db } = {}): Promise<MapPoint[]> {
  const db = options.db ?? getDb().db;
  const rows = await db
    .select({
      code: listings.code,
      lat: listings.latitude,
      lng: listings.longitude,
      forSale: listings.forSale,
      forRent: listings.forRent,
      salePrice: listings.salePrice,
      rentPrice: listings.rentPrice,
    })
    .from(listings)
    .where(and(filterConditions(filters), located()))
    .orderBy(asc(listings.code));
  return rows.map((row) => {
    const rent =
      filters.purpose === "aluguel" ||
      (filters.purpose !== "venda" && !(row.forSale && row.salePrice != null) && row.forRent);
    return {
      code: row.code,
      lat: row.lat!,
      lng: row.lng!,
      price: rent ? row.rentPrice : row.salePrice,
      purpose: rent ? "aluguel" : "venda",
    };
  });
}

/**
 * The same points as {@link mapPoints}, already encoded as the
 * `MapPointsPayload` JSON text of `/mapa/pontos` (`~/lib/map-data`):
 * the database builds the arrays (`string_agg`), so the whole catalogue's
 * points cross from PostgreSQL/PGlite as one value instead of a row each. Coordinates are
 * rounded to 5 decimals (×10⁵ integers), prices to whole BRL (0 = unknown).
 * @throws when the database fails.
 */
export async function mapPointsJson(
  filters: ListingFilters,
  options: { db?: Db; shape?: DrawnShape | null } = {},
): Promise<string> {
  const db = options.db ?? getDb().db;
  const rent: SQL =
    filters.purpose === "aluguel"
      ? sql`true`
      : filters.purpose === "venda"
        ? sql`false`
        : sql`(not (${listings.forSale} and ${listings.salePrice} is not null) and ${listings.forRent})`;
  const price = sql`case when ${rent} then ${listings.rentPrice} else ${listings.salePrice} end`;
  const rows = await db
    .select({
      n: count(),
      // Hand-built compact JSON (json_agg would add a space after every comma).
      p: sql<string>`'[' || coalesce(string_agg(
        '[' || to_json(${listings.code})::text
          || ',' || round(${listings.latitude} * 100000)::bigint
          || ',' || round(${listings.longitude} * 100000)::bigint
          || ',' || (case when ${price} > 0 then round(${price})::bigint else 0 end)
          || ',' || (case when ${rent} then 1 else 0 end) || ']',
        ',' order by ${listings.code}), '') || ']'`,
    })
    .from(listings)
    .where(onMap(filters, options.shape));
  const row = rows[0];
  return `{"v":1,"n":${row?.n ?? 0},"p":${row?.p ?? "[]"}}`;
}

/** Options of {@link listingsInBounds}. */
export interface BoundsOptions {
  /** 1-based page; default `filters.page` or 1. */
  page?: number;
  /** Cards per page, default {@link PAGE_SIZE} (24). */
  pageSize?: number;
  /** Database (default: the process database). */
  db?: Db;
  /** The drawn area (ADR 0091): only the listings inside it. */
  shape?: DrawnShape | null;
}

/**
 * One page of the active listings matching `filters` whose coordinates lie
 * inside `box` (edges included), in `filters.sort` order, as card summaries,
 * with the total inside the box. Uses the `(latitude, longitude)` index.
 * @throws when the database fails.
 */
export async function listingsInBounds(
  filters: ListingFilters,
  box: BoundingBox,
  options: BoundsOptions = {},
): Promise<SearchResult> {
  const where = and(
    onMap(filters, options.shape),
    between(listings.latitude, box.south, box.north),
    between(listings.longitude, box.west, box.east),
  )!;
  return pageOfListings(where, filters, { ...options, page: options.page ?? filters.page });
}

/** The points' coordinates as `/mapa/pontos` sends them: degrees × 10⁵, rounded to integers. */
const COORDINATE_SCALE = 100_000;

/**
 * The box the map opens on for `filters` (`regionBounds`, ADR 0096): the
 * same box the browser computes from the points of `/mapa/pontos`, from
 * per-cell aggregates of the same rounded coordinates, so that the page can
 * create the map (and fetch its tiles) before the points arrive. Null when no
 * listing is on the map.
 * @throws when the database fails.
 */
export async function mapOpeningBounds(
  filters: ListingFilters,
  options: { db?: Db } = {},
): Promise<PointsBounds | null> {
  const db = options.db ?? getDb().db;
  const cell = REGION_CELL_DEGREES * COORDINATE_SCALE;
  const result = await db.execute<{ y: number; x: number; n: number; s: number; w: number; no: number; e: number }>(sql`
    select floor(lat / ${cell}::float8)::int as y, floor(lng / ${cell}::float8)::int as x, count(*)::int as n,
      min(lat)::float8 as s, min(lng)::float8 as w, max(lat)::float8 as no, max(lng)::float8 as e
    from (
      select round(${listings.latitude} * ${COORDINATE_SCALE})::bigint as lat,
        round(${listings.longitude} * ${COORDINATE_SCALE})::bigint as lng
      from ${listings} where ${onMap(filters, null)}
    ) as points
    group by 1, 2`);
  return regionBounds(
    result.rows.map((row) => ({
      y: Number(row.y),
      x: Number(row.x),
      count: Number(row.n),
      bounds: [row.s, row.w, row.no, row.e].map((value) => Number(value) / COORDINATE_SCALE) as PointsBounds,
    })),
  );
}

/**
 * One page of the listings of `/mapa`: the active listings matching `filters`
 * that have coordinates, inside `box` when given (edges included), else
 * anywhere. Its `total` is the page's one count (ADR 0038): the same listings
 * the map can show, so the title, the list and the markers agree.
 * @throws when the database fails.
 */
export async function listingsOnMap(
  filters: ListingFilters,
  box: BoundingBox | null,
  options: BoundsOptions = {},
): Promise<SearchResult> {
  if (box) return listingsInBounds(filters, box, options);
  return pageOfListings(onMap(filters, options.shape), filters, {
    ...options,
    page: options.page ?? filters.page,
  });
}

/**
 * How many listings the map shows for `filters` (located, inside `shape` when
 * given): the filters sheet's live count on `/mapa`.
 * @throws when the database fails.
 */
export async function mapCount(
  filters: ListingFilters,
  options: { db?: Db; shape?: DrawnShape | null } = {},
): Promise<number> {
  const db = options.db ?? getDb().db;
  const rows = await db.select({ n: count() }).from(listings).where(onMap(filters, options.shape));
  return Number(rows[0]?.n ?? 0);
}

/**
 * How many active listings match `filters` but have no usable coordinates
 * (missing, or Vista's 0,0): they are in the lists, never on the map.
 * @throws when the database fails.
 */
export async function unlocatedCount(filters: ListingFilters, options: { db?: Db } = {}): Promise<number> {
  const db = options.db ?? getDb().db;
  const rows = await db
    .select({ n: count() })
    .from(listings)
    .where(and(filterConditions(filters), sql`not (${located()})`));
  return Number(rows[0]?.n ?? 0);
}

/**
 * The card of the active listing with exactly this code (Vista `Codigo`), for
 * a marker's popup, or null when there is none (removed, unknown, or a code
 * longer than 64 characters). Public fields only (`summaryColumns`).
 * @throws when the database fails.
 */
export async function mapListingSummary(code: string, options: { db?: Db } = {}): Promise<ListingSummary | null> {
  const wanted = code.trim();
  if (!wanted || wanted.length > 64) return null;
  const db = options.db ?? getDb().db;
  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(and(isNull(listings.removedAt), eq(listings.code, wanted)))
    .limit(1);
  return rows[0] ? toListingSummary(rows[0]) : null;
}
