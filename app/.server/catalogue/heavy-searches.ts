/**
 * Heavy searches take turns (docs/decisions/0062-bounded-work-per-request.md,
 * "Heavy searches"). A search with many filter values (many neighbourhoods,
 * many amenities, every facet) costs several times an ordinary one, in its
 * facet counts and, when it finds nothing, its wider searches. On PGlite
 * every query of every request shares one thread, so a few such searches
 * in flight together put several long statements ahead of each statement
 * of an ordinary page. Here at most {@link HEAVY_SEARCHES_AT_ONCE} heavy
 * searches run at once in the process, at most {@link HEAVY_SEARCHES_WAITING}
 * wait, and one more is refused with 503 (`Retry-After`): ordinary pages
 * then find at most one heavy statement ahead of theirs.
 */
import pLimit from "p-limit";
import { rejectionResponse } from "~/lib/errors";
import type { ListingFilters } from "~/lib/filters";

/** Filter values from which a search is heavy (each neighbourhood and amenity counts one, each other facet one). */
export const HEAVY_SEARCH_VALUES = 10;

/** Heavy searches running at once in this process. */
export const HEAVY_SEARCHES_AT_ONCE = 1;

/** Heavy searches waiting at most; one more is refused (503). */
export const HEAVY_SEARCHES_WAITING = 8;

/** pt-BR line of the error screen when a heavy search is refused. */
export const HEAVY_SEARCH_REFUSAL = "Muitas buscas com muitos filtros ao mesmo tempo. Tente de novo em instantes.";

/** Seconds a refused heavy search is told to wait (`Retry-After`). */
const RETRY_AFTER_SECONDS = 5;

const turns = pLimit(HEAVY_SEARCHES_AT_ONCE);
let held = 0;

/** How many filter values `filters` carries (sort and page are not filters). */
export function filterValueCount(filters: ListingFilters): number {
  let count = 0;
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || key === "sort" || key === "page") continue;
    count += Array.isArray(value) ? value.length : 1;
  }
  return count;
}

/**
 * Runs `work` (the search of `filters` and whatever depends on it) at once
 * when the search is ordinary, else in the heavy searches' turn.
 * @throws {Response} 503 with `Retry-After` when too many heavy searches already wait.
 */
export async function inHeavySearchTurn<T>(filters: ListingFilters, work: () => Promise<T>): Promise<T> {
  if (filterValueCount(filters) < HEAVY_SEARCH_VALUES) return work();
  if (held >= HEAVY_SEARCHES_AT_ONCE + HEAVY_SEARCHES_WAITING) {
    const refusal = rejectionResponse({ status: 503, message: HEAVY_SEARCH_REFUSAL, path: "" });
    refusal.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    throw refusal;
  }
  held += 1;
  try {
    return await turns(work);
  } finally {
    held -= 1;
  }
}
