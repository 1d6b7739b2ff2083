/**
 * The condominium index `/condominios` (reachable from the home page;
 * ADR 0008): every condominium with active
 * units, as cards, filterable by city and neighbourhood, sorted by active
 * units (most first, then by name), {@link CONDOMINIUM_PAGE_SIZE} per page.
 * The home page's "Condomínios em destaque" are its first cards.
 *
 * URL (canonical): `/condominios?cidade={city slug}&bairro={neighbourhood
 * slug}&pagina={n ≥ 2}`, parameters in that order, defaults left out.
 * {@link parseCondominiumQuery} reads any other spelling (names with accents
 * or capitals, `bairro=cidade/bairro`, a neighbourhood without its city when
 * only one city has it) and drops what it cannot read, so the page redirects
 * to the canonical URL instead of failing.
 *
 * All cards are aggregated in one query (a list small enough to hold: ADR
 * 0008 has its size on the demo catalogue) and cached in memory for {@link CONDOMINIUM_INDEX_TTL_MS} per
 * database; filtering and paging run over that list.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { CondominiumCard } from "~/domain/condominium";
import { slugify } from "~/lib/slug";
import { condominiumPath } from "~/lib/urls";
import { getDb, type Db } from "../db";
import { condominiums, listings } from "../db/schema";
import { databaseCache } from "../cache";
import { CONDOMINIUMS_PATH } from "~/lib/paths";

/** Cards per page (docs/product.md: lists show 24 per page). */
export const CONDOMINIUM_PAGE_SIZE = 24;
/** How long the aggregated cards are served from memory (ms); they change only with a sync. */
export const CONDOMINIUM_INDEX_TTL_MS = 60_000;
/** Highest page number read from `pagina` (larger values are dropped). */
const MAX_PAGE = 100_000;

/** A place option of the index's filters, with how many condominiums it has. */
export interface CondominiumPlace {
  slug: string;
  label: string;
  /** Condominiums with active units there. */
  count: number;
}

/** A city option with its neighbourhoods (pt-BR alphabetical order). */
export interface CondominiumCity extends CondominiumPlace {
  neighbourhoods: CondominiumPlace[];
}

/** Every condominium card and the places they are in. */
export interface CondominiumDirectory {
  /** All cards, most active units first, then by name (pt-BR). */
  cards: CondominiumCard[];
  /** Cities, most condominiums first (then by name). */
  cities: CondominiumCity[];
}

/** Filters of the index: slugs of the directory's places, and the page (1-based). */
export interface CondominiumFilters {
  city?: string;
  neighbourhood?: string;
  page?: number;
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });

/** Cities and neighbourhoods of `cards` with counts (pure). */
export function placesOf(cards: readonly CondominiumCard[]): CondominiumCity[] {
  const cities = new Map<string, { label: string; count: number; neighbourhoods: Map<string, CondominiumPlace> }>();
  for (const card of cards) {
    if (!card.citySlug) continue;
    let city = cities.get(card.citySlug);
    if (!city) cities.set(card.citySlug, (city = { label: card.city, count: 0, neighbourhoods: new Map() }));
    city.count++;
    if (!card.neighbourhoodSlug) continue;
    const nb = city.neighbourhoods.get(card.neighbourhoodSlug);
    if (nb) nb.count++;
    else
      city.neighbourhoods.set(card.neighbourhoodSlug, {
        slug: card.neighbourhoodSlug,
        label: card.neighbourhood,
        count: 1,
      });
  }
  return [...cities.entries()]
    .map(([slug, city]) => ({
      slug,
      label: city.label,
      count: city.count,
      neighbourhoods: [...city.neighbourhoods.values()].sort((a, b) => collator.compare(a.label, b.label)),
    }))
    .sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));
}

/**
 * Reads every condominium with active units as a card, uncached: active
 * listings are aggregated per condominium slug first (one pass over the
 * listings), then joined to their condominiums: cheaper than joining every
 * listing first and aggregating after (ADR 0008 has the timings).
 */
export async function loadCondominiumDirectory(db: Db): Promise<CondominiumDirectory> {
  const nullableNumber = (v: unknown) => (v == null ? null : Number(v));
  const perCondominium = db
    .select({
      slug: sql<string>`${listings.condominiumSlug}`.as("condo_slug"),
      units: sql<number>`count(*)`.as("unit_count"),
      unitsForSale: sql<number>`count(*) filter (where ${listings.forSale})`.as("units_for_sale"),
      unitsForRent: sql<number>`count(*) filter (where ${listings.forRent})`.as("units_for_rent"),
      salePriceFrom: sql<number | null>`min(${listings.salePrice}) filter (where ${listings.forSale})`.as(
        "sale_price_from",
      ),
      rentPriceFrom: sql<number | null>`min(${listings.rentPrice}) filter (where ${listings.forRent})`.as(
        "rent_price_from",
      ),
      unitCover: sql<string | null>`max(nullif(${listings.coverPhotoUrl}, ''))`.as("unit_cover"),
    })
    .from(listings)
    .where(and(isNull(listings.removedAt), isNotNull(listings.condominiumSlug)))
    .groupBy(listings.condominiumSlug)
    .as("per_condominium");
  const rows = await db
    .select({
      slug: condominiums.slug,
      name: condominiums.name,
      neighbourhood: condominiums.neighbourhood,
      city: condominiums.city,
      citySlug: condominiums.citySlug,
      neighbourhoodSlug: condominiums.neighbourhoodSlug,
      coverPhotoUrl: condominiums.coverPhotoUrl,
      unitCover: perCondominium.unitCover,
      units: perCondominium.units,
      unitsForSale: perCondominium.unitsForSale,
      unitsForRent: perCondominium.unitsForRent,
      salePriceFrom: perCondominium.salePriceFrom,
      rentPriceFrom: perCondominium.rentPriceFrom,
    })
    .from(perCondominium)
    .innerJoin(condominiums, eq(condominiums.slug, perCondominium.slug))
    .orderBy(desc(perCondominium.units), asc(condominiums.name), asc(condominiums.slug));
  const cards: CondominiumCard[] = rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    neighbourhood: r.neighbourhood,
    city: r.city,
    citySlug: r.citySlug,
    neighbourhoodSlug: r.neighbourhoodSlug,
    coverPhotoUrl: r.coverPhotoUrl || r.unitCover || "",
    path: condominiumPath(r.slug),
    units: Number(r.units),
    unitsForSale: Number(r.unitsForSale),
    unitsForRent: Number(r.unitsForRent),
    salePriceFrom: nullableNumber(r.salePriceFrom),
    rentPriceFrom: nullableNumber(r.rentPriceFrom),
  }));
  return { cards, cities: placesOf(cards) };
}

const directoryCache = databaseCache<CondominiumDirectory>("catalogue:condominium-index", {
  what: "condominium index",
  ttlMs: CONDOMINIUM_INDEX_TTL_MS,
  isEmpty: ({ cards }) => cards.length === 0,
  load: loadCondominiumDirectory,
});

/**
 * The condominium directory, cached (see the module comment).
 * @throws when the database fails and nothing is cached yet.
 */
export async function getCondominiumDirectory(options: { db?: Db } = {}): Promise<CondominiumDirectory> {
  return directoryCache.get(options.db ?? getDb().db);
}

/** Forgets cached directories (tests; after a sync that changed listings `clearCaches()` empties every cache). */
export function clearCondominiumIndexCache(): void {
  directoryCache.clear();
}

/** `slugify` that never throws (odd input gives ""). */
function safeSlug(text: string): string {
  try {
    return slugify(text.slice(0, 200));
  } catch {
    return "";
  }
}

/** The canonical URL of `filters` on the index: `/condominios?cidade=…&bairro=…&pagina=…` (defaults left out). */
export function condominiumIndexUrl(filters: CondominiumFilters): string {
  const params: string[] = [];
  if (filters.city) params.push(`cidade=${encodeURIComponent(filters.city)}`);
  if (filters.city && filters.neighbourhood) params.push(`bairro=${encodeURIComponent(filters.neighbourhood)}`);
  if (filters.page && filters.page > 1) params.push(`pagina=${filters.page}`);
  return params.length ? `${CONDOMINIUMS_PATH}?${params.join("&")}` : CONDOMINIUMS_PATH;
}

/**
 * Reads the index's query string against the places of the directory. Never
 * throws. Parameter names are case-insensitive; values are slugified
 * ("São Paulo" → "sao-paulo"); `bairro` may be `cidade/bairro`; a
 * neighbourhood without a city takes the only city that has it. Unknown
 * places, pages below 2 or malformed, and unknown parameters are dropped.
 * @returns the filters and their canonical URL ({@link condominiumIndexUrl}).
 */
export function parseCondominiumQuery(
  search: URLSearchParams,
  cities: readonly CondominiumCity[],
): { filters: CondominiumFilters; canonical: string } {
  const params = new Map<string, string[]>();
  for (const [name, value] of search) {
    const key = name.trim().toLowerCase();
    if (!value.trim()) continue;
    params.set(key, [...(params.get(key) ?? []), value.trim()]);
  }
  const filters: CondominiumFilters = {};
  const cityBySlug = new Map(cities.map((c) => [c.slug, c]));
  for (const raw of params.get("cidade") ?? []) {
    const slug = safeSlug(raw);
    if (cityBySlug.has(slug)) {
      filters.city = slug;
      break;
    }
  }
  for (const raw of params.get("bairro") ?? []) {
    const parts = raw.split("/").map(safeSlug);
    const [citySlug, nbSlug] = parts.length >= 2 ? [parts[0], parts[1]] : [filters.city, parts[0]];
    if (!nbSlug) continue;
    if (citySlug && filters.city && citySlug !== filters.city) continue;
    const candidates = citySlug
      ? [cityBySlug.get(citySlug)].filter((c): c is CondominiumCity => c != null)
      : cities.filter((c) => c.neighbourhoods.some((n) => n.slug === nbSlug));
    const owners = candidates.filter((c) => c.neighbourhoods.some((n) => n.slug === nbSlug));
    if (owners.length === 1) {
      filters.city = owners[0].slug;
      filters.neighbourhood = nbSlug;
      break;
    }
  }
  for (const raw of params.get("pagina") ?? []) {
    if (!/^\d{1,6}$/.test(raw)) continue;
    const page = Number(raw);
    if (page >= 2 && page <= MAX_PAGE) {
      filters.page = page;
      break;
    }
  }
  return { filters, canonical: condominiumIndexUrl(filters) };
}

/** One page of the index. */
export interface CondominiumIndexPage {
  items: CondominiumCard[];
  /** Condominiums matching the filters. */
  total: number;
  /** Page asked for (1-based); may exceed `pageCount`, then `items` is empty. */
  page: number;
  /** Pages of `pageSize` (0 when nothing matches). */
  pageCount: number;
}

/** One page of the cards of `directory` matching `filters` (pure), in directory order. */
export function pageOfCondominiums(
  directory: CondominiumDirectory,
  filters: CondominiumFilters,
  pageSize: number = CONDOMINIUM_PAGE_SIZE,
): CondominiumIndexPage {
  const matching = directory.cards.filter(
    (card) =>
      (!filters.city || card.citySlug === filters.city) &&
      (!filters.neighbourhood || card.neighbourhoodSlug === filters.neighbourhood),
  );
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const size = Math.max(1, Math.floor(pageSize));
  return {
    items: matching.slice((page - 1) * size, page * size),
    total: matching.length,
    page,
    pageCount: Math.ceil(matching.length / size),
  };
}
