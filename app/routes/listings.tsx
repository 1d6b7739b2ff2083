/**
 * `/todos-os-imoveis` and `/todos-os-imoveis/{filtros}` (docs/spec.txt §2; docs/product.md
 * "Public site"; issue 2 item 7): listings filtered by
 * purpose, type, city, neighbourhoods, price range, minimum bedrooms / suites
 * / parking / bathrooms, area range, condo fee, amenities, lançamento,
 * exclusivo and code, with facet counts in the filters form, sorted, 24 per
 * page with crawlable numbered pages, and an empty state that suggests wider
 * searches.
 *
 * URL rules (`~/lib/filters`, ADR "listing URL scheme"): any non-canonical
 * spelling redirects 301 to the canonical URL; an unknown word in
 * `{filtros}` is a 404 "Page Not Found: {path}"; a `codigo` parameter (the
 * search boxes' and the form's code field) goes straight to the listing with
 * that exact code; otherwise it lists the codes starting with it, and when
 * there are none it shows a notice over the results of the other filters.
 * Only the main facets and the minimum bedrooms are indexable; every other
 * query facet (and sort, deep pages, empty results) is `noindex, follow`.
 * Reads only the read model.
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { facetCounts } from "~/.server/catalogue/facets";
import { countListings, findListingPathByCode, searchListings } from "~/.server/catalogue/search";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { FiltersForm } from "~/components/filters-form";
import { SortForm } from "~/components/sort-form";
import { ListingGrid } from "~/components/listing-grid";
import { Pagination } from "~/components/pagination";
import { pageNotFound } from "~/lib/errors";
import {
  canonicalRedirect,
  describeFilters,
  filtersToFormEntries,
  filtersToUrl,
  hasFilters,
  LISTINGS_PAGE_SIZE,
  parseFilters,
  publicVocabulary,
  widerSearches,
} from "~/lib/filters";
import { formatCount } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./listings.css";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { LISTINGS_PATH } from "~/lib/paths";
import { siteOrigin } from "~/.server/origin";

/** Canonical redirects are stable for a while, but follow vocabulary changes. */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable). */
const MAX_INDEXED_PAGE = 10;
/**
 * Filter keys an indexable page may have (besides `page`): the readable
 * segment's facets and the minimum bedrooms, which the heading names. Every
 * other facet (sort, prices, issue 3's query facets) makes the page
 * `noindex, follow`.
 */
const INDEXABLE_FACETS = new Set(["purpose", "category", "city", "neighbourhoods", "bedroomsMin", "page"]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const site = getTheme();
  const origin = siteOrigin(request);

  // The "código" field: straight to the listing when one has exactly that code.
  const code = url.searchParams.get("codigo")?.trim() ?? "";
  let codeNotFound: string | null = null;
  if (code) {
    const path = await findListingPathByCode(code);
    if (path) throw redirect(path, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    // First sync still running: a friendly page, never an error nor a 404.
    return json(
      { state: "updating" as const, site: { title: site.title }, canonicalUrl: `${origin}${LISTINGS_PATH}` },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const parsed = parseFilters(params.filtros, url.searchParams, vocabulary);
  if ("notFound" in parsed) throw pageNotFound(url.pathname);
  const target = canonicalRedirect(url, parsed.canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const { filters } = parsed;
  // Codes starting with `codigo`; none: a notice over the results of the other filters.
  let searched = filters;
  let [result, counts] = await Promise.all([
    searchListings(searched, { pageSize: LISTINGS_PAGE_SIZE }),
    facetCounts(searched),
  ]);
  if (filters.code && result.total === 0) {
    codeNotFound = filters.code;
    searched = { ...filters };
    delete searched.code;
    [result, counts] = await Promise.all([
      searchListings(searched, { pageSize: LISTINGS_PAGE_SIZE }),
      facetCounts(searched),
    ]);
  }
  if (result.page > 1 && result.page > result.pageCount) {
    const last = filtersToUrl({ ...searched, page: result.pageCount }, vocabulary);
    throw redirect(last, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const description = describeFilters(searched, vocabulary);
  const suggestions =
    result.total === 0
      ? await Promise.all(
          widerSearches(searched, vocabulary).map(async (wider) => ({
            label: wider.label,
            url: filtersToUrl(wider.filters, vocabulary),
            count: await countListings(wider.filters),
          })),
        )
      : [];

  const countText = description.count(result.total);
  const noindex =
    result.page > MAX_INDEXED_PAGE ||
    Object.keys(filters).some((key) => !INDEXABLE_FACETS.has(key)) ||
    result.total === 0 ||
    codeNotFound != null;

  return json(
    {
      state: "ok" as const,
      site: { title: site.title },
      filters: searched,
      counts,
      vocabulary: publicVocabulary(vocabulary),
      heading: description.heading,
      details: description.details,
      countText,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      items: result.items,
      suggestions: suggestions.filter((sg) => sg.count > 0),
      codeNotFound,
      canonicalUrl: `${origin}${parsed.canonical}`,
      prevUrl: result.page > 1 ? `${origin}${filtersToUrl({ ...searched, page: result.page - 1 }, vocabulary)}` : null,
      nextUrl:
        result.page < result.pageCount
          ? `${origin}${filtersToUrl({ ...searched, page: result.page + 1 }, vocabulary)}`
          : null,
      ogImage: result.items[0]?.coverPhotoUrl ? `${origin}${imageUrl(result.items[0].coverPhotoUrl, 1280)}` : null,
      noindex,
    },
    { headers: { "Cache-Control": codeNotFound ? "no-store" : PUBLIC_PAGE_CACHE } },
  );
}

export const headers = publicPageHeaders;

/** Title, description, canonical and Open Graph tags (the root adds og:site_name and og:locale). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // No data (the loader threw, e.g. a 404): keep the parent routes' tags.
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  if (data.state === "updating") {
    return catalogueUpdatingMeta(`Imóveis | ${data.site.title}`, data.canonicalUrl);
  }
  const pageSuffix = data.page > 1 ? ` – Página ${data.page}` : "";
  const title = `${data.heading}${pageSuffix} | ${data.site.title}`;
  const description =
    data.total > 0
      ? `${data.countText}. Veja fotos, preços, condomínio, IPTU e custo mensal de cada imóvel na ${data.site.title}.`
      : `${data.heading}: nenhum imóvel disponível no momento. Veja outras opções na ${data.site.title}.`;
  const tags = pageMeta({ title, description, canonicalUrl: data.canonicalUrl, image: data.ogImage });
  if (data.prevUrl) tags.push({ tagName: "link", rel: "prev", href: data.prevUrl });
  if (data.nextUrl) tags.push({ tagName: "link", rel: "next", href: data.nextUrl });
  if (data.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

export default function ListingsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "updating") {
    return (
      <div className={`${container} ${s.page}`}>
        <EmptyState
          headingLevel={1}
          title="Estamos atualizando nosso catálogo"
          actions={[
            <a key="retry" className={button.dark} href={LISTINGS_PATH}>
              Tentar novamente
            </a>,
          ]}
        >
          <p>Os imóveis aparecem aqui em alguns instantes. Obrigado pela paciência!</p>
        </EmptyState>
      </div>
    );
  }
  return <Results data={data} />;
}

type OkData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ok" }>;

function Results({ data }: { data: OkData }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(LISTINGS_PATH);
  const { filters, vocabulary } = data;
  const hrefFor = (page: number) => filtersToUrl({ ...filters, page }, vocabulary);
  const firstShown = (data.page - 1) * LISTINGS_PAGE_SIZE + 1;
  const lastShown = firstShown + data.items.length - 1;

  return (
    <div className={`${container} ${s.page}`}>
      <nav aria-label="Você está aqui">
        <ol className={s.breadcrumb}>
          <li className={s.crumb}>
            <Link to="/">Início</Link>
          </li>
          <li className={s.crumb}>
            {hasFilters(filters) ? <Link to={LISTINGS_PATH}>Imóveis</Link> : <span aria-current="page">Imóveis</span>}
          </li>
          {hasFilters(filters) ? (
            <li className={s.crumb}>
              <span aria-current="page">{data.heading}</span>
            </li>
          ) : null}
        </ol>
      </nav>
      <header className={s.header}>
        <h1 className={s.title}>{data.heading}</h1>
        <p className={s.count} role="status">
          {data.countText}
        </p>
        {data.details.length ? (
          <p className={s.details}>
            <span className={visuallyHidden}>Filtros aplicados: </span>
            {data.details.join(" · ")}
          </p>
        ) : null}
      </header>

      <div className={s.layout}>
        <FiltersForm filters={filters} vocabulary={vocabulary} counts={data.counts} />

        <section
          className={`${s.results} ${loading ? s.loading : ""}`}
          aria-labelledby="resultados"
          aria-busy={loading}
        >
          <h2 id="resultados" className={visuallyHidden}>
            Resultados
          </h2>
          {data.codeNotFound ? (
            <p className={s.notice}>
              Não encontramos nenhum imóvel disponível com o código <strong>{data.codeNotFound}</strong>. Veja abaixo
              outras opções.
            </p>
          ) : null}

          {data.total > 0 ? (
            <>
              <div className={s.toolbar}>
                <p className={s.count}>
                  {data.pageCount > 1
                    ? `Mostrando ${formatCount(firstShown)}–${formatCount(lastShown)} de ${formatCount(data.total)}`
                    : data.countText}
                </p>
                <SortForm
                  action={LISTINGS_PATH}
                  sort={data.filters.sort}
                  hidden={filtersToFormEntries(data.filters).filter(([name]) => name !== "ordem")}
                />
              </div>
              <ListingGrid listings={data.items} purpose={filters.purpose} eagerCount={3} label="Imóveis encontrados" />
              <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
              {data.pageCount > 1 ? (
                <p className={s.pageInfo}>
                  Página {formatCount(data.page)} de {formatCount(data.pageCount)}
                </p>
              ) : null}
            </>
          ) : (
            <EmptyState
              title="Nenhum imóvel encontrado com esses filtros"
              actions={[
                ...data.suggestions.map((sg) => (
                  <Link key={sg.url} to={sg.url} className={s.suggestion}>
                    {sg.label}
                    <span className={s.suggestionCount}>({formatCount(sg.count)})</span>
                  </Link>
                )),
                <Link key="all" to={LISTINGS_PATH} className={button.dark}>
                  Ver todos os imóveis
                </Link>,
              ]}
            >
              <p>Tente ampliar a busca: remova um dos filtros abaixo para ver mais opções.</p>
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
