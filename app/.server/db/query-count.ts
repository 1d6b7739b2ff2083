/**
 * Counting the database queries one piece of work runs (ADR 0062): every
 * public URL has a fixed query budget ({@link PUBLIC_REQUEST_QUERY_BUDGET}),
 * and the tests measure it with {@link countQueries} around a route's loader.
 * Both drivers report each statement to {@link queryCounter} (drizzle's
 * logger hook, a supported API); outside a {@link countQueries} scope it does
 * nothing but one `AsyncLocalStorage` look-up.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

/**
 * Most database queries any public URL may run, cold caches included: the
 * listings page's search (2), facet counts (10), vocabulary (3), wider
 * searches (1) and its lead-form and appearance reads fit with room to spare.
 */
export const PUBLIC_REQUEST_QUERY_BUDGET = 24;

const scope = new AsyncLocalStorage<{ queries: number }>();

/** Drizzle logger that counts each statement into the current {@link countQueries} scope. */
export const queryCounter: Logger = {
  logQuery() {
    const current = scope.getStore();
    if (current) current.queries += 1;
  },
};

/**
 * Runs `work` and counts the statements it sends to any database opened by
 * `openDatabase`/`getDb` (work it started that is still running when it
 * settles keeps counting into the same figure).
 * @returns what `work` resolved to and the number of queries.
 * @throws whatever `work` throws.
 */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const counter = { queries: 0 };
  const result = await scope.run(counter, work);
  return { result, queries: counter.queries };
}
