/**
 * The home page's sections, read from the read model (docs/product.md "Public
 * site", `/`): featured listings (Vista `DestaqueWeb`),
 * launches (`Lancamento`), featured condominiums (the first cards of the
 * condominium index, most active units), links by city and neighbourhood and
 * the hero's quick links, every one the exact canonical filtered URL
 * (`filtersToUrl`, so following it never redirects). A listing appears in
 * one listing section only (featured, else launches, else recent). Cached in memory
 * for {@link HOME_TTL_MS} per database (they change only with a sync).
 */
import { and, asc, eq, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { CondominiumCard } from "~/domain/condominium";
import type { ListingSummary } from "~/domain/listing-summary";
import { filtersToUrl, pluralizeCategory } from "~/lib/filters";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { databaseCache } from "../cache";
import { getCondominiumDirectory } from "./condominium-index";
import { summaryColumns, toListingSummary } from "./search";
import { getVocabulary, type Vocabulary } from "./vocabulary";

/** How long the home sections are served from memory (ms). */
export const HOME_TTL_MS = 60_000;
/** Listings per home carousel/grid section. */
export const HOME_SECTION_SIZE = 8;
/**
 * Featured condominiums shown: 4, and the home lays them out in 1, 2 or 4
 * columns (`home.css.ts`), so every row is full at every width (ADR 0038).
 */
export const HOME_CONDOMINIUMS = 4;
/** Neighbourhood links per city. */
export const HOME_NEIGHBOURHOODS_PER_CITY = 16;
/** Cities with links. */
export const HOME_CITIES = 6;

/** A condominium card on the home page (the first cards of the condominium index). Money in BRL. */
export type FeaturedCondominium = CondominiumCard;

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

/** A quick search link under the hero search box. */
export interface QuickLink {
  label: string;
  /** Canonical path (`filtersToUrl`). */
  url: string;
}

/**
 * The hero's quick links: the top category for sale and for rent in the top
 * city, then the top city's three busiest neighbourhoods; all canonical
 * (`filtersToUrl`). Empty when the catalogue is empty.
 */
export function quickLinks(vocabulary: Vocabulary, cities: readonly CityLinks[]): QuickLink[] {
  const topCity = vocabulary.cities[0];
  const topCategory = vocabulary.categories[0];
  if (!topCategory) return [];
  return [
    {
      label: `${pluralizeCategory(topCategory.label)} à venda`,
      url: filtersToUrl({ purpose: "venda", category: topCategory.slug, city: topCity?.slug }, vocabulary),
    },
    {
      label: `${pluralizeCategory(topCategory.label)} para alugar`,
      url: filtersToUrl({ purpose: "aluguel", category: topCategory.slug, city: topCity?.slug }, vocabulary),
    },
    ...(cities[0]?.neighbourhoods ?? []).slice(0, 3).map((nb) => ({ label: nb.label, url: nb.url })),
  ];
}

/** Everything the home page shows below the search box. */
export interface HomeSections {
  /** Active listings in total (0 while the first sync runs). */
  total: number;
  /** `DestaqueWeb` listings, most recently updated first. */
  featured: ListingSummary[];
  /** Most recently updated listings, none of them in `launches`; filled only when nothing is featured. */
  recent: ListingSummary[];
  /** `Lancamento` listings, most recently updated first, none of them in `featured`. */
  launches: ListingSummary[];
  condominiums: FeaturedCondominium[];
  /** Active condominiums in total (the "Ver todos os condomínios" link to `/condominios`). */
  condominiumCount: number;
  cities: CityLinks[];
  /** The hero's quick links ({@link quickLinks}). */
  quickLinks: QuickLink[];
}

/** Up to `limit` listings matching `where`, most recently updated first, leaving out the codes in `exclude`. */
function listingSection(
  db: Db,
  where: SQL | undefined,
  limit: number,
  exclude: readonly ListingSummary[] = [],
): Promise<ListingSummary[]> {
  const codes = exclude.map((listing) => listing.code);
  return db
    .select(summaryColumns)
    .from(listings)
    .where(codes.length ? and(where, notInArray(listings.code, codes)) : where)
    .orderBy(sql`${listings.updatedAt} desc nulls last`, asc(listings.code))
    .limit(limit)
    .then((rows) => rows.map((row) => toListingSummary(row)));
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
    return {
      total: 0,
      featured: [],
      recent: [],
      launches: [],
      condominiums: [],
      condominiumCount: 0,
      cities: [],
      quickLinks: [],
    };
  }
  const [featured, directory] = await Promise.all([
    listingSection(db, and(active, eq(listings.isFeatured, true)), HOME_SECTION_SIZE),
    getCondominiumDirectory({ db }),
  ]);
  // No listing twice on the page: launches leave out the featured, recent ones the launches.
  const launches = await listingSection(db, and(active, eq(listings.isLaunch, true)), HOME_SECTION_SIZE, featured);
  const cities = placeLinks(vocabulary);
  const recent = featured.length === 0 ? await listingSection(db, active, HOME_SECTION_SIZE, launches) : [];
  return {
    total: vocabulary.total,
    featured,
    recent,
    launches,
    condominiums: directory.cards.slice(0, HOME_CONDOMINIUMS),
    condominiumCount: directory.cards.length,
    cities,
    quickLinks: quickLinks(vocabulary, cities),
  };
}

const sectionsCache = databaseCache<HomeSections>("catalogue:home", {
  what: "home sections",
  ttlMs: HOME_TTL_MS,
  isEmpty: (sections) => sections.total === 0,
  load: async (db) => loadHomeSections(db, await getVocabulary({ db })),
});

/**
 * The home sections, cached (see the module comment). Never empty-handed on
 * a fresh install: with no active listing yet every list is empty and
 * `total` is 0, which the page shows as "Estamos atualizando nosso catálogo".
 * @throws when the database fails and nothing is cached yet.
 */
export async function getHomeSections(options: { db?: Db } = {}): Promise<HomeSections> {
  return sectionsCache.get(options.db ?? getDb().db);
}

/** Forgets cached home sections (tests; after a sync that changed listings `clearCaches()` empties every cache). */
export function clearHomeCache(): void {
  sectionsCache.clear();
}
