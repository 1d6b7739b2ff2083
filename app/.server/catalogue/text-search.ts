/**
 * Free-text search over the read model (`/busca`): code,
 * title, type, neighbourhood, city, condominium and address, as folded in
 * `listings.search_text` (lower case, no accents; `searchTextOf()` in
 * sync/rows.ts, `foldText()` in `~/lib/search-text`). ADR docs/decisions/0010.
 *
 * 1. The query is folded the same way and "understood" like a portal search
 *    box: "moema 3 quartos", "apartamento pinheiros 2 dormitórios", "casa
 *    aluguel", "até 800 mil" give filters (minimum bedrooms, purpose,
 *    category, price range, and a place when the remaining words name one);
 *    the rest is free text.
 * 2. A code typed alone goes straight to its listing (`redirect`).
 * 3. When only filters remain, the result is exactly the listings page of
 *    those filters (its canonical URL is returned for a link).
 * 4. Otherwise Portuguese full text (`to_tsvector('portuguese', search_text)
 *    @@ to_tsquery(...)`, the expression of the GIN index
 *    `listings_search_fts_idx`), every word required, the last one as a
 *    prefix, ranked by `ts_rank` (most recent first when very many match).
 *    When the words name a place and others that full text does not find
 *    ("moema metrô"), the result is the place's with those words named as
 *    left out (`ignored`, ADR 0087).
 * 5. Nothing found (a typo): the words are compared by trigram similarity,
 *    first to the place names of the vocabulary ("pinheros" → Pinheiros), then
 *    to the listings' search text (`search_text %> word`, the GIN trigram index
 *    `listings_search_trgm_idx`, pg_trgm's word-similarity threshold 0.6).
 *    Still nothing while other words gave filters: those filters, the words
 *    named as left out.
 *
 * The query understanding (steps 1–3 and the vocabulary side of 5) is pure and
 * lives in `./text-query`; this module runs the SQL and re-exports it.
 */
import { and, asc, count, desc, inArray, sql, type SQL } from "drizzle-orm";
import type { ListingSummary } from "~/domain/listing-summary";
import {
  filtersToUrl,
  hasFilters,
  LISTINGS_PAGE_SIZE,
  normalizeFilters,
  pluralizeCategory,
  type FilterVocabulary,
  type ListingFilters,
} from "~/lib/filters";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { filterConditions, findListingPathByCode, sortOrder, summaryColumns, toListingSummary } from "./search";
import {
  closestPlace,
  codeCandidate,
  MAX_QUERY_WORDS,
  placeFilters,
  TEXT_QUERY_MAX_LENGTH,
  tsQueryText,
  understandQuery,
  type UnderstoodQuery,
} from "./text-query";
import { getVocabulary } from "./vocabulary";

export {
  amountOf,
  closestPlace,
  codeCandidate,
  findPlace,
  MAX_QUERY_WORDS,
  PLACE_SIMILARITY,
  placeFilters,
  placesOf,
  queryWords,
  TEXT_QUERY_MAX_LENGTH,
  trigrams,
  trigramSimilarity,
  tsQueryText,
  understandQuery,
  type PlaceMatch,
  type QueryPart,
  type UnderstoodQuery,
} from "./text-query";

/** Above this many full-text matches the order is "most recent" instead of `ts_rank` (ranking is per row). */
export const RANK_LIMIT = 2_000;
/** Above this many trigram matches the order is "most recent" instead of the similarity. */
export const SIMILAR_RANK_LIMIT = 300;
/** Most listings a typo-tolerant (trigram) match considers before the filters apply. */
export const MAX_SIMILAR_CANDIDATES = 5_000;

/** How the results of {@link searchText} were found. */
export type TextSearchMode =
  /** The query was only filters (and maybe a place): the listings page's results. */
  | "filters"
  /** Portuguese full text. */
  | "fulltext"
  /** Nothing in full text: a place with a similar name (`correctedTo`). */
  | "place-typo"
  /** Nothing in full text: trigram word similarity over the listings' text. */
  | "similar"
  /** Nothing searchable in the query (empty, or only symbols). */
  | "none";

/** Options of {@link searchText}. */
export interface TextSearchOptions {
  /** 1-based page (default 1; values below 1 read as 1). */
  page?: number;
  /** Listings per page (default 24, docs/product.md). */
  pageSize?: number;
  /**
   * Extra filters (the `/busca` filters form), combined with those read from
   * the query (these win); their `sort` orders the results instead of the
   * relevance (`page` is ignored: use `page`).
   */
  filters?: ListingFilters;
  /**
   * Ignore the property type the query names (the page's second try when that
   * type gives nothing): `understood.missingType` is then its pt-BR plural.
   */
  ignoreCategory?: boolean;
  /** Vocabulary (default: the cached `getVocabulary()` of `db`). */
  vocabulary?: FilterVocabulary;
  /** Database (default: the process database). */
  db?: Db;
}

/** Result of {@link searchText}. */
export interface TextSearchResult {
  /** The query as read (trimmed, cut to {@link TEXT_QUERY_MAX_LENGTH}). */
  query: string;
  /** Path of the listing whose code the query is (the page redirects); then nothing else is filled. */
  redirect: string | null;
  mode: TextSearchMode;
  /** What was understood. */
  understood: UnderstoodQuery;
  /** Filters applied (the query's, plus the place when the text named one or a typo was corrected). */
  filters: ListingFilters;
  /** Free text searched ("" when the query was only filters). */
  text: string;
  /** Label of the place a typo was read as ("place-typo"), e.g. "Pinheiros". */
  correctedTo: string | null;
  /**
   * Words of the query, as typed, that the search could not use and left out
   * ("metrô" in "moema metrô" when no listing's text has it): the results are
   * those of the rest of the query (ADR 0087).
   */
  ignored: string[];
  /** The equivalent `/todos-os-imoveis/…` path when the results are exactly a filtered list, else null. */
  listingsUrl: string | null;
  items: ListingSummary[];
  /** Matching active listings in total. */
  total: number;
  /** The page asked for (1-based). */
  page: number;
  /** Pages (0 when nothing matches). */
  pageCount: number;
}

const TSVECTOR = sql`to_tsvector('portuguese', ${listings.searchText})`;

/** One page of matching listings and how many match in all. */
interface Page {
  rows: ListingSummary[];
  total: number;
}

const EMPTY_PAGE: Page = { rows: [], total: 0 };

/** Page and page size of a search, both ≥ 1. */
interface Paging {
  page: number;
  pageSize: number;
}

/**
 * Free-text search (see the module comment for the steps), one page of
 * active listings as card summaries with the total. A code typed alone gives
 * `redirect` (no listing query). Never throws on any query text.
 * @throws when the database fails.
 */
export async function searchText(query: string, options: TextSearchOptions = {}): Promise<TextSearchResult> {
  const db = options.db ?? getDb().db;
  const vocabulary = options.vocabulary ?? (await getVocabulary({ db }));
  const paging: Paging = {
    pageSize: Math.max(1, Math.floor(options.pageSize ?? LISTINGS_PAGE_SIZE)),
    page: Math.max(1, Math.floor(Number.isFinite(options.page) ? options.page! : 1)),
  };
  const trimmed = String(query ?? "")
    .trim()
    .slice(0, TEXT_QUERY_MAX_LENGTH);
  let understood = understandQuery(trimmed, vocabulary);
  if (options.ignoreCategory && understood.filters.category) {
    const { category, ...rest } = understood.filters;
    const label = vocabulary.categories.find((c) => c.slug === category)?.label ?? category;
    understood = { ...understood, filters: rest, missingType: pluralizeCategory(label).toLowerCase() };
  }
  const sort = options.filters?.sort;
  const base: TextSearchResult = {
    query: trimmed,
    redirect: null,
    mode: "none",
    understood,
    filters: {},
    text: "",
    correctedTo: null,
    ignored: [],
    listingsUrl: null,
    items: [],
    total: 0,
    page: paging.page,
    pageCount: 0,
  };

  const code = codeCandidate(trimmed);
  if (code) {
    const path = await findListingPathByCode(code, { db });
    if (path) return { ...base, redirect: path };
  }

  const queryFilters = normalizeFilters({
    ...understood.filters,
    ...(options.filters ?? {}),
    page: undefined,
    sort: undefined,
  });
  const withPage = (found: Page, mode: TextSearchMode, extra: Partial<TextSearchResult> = {}): TextSearchResult => ({
    ...base,
    mode,
    ...extra,
    items: found.rows,
    total: found.total,
    pageCount: Math.ceil(found.total / paging.pageSize),
  });
  const byFilters = async (filters: ListingFilters, mode: TextSearchMode, correctedTo: string | null = null) => {
    const normalized = normalizeFilters(filters);
    const found = await pageOf(db, filterConditions(normalized), sortOrder({ ...normalized, sort }), paging);
    return withPage(found, mode, {
      filters: normalized,
      correctedTo,
      listingsUrl: filtersToUrl(normalized, vocabulary),
    });
  };

  // Only filters (and maybe a place).
  if (!understood.text) {
    return hasFilters(queryFilters) ? byFilters(queryFilters, "filters") : base;
  }
  if (understood.place && !understood.unknown.length) {
    return byFilters({ ...queryFilters, ...understood.where }, "filters");
  }
  // What the words gave without the ones it could not use ("moema metrô" → Moema, "metrô" named).
  const withoutUnknown = async () => ({
    ...(await byFilters({ ...queryFilters, ...understood.where }, "filters")),
    ignored: understood.unknownSource,
  });

  const tsquery = tsQueryText(understood.text);
  if (!tsquery) return base;
  const filterWhere = filterConditions(queryFilters);
  const asText = { filters: queryFilters, text: understood.text };

  const sorted = sort ? sortOrder({ sort }) : null;
  const fulltext = await fullTextPage(db, filterWhere, tsquery, paging, sorted);
  if (fulltext.total > 0) return withPage(fulltext, "fulltext", asText);
  if (understood.place) return withoutUnknown();

  // A typo in a place name.
  const words = understood.text.split(" ");
  const closest = closestPlace(words, vocabulary);
  if (closest) {
    const result = await byFilters({ ...queryFilters, ...placeFilters(closest) }, "place-typo", closest.label);
    if (result.total > 0) return result;
  }

  // Trigram word similarity over the listings' text (words of 3+ characters).
  const fuzzyWords = words.filter((w) => w.length >= 3).slice(0, MAX_QUERY_WORDS);
  const similar = fuzzyWords.length ? await similarPage(db, filterWhere, fuzzyWords, paging, sorted) : EMPTY_PAGE;
  if (similar.total > 0) return withPage(similar, "similar", asText);
  // Nothing like the words: the filters the other words gave, naming the words left out.
  if (hasFilters(understood.filters)) return withoutUnknown();
  return fuzzyWords.length ? withPage(similar, "none", asText) : { ...base, ...asText };
}

/**
 * Portuguese full-text matches of `tsquery` within `filterWhere`, ranked by
 * `ts_rank` up to {@link RANK_LIMIT} matches, most recent first above. The
 * session-local `enable_seqscan = off` keeps the GIN index even when the
 * planner thinks most rows match (computing to_tsvector per row is the
 * expensive part); see ADR 0010. A chosen `sorted` order replaces the ranking.
 */
async function fullTextPage(
  db: Db,
  filterWhere: SQL,
  tsquery: string,
  paging: Paging,
  sorted: SQL[] | null,
): Promise<Page> {
  const where = and(filterWhere, sql`${TSVECTOR} @@ to_tsquery('portuguese', ${tsquery})`)!;
  return withIndexes(db, async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(listings).where(where);
    if (!total) return EMPTY_PAGE;
    const order = sorted
      ? sorted
      : total <= RANK_LIMIT
        ? [desc(sql`ts_rank(${TSVECTOR}, to_tsquery('portuguese', ${tsquery}))`), ...sortOrder({})]
        : sortOrder({});
    return { rows: await pageRows(tx, where, order, paging), total };
  });
}

/**
 * Listings within `filterWhere` whose text contains every word of `words`
 * approximately (pg_trgm `%>`), ranked by summed word similarity up to
 * {@link SIMILAR_RANK_LIMIT} matches, most recent first above; a chosen
 * `sorted` order replaces the ranking.
 */
async function similarPage(
  db: Db,
  filterWhere: SQL,
  words: string[],
  paging: Paging,
  sorted: SQL[] | null,
): Promise<Page> {
  return withIndexes(db, async (tx) => {
    // First the codes the trigram index finds, on their own: combined with the
    // filters in one query, the planner prefers a filter's index and rechecks
    // word similarity on every row; apart, only the index's matches are checked
    // (ADR 0010 has the timings).
    const fuzzy = await tx
      .select({ code: listings.code })
      .from(listings)
      .where(and(...words.map((w) => sql`${listings.searchText} %> ${w}`)))
      .limit(MAX_SIMILAR_CANDIDATES);
    if (!fuzzy.length) return EMPTY_PAGE;
    const where = and(
      filterWhere,
      inArray(
        listings.code,
        fuzzy.map((row) => row.code),
      ),
    )!;
    const [{ total }] = await tx.select({ total: count() }).from(listings).where(where);
    if (!total) return EMPTY_PAGE;
    // Ranking computes word_similarity again per row: only for a few hundred matches.
    const score = sql.join(
      words.map((w) => sql`word_similarity(${w}, ${listings.searchText})`),
      sql` + `,
    );
    const order = sorted ?? (total <= SIMILAR_RANK_LIMIT ? [desc(score), asc(listings.code)] : sortOrder({}));
    return { rows: await pageRows(tx, where, order, paging), total };
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs `work` in a transaction whose planner prefers indexes (`set local enable_seqscan = off`). */
async function withIndexes<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

/** The card summaries of one page of listings matching `where`, in `order`. */
async function pageRows(db: Db | Tx, where: SQL, order: SQL[], { page, pageSize }: Paging): Promise<ListingSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(toListingSummary);
}

/** One page of listings matching `where` and their total. */
async function pageOf(db: Db, where: SQL, order: SQL[], paging: Paging): Promise<Page> {
  const [rows, totals] = await Promise.all([
    pageRows(db, where, order, paging),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
