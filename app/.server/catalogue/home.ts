/**
 * The home page's sections, read from the read model (product.md "Public
 * site", `/`): featured listings (Vista `DestaqueWeb`), launches
 * (`Lancamento`), featured condominiums (most active units), and links by
 * city and neighbourhood to their canonical filtered URLs. Cached in memory
 * for {@link HOME_TTL_MS} per database (they change only with a sync).
 */
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { ListingSummary } from "~/domain/listing-summary";
import { filtersToUrl } from "~/lib/filters";
import { condominiumPath } from "~/lib/urls";
import { getDb, type Db } from "../db";
import { condominiums, listings } from "../db/schema";
import { singleton } from "../singleton";
import { summaryColumns, toListingSummary } from "./search";
import { getVocabulary, type Vocabulary } from "./vocabulary";

/** How long the home sections are served from memory (ms). */
export const HOME_TTL_MS = 60_000;
/** Listings per home carousel/grid section. */
export const HOME_SECTION_SIZE = 8;
/** Featured condominiums shown. */
export const HOME_CONDOMINIUMS = 6;
/** Neighbourhood links per city. */
export const HOME_NEIGHBOURHOODS_PER_CITY = 16;
/** Cities with links. */
export const HOME_CITIES = 6;

/** A condominium card on the home page. Money in BRL. */
export interface FeaturedCondominium {
  slug: string;
  name: string;
  neighbourhood: string;
  city: string;
  /** Source URL of the cover photo (condominium's, else one of its units'); "" when none. */
  coverPhotoUrl: string;
  /** `/detalhes/{slug}` (`condominiumPath`). */
  path: string;
  /** Active units in total, for sale, for rent. */
  units: number;
  unitsForSale: number;
  unitsForRent: number;
  /** Lowest sale price among its active units, null when none for sale. */
  salePriceFrom: number | null;
  /** Lowest monthly rent among its active units, null when none for rent. */
  rentPriceFrom: number | null;
}

/** A link to a canonical filtered listings URL. */
export interface PlaceLink {
  label: string;
  /** Active listings behind the link. */
  count: number;
  /** Canonical path (`filtersToUrl`). */
  url: string;
}

/** A city with its busiest neighbourhoods. */
export interface CityLinks extends PlaceLink {
  /** Links for sale / for rent in the city. */
  forSaleUrl: string;
  forRentUrl: string;
  /** Top neighbourhoods by active listings, most first. */
  neighbourhoods: PlaceLink[];
}

/** Everything the home page shows below the search box. */
export interface HomeSections {
  /** Active listings in total (0 while the first sync runs). */
  total: number;
  /** `DestaqueWeb` listings, most recently updated first. */
  featured: ListingSummary[];
  /** Most recently updated listings; filled only when nothing is featured. */
  recent: ListingSummary[];
  /** `Lancamento` listings, most recently updated first. */
  launches: ListingSummary[];
  condominiums: FeaturedCondominium[];
  cities: CityLinks[];
}

function listingSection(db: Db, where: ReturnType<typeof and>, limit: number): Promise<ListingSummary[]> {
  return db
    .select(summaryColumns)
    .from(listings)
    .where(where)
    .orderBy(sql`${listings.updatedAt} desc nulls last`, asc(listings.code))
    .limit(limit)
    .then((rows) => rows.map((row) => toListingSummary(row)));
}

async function featuredCondominiums(db: Db, limit: number): Promise<FeaturedCondominium[]> {
  const units = count();
  const rows = await db
    .select({
      slug: condominiums.slug,
      name: condominiums.name,
      neighbourhood: condominiums.neighbourhood,
      city: condominiums.city,
      coverPhotoUrl: condominiums.coverPhotoUrl,
      unitCover: sql<string | null>`max(nullif(${listings.coverPhotoUrl}, ''))`,
      units,
      unitsForSale: sql<number>`count(*) filter (where ${listings.forSale})`.mapWith(Number),
      unitsForRent: sql<number>`count(*) filter (where ${listings.forRent})`.mapWith(Number),
      salePriceFrom: sql<number | null>`min(${listings.salePrice}) filter (where ${listings.forSale})`.mapWith(
        (v) => (v == null ? null : Number(v)),
      ),
      rentPriceFrom: sql<number | null>`min(${listings.rentPrice}) filter (where ${listings.forRent})`.mapWith(
        (v) => (v == null ? null : Number(v)),
      ),
    })
    .from(condominiums)
    .innerJoin(listings, and(eq(listings.condominiumSlug, condominiums.slug), isNull(listings.removedAt)))
    .groupBy(condominiums.slug)
    .orderBy(desc(units), asc(condominiums.name))
    .limit(limit);
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    neighbourhood: r.neighbourhood,
    city: r.city,
    coverPhotoUrl: r.coverPhotoUrl || r.unitCover || "",
    path: condominiumPath(r.slug),
    units: r.units,
    unitsForSale: r.unitsForSale,
    unitsForRent: r.unitsForRent,
    salePriceFrom: r.salePriceFrom,
    rentPriceFrom: r.rentPriceFrom,
  }));
}

/** City and neighbourhood links from the vocabulary (canonical URLs). */
export function placeLinks(vocabulary: Vocabulary): CityLinks[] {
  return vocabulary.cities.slice(0, HOME_CITIES).map((city) => ({
    label: city.label,
    count: city.count,
    url: filtersToUrl({ city: city.slug }, vocabulary),
    forSaleUrl: filtersToUrl({ purpose: "venda", city: city.slug }, vocabulary),
    forRentUrl: filtersToUrl({ purpose: "aluguel", city: city.slug }, vocabulary),
    neighbourhoods: [...city.neighbourhoods]
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "pt-BR"))
      .slice(0, HOME_NEIGHBOURHOODS_PER_CITY)
      .map((nb) => ({
        label: nb.label,
        count: nb.count,
        url: filtersToUrl({ city: city.slug, neighbourhoods: [nb.slug] }, vocabulary),
      })),
  }));
}

/** Reads the home sections from the read model, uncached. */
export async function loadHomeSections(db: Db, vocabulary: Vocabulary): Promise<HomeSections> {
  const active = isNull(listings.removedAt);
  if (vocabulary.total === 0) {
    return { total: 0, featured: [], recent: [], launches: [], condominiums: [], cities: [] };
  }
  const [featured, launches, condos] = await Promise.all([
    listingSection(db, and(active, eq(listings.isFeatured, true)), HOME_SECTION_SIZE),
    listingSection(db, and(active, eq(listings.isLaunch, true)), HOME_SECTION_SIZE),
    featuredCondominiums(db, HOME_CONDOMINIUMS),
  ]);
  const recent = featured.length === 0 ? await listingSection(db, active, HOME_SECTION_SIZE) : [];
  return {
    total: vocabulary.total,
    featured,
    recent,
    launches,
    condominiums: condos,
    cities: placeLinks(vocabulary),
  };
}

const cache = singleton(
  "catalogue:home",
  () =>
    new LRUCache<Db, HomeSections>({
      max: 8,
      ttl: HOME_TTL_MS,
      allowStale: true,
      allowStaleOnFetchRejection: true,
      noDeleteOnFetchRejection: true,
      fetchMethod: async (db, _stale, { options }) => {
        const sections = await loadHomeSections(db, await getVocabulary({ db }));
        if (sections.total === 0) options.ttl = 5_000;
        return sections;
      },
    }),
);

/**
 * The home sections, cached (see the module comment). Never empty-handed on
 * a fresh install: with no active listing yet every list is empty and
 * `total` is 0, which the page shows as "Estamos atualizando nosso catálogo".
 * @throws when the database fails and nothing is cached yet.
 */
export async function getHomeSections(options: { db?: Db } = {}): Promise<HomeSections> {
  const db = options.db ?? getDb().db;
  const sections = await cache.fetch(db);
  if (!sections) throw new Error("home sections unavailable");
  return sections;
}

/** Forgets cached home sections (tests). */
export function clearHomeCache(): void {
  cache.clear();
}
