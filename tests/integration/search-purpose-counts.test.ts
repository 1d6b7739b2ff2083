/**
 * `/busca`'s filters form counts for the chosen purpose (ADR 0092): every
 * neighbourhood's count in the page's vocabulary is the number of active
 * listings of that purpose there, read from the read model; without a
 * purpose, the totals of both.
 */
import { describe, expect, it } from "vitest";
import { listings } from "~/.server/db/schema";
import type { FilterVocabulary } from "~/lib/filters";
import { loader as searchLoader } from "~/routes/search";
import { answer, loaderArgs } from "./helpers/loaders";
import { useSyncedListingRows } from "./helpers/synced-sandbox";

const rows = useSyncedListingRows("search-purpose-counts", {
  forSale: listings.forSale,
  forRent: listings.forRent,
  citySlug: listings.citySlug,
  neighbourhoodSlug: listings.neighbourhoodSlug,
});

/** The neighbourhood counts ("city/nb" → n) of the `/busca` page's vocabulary for `path`. */
async function pageCounts(path: string): Promise<Map<string, number>> {
  const response = await answer(() => searchLoader(loaderArgs(path)));
  expect(response.status).toBe(200);
  const data = (await response.json()) as { vocabulary: FilterVocabulary };
  return new Map(
    data.vocabulary.cities.flatMap((city) => city.neighbourhoods.map((nb) => [`${city.slug}/${nb.slug}`, nb.count])),
  );
}

/** Active listings per "city/nb" matching `keep`. */
function expected(keep: (row: (typeof rows)[number]) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (!row.neighbourhoodSlug || !keep(row)) continue;
    const key = `${row.citySlug}/${row.neighbourhoodSlug}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe("/busca's neighbourhood counts", () => {
  it("are those of the chosen purpose, whether the words or the form choose it", async () => {
    const rent = expected((row) => row.forRent);
    const sale = expected((row) => row.forSale);
    for (const [path, want] of [
      ["/busca?q=apartamento&finalidade=aluguel", rent],
      ["/busca?q=apartamento%20aluguel", rent],
      ["/busca?q=apartamento&finalidade=venda", sale],
    ] as const) {
      const counts = await pageCounts(path);
      for (const [key, n] of counts) expect(n, `${path} ${key}`).toBe(want.get(key) ?? 0);
    }
    const any = await pageCounts("/busca?q=apartamento");
    const all = expected(() => true);
    for (const [key, n] of any) expect(n, key).toBe(all.get(key) ?? 0);
    // The two purposes differ somewhere, so the test can tell them apart.
    expect([...rent].some(([key, n]) => sale.get(key) !== n)).toBe(true);
  });
});
