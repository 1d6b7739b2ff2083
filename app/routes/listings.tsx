/**
 * `/todos-os-imoveis` and `/todos-os-imoveis/{filtros}` (docs/spec.txt §2; docs/product.md
 * "Public site"): listings filtered by purpose, type, city, neighbourhoods,
 * price range, minimum bedrooms / suites / parking / bathrooms, area range,
 * condo fee, amenities, lançamento, exclusivo and code, with facet counts in
 * the filters form, sorted, 24 per page with crawlable numbered pages, and an
 * empty state that suggests wider searches.
 *
 * The URL rules (canonical redirects, 404 on an unknown word, the `codigo`
 * shortcut, what is indexable) and the view model live in
 * `~/.server/catalogue/listings-page`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { listingsPageResponse } from "~/.server/catalogue/listings-page";
import { AlertFormIsland } from "~/components/alert-form-island";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { NeighbourhoodMarketLink } from "~/components/neighbourhood-link";
import { CostNotice } from "~/components/cost-notice";
import { EmptyState } from "~/components/empty-state";
import { FiltersForm } from "~/components/filters-form";
import { ListingGrid } from "~/components/listing-grid";
import * as layout from "~/components/page-layout.css";
import {
  AlertShortcut,
  AllListingsLink,
  CatalogueUpdating,
  ChipLink,
  Pager,
  ResultsHeader,
  ResultsToolbar,
  SkipToResults,
  showingRange,
  ViewSwitch,
} from "~/components/results-page";
import { SortForm } from "~/components/sort-form";
import { publicPageHeaders } from "~/lib/cache-control";
import { filtersToFormEntries, filtersToUrl, hasFilters, LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { pageTitleSuffix, withPagingMeta } from "~/lib/list-pages";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { LISTINGS_PATH } from "~/lib/paths";
import { container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./listings.css";

export const loader = ({ request, params }: LoaderFunctionArgs) => listingsPageResponse(request, params.filtros);

export const headers = publicPageHeaders;

/** Title, description, canonical and Open Graph tags (the root adds og:site_name and og:locale), prev/next, robots. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // No data (the loader threw, e.g. a 404): keep the parent routes' tags.
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  if (data.state === "updating") {
    return catalogueUpdatingMeta(`Imóveis | ${data.site.title}`, data.canonicalUrl);
  }
  const title = `${data.heading}${pageTitleSuffix(data.page)} | ${data.site.title}`;
  const description =
    data.total > 0
      ? `${data.countText}. Veja fotos, preços, condomínio, IPTU e custo mensal de cada imóvel na ${data.site.title}.`
      : `${data.heading}: nenhum imóvel disponível no momento. Veja outras opções na ${data.site.title}.`;
  return withPagingMeta(pageMeta({ title, description, canonicalUrl: data.canonicalUrl, image: data.ogImage }), data);
};

/** The listings page (or, while the first sync runs, the "updating" state). */
export default function ListingsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "updating") {
    return (
      <div className={`${container} ${layout.page}`}>
        <CatalogueUpdating headingLevel={1} retryHref={LISTINGS_PATH}>
          Os imóveis aparecem aqui em alguns instantes. Obrigado pela paciência!
        </CatalogueUpdating>
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
  const crumbs = [
    { name: "Início", path: "/" },
    { name: "Imóveis", path: LISTINGS_PATH },
    ...(hasFilters(filters) ? [{ name: data.heading }] : []),
  ];

  return (
    <div className={`${container} ${layout.page}`}>
      {data.total > 0 ? <SkipToResults /> : null}
      <Breadcrumbs items={crumbs} />
      <ResultsHeader title={data.heading} count={data.countText}>
        {data.details.length ? (
          <p className={s.details}>
            <span className={visuallyHidden}>Filtros aplicados: </span>
            {data.details.join(" · ")}
          </p>
        ) : null}
        <NeighbourhoodMarketLink filters={filters} vocabulary={vocabulary} />
      </ResultsHeader>

      <div className={s.layout}>
        <FiltersForm filters={filters} vocabulary={vocabulary} counts={data.counts} total={data.total} />

        <section
          className={`${layout.results} ${loading ? layout.loading : ""}`}
          aria-labelledby="resultados"
          aria-busy={loading}
        >
          <h2 id="resultados" className={`${visuallyHidden} ${layout.skipTarget}`} tabIndex={-1}>
            Resultados
          </h2>
          {data.codeNotFound ? (
            <p className={s.notice}>
              Não encontramos nenhum imóvel disponível com o código <strong>{data.codeNotFound}</strong>. Veja abaixo
              outras opções.
            </p>
          ) : null}
          <CostNotice notice={data.costNotice} />

          {data.total > 0 ? (
            <>
              {/* The total is in the heading block: here only the range of a page (ADR 0092). */}
              <ResultsToolbar
                count={data.pageCount > 1 ? showingRange(data.page, LISTINGS_PAGE_SIZE, data.items.length) : null}
              >
                <ViewSwitch current="list" list={null} map={data.mapHref} />
                <AlertShortcut />
                <SortForm
                  action={LISTINGS_PATH}
                  sort={filters.sort}
                  hidden={filtersToFormEntries(filters).filter(([name]) => name !== "ordem")}
                />
              </ResultsToolbar>
              <ListingGrid listings={data.items} purpose={filters.purpose} eagerCount={3} label="Imóveis encontrados" />
              <Pager
                page={data.page}
                pageCount={data.pageCount}
                hrefFor={(page) => filtersToUrl({ ...filters, page }, vocabulary)}
              />
            </>
          ) : (
            <EmptyState
              title="Nenhum imóvel encontrado com esses filtros"
              actions={[
                ...data.suggestions.map((sg) => (
                  <ChipLink key={sg.url} to={sg.url} label={sg.label} count={sg.count} />
                )),
                <AllListingsLink key="all" to={LISTINGS_PATH} />,
              ]}
            >
              <p>Tente ampliar a busca: remova um dos filtros abaixo para ver mais opções.</p>
            </EmptyState>
          )}
          <AlertFormIsland tokens={data.alertForm} />
        </section>
      </div>
    </div>
  );
}
