/**
 * `/busca?q=…` (docs/product.md "Public site"): free-text search
 * over the read model (code, title, neighbourhood, city, condominium,
 * address), Portuguese stemming, accent-insensitive, typo-tolerant; the words
 * portals users type ("moema 3 quartos", "casa aluguel", "até 800 mil") become
 * filters (`~/.server/catalogue/text-search`). A code typed alone redirects to
 * its listing.
 *
 * A GET form (works without JavaScript; with it, the field suggests cities,
 * neighbourhoods and condominiums), 24 results per page with crawlable page
 * links, an empty state with wider searches and popular neighbourhoods, and
 * shortcuts when `q` is empty. Search results are `noindex`. The loader and
 * its view model live in `~/.server/catalogue/search-page`.
 *
 * Like the listings page, the results have the filters form (showing what the
 * query was read as; its hidden `q` keeps only the free words) and the
 * "Ordenar por" form; a notice says when a type the query names has no
 * listing and the search widened ("Não encontramos casas com piscina…").
 * The words the search used are removable chips, and the words it could not
 * use are named ("Não entendemos: metrô"; ADR 0087).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { searchPageResponse, type Shortcut } from "~/.server/catalogue/search-page";
import { AlertFormIsland } from "~/components/alert-form-island";
import { EmptyState } from "~/components/empty-state";
import { ListingGrid } from "~/components/listing-grid";
import * as layout from "~/components/page-layout.css";
import { CostNotice } from "~/components/cost-notice";
import { FiltersForm } from "~/components/filters-form";
import { QueryChips } from "~/components/query-chips";
import {
  AlertShortcut,
  AllListingsLink,
  CatalogueUpdating,
  ChipLink,
  Pager,
  ResultsToolbar,
  showingRange,
  SkipToResults,
  ViewSwitch,
} from "~/components/results-page";
import { SortForm } from "~/components/sort-form";
import { TextSearchForm } from "~/components/text-search-form";
import { publicPageHeaders } from "~/lib/cache-control";
import { LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { formatCount } from "~/lib/format";
import { NOINDEX_FOLLOW, searchUrl } from "~/lib/list-pages";
import { pageMeta } from "~/lib/meta";
import { LISTINGS_PATH, SEARCH_PATH } from "~/lib/paths";
import { container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./search.css";

export const loader = ({ request }: LoaderFunctionArgs) => searchPageResponse(request);

export const headers = publicPageHeaders;

/** "1 imóvel encontrado" / "1.234 imóveis encontrados". */
function foundText(total: number): string {
  return `${formatCount(total)} ${total === 1 ? "imóvel encontrado" : "imóveis encontrados"}`;
}

/** Title, description and canonical; always `noindex, follow` (search results). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const title = data.q ? `Busca: ${data.q} | ${data.site.title}` : `Buscar imóveis | ${data.site.title}`;
  const description =
    data.state === "results" && data.total > 0
      ? `${foundText(data.total)} para “${data.q}” na ${data.site.title}.`
      : `Busque imóveis por bairro, cidade, condomínio, endereço ou código na ${data.site.title}.`;
  return [...pageMeta({ title, description, canonicalUrl: data.canonicalUrl }), NOINDEX_FOLLOW];
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The search page: the form, then the updating state, the shortcuts (no query) or the results. */
export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  return (
    <div className={`${container} ${s.page}`}>
      {data.state === "results" && data.total > 0 ? <SkipToResults /> : null}
      <header className={s.header}>
        <h1 className={layout.title}>{data.q ? `Busca: “${data.q}”` : "Buscar imóveis"}</h1>
        <TextSearchForm
          id="q"
          label="Bairro, cidade, condomínio, endereço ou código"
          labelClassName={visuallyHidden}
          className={s.form}
          defaultValue={data.q}
          placeholder="Ex.: Moema 3 quartos"
        />
      </header>
      {data.state === "updating" ? (
        <CatalogueUpdating retryHref={searchUrl(data.q)}>
          Os imóveis aparecem aqui em alguns instantes. Obrigado pela paciência!
        </CatalogueUpdating>
      ) : data.state === "start" ? (
        <Shortcuts shortcuts={data.shortcuts} />
      ) : data.total === 0 ? (
        <NoResults data={data} />
      ) : (
        <Results data={data} loading={loading} />
      )}
    </div>
  );
}

type ResultsData = Extract<Data, { state: "results" }>;

/** Nothing found: wider searches, "Você quis dizer" and the popular neighbourhoods. */
function NoResults({ data }: { data: ResultsData }) {
  return (
    <>
      <EmptyState
        title={`Nenhum imóvel encontrado para “${data.q}”`}
        actions={[
          ...data.wider.map((w) => <ChipLink key={w.url} to={w.url} label={w.label} count={w.count} />),
          <AllListingsLink key="all" to={LISTINGS_PATH} />,
        ]}
      >
        <p>Confira a grafia, use menos palavras ou tente o nome do bairro, da cidade ou do condomínio.</p>
      </EmptyState>
      <AlertFormIsland tokens={data.alertForm} />
      {data.didYouMean.length ? <ChipList title="Você quis dizer" items={data.didYouMean} /> : null}
      <ChipList title="Bairros mais procurados" items={data.shortcuts.neighbourhoods} />
    </>
  );
}

/** The filters form beside the results, then what the query was read as, the count and sort, the grid and the pager. */
function Results({ data, loading }: { data: ResultsData; loading: boolean }) {
  const found = foundText(data.total);
  const chosen = data.chosenEntries as [string, string][];
  return (
    <div className={s.layout}>
      <FiltersForm
        filters={data.filters}
        vocabulary={data.vocabulary}
        action={SEARCH_PATH}
        total={data.total}
        hidden={data.formText ? [["q", data.formText]] : []}
      />
      <section
        aria-labelledby="resultados"
        aria-busy={loading}
        className={`${layout.results} ${loading ? layout.loading : ""}`}
      >
        <h2 id="resultados" className={`${visuallyHidden} ${layout.skipTarget}`} tabIndex={-1}>
          Resultados
        </h2>
        <div className={s.summary}>
          {data.notice ? <p className={s.notice}>{data.notice}</p> : null}
          <CostNotice notice={data.costNotice} />
          {data.correctedTo ? (
            <p>
              Não encontramos exatamente “{data.correctedFrom || data.q}”. Veja os resultados para{" "}
              <strong>{data.correctedTo}</strong>.
            </p>
          ) : data.mode === "similar" ? (
            <p>Não encontramos exatamente “{data.q}”. Veja imóveis com nomes parecidos.</p>
          ) : null}
          {data.understood ? (
            <p>
              Resultados para: <strong>{data.understood}</strong>
            </p>
          ) : null}
          <QueryChips chips={data.chips} ignored={data.ignored} />
          {data.listingsUrl ? (
            <p>
              <Link to={data.listingsUrl} className={s.listingsLink}>
                Ver esta busca com todos os filtros
              </Link>
            </p>
          ) : null}
        </div>
        <ResultsToolbar
          count={data.pageCount > 1 ? showingRange(data.page, LISTINGS_PAGE_SIZE, data.items.length, found) : found}
        >
          <ViewSwitch current="list" list={null} map={data.mapHref} />
          <AlertShortcut />
          <SortForm
            action={SEARCH_PATH}
            sort={data.filters.sort}
            hidden={[["q", data.q], ...chosen.filter(([name]) => name !== "ordem")]}
          />
        </ResultsToolbar>
        <ListingGrid listings={data.items} purpose={data.purpose} eagerCount={3} label="Imóveis encontrados" />
        <Pager page={data.page} pageCount={data.pageCount} hrefFor={(page) => searchUrl(data.q, page, chosen)} />
        <AlertFormIsland tokens={data.alertForm} />
      </section>
    </div>
  );
}

/** Where to start when nothing was typed: cities, neighbourhoods and types. */
function Shortcuts({ shortcuts }: { shortcuts: ResultsData["shortcuts"] }) {
  return (
    <>
      <p>Digite o nome de um bairro, cidade ou condomínio, um endereço ou o código do imóvel. Ou comece por aqui:</p>
      {shortcuts.cities.length > 1 ? <ChipList title="Cidades" items={shortcuts.cities} /> : null}
      <ChipList title="Bairros mais procurados" items={shortcuts.neighbourhoods} />
      <ChipList title="Tipos de imóvel" items={shortcuts.categories} />
    </>
  );
}

/** A titled list of shortcut chips; nothing without items. */
function ChipList({ title, items }: { title: string; items: Shortcut[] }) {
  if (!items.length) return null;
  return (
    <section className={s.shortcuts}>
      <h2 className={s.shortcutsTitle}>{title}</h2>
      <ul className={layout.chips}>
        {items.map((item) => (
          <li key={item.url}>
            <ChipLink to={item.url} label={item.label} count={item.count} />
          </li>
        ))}
      </ul>
    </section>
  );
}
