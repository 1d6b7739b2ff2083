/**
 * The loader of `/busca?q=…` (`routes/search.tsx`): reads `q` and `pagina`,
 * runs the free-text search (`searchText`), redirects a code typed alone to
 * its listing and a page past the last to the last, and builds the page's
 * view model: what the query was understood as, the results, and for an
 * empty result wider searches and "você quis dizer" suggestions; popular
 * cities, neighbourhoods and types as shortcuts. Junk or over-long `q` and a
 * malformed `pagina` still give a page, never a 500.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { countListings } from "~/.server/catalogue/search";
import { suggest } from "~/.server/catalogue/suggestions";
import { searchText, TEXT_QUERY_MAX_LENGTH, type TextSearchResult } from "~/.server/catalogue/text-search";
import { getVocabulary, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { describeFilters, filtersToUrl, hasFilters, pluralizeCategory, widerSearches } from "~/lib/filters";
import { searchUrl } from "~/lib/list-pages";

/** `pagina`: a whole page number; anything else reads as page 1. */
const pageSchema = z.coerce.number().int().min(1).max(100_000);

/** A shortcut link (site path) with its number of listings; -1: no count to show. */
export interface Shortcut {
  label: string;
  url: string;
  count: number;
}

/** Popular cities, neighbourhoods and types of the vocabulary (most listings first), as listings-page links. */
function shortcutsOf(vocabulary: Vocabulary): {
  cities: Shortcut[];
  neighbourhoods: Shortcut[];
  categories: Shortcut[];
} {
  const cities = vocabulary.cities.slice(0, 4).map((city) => ({
    label: city.label,
    url: filtersToUrl({ city: city.slug }, vocabulary),
    count: city.count,
  }));
  const neighbourhoods = vocabulary.cities
    .flatMap((city) =>
      city.neighbourhoods.map((nb) => ({
        label: vocabulary.cities.length > 1 ? `${nb.label}, ${city.label}` : nb.label,
        url: filtersToUrl({ city: city.slug, neighbourhoods: [nb.slug] }, vocabulary),
        count: nb.count,
      })),
    )
    .sort((a, b) => b.count - a.count)
    .slice(0, 12);
  const categories = vocabulary.categories.slice(0, 6).map((category) => ({
    label: pluralizeCategory(category.label),
    url: filtersToUrl({ category: category.slug }, vocabulary),
    count: category.count,
  }));
  return { cities, neighbourhoods, categories };
}

/** "Mostrando resultados para: …": the filters read from the query, with the leftover words quoted. */
function understoodText(result: TextSearchResult, vocabulary: Vocabulary): string {
  const description = hasFilters(result.filters) ? describeFilters(result.filters, vocabulary) : null;
  if (result.mode === "filters" || result.mode === "place-typo") return description?.heading ?? "";
  if (result.text) return `“${result.text}”${description ? ` · ${description.heading}` : ""}`;
  return "";
}

/**
 * Ways out of an empty result: wider searches that do find listings (the words
 * alone first, when filters were read from the query) and the suggestions of
 * the search box for the words ("Você quis dizer").
 */
async function emptyResultHelp(
  result: TextSearchResult,
  q: string,
  vocabulary: Vocabulary,
): Promise<{ wider: Shortcut[]; didYouMean: Shortcut[] }> {
  const [widerCounts, suggestions] = await Promise.all([
    Promise.all(
      widerSearches(result.filters, vocabulary).map(async (w) => ({
        label: w.label,
        url: filtersToUrl(w.filters, vocabulary),
        count: await countListings(w.filters),
      })),
    ),
    suggest(result.text || q, { vocabulary, limit: 6 }).catch(() => []),
  ]);
  const wider = widerCounts.filter((w) => w.count > 0);
  if (result.text && hasFilters(result.filters)) {
    wider.unshift({ label: `Buscar só por “${result.text}”`, url: searchUrl(result.text), count: -1 });
  }
  const didYouMean = suggestions.map((sg) => ({
    label: sg.detail ? `${sg.label} (${sg.detail})` : sg.label,
    url: sg.url,
    count: sg.count,
  }));
  return { wider, didYouMean };
}

/**
 * The search page's response: `state` "updating" (first sync still running,
 * `no-store`), "start" (empty `q`: shortcuts only) or "results". Throws a 302
 * redirect (`no-store`) for a code typed alone and for a page past the last.
 */
export async function searchPageResponse(request: Request) {
  const url = new URL(request.url);
  const site = { title: getTheme().title };
  const q = (url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, TEXT_QUERY_MAX_LENGTH);
  const parsedPage = pageSchema.safeParse(url.searchParams.get("pagina") ?? "1");
  const page = parsedPage.success ? parsedPage.data : 1;
  const canonicalUrl = `${siteOrigin(request)}${searchUrl(q)}`;

  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    return json({ state: "updating" as const, site, q, canonicalUrl }, { headers: { "Cache-Control": "no-store" } });
  }
  const shortcuts = shortcutsOf(vocabulary);
  if (!q) {
    return json(
      { state: "start" as const, site, q, canonicalUrl, shortcuts },
      { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
    );
  }

  const result = await searchText(q, { page, vocabulary });
  if (result.redirect) throw redirect(result.redirect, { status: 302, headers: { "Cache-Control": "no-store" } });
  if (result.page > 1 && result.page > result.pageCount) {
    throw redirect(searchUrl(q, Math.max(1, result.pageCount)), {
      status: 302,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const { wider, didYouMean } =
    result.total === 0 ? await emptyResultHelp(result, q, vocabulary) : { wider: [], didYouMean: [] };

  return json(
    {
      state: "results" as const,
      site,
      q,
      canonicalUrl,
      mode: result.mode,
      understood: understoodText(result, vocabulary),
      correctedTo: result.correctedTo,
      listingsUrl: result.listingsUrl,
      purpose: result.filters.purpose,
      items: result.items,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      wider,
      didYouMean,
      shortcuts,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}
