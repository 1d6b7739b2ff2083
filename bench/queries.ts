/**
 * Server-side query timings of the benchmark (ADR 0012): the listings search over the 200 combinations, the map
 * queries over 100 viewports, the search-box suggestions over 100 prefixes,
 * each timed in this process against one read model, plus the EXPLAIN ANALYZE
 * of the slowest search. Modules written by other helpers (map, suggestions,
 * facets) are imported dynamically: a missing module or export is reported as
 * "not available" instead of failing the run.
 */
import { performance } from "node:perf_hooks";
import { count } from "drizzle-orm";
import type { Db } from "../app/.server/db";
import { listings } from "../app/.server/db/schema";
import {
  filterConditions,
  searchListings,
  sortOrder,
  summaryColumns,
  PAGE_SIZE,
} from "../app/.server/catalogue/search";
import type { ListingFilters } from "../app/lib/filters";
import type { FilterCombination, MapCase } from "./combinations";
import { summarize, type LatencySummary } from "./stats";

/** Timing settings: untimed warm-up calls then timed repetitions, per input. */
export interface Repetitions {
  warmup: number;
  reps: number;
}

/** One measured line of the table. */
export type Measurement =
  ({ available: true; calls: number; note?: string } & LatencySummary) | { available: false; reason: string };

/** The search timings plus what is needed to explain the slowest combination. */
export interface SearchMeasurement {
  summary: Measurement;
  /** Per combination: median of its timed calls (ms) and its total of matches. */
  perCombination: { index: number; medianMs: number; total: number; pageCount: number }[];
}

/**
 * Wall-time budget of one measured line, ms: past it the remaining inputs are
 * skipped (noted on the line), so a slow database cannot make the bench last
 * much longer than a few minutes.
 */
export const LINE_BUDGET_MS = 25_000;

/** Inputs actually timed by the last {@link timeCalls}, when the budget cut it short. */
let lastCut: { timed: number; of: number } | null = null;

/** " · orçamento: 40/100 entradas" when the budget cut the last line short, else "". */
function budgetNote(): string {
  return lastCut ? `orçamento de tempo esgotado: ${lastCut.timed}/${lastCut.of} entradas medidas` : "";
}

async function timeCalls<T>(
  inputs: readonly T[],
  run: (input: T) => Promise<unknown>,
  repetitions: Repetitions,
  budgetMs = LINE_BUDGET_MS,
) {
  const samples: number[] = [];
  const perInput: number[][] = [];
  const started = performance.now();
  lastCut = null;
  for (const input of inputs) {
    if (performance.now() - started > budgetMs) {
      lastCut = { timed: perInput.length, of: inputs.length };
      break;
    }
    for (let i = 0; i < repetitions.warmup; i++) await run(input);
    const own: number[] = [];
    for (let i = 0; i < repetitions.reps; i++) {
      const started = performance.now();
      await run(input);
      own.push(performance.now() - started);
    }
    samples.push(...own);
    perInput.push(own);
  }
  return { samples, perInput };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/**
 * Times `searchListings(filters, { db })` (one page of 24 and the total) for
 * every combination: `warmup` untimed calls, then `reps` timed ones.
 */
export async function measureSearch(
  db: Db,
  combos: readonly FilterCombination[],
  repetitions: Repetitions,
): Promise<SearchMeasurement> {
  const totals = new Map<number, { total: number; pageCount: number }>();
  const { samples, perInput } = await timeCalls(
    combos,
    async (combo) => {
      const result = await searchListings(combo.filters, { db });
      totals.set(combo.index, { total: result.total, pageCount: result.pageCount });
    },
    repetitions,
    2 * LINE_BUDGET_MS,
  );
  const note = budgetNote() || undefined;
  return {
    summary: { available: true, calls: samples.length, note, ...summarize(samples) },
    perCombination: combos.map((combo, i) => ({
      index: combo.index,
      medianMs: median(perInput[i] ?? []),
      total: totals.get(combo.index)?.total ?? 0,
      pageCount: totals.get(combo.index)?.pageCount ?? 0,
    })),
  };
}

type AnyFunction = (...args: never[]) => Promise<unknown>;

/**
 * Imports `specifier` and returns its export `name` when it is a function,
 * else the reason it is not available (module missing, failing to load, or
 * without that export).
 */
export async function optionalExport<F extends AnyFunction>(specifier: string, name: string): Promise<F | string> {
  try {
    const module = (await import(specifier)) as Record<string, unknown>;
    const value = module[name];
    return typeof value === "function" ? (value as F) : `${name} não exportado`;
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return /Cannot find module|ERR_MODULE_NOT_FOUND/.test(message)
      ? "módulo não encontrado"
      : `erro ao carregar: ${message}`;
  }
}

type ListingsInBounds = (
  filters: ListingFilters,
  bbox: MapCase["bbox"],
  options: { db: Db; page?: number; pageSize?: number },
) => Promise<{ total: number }>;
type MapPoints = (filters: ListingFilters, options: { db: Db }) => Promise<unknown[]>;
type Suggest = (query: string, options: { db: Db; limit?: number }) => Promise<unknown[]>;
type FacetCounts = (filters: ListingFilters, options: { db: Db }) => Promise<unknown>;

const MAP_MODULE = "../app/.server/catalogue/map";
const SUGGESTIONS_MODULE = "../app/.server/catalogue/suggestions";
const FACETS_MODULE = "../app/.server/catalogue/facets";

/** Runs a timed measurement, turning a failure of the code under test into a "not available" line. */
async function guarded(run: () => Promise<Measurement>): Promise<Measurement> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { available: false, reason: `falhou: ${message.slice(0, 200)}` };
  }
}

/** Times `listingsInBounds(filters, bbox, { db, page: 1, pageSize: 24 })` over the viewports. */
export async function measureBounds(db: Db, cases: readonly MapCase[], repetitions: Repetitions): Promise<Measurement> {
  const fn = await optionalExport<ListingsInBounds>(MAP_MODULE, "listingsInBounds");
  if (typeof fn === "string") return { available: false, reason: fn };
  return guarded(async () => {
    const { samples } = await timeCalls(
      cases,
      (c) => fn(c.filters, c.bbox, { db, page: 1, pageSize: PAGE_SIZE }),
      repetitions,
    );
    return { available: true, calls: samples.length, note: budgetNote() || undefined, ...summarize(samples) };
  });
}

/**
 * Times `mapPoints(filters, { db })` (every matching located listing) for the
 * first `limit` viewports' filters; notes the mean number of points.
 */
export async function measureMapPoints(
  db: Db,
  cases: readonly MapCase[],
  repetitions: Repetitions,
  limit = 40,
): Promise<Measurement> {
  const fn = await optionalExport<MapPoints>(MAP_MODULE, "mapPoints");
  if (typeof fn === "string") return { available: false, reason: fn };
  return guarded(async () => {
    let points = 0;
    let calls = 0;
    const { samples } = await timeCalls(
      cases.slice(0, limit),
      async (c) => {
        points += (await fn(c.filters, { db })).length;
        calls++;
      },
      repetitions,
    );
    const note = [`${Math.round(points / Math.max(1, calls)).toLocaleString("pt-BR")} pontos em média`, budgetNote()]
      .filter(Boolean)
      .join(" · ");
    return { available: true, calls: samples.length, note, ...summarize(samples) };
  });
}

/** Times `suggest(prefix, { db, limit: 8 })` over the prefixes. */
export async function measureSuggestions(
  db: Db,
  prefixes: readonly string[],
  repetitions: Repetitions,
): Promise<Measurement> {
  const fn = await optionalExport<Suggest>(SUGGESTIONS_MODULE, "suggest");
  if (typeof fn === "string") return { available: false, reason: fn };
  return guarded(async () => {
    let empty = 0;
    const { samples } = await timeCalls(
      prefixes,
      async (prefix) => {
        if ((await fn(prefix, { db, limit: 8 })).length === 0) empty++;
      },
      repetitions,
    );
    const perPrefix = Math.round(empty / (repetitions.warmup + repetitions.reps));
    const note = [`${perPrefix} prefixos sem sugestão`, budgetNote()].filter(Boolean).join(" · ");
    return { available: true, calls: samples.length, note, ...summarize(samples) };
  });
}

/**
 * Times the list page's option counts for the first `limit` combinations:
 * `loadFacetCounts(filters, db)` (uncached) when exported, else
 * `facetCounts(filters, { db })` with distinct filter sets (it caches per set).
 */
export async function measureFacets(
  db: Db,
  combos: readonly FilterCombination[],
  repetitions: Repetitions,
  limit = 50,
): Promise<Measurement> {
  const uncached = await optionalExport<(filters: ListingFilters, db: Db) => Promise<unknown>>(
    FACETS_MODULE,
    "loadFacetCounts",
  );
  if (typeof uncached === "function") {
    return guarded(async () => {
      const { samples } = await timeCalls(combos.slice(0, limit), (combo) => uncached(combo.filters, db), repetitions);
      const note = ["loadFacetCounts, sem cache", budgetNote()].filter(Boolean).join(" · ");
      return { available: true, calls: samples.length, note, ...summarize(samples) };
    });
  }
  const fn = await optionalExport<FacetCounts>(FACETS_MODULE, "facetCounts");
  if (typeof fn === "string") return { available: false, reason: fn };
  return guarded(async () => {
    const { samples } = await timeCalls(combos.slice(0, limit), (combo) => fn(combo.filters, { db }), {
      warmup: 0,
      reps: 1,
    });
    return { available: true, calls: samples.length, note: "facetCounts, primeira chamada", ...summarize(samples) };
  });
}

/** A statement with its bound parameters, as drizzle's `toSQL()` gives it. */
export interface BoundQuery {
  sql: string;
  params: unknown[];
}

/** The two statements of `searchListings(filters)`: the page of rows and the count. */
export function searchStatements(db: Db, filters: ListingFilters): { page: BoundQuery; count: BoundQuery } {
  const where = filterConditions(filters);
  const page = Math.max(1, filters.page ?? 1);
  const rows = db
    .select(summaryColumns)
    .from(listings)
    .where(where)
    .orderBy(...sortOrder(filters))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .toSQL();
  const total = db.select({ total: count() }).from(listings).where(where).toSQL();
  return { page: rows, count: total };
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of a bound statement, run on the driver under
 * drizzle (a `pg` pool or the PGlite instance, both `query(text, params)`).
 * @returns the plan lines.
 */
export async function explainAnalyze(db: Db, query: BoundQuery): Promise<string[]> {
  const client = (
    db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  const result = await client.query(`explain (analyze, buffers) ${query.sql}`, query.params);
  return result.rows.map((row) => String(row["QUERY PLAN"] ?? Object.values(row)[0]));
}
