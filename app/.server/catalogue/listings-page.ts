/**
 * The loader of `/todos-os-imoveis[/{filtros}]` (`routes/listings.tsx`): the
 * URL rules of `~/lib/filters` (ADR "listing URL scheme") and the page's view
 * model.
 *
 * A `codigo` parameter (the search boxes' and the form's code field) goes
 * straight (302) to the listing with exactly that code; otherwise the page
 * lists the codes starting with it, and when there are none it shows a notice
 * over the results of the other filters. Any non-canonical spelling redirects
 * 301 to the canonical URL; an unknown word in `{filtros}` is the 404 "Page
 * Not Found: {path}"; a page past the last redirects 302 to the last. Only the
 * main facets and the minimum bedrooms are indexable; every other query facet
 * (and sort, deep pages, empty results) is `noindex, follow`. Reads only the
 * read model.
 */
import { data, redirect } from "@remix-run/node";
import { costNotice } from "~/.server/catalogue/cost-notice";
import { facetCounts } from "~/.server/catalogue/facets";
import { countListingsEach, findListingPathByCode, searchListings } from "~/.server/catalogue/search";
import { inHeavySearchTurn } from "~/.server/catalogue/heavy-searches";
import { getVocabulary, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import {
  canonicalRedirect,
  describeFilters,
  filtersToUrl,
  LISTINGS_PAGE_SIZE,
  parseFilters,
  publicVocabulary,
  widerSearches,
  type ListingFilters,
} from "~/lib/filters";
import { mapUrl } from "~/lib/map-data";
import { imageUrl } from "~/lib/images";
import { LISTINGS_PATH } from "~/lib/paths";

/** Canonical redirects are stable for a while, but follow vocabulary changes. */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable). */
const MAX_INDEXED_PAGE = 10;
/**
 * Filter keys an indexable page may have (besides `page`): the readable
 * segment's facets and the minimum bedrooms, which the heading names. Every
 * other facet (sort, prices, the query-string facets) makes the page
 * `noindex, follow`.
 */
const INDEXABLE_FACETS = new Set(["purpose", "category", "city", "neighbourhoods", "bedroomsMin", "page"]);

/**
 * One page of `filters` with the facet counts of the filters form; when a
 * `code` prefix finds nothing, the same without it and `codeNotFound` set to
 * the code.
 */
async function searchWithCodeFallback(filters: ListingFilters) {
  const search = (searched: ListingFilters) => searchListings(searched, { pageSize: LISTINGS_PAGE_SIZE });
  if (!filters.code) {
    const [result, counts] = await Promise.all([search(filters), facetCounts(filters)]);
    return { searched: filters, result, counts, codeNotFound: null };
  }
  // With a code, the counts only of the filters shown: one set of facet queries per request (ADR 0062).
  const result = await search(filters);
  if (result.total > 0) return { searched: filters, result, counts: await facetCounts(filters), codeNotFound: null };
  const searched = { ...filters };
  delete searched.code;
  const [otherResult, counts] = await Promise.all([search(searched), facetCounts(searched)]);
  return { searched, result: otherResult, counts, codeNotFound: filters.code };
}

/** Wider searches (one filter fewer each) that do find listings, with their counts: one query (ADR 0062). */
async function widerSuggestions(filters: ListingFilters, vocabulary: Vocabulary) {
  const wider = widerSearches(filters, vocabulary);
  const counts = await countListingsEach(wider.map((w) => w.filters));
  return wider
    .map((w, i) => ({ label: w.label, url: filtersToUrl(w.filters, vocabulary), count: counts[i] }))
    .filter((w) => w.count > 0);
}

/**
 * The listings page's response: `state` "updating" (first sync still
 * running, `no-store`) or "ok" (`no-store` under a "código não encontrado"
 * notice, else the public page cache). Throws the redirects and the 404
 * described above.
 */
export async function listingsPageResponse(request: Request, filtersSegment: string | undefined) {
  const url = new URL(request.url);
  const site = { title: getTheme().title };
  const origin = siteOrigin(request);

  const code = url.searchParams.get("codigo")?.trim() ?? "";
  if (code) {
    const path = await findListingPathByCode(code);
    if (path) throw redirect(path, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    return data(
      { state: "updating" as const, site, canonicalUrl: `${origin}${LISTINGS_PATH}` },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const parsed = parseFilters(filtersSegment, url.searchParams, vocabulary);
  if ("notFound" in parsed) throw pageNotFound(url.pathname);
  const target = canonicalRedirect(url, parsed.canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const { filters } = parsed;
  const { searched, result, counts, codeNotFound, suggestions, cost } = await inHeavySearchTurn(filters, async () => {
    const [found, notice] = await Promise.all([
      searchWithCodeFallback(filters),
      costNotice(filters, (f) => filtersToUrl(f, vocabulary)),
    ]);
    const wider = found.result.total === 0 ? await widerSuggestions(found.searched, vocabulary) : [];
    return { ...found, suggestions: wider, cost: notice };
  });
  const pageUrl = (page: number) => filtersToUrl({ ...searched, page }, vocabulary);
  if (result.page > 1 && result.page > result.pageCount) {
    throw redirect(pageUrl(result.pageCount), { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const description = describeFilters(searched, vocabulary);
  const cover = result.items[0]?.coverPhotoUrl;
  return data(
    {
      state: "ok" as const,
      site,
      filters: searched,
      counts,
      vocabulary: publicVocabulary(vocabulary),
      heading: description.heading,
      details: description.details,
      countText: description.count(result.total),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      items: result.items,
      suggestions,
      codeNotFound,
      /** The total monthly cost filter's notice (ADR 0086), null without it. */
      costNotice: cost,
      /** Render time and key of the "Criar alerta" form (ADR 0034). */
      alertForm: leadFormTokens(),
      /** The same search on `/mapa` ("Lista | Mapa"), built here so the page ships no map code. */
      mapHref: mapUrl({ ...searched, page: undefined }),
      canonicalUrl: `${origin}${parsed.canonical}`,
      prevUrl: result.page > 1 ? `${origin}${pageUrl(result.page - 1)}` : null,
      nextUrl: result.page < result.pageCount ? `${origin}${pageUrl(result.page + 1)}` : null,
      ogImage: cover ? `${origin}${imageUrl(cover, 1280)}` : null,
      noindex:
        result.page > MAX_INDEXED_PAGE ||
        Object.keys(filters).some((key) => !INDEXABLE_FACETS.has(key)) ||
        result.total === 0 ||
        codeNotFound != null,
    },
    { headers: { "Cache-Control": codeNotFound ? "no-store" : PUBLIC_PAGE_CACHE } },
  );
}
