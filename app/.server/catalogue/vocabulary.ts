/**
 * The catalogue's vocabulary: the categories, cities and neighbourhoods that
 * have active listings, with their slugs, labels and counts. The `{filtros}`
 * codec needs it to read hyphenated slugs (`~/lib/filters`), the filter forms
 * list it, the home page links from it.
 *
 * It changes only when a sync runs (every few minutes), so it is cached in
 * memory for {@link VOCABULARY_TTL_MS} per database and refreshed in the
 * background (stale-while-revalidate); an empty vocabulary (first sync still
 * running) is kept only {@link EMPTY_VOCABULARY_TTL_MS}.
 */
import { and, count, isNull, sql } from "drizzle-orm";
import type { Purpose } from "~/domain/listing";
import { publicVocabulary, type FilterVocabulary, type VocabularyCity, type VocabularyEntry } from "~/lib/filters";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { databaseCache } from "../cache";

/** How long a vocabulary is served from memory (ms). */
export const VOCABULARY_TTL_MS = 60_000;
/** How long an empty vocabulary is kept (ms), so a finished first sync shows quickly. */
export const EMPTY_VOCABULARY_TTL_MS = 5_000;

/** The vocabulary plus totals per purpose (active listings). */
export interface Vocabulary extends FilterVocabulary {
  /** Categories, most listings first. */
  categories: VocabularyEntry[];
  /** Cities, most listings first; their neighbourhoods in pt-BR alphabetical order. */
  cities: VocabularyCity[];
  /** Active listings in total. */
  total: number;
  /** Active listings for sale / for rent (a listing may count in both). */
  purposes: { venda: number; aluguel: number };
  /**
   * Active listings per purpose of each category (`category:{slug}`), city (`city:{slug}`)
   * and neighbourhood (`nb:{city}/{slug}`), for {@link vocabularyForPurpose}; absent in
   * hand-made vocabularies (tests).
   */
  purposeCounts?: Record<Purpose, Record<string, number>>;
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });

/** Reads the vocabulary from the read model (active rows only: `removed_at is null`), uncached. */
export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const active = isNull(listings.removedAt);
  const [categoryRows, placeRows, totals] = await Promise.all([
    db
      .select({
        slug: listings.categorySlug,
        label: sql<string>`min(${listings.category})`,
        count: count(),
        ...purposeColumns(),
      })
      .from(listings)
      .where(and(active, sql`${listings.categorySlug} <> ''`))
      .groupBy(listings.categorySlug),
    db
      .select({
        citySlug: listings.citySlug,
        cityLabel: sql<string>`min(${listings.city})`,
        slug: listings.neighbourhoodSlug,
        label: sql<string>`min(${listings.neighbourhood})`,
        count: count(),
        ...purposeColumns(),
      })
      .from(listings)
      .where(and(active, sql`${listings.citySlug} <> ''`))
      .groupBy(listings.citySlug, listings.neighbourhoodSlug),
    db
      .select({
        total: count(),
        venda: sql<number>`count(*) filter (where ${listings.forSale})`.mapWith(Number),
        aluguel: sql<number>`count(*) filter (where ${listings.forRent})`.mapWith(Number),
      })
      .from(listings)
      .where(active),
  ]);

  const categories = categoryRows
    .map((r) => ({ slug: r.slug, label: r.label, count: r.count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));

  const purposeCounts: Record<Purpose, Record<string, number>> = { venda: {}, aluguel: {} };
  const add = (key: string, row: Record<Purpose, number>) => {
    for (const purpose of ["venda", "aluguel"] as const) {
      purposeCounts[purpose][key] = (purposeCounts[purpose][key] ?? 0) + row[purpose];
    }
  };
  for (const row of categoryRows) add(`category:${row.slug}`, row);
  const cities = new Map<string, VocabularyCity>();
  for (const row of placeRows) {
    add(`city:${row.citySlug}`, row);
    if (row.slug) add(`nb:${row.citySlug}/${row.slug}`, row);
    let city = cities.get(row.citySlug);
    if (!city) {
      city = { slug: row.citySlug, label: row.cityLabel, count: 0, neighbourhoods: [] };
      cities.set(row.citySlug, city);
    }
    city.count += row.count;
    if (row.slug) city.neighbourhoods.push({ slug: row.slug, label: row.label, count: row.count });
  }
  for (const city of cities.values()) city.neighbourhoods.sort((a, b) => collator.compare(a.label, b.label));

  return {
    categories,
    cities: [...cities.values()].sort((a, b) => b.count - a.count || collator.compare(a.label, b.label)),
    total: totals[0]?.total ?? 0,
    purposes: { venda: totals[0]?.venda ?? 0, aluguel: totals[0]?.aluguel ?? 0 },
    purposeCounts,
  };
}

/** The grouped queries' counts of active listings for sale and for rent. */
function purposeColumns() {
  return {
    venda: sql<number>`count(*) filter (where ${listings.forSale})`.mapWith(Number),
    aluguel: sql<number>`count(*) filter (where ${listings.forRent})`.mapWith(Number),
  };
}

/**
 * The vocabulary as a page shows it (`publicVocabulary`) with every count
 * taken for `purpose` alone: a form whose counts must follow the chosen
 * "Comprar"/"Alugar" without a facet query of its own (`/busca`, ADR 0092).
 * Same entries and order (an option with none for that purpose shows 0);
 * without `purpose`, or without per-purpose counts, the totals of every purpose.
 */
export function vocabularyForPurpose(vocabulary: Vocabulary, purpose: Purpose | undefined): FilterVocabulary {
  const counts = purpose ? vocabulary.purposeCounts?.[purpose] : undefined;
  if (!counts) return publicVocabulary(vocabulary);
  return {
    categories: vocabulary.categories.map((c) => ({ ...c, count: counts[`category:${c.slug}`] ?? 0 })),
    cities: vocabulary.cities.map((city) => ({
      ...city,
      count: counts[`city:${city.slug}`] ?? 0,
      neighbourhoods: city.neighbourhoods.map((nb) => ({ ...nb, count: counts[`nb:${city.slug}/${nb.slug}`] ?? 0 })),
    })),
  };
}

const vocabularyCache = databaseCache<Vocabulary>("catalogue:vocabulary", {
  what: "vocabulary",
  ttlMs: VOCABULARY_TTL_MS,
  isEmpty: (vocabulary) => vocabulary.total === 0,
  emptyTtlMs: EMPTY_VOCABULARY_TTL_MS,
  load: loadVocabulary,
});

/**
 * The vocabulary of the active catalogue, cached (see the module comment).
 * The same object is returned while cached, so the codec's per-vocabulary
 * index is built once.
 * @throws when the database fails and nothing is cached yet.
 */
export async function getVocabulary(options: { db?: Db } = {}): Promise<Vocabulary> {
  return vocabularyCache.get(options.db ?? getDb().db);
}

/** Forgets cached vocabularies (tests; after a sync that changed listings `clearCaches()` empties every cache). */
export function clearVocabularyCache(): void {
  vocabularyCache.clear();
}
