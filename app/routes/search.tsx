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
 * shortcuts when `q` is empty. Search results are `noindex`. Junk or
 * over-long `q` and a malformed `pagina` still give a page, never a 500.
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { countListings } from "~/.server/catalogue/search";
import { suggest } from "~/.server/catalogue/suggestions";
import { searchText, TEXT_QUERY_MAX_LENGTH } from "~/.server/catalogue/text-search";
import { getVocabulary, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { SearchIcon } from "~/components/icons";
import { ListingGrid } from "~/components/listing-grid";
import { Pagination } from "~/components/pagination";
import { SuggestInput } from "~/components/suggest-input";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import {
  describeFilters,
  filtersToUrl,
  hasFilters,
  LISTINGS_PAGE_SIZE,
  pluralizeCategory,
  widerSearches,
} from "~/lib/filters";
import { formatCount } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./search.css";
import { LISTINGS_PATH } from "~/lib/paths";
import { siteOrigin } from "~/.server/origin";

/** Path of this page. */
const SEARCH_PATH = "/busca";

/** `pagina`: a whole page number; anything else reads as page 1. */
const pageSchema = z.coerce.number().int().min(1).max(100_000);

/** `/busca?q=…&pagina=…`, page 1 without `pagina`. */
function searchUrl(q: string, page = 1): string {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set("pagina", String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

/** A shortcut link with its number of listings. */
interface Shortcut {
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

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const site = { title: getTheme().title };
  const origin = siteOrigin(request);
  const q = (url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, TEXT_QUERY_MAX_LENGTH);
  const parsedPage = pageSchema.safeParse(url.searchParams.get("pagina") ?? "1");
  const page = parsedPage.success ? parsedPage.data : 1;
  const canonicalUrl = `${origin}${q ? searchUrl(q) : SEARCH_PATH}`;

  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    // First sync still running: a friendly page, never an error.
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

  const description = hasFilters(result.filters) ? describeFilters(result.filters, vocabulary) : null;
  let understood = "";
  if (result.mode === "filters" || result.mode === "place-typo") understood = description?.heading ?? "";
  else if (result.text) understood = `“${result.text}”${description ? ` · ${description.heading}` : ""}`;

  let wider: Shortcut[] = [];
  let didYouMean: Shortcut[] = [];
  if (result.total === 0) {
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
    wider = widerCounts.filter((w) => w.count > 0);
    if (result.text && hasFilters(result.filters)) {
      // The words alone, without the filters read from the query.
      wider.unshift({ label: `Buscar só por “${result.text}”`, url: searchUrl(result.text), count: -1 });
    }
    didYouMean = suggestions.map((sg) => ({
      label: sg.detail ? `${sg.label} (${sg.detail})` : sg.label,
      url: sg.url,
      count: sg.count,
    }));
  }

  return json(
    {
      state: "results" as const,
      site,
      q,
      canonicalUrl,
      mode: result.mode,
      understood,
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

export const headers = publicPageHeaders;

/** Title, description and canonical; always `noindex, follow` (search results). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const title = data.q ? `Busca: ${data.q} | ${data.site.title}` : `Buscar imóveis | ${data.site.title}`;
  const description =
    data.state === "results" && data.total > 0
      ? `${formatCount(data.total)} ${data.total === 1 ? "imóvel encontrado" : "imóveis encontrados"} para “${
          data.q
        }” na ${data.site.title}.`
      : `Busque imóveis por bairro, cidade, condomínio, endereço ou código na ${data.site.title}.`;
  const tags = pageMeta({ title, description, canonicalUrl: data.canonicalUrl });
  tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  return (
    <div className={`${container} ${s.page}`}>
      <header className={s.header}>
        <h1 className={s.title}>{data.q ? `Busca: “${data.q}”` : "Buscar imóveis"}</h1>
        <Form method="get" action={SEARCH_PATH} className={s.form} role="search" aria-label="Busca por texto">
          <label htmlFor="q" className={visuallyHidden}>
            Bairro, cidade, condomínio, endereço ou código
          </label>
          <SuggestInput
            key={data.q}
            id="q"
            name="q"
            defaultValue={data.q}
            placeholder="Ex.: Moema 3 quartos, Edifício Aurora, AP12345"
            inputClassName={s.input}
          />
          <button type="submit" className={`${button.dark} ${s.submit}`}>
            <SearchIcon size={20} />
            Buscar
          </button>
        </Form>
      </header>
      {data.state === "updating" ? (
        <EmptyState
          title="Estamos atualizando nosso catálogo"
          actions={[
            <a key="retry" className={button.dark} href={data.q ? searchUrl(data.q) : SEARCH_PATH}>
              Tentar novamente
            </a>,
          ]}
        >
          <p>Os imóveis aparecem aqui em alguns instantes. Obrigado pela paciência!</p>
        </EmptyState>
      ) : data.state === "start" ? (
        <Shortcuts shortcuts={data.shortcuts} />
      ) : (
        <Results data={data} loading={loading} />
      )}
    </div>
  );
}

type ResultsData = Extract<Data, { state: "results" }>;

function Results({ data, loading }: { data: ResultsData; loading: boolean }) {
  const firstShown = (data.page - 1) * LISTINGS_PAGE_SIZE + 1;
  const lastShown = firstShown + data.items.length - 1;
  const found = `${formatCount(data.total)} ${data.total === 1 ? "imóvel encontrado" : "imóveis encontrados"}`;
  if (data.total === 0) {
    return (
      <>
        <EmptyState
          title={`Nenhum imóvel encontrado para “${data.q}”`}
          actions={[
            ...data.wider.map((w) => (
              <Link key={w.url} to={w.url} className={s.chip}>
                {w.label}
                {w.count >= 0 ? <span className={s.chipCount}>({formatCount(w.count)})</span> : null}
              </Link>
            )),
            <Link key="all" to={LISTINGS_PATH} className={button.dark}>
              Ver todos os imóveis
            </Link>,
          ]}
        >
          <p>Confira a grafia, use menos palavras ou tente o nome do bairro, da cidade ou do condomínio.</p>
        </EmptyState>
        {data.didYouMean.length ? <ChipList title="Você quis dizer" items={data.didYouMean} /> : null}
        <ChipList title="Bairros mais procurados" items={data.shortcuts.neighbourhoods} />
      </>
    );
  }
  return (
    <section aria-labelledby="resultados" aria-busy={loading} className={`${s.results} ${loading ? s.loading : ""}`}>
      <h2 id="resultados" className={visuallyHidden}>
        Resultados
      </h2>
      <div className={s.summary}>
        {data.correctedTo ? (
          <p>
            Não encontramos “{data.q}”. Mostrando resultados para <strong>{data.correctedTo}</strong>.
          </p>
        ) : data.mode === "similar" ? (
          <p>Não encontramos exatamente “{data.q}”. Mostrando imóveis com nomes parecidos.</p>
        ) : null}
        {data.understood ? (
          <p>
            Mostrando resultados para: <strong>{data.understood}</strong>
          </p>
        ) : null}
        <p role="status">
          {data.pageCount > 1 ? `Mostrando ${formatCount(firstShown)}–${formatCount(lastShown)} de ${found}` : found}
        </p>
        {data.listingsUrl ? (
          <p>
            <Link to={data.listingsUrl} className={s.listingsLink}>
              Ver esta busca com todos os filtros
            </Link>
          </p>
        ) : null}
      </div>
      <ListingGrid listings={data.items} purpose={data.purpose} eagerCount={3} label="Imóveis encontrados" />
      <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(page) => searchUrl(data.q, page)} />
      {data.pageCount > 1 ? (
        <p className={s.pageInfo}>
          Página {formatCount(data.page)} de {formatCount(data.pageCount)}
        </p>
      ) : null}
    </section>
  );
}

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

function ChipList({ title, items }: { title: string; items: Shortcut[] }) {
  if (!items.length) return null;
  return (
    <section className={s.shortcuts}>
      <h2 className={s.shortcutsTitle}>{title}</h2>
      <ul className={s.chips}>
        {items.map((item) => (
          <li key={item.url}>
            <Link to={item.url} className={s.chip}>
              {item.label}
              <span className={s.chipCount}>({formatCount(item.count)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
