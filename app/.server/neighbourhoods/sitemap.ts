/**
 * The neighbourhood market pages in `sitemap.xml` (ADR 0090): `/bairros`
 * and each neighbourhood with stored figures, `lastmod` the day of the sync
 * the figures come from. Bounded like the index page.
 */
import { desc } from "drizzle-orm";
import { neighbourhoodMarketPath, NEIGHBOURHOODS_PATH } from "~/lib/neighbourhood-paths";
import type { Db } from "../db";
import { neighbourhoodMarkets } from "../db/schema";
import { MAX_INDEX_NEIGHBOURHOODS } from "./pages";

/**
 * The sitemap entries of the neighbourhood pages (none while no figure is
 * stored); `lastmod` is an ISO instant (the sitemap writes its date).
 */
export async function neighbourhoodSitemapEntries(db: Db): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .select({
      citySlug: neighbourhoodMarkets.citySlug,
      neighbourhoodSlug: neighbourhoodMarkets.neighbourhoodSlug,
      dataAsOf: neighbourhoodMarkets.dataAsOf,
    })
    .from(neighbourhoodMarkets)
    .orderBy(desc(neighbourhoodMarkets.stock), neighbourhoodMarkets.neighbourhoodSlug)
    .limit(MAX_INDEX_NEIGHBOURHOODS);
  if (rows.length === 0) return [];
  const newest = rows.reduce((max, row) => (row.dataAsOf > max ? row.dataAsOf : max), rows[0].dataAsOf);
  return [
    { path: NEIGHBOURHOODS_PATH, lastmod: newest.toISOString() },
    ...rows.map((row) => ({
      path: neighbourhoodMarketPath(row.citySlug, row.neighbourhoodSlug),
      lastmod: row.dataAsOf.toISOString(),
    })),
  ];
}
