/**
 * The live count of the filters sheet ("Ver N imóveis", ADR 0037): how many
 * listings the list page would show for a filters form's parameters, without
 * building the page. The same query builders as the lists: `countListings`
 * (listings page and `/mapa`, with the listings page's code fallback) and,
 * with a `q`, the `/busca` search (`searchTextWidening`).
 */
import { countListings } from "./search";
import { explicitFilters, searchTextWidening } from "./search-page";
import { TEXT_QUERY_MAX_LENGTH } from "./text-search";
import { getVocabulary } from "./vocabulary";

/**
 * Number of active listings for the query string of a filters form
 * (`finalidade`, `tipo`, `cidade`, `bairro`, `quartos`… and `q` on `/busca`).
 * Unknown or malformed parameters are ignored, as the lists do. A code that
 * matches nothing counts the other filters (the list then shows them under a
 * notice); a code typed alone in `q` that opens a listing counts 1.
 * @throws when the database fails.
 */
export async function liveCount(params: URLSearchParams): Promise<number> {
  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) return 0;
  const filters = explicitFilters(params, vocabulary);
  delete filters.sort;
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, TEXT_QUERY_MAX_LENGTH);
  if (q) {
    const result = await searchTextWidening(q, { pageSize: 1, filters, vocabulary });
    return result.redirect ? 1 : result.total;
  }
  const total = await countListings(filters);
  if (total > 0 || !filters.code) return total;
  delete filters.code;
  return countListings(filters);
}
