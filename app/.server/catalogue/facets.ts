/**
 * Facet counts of the listings page's filters form (ADR
 * 0011): for every option of every facet, how many active listings choosing
 * it would give, so the form can show "Piscina (1.234)" and dim dead ends.
 *
 * Semantics ({@link filtersForChoice} is the single definition; the
 * integration test checks every count against `countListings()` of it):
 * - single-choice facets (purpose, type, city, minimum bedrooms / suites /
 *   parking / bathrooms chips): the current filters with that facet set to
 *   the option ("" or 0 = "any", i.e. the facet removed); choosing another
 *   city drops the neighbourhoods;
 * - neighbourhoods: the current filters with neighbourhoods = [that one];
 * - amenities, lançamento, exclusivo: the current filters plus that one.
 * Page and sort never matter.
 *
 * Cost: about ten grouped or `count(*) filter (where …)` queries, each one
 * scan of the active rows, run in parallel; cached per (database, canonical
 * filters) for {@link FACET_COUNTS_TTL_MS} (the sync cadence).
 */
import { count, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Purpose } from "~/domain/listing";
import { AMENITY_FILTERS } from "~/lib/amenities";
import {
  type FacetCounts,
  MINIMUM_CHOICES,
  MINIMUM_FACETS,
  normalizeFilters,
  type ListingFilters,
  type MinimumFacet,
} from "~/lib/filters";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { clearCaches, lruCache } from "../cache";
import { filterConditions } from "./search";

export type { FacetCounts };

/** How long facet counts are served from memory (ms): about one sync interval. */
export const FACET_COUNTS_TTL_MS = 60_000;

/** One option of one facet of the form. */
export type FacetChoice =
  | { facet: "purpose"; value: "" | Purpose }
  | { facet: "category" | "city" | "neighbourhood" | "amenity"; value: string }
  | { facet: MinimumFacet; value: number }
  | { facet: "launch" | "exclusive" };

/**
 * The filters that choosing `choice` in the form gives, from the current
 * `filters` (module comment; page and sort dropped). "" / 0 values mean "any".
 * Pure; used by {@link facetCounts}'s tests as the reference.
 */
export function filtersForChoice(filters: ListingFilters, choice: FacetChoice): ListingFilters {
  const base: ListingFilters = { ...normalizeFilters(filters) };
  delete base.page;
  delete base.sort;
  switch (choice.facet) {
    case "purpose":
      return normalizeFilters({ ...base, purpose: choice.value || undefined });
    case "category":
      return normalizeFilters({ ...base, category: choice.value || undefined });
    case "city":
      if (choice.value && choice.value === base.city) return base;
      return normalizeFilters({ ...base, city: choice.value || undefined, neighbourhoods: undefined });
    case "neighbourhood":
      return normalizeFilters({ ...base, neighbourhoods: [choice.value] });
    case "amenity":
      return normalizeFilters({ ...base, amenities: [...(base.amenities ?? []), choice.value] });
    case "launch":
      return { ...base, launch: true };
    case "exclusive":
      return { ...base, exclusive: true };
    default:
      return normalizeFilters({ ...base, [choice.facet]: choice.value || undefined });
  }
}

/** Column of each minimum facet. */
const MINIMUM_COLUMNS = {
  bedroomsMin: listings.bedrooms,
  suitesMin: listings.suites,
  parkingMin: listings.parkingSpaces,
  bathroomsMin: listings.bathrooms,
} as const;

/** The chips of a minimum facet for `filters`: 1–4 plus the current value when above 4. */
export function minimumChoices(filters: ListingFilters, facet: MinimumFacet): number[] {
  const current = filters[facet];
  return current != null && !MINIMUM_CHOICES.includes(current) ? [...MINIMUM_CHOICES, current] : [...MINIMUM_CHOICES];
}

function without(filters: ListingFilters, ...keys: (keyof ListingFilters)[]): ListingFilters {
  const next = { ...filters };
  for (const key of keys) delete next[key];
  return next;
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Reads the counts from the database, uncached (see {@link facetCounts}). */
export async function loadFacetCounts(filters: ListingFilters, db: Db): Promise<FacetCounts> {
  const f = without(normalizeFilters(filters), "page", "sort");

  // Purpose: the price rule depends on the purpose, so each option gets its own full condition.
  const purposeQuery = db
    .select({
      any: countWhere(filterConditions(filtersForChoice(f, { facet: "purpose", value: "" }))),
      venda: countWhere(filterConditions(filtersForChoice(f, { facet: "purpose", value: "venda" }))),
      aluguel: countWhere(filterConditions(filtersForChoice(f, { facet: "purpose", value: "aluguel" }))),
    })
    .from(listings)
    .where(filterConditions(without(f, "purpose", "priceMin", "priceMax")));

  const categoryQuery = db
    .select({ slug: listings.categorySlug, count: count() })
    .from(listings)
    .where(filterConditions(without(f, "category")))
    .groupBy(listings.categorySlug);

  const cityQuery = db
    .select({ slug: listings.citySlug, count: count() })
    .from(listings)
    .where(filterConditions(without(f, "city", "neighbourhoods")))
    .groupBy(listings.citySlug);

  const neighbourhoodQuery = f.city
    ? db
        .select({ slug: listings.neighbourhoodSlug, count: count() })
        .from(listings)
        .where(filterConditions(without(f, "neighbourhoods")))
        .groupBy(listings.neighbourhoodSlug)
    : Promise.resolve([]);

  const minimumQueries = MINIMUM_FACETS.map((facet) => {
    const column = MINIMUM_COLUMNS[facet];
    const choices = minimumChoices(f, facet);
    const columns: Record<string, SQL<number>> = { any: countWhere(sql`true`) };
    for (const n of choices) columns[`n${n}`] = countWhere(sql`${column} >= ${n}`);
    return db
      .select(columns)
      .from(listings)
      .where(filterConditions(without(f, facet)))
      .then((rows) => {
        const row = rows[0] ?? {};
        const out: Record<string, number> = { "0": Number(row.any ?? 0) };
        for (const n of choices) out[String(n)] = Number(row[`n${n}`] ?? 0);
        return [facet, out] as const;
      });
  });

  const where = filterConditions(f);
  const totalsQuery = db
    .select({
      total: count(),
      launch: countWhere(sql`${listings.isLaunch}`),
      exclusive: countWhere(sql`${listings.isExclusive}`),
    })
    .from(listings)
    .where(where);

  const amenityQuery = db
    .select({ slug: sql<string>`a.slug`, count: count() })
    .from(sql`${listings} cross join lateral unnest(${listings.amenities}) as a(slug)`)
    .where(where)
    .groupBy(sql`a.slug`);

  const [purposeRows, categoryRows, cityRows, neighbourhoodRows, minimumRows, totalRows, amenityRows] =
    await Promise.all([
      purposeQuery,
      categoryQuery,
      cityQuery,
      neighbourhoodQuery,
      Promise.all(minimumQueries),
      totalsQuery,
      amenityQuery,
    ]);

  const total = totalRows[0]?.total ?? 0;
  // Rows with an empty slug count in "any" but are no option.
  const grouped = (rows: { slug: string; count: number }[]) => {
    const out: Record<string, number> = {};
    let sum = 0;
    for (const row of rows) {
      if (row.slug) out[row.slug] = Number(row.count);
      sum += Number(row.count);
    }
    return { out, sum };
  };
  const categories = grouped(categoryRows);
  const cities = grouped(cityRows);
  // Choosing the current city keeps its neighbourhoods: that is the current total.
  if (f.city) cities.out[f.city] = total;

  const amenityCounts: Record<string, number> = {};
  const byAmenity = new Map(amenityRows.map((row) => [row.slug, Number(row.count)]));
  for (const amenity of AMENITY_FILTERS) amenityCounts[amenity.slug] = byAmenity.get(amenity.slug) ?? 0;

  return {
    total,
    purpose: { "": purposeRows[0]?.any ?? 0, venda: purposeRows[0]?.venda ?? 0, aluguel: purposeRows[0]?.aluguel ?? 0 },
    category: { "": categories.sum, ...categories.out },
    city: { "": cities.sum, ...cities.out },
    neighbourhoods: grouped(neighbourhoodRows).out,
    minimums: Object.fromEntries(minimumRows) as FacetCounts["minimums"],
    amenities: amenityCounts,
    launch: totalRows[0]?.launch ?? 0,
    exclusive: totalRows[0]?.exclusive ?? 0,
  };
}

const CACHE = "catalogue:facet-counts";

/** One cache of facet counts per database (key: canonical filters as JSON). */
const caches = lruCache<Db, LRUCache<string, FacetCounts>>(CACHE, { max: 8 });

function cacheOf(db: Db): LRUCache<string, FacetCounts> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, FacetCounts>({
      max: 500,
      ttl: FACET_COUNTS_TTL_MS,
      fetchMethod: (key) => loadFacetCounts(JSON.parse(key) as ListingFilters, db),
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Facet counts for `filters` (see {@link FacetCounts} and the module
 * comment), cached per (database, canonical filters without page and sort)
 * for {@link FACET_COUNTS_TTL_MS}; concurrent calls share one load.
 * @throws when the database fails.
 */
export async function facetCounts(filters: ListingFilters, options: { db?: Db } = {}): Promise<FacetCounts> {
  const db = options.db ?? getDb().db;
  const key = JSON.stringify(without(normalizeFilters(filters), "page", "sort"));
  const counts = await cacheOf(db).fetch(key);
  if (!counts) throw new Error("facet counts unavailable");
  return counts;
}

/** Forgets cached facet counts (tests; after a sync that changed listings `clearCaches()` empties every cache). */
export function clearFacetCountsCache(): void {
  clearCaches([CACHE]);
}
