/**
 * What a results page says under a total monthly cost filter (ADR 0086):
 * how many listings the filter left out because their condomínio or IPTU is
 * not stated (and which might fit), a link to the same search without the
 * cost, and for sale the loan the estimate assumes. One count query and one
 * settings read, only when the cost filter is set.
 */
import { and, count } from "drizzle-orm";
import type { CostNoticeData } from "~/lib/monthly-cost";
import { saleEstimateText } from "~/lib/monthly-cost";
import type { ListingFilters } from "~/lib/filters";
import { getDb, type Db } from "../db";
import { listings } from "../db/schema";
import { getFinancingSettings } from "../financing";
import { hasCostFilter, unknownFeesCondition } from "./monthly-cost";
import { filterConditions } from "./search";

/** `filters` without the cost range, page and sort: the search the notice links to. */
export function withoutCost(filters: ListingFilters): ListingFilters {
  const next = { ...filters };
  delete next.costMin;
  delete next.costMax;
  delete next.page;
  return next;
}

/**
 * The notice of `filters`, or null without a cost filter.
 * @param hrefFor the page's URL of a filter set (list, map or `/busca`).
 * @param options.count false when the page's results have conditions the
 *   filters do not carry (the words of `/busca`): the count would be wrong,
 *   so `leftOut` is null.
 * @throws when the database fails.
 */
export async function costNotice(
  filters: ListingFilters,
  hrefFor: (filters: ListingFilters) => string,
  options: { db?: Db; count?: boolean } = {},
): Promise<CostNoticeData | null> {
  const unknown = unknownFeesCondition(filters);
  if (!unknown || !hasCostFilter(filters)) return null;
  const db = options.db ?? getDb().db;
  const base = withoutCost(filters);
  const [rows, settings] = await Promise.all([
    options.count === false
      ? Promise.resolve(null)
      : db
          .select({ total: count() })
          .from(listings)
          .where(and(filterConditions(base), unknown)),
    filters.purpose === "aluguel" ? Promise.resolve(null) : getFinancingSettings(db),
  ]);
  return {
    leftOut: rows ? (rows[0]?.total ?? 0) : null,
    withoutCostHref: hrefFor(base),
    saleEstimate: settings ? saleEstimateText(settings) : null,
  };
}
