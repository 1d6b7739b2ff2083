/**
 * Listing search over the read model (`listings`, active rows only): the
 * query behind `/todos-os-imoveis/{filtros}` (docs/product.md "Public site";
 * ADR 0005). Filters come from the `{filtros}` codec (`~/lib/filters`).
 *
 * Price rule: with a purpose, the price range and the price sorts use that
 * purpose's price (sale price, or monthly rent). Without one, a listing
 * matches the range when its sale price or its rent is inside it, and the
 * price sorts put listings for sale first (by sale price), then those only
 * for rent (by rent), so sale prices and rents are never compared.
 * "Menor custo mensal" uses `monthly_cost_rent` for "aluguel",
 * `monthly_cost_sale` for "venda", and without a purpose the rent one when the
 * listing is for rent, else the sale one (docs/product.md "custo mensal").
 */
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { purposesOf } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { NEW_LISTING_DAYS, PRICE_REDUCED_DAYS } from "~/domain/price-history";
import { DEFAULT_SORT, LISTINGS_PAGE_SIZE, type ListingFilters } from "~/lib/filters";
import { listingPath } from "~/lib/urls";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { costConditions } from "./monthly-cost";

/** Listings per page (docs/product.md: page size 24); the same as `LISTINGS_PAGE_SIZE` of the codec. */
export const PAGE_SIZE = LISTINGS_PAGE_SIZE;

/** Columns of `listings` a {@link ListingSummary} needs (never the large `data` value: ADR 0013). */
export const summaryColumns = {
  code: listings.code,
  title: listings.title,
  category: listings.category,
  neighbourhood: listings.neighbourhood,
  city: listings.city,
  salePrice: listings.salePrice,
  rentPrice: listings.rentPrice,
  condoFee: listings.condoFee,
  iptu: listings.iptu,
  area: listings.area,
  bedrooms: listings.bedrooms,
  suites: listings.suites,
  parkingSpaces: listings.parkingSpaces,
  bathrooms: listings.bathrooms,
  coverPhotoUrl: listings.coverPhotoUrl,
  photoCount: listings.photoCount,
  condominiumSlug: listings.condominiumSlug,
  condominiumName: listings.condominiumName,
  isLaunch: listings.isLaunch,
  isExclusive: listings.isExclusive,
  isFeatured: listings.isFeatured,
  updatedAt: listings.updatedAt,
  latitude: listings.latitude,
  longitude: listings.longitude,
  priceReduced: sql<boolean>`coalesce(${listings.priceReducedAt} >= now() - ${`${PRICE_REDUCED_DAYS} days`}::interval, false)`,
  isNew: sql<boolean>`coalesce(${listings.firstSeenAt} >= now() - ${`${NEW_LISTING_DAYS} days`}::interval, false)`,
};

/**
 * A row selected with {@link summaryColumns}: the card's fields before
 * `toListingSummary` adds `path` and `purposes` (the condominium slug and a
 * nullable development name instead).
 */
export interface SummaryRow extends Omit<ListingSummary, "path" | "purposes" | "condominiumName"> {
  condominiumSlug: string | null;
  condominiumName: string | null;
}

/** Turns a {@link SummaryRow} into the card's {@link ListingSummary}; the path comes from `listingPath()`. */
export function toListingSummary(row: SummaryRow): ListingSummary {
  return {
    code: row.code,
    title: row.title,
    category: row.category,
    neighbourhood: row.neighbourhood,
    city: row.city,
    salePrice: row.salePrice,
    rentPrice: row.rentPrice,
    condoFee: row.condoFee,
    iptu: row.iptu,
    area: row.area,
    bedrooms: row.bedrooms,
    suites: row.suites,
    parkingSpaces: row.parkingSpaces,
    bathrooms: row.bathrooms,
    coverPhotoUrl: row.coverPhotoUrl,
    photoCount: row.photoCount,
    path: listingPath({
      code: row.code,
      category: row.category,
      neighbourhood: row.neighbourhood,
      condominiumSlug: row.condominiumSlug,
    }),
    condominiumName: row.condominiumName ?? "",
    isLaunch: row.isLaunch,
    isExclusive: row.isExclusive,
    isFeatured: row.isFeatured,
    priceReduced: row.priceReduced,
    isNew: row.isNew,
    updatedAt: row.updatedAt,
    purposes: purposesOf(row),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** Options of {@link searchListings}. */
export interface SearchOptions {
  /** Listings per page, default {@link PAGE_SIZE}. */
  pageSize?: number;
  /** Database (default: the process database). */
  db?: Db;
}

/** One page of results. */
export interface SearchResult {
  items: ListingSummary[];
  /** Matching active listings in total. */
  total: number;
  /** The page asked for (1-based); may exceed `pageCount`, then `items` is empty. */
  page: number;
  /** Pages of `pageSize` (0 when nothing matches). */
  pageCount: number;
}

/**
 * The WHERE conditions of `filters` (active listings only). Exported for facet
 * counts. The facets of ADR 0011: minimum suites / parking spaces / bathrooms
 * (a listing with the number unknown never matches a minimum), area range in
 * m² on `area`, maximum condo fee in BRL (listings without a fee match: they
 * cost nothing there), every amenity slug (`amenities @> array[…]`, GIN
 * index), launch, exclusive, the code as a case-insensitive prefix, and the
 * total monthly cost range (`./monthly-cost`, ADR 0086).
 */
export function filterConditions(filters: ListingFilters): SQL {
  const conditions: SQL[] = [isNull(listings.removedAt)];
  if (filters.purpose === "venda") conditions.push(eq(listings.forSale, true));
  if (filters.purpose === "aluguel") conditions.push(eq(listings.forRent, true));
  if (filters.category) conditions.push(eq(listings.categorySlug, filters.category));
  if (filters.city) conditions.push(eq(listings.citySlug, filters.city));
  if (filters.city && filters.neighbourhoods?.length) {
    conditions.push(inArray(listings.neighbourhoodSlug, filters.neighbourhoods));
  }
  if (filters.bedroomsMin != null) conditions.push(gte(listings.bedrooms, filters.bedroomsMin));
  if (filters.suitesMin != null) conditions.push(gte(listings.suites, filters.suitesMin));
  if (filters.parkingMin != null) conditions.push(gte(listings.parkingSpaces, filters.parkingMin));
  if (filters.bathroomsMin != null) conditions.push(gte(listings.bathrooms, filters.bathroomsMin));
  if (filters.areaMin != null) conditions.push(gte(listings.area, filters.areaMin));
  if (filters.areaMax != null) conditions.push(lte(listings.area, filters.areaMax));
  if (filters.condoFeeMax != null) {
    conditions.push(or(isNull(listings.condoFee), lte(listings.condoFee, filters.condoFeeMax))!);
  }
  if (filters.amenities?.length) conditions.push(arrayContains(listings.amenities, filters.amenities));
  if (filters.launch) conditions.push(eq(listings.isLaunch, true));
  if (filters.exclusive) conditions.push(eq(listings.isExclusive, true));
  if (filters.priceReduced) conditions.push(priceReducedSince());
  if (filters.code) conditions.push(sql`starts_with(upper(${listings.code}), ${filters.code.toUpperCase()})`);
  if (filters.priceMin != null || filters.priceMax != null) {
    const inRange = (column: typeof listings.salePrice | typeof listings.rentPrice): SQL[] => {
      const parts: SQL[] = [];
      if (filters.priceMin != null) parts.push(gte(column, filters.priceMin));
      if (filters.priceMax != null) parts.push(lte(column, filters.priceMax));
      return parts;
    };
    if (filters.purpose === "venda") conditions.push(...inRange(listings.salePrice));
    else if (filters.purpose === "aluguel") conditions.push(...inRange(listings.rentPrice));
    else {
      conditions.push(
        or(
          and(eq(listings.forSale, true), ...inRange(listings.salePrice)),
          and(eq(listings.forRent, true), ...inRange(listings.rentPrice)),
        )!,
      );
    }
  }
  conditions.push(...costConditions(filters));
  return and(...conditions)!;
}

/**
 * `price_reduced_at` within the "Preço reduzido" window
 * ({@link PRICE_REDUCED_DAYS} days, ADR 0033): the filter, and the badge of
 * {@link summaryColumns}.
 */
export function priceReducedSince(): SQL {
  return sql`${listings.priceReducedAt} >= now() - ${`${PRICE_REDUCED_DAYS} days`}::interval`;
}

/** ORDER BY of `filters.sort` (see the module comment), always ending with the code for a stable order. */
export function sortOrder(filters: ListingFilters): SQL[] {
  const sort = filters.sort ?? DEFAULT_SORT;
  const tieBreak = asc(listings.code);
  const nullsLast = (expression: SQLWrapper, direction: "asc" | "desc") =>
    sql`${expression} ${sql.raw(direction)} nulls last`;
  const price = (direction: "asc" | "desc"): SQL[] => {
    if (filters.purpose === "venda") return [nullsLast(listings.salePrice, direction)];
    if (filters.purpose === "aluguel") return [nullsLast(listings.rentPrice, direction)];
    return [
      desc(listings.forSale),
      nullsLast(
        sql`case when ${listings.forSale} then ${listings.salePrice} else ${listings.rentPrice} end`,
        direction,
      ),
    ];
  };
  switch (sort) {
    case "menor-preco":
      return [...price("asc"), tieBreak];
    case "maior-preco":
      return [...price("desc"), tieBreak];
    case "maior-area":
      return [nullsLast(listings.area, "desc"), tieBreak];
    case "menor-custo-mensal": {
      const cost =
        filters.purpose === "venda"
          ? listings.monthlyCostSale
          : filters.purpose === "aluguel"
            ? listings.monthlyCostRent
            : sql`case when ${listings.forRent} then ${listings.monthlyCostRent} else ${listings.monthlyCostSale} end`;
      return [nullsLast(cost, "asc"), tieBreak];
    }
    case "preco-reduzido":
      // Most recent drop first (index listings_price_reduced_idx), then the rest by update date.
      return [nullsLast(listings.priceReducedAt, "desc"), nullsLast(listings.updatedAt, "desc"), tieBreak];
    default:
      return [nullsLast(listings.updatedAt, "desc"), tieBreak];
  }
}

/**
 * One page of active listings matching `filters`, in `filters.sort` order
 * (default most recent first), as card summaries, with the total count.
 * @throws when the database fails.
 */
export async function searchListings(filters: ListingFilters, options: SearchOptions = {}): Promise<SearchResult> {
  return pageOfListings(filterConditions(filters), filters, { ...options, page: filters.page });
}

/**
 * One page of the active listings matching `where` (a condition built on
 * {@link filterConditions}), in `filters.sort` order, as card summaries, with
 * the total. Shared by the list, the map's "listings in this area" and others.
 * @throws when the database fails.
 */
export async function pageOfListings(
  where: SQL,
  filters: ListingFilters,
  options: SearchOptions & { page?: number } = {},
): Promise<SearchResult> {
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? PAGE_SIZE));
  const db = options.db ?? getDb().db;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(listings)
      .where(where)
      .orderBy(...sortOrder(filters))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: rows.map((row) => toListingSummary(row)),
    total,
    page,
    pageCount: Math.ceil(total / pageSize),
  };
}

/** Number of active listings matching `filters` (e.g. for the empty state's suggestions). */
export async function countListings(filters: ListingFilters, options: { db?: Db } = {}): Promise<number> {
  const db = options.db ?? getDb().db;
  const rows = await db.select({ total: count() }).from(listings).where(filterConditions(filters));
  return rows[0]?.total ?? 0;
}

/**
 * Active listings matching each of `filterSets`, in one scan of the listings
 * (one `count(*) filter (where …)` per set): the empty state's wider searches
 * (ADR 0062). Returns the counts in the order given; [] for no sets.
 * @throws when the database fails.
 */
export async function countListingsEach(
  filterSets: readonly ListingFilters[],
  options: { db?: Db } = {},
): Promise<number[]> {
  if (filterSets.length === 0) return [];
  const db = options.db ?? getDb().db;
  const columns: Record<string, SQL<number>> = {};
  filterSets.forEach((filters, i) => {
    columns[`c${i}`] = sql<number>`count(*) filter (where ${filterConditions(filters)})`.mapWith(Number);
  });
  const rows = await db.select(columns).from(listings).where(isNull(listings.removedAt));
  const row = rows[0] ?? {};
  return filterSets.map((_, i) => Number(row[`c${i}`] ?? 0));
}

/**
 * The canonical path of the active listing with this code (Vista `Codigo`;
 * exact match first, then case-insensitive), or null when there is none.
 * Used by the search boxes' "código" field.
 */
export async function findListingPathByCode(code: string, options: { db?: Db } = {}): Promise<string | null> {
  const wanted = code.trim();
  if (!wanted || wanted.length > 64) return null;
  const db = options.db ?? getDb().db;
  const select = () =>
    db
      .select({
        code: listings.code,
        category: listings.category,
        neighbourhood: listings.neighbourhood,
        condominiumSlug: listings.condominiumSlug,
      })
      .from(listings);
  let rows = await select()
    .where(and(isNull(listings.removedAt), eq(listings.code, wanted)))
    .limit(1);
  if (!rows.length) {
    rows = await select()
      .where(and(isNull(listings.removedAt), sql`upper(${listings.code}) = upper(${wanted})`))
      .orderBy(asc(listings.code))
      .limit(1);
  }
  return rows[0] ? listingPath(rows[0]) : null;
}
