/**
 * The loader of `/busca?q=…` (`routes/search.tsx`): reads `q` and `pagina`,
 * runs the free-text search (`searchText`), redirects a code typed alone to
 * its listing and a page past the last to the last, and builds the page's
 * view model: what the query was understood as, the results, and for an
 * empty result wider searches and "você quis dizer" suggestions; popular
 * cities, neighbourhoods and types as shortcuts. Junk or over-long `q` and a
 * malformed `pagina` still give a page, never a 500.
 *
 * The page's filters form and sort form add the listings page's parameters
 * (`finalidade`, `quartos`, `comodidades`, `ordem`…, read by `parseFilters`);
 * they override what the query was read as. When the query names a property
 * type that gives nothing ("casa com piscina" in a catalogue without houses),
 * the search widens to every type and the page says so (`widenedNotice`).
 * The words used become removable chips and the words left out are named
 * (`./query-chips`, ADR 0087).
 */
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { costNotice } from "~/.server/catalogue/cost-notice";
import { inHeavySearchTurn } from "~/.server/catalogue/heavy-searches";
import { queryChips, typedText } from "~/.server/catalogue/query-chips";
import { countListingsEach } from "~/.server/catalogue/search";
import { suggest } from "~/.server/catalogue/suggestions";
import { searchText, TEXT_QUERY_MAX_LENGTH, type TextSearchResult } from "~/.server/catalogue/text-search";
import { getVocabulary, vocabularyForPurpose, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { amenityLabel } from "~/lib/amenities";
import {
  describeFilters,
  filtersToFormEntries,
  filtersToUrl,
  hasFilters,
  parseFilters,
  pluralizeCategory,
  widerSearches,
  type FilterVocabulary,
  type ListingFilters,
} from "~/lib/filters";
import { searchUrl } from "~/lib/list-pages";
import { mapUrl } from "~/lib/map-data";

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

/**
 * The listings-page filters in `/busca`'s query string (the page's filters and
 * sort forms), without `pagina`; {} when there are none. Malformed values are
 * left out, never an error.
 */
export function explicitFilters(params: URLSearchParams, vocabulary: FilterVocabulary): ListingFilters {
  const parsed = parseFilters(undefined, params, vocabulary);
  if ("notFound" in parsed) return {};
  const filters = { ...parsed.filters };
  delete filters.page;
  return filters;
}

/**
 * `searchText`, and when nothing matches while the query names a property type
 * (that `filters` do not override), the same search ignoring that type: its
 * result has `understood.missingType` set. The `/busca` page and its live
 * count both use it, so "Ver N imóveis" equals the list.
 */
export async function searchTextWidening(
  q: string,
  options: { page?: number; pageSize?: number; filters: ListingFilters; vocabulary: Vocabulary },
): Promise<TextSearchResult> {
  const result = await searchText(q, options);
  if (result.redirect || result.total > 0 || !result.understood.filters.category || options.filters.category) {
    return result;
  }
  const wider = await searchText(q, { ...options, ignoreCategory: true });
  return wider.total > 0 ? wider : result;
}

/** "a, b e c" (pt-BR list). */
function listText(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}` : (items[0] ?? "");
}

/**
 * The notice of a widened search, e.g. "Não encontramos casas com piscina.
 * Veja outros imóveis com piscina."; null when the type was found.
 */
export function widenedNotice(result: TextSearchResult): string | null {
  const type = result.understood.missingType;
  if (!type) return null;
  const what = [
    ...(result.filters.amenities ?? []).map((slug) => amenityLabel(slug).toLowerCase()),
    ...(result.text ? [`“${result.text}”`] : []),
  ];
  const tail = what.length ? ` com ${listText(what)}` : "";
  return `Não encontramos ${type}${tail}. Veja outros imóveis${tail}.`;
}

/** "Mostrando resultados para: …": the filters read from the query, with the leftover words quoted. */
function understoodText(result: TextSearchResult, vocabulary: Vocabulary): string {
  const description = hasFilters(result.filters) ? describeFilters(result.filters, vocabulary) : null;
  // The heading ("Apartamentos em Moema") and the facets it does not name ("Piscina").
  const read = description ? [description.heading, ...description.details].join(" · ") : "";
  if (result.mode === "filters" || result.mode === "place-typo") return read;
  if (result.text) return `“${result.text}”${read ? ` · ${read}` : ""}`;
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
  const widerFilters = widerSearches(result.filters, vocabulary);
  const [counts, suggestions] = await Promise.all([
    countListingsEach(widerFilters.map((w) => w.filters)),
    suggest(result.text || q, { vocabulary, limit: 6 }).catch(() => []),
  ]);
  const wider = widerFilters
    .map((w, i) => ({ label: w.label, url: filtersToUrl(w.filters, vocabulary), count: counts[i] }))
    .filter((w) => w.count > 0);
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
    return data({ state: "updating" as const, site, q, canonicalUrl }, { headers: { "Cache-Control": "no-store" } });
  }
  const shortcuts = shortcutsOf(vocabulary);
  if (!q && hasFilters(explicitFilters(url.searchParams, vocabulary))) {
    // Only filters (the filters form after the words were all read as filters): the listings page.
    const target = filtersToUrl(explicitFilters(url.searchParams, vocabulary), vocabulary);
    throw redirect(target, { status: 302, headers: { "Cache-Control": "no-store" } });
  }
  if (!q) {
    return data(
      { state: "start" as const, site, q, canonicalUrl, shortcuts },
      { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
    );
  }

  const chosen = explicitFilters(url.searchParams, vocabulary);
  const {
    result,
    wider,
    didYouMean,
    costNotice: cost,
  } = await inHeavySearchTurn(chosen, async () => {
    const found = await searchTextWidening(q, { page, vocabulary, filters: chosen });
    const empty = found.total === 0 && !found.redirect && found.page <= Math.max(1, found.pageCount);
    const [help, cost] = await Promise.all([
      empty ? emptyResultHelp(found, q, vocabulary) : { wider: [] as Shortcut[], didYouMean: [] as Shortcut[] },
      // The words narrow the text modes beyond the filters: no count of what the cost left out there.
      costNotice(found.filters, (f) => searchUrl(q, 1, filtersToFormEntries(f)), {
        count: found.mode === "filters" || found.mode === "place-typo",
      }),
    ]);
    return { result: found, ...help, costNotice: cost };
  });
  if (result.redirect) throw redirect(result.redirect, { status: 302, headers: { "Cache-Control": "no-store" } });
  if (result.page > 1 && result.page > result.pageCount) {
    throw redirect(searchUrl(q, Math.max(1, result.pageCount), filtersToFormEntries(chosen)), {
      status: 302,
      headers: { "Cache-Control": "no-store" },
    });
  }

  return data(
    {
      state: "results" as const,
      site,
      q,
      /** Render time and key of the "Criar alerta" form (ADR 0034). */
      alertForm: leadFormTokens(),
      canonicalUrl,
      mode: result.mode,
      understood: understoodText(result, vocabulary),
      correctedTo: result.correctedTo,
      /** The words a typo correction replaced, as typed ("pinheros"). */
      correctedFrom: result.correctedTo ? typedText(q, result.understood.textSpans) : null,
      /** The words it used, as removable chips; the words it could not use (ADR 0087). */
      chips: queryChips(result, q, chosen, vocabulary),
      ignored: result.ignored,
      listingsUrl: result.listingsUrl,
      /**
       * The same search on the map (only when it is all filters): built here rather than in the
       * page so the map URL codec stays out of `/busca`'s scripts (ADR 0092).
       */
      mapHref: result.listingsUrl
        ? mapUrl({ ...result.filters, ...(chosen.sort ? { sort: chosen.sort } : {}), page: undefined })
        : null,
      purpose: result.filters.purpose,
      notice: widenedNotice(result),
      /** The total monthly cost filter's notice (ADR 0086), null without it. */
      costNotice: cost,
      // The filters form: what the search applied; its hidden `q` keeps only the free text.
      filters: { ...result.filters, ...(chosen.sort ? { sort: chosen.sort } : {}) },
      formText: result.mode === "fulltext" || result.mode === "similar" || result.mode === "none" ? result.text : "",
      // The sort form and the pager keep `q` and the chosen filters.
      chosenEntries: filtersToFormEntries(chosen),
      // Counts for the chosen purpose, as the listings page's facet counts are (ADR 0092).
      vocabulary: vocabularyForPurpose(vocabulary, result.filters.purpose),
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
