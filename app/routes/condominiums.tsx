/**
 * `/condominios`: the condominium index ("a condominium index
 * reachable from the home page"; beyond the spec's route table, ADR 0008).
 * Every condominium with active units as a card, filterable by city and
 * neighbourhood with a GET form (works without JavaScript; with it, a change
 * of select updates the results without a full reload), sorted by active
 * units, 24 per page with crawlable numbered pages.
 *
 * URL rules (`parseCondominiumQuery`): canonical parameters `cidade`, `bairro`,
 * `pagina`; any other spelling redirects 301 to the canonical URL; a page past
 * the last redirects 302 to the last. Reads only the read model (cached).
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import {
  condominiumIndexUrl,
  CONDOMINIUM_PAGE_SIZE,
  getCondominiumDirectory,
  pageOfCondominiums,
  parseCondominiumQuery,
} from "~/.server/catalogue/condominium-index";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CondominiumGrid } from "~/components/condominium-card";
import { EmptyState } from "~/components/empty-state";
import { BuildingIcon } from "~/components/icons";
import { Pagination } from "~/components/pagination";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { canonicalRedirect } from "~/lib/filters";
import { formatCount, formatPrice, plural } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./condominiums.css";
import { CONDOMINIUMS_PATH } from "~/lib/paths";

/** Canonical redirects follow the catalogue (places come and go with a sync). */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable). */
const MAX_INDEXED_PAGE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const site = getTheme();
  const origin = siteOrigin(request);
  const directory = await getCondominiumDirectory();
  if (directory.cards.length === 0) {
    // First sync still running (or no condominium at all): a friendly page, never an error.
    return json(
      { state: "empty" as const, site: { title: site.title }, canonicalUrl: `${origin}${CONDOMINIUMS_PATH}` },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const { filters, canonical } = parseCondominiumQuery(url.searchParams, directory.cities);
  const target = canonicalRedirect(url, canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const result = pageOfCondominiums(directory, filters, CONDOMINIUM_PAGE_SIZE);
  if (result.page > 1 && result.page > result.pageCount) {
    throw redirect(condominiumIndexUrl({ ...filters, page: result.pageCount }), {
      status: 302,
      headers: { "Cache-Control": "no-store" },
    });
  }

  const city = directory.cities.find((c) => c.slug === filters.city) ?? null;
  const neighbourhood = city?.neighbourhoods.find((n) => n.slug === filters.neighbourhood) ?? null;
  const place = neighbourhood ? `${neighbourhood.label}, ${city!.label}` : (city?.label ?? "");
  const heading = neighbourhood
    ? `Condomínios em ${neighbourhood.label}`
    : city
      ? `Condomínios em ${city.label}`
      : "Condomínios";
  const countText = plural(result.total, "condomínio com unidades disponíveis", "condomínios com unidades disponíveis");
  const prices = result.items.map((c) => c.salePriceFrom).filter((p): p is number => p != null);
  const cheapest = prices.length ? Math.min(...prices) : null;
  const description = `${countText}${place ? ` em ${place}` : ""}: fotos, unidades à venda e para alugar${
    cheapest != null ? ` a partir de ${formatPrice(cheapest)}` : ""
  } na ${site.title}.`;
  const pageUrl = (page: number) => `${origin}${condominiumIndexUrl({ ...filters, page })}`;
  const crumbs: { name: string; path?: string }[] = place
    ? [{ name: "Início", path: "/" }, { name: "Condomínios", path: CONDOMINIUMS_PATH }, { name: place }]
    : [{ name: "Início", path: "/" }, { name: "Condomínios" }];

  return json(
    {
      state: "ok" as const,
      site: { title: site.title },
      filters: { city: filters.city ?? "", neighbourhood: filters.neighbourhood ?? "" },
      cities: directory.cities.map((c) => ({
        slug: c.slug,
        label: c.label,
        count: c.count,
        neighbourhoods: c.neighbourhoods.map((n) => ({ slug: n.slug, label: n.label, count: n.count })),
      })),
      heading,
      countText,
      description,
      items: result.items.map(({ citySlug: _c, neighbourhoodSlug: _n, ...card }) => card),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      crumbs,
      canonicalUrl: `${origin}${canonical}`,
      prevUrl: result.page > 1 ? pageUrl(result.page - 1) : null,
      nextUrl: result.page < result.pageCount ? pageUrl(result.page + 1) : null,
      ogImage: result.items[0]?.coverPhotoUrl ? `${origin}${imageUrl(result.items[0].coverPhotoUrl, 1280)}` : null,
      noindex: result.page > MAX_INDEXED_PAGE,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/**
 * The loader's `Cache-Control`, unless a parent made the response private (a
 * flash toast) or the loader threw (the error's own, e.g. `no-store` on a 404).
 */
export const headers = publicPageHeaders;

/** Title, description, canonical, Open Graph, prev/next; `noindex` past page 10 and while the catalogue is empty. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  if (data.state === "empty") {
    return catalogueUpdatingMeta(`Condomínios | ${data.site.title}`, data.canonicalUrl);
  }
  const pageSuffix = data.page > 1 ? ` – Página ${data.page}` : "";
  const tags = pageMeta({
    title: `${data.heading}${pageSuffix} | ${data.site.title}`,
    socialTitle: data.heading,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
  });
  if (data.prevUrl) tags.push({ tagName: "link", rel: "prev", href: data.prevUrl });
  if (data.nextUrl) tags.push({ tagName: "link", rel: "next", href: data.nextUrl });
  if (data.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

type OkData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ok" }>;

/** The index page. */
export default function CondominiumsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "empty") {
    return (
      <div className={`${container} ${s.page}`}>
        <EmptyState headingLevel={1} title="Estamos atualizando nosso catálogo" icon={<BuildingIcon size={28} />}>
          <p>Os condomínios aparecem aqui em alguns instantes. Volte daqui a pouco!</p>
        </EmptyState>
      </div>
    );
  }
  return <Index data={data} />;
}

function Index({ data }: { data: OkData }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === CONDOMINIUMS_PATH_CLIENT;
  const hrefFor = (page: number) => indexUrl(data.filters.city, data.filters.neighbourhood, page);
  const firstShown = (data.page - 1) * CONDOMINIUM_PAGE_SIZE_CLIENT + 1;
  const lastShown = firstShown + data.items.length - 1;

  return (
    <div className={`${container} ${s.page}`}>
      <Breadcrumbs items={data.crumbs} />
      <header className={s.header}>
        <h1 className={s.title}>{data.heading}</h1>
        <p className={s.muted} role="status">
          {data.countText}
        </p>
      </header>
      <PlaceForm data={data} />
      <section aria-labelledby="condominios-lista" aria-busy={loading} className={loading ? s.loading : undefined}>
        <h2 id="condominios-lista" className={visuallyHidden}>
          Condomínios encontrados
        </h2>
        {data.pageCount > 1 ? (
          <p className={s.muted}>
            Mostrando {formatCount(firstShown)}–{formatCount(lastShown)} de {formatCount(data.total)}
          </p>
        ) : null}
        <CondominiumGrid condominiums={data.items} label="Condomínios" headingLevel={3} eagerCount={3} />
        <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
        {data.pageCount > 1 ? (
          <p className={s.pageInfo}>
            Página {formatCount(data.page)} de {formatCount(data.pageCount)}
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** Client copies of the server constants (a route component may not import `.server` values). */
const CONDOMINIUMS_PATH_CLIENT = "/condominios";
const CONDOMINIUM_PAGE_SIZE_CLIENT = 24;

/** The canonical index URL (mirror of `condominiumIndexUrl` for the browser). */
function indexUrl(city: string, neighbourhood: string, page = 1): string {
  const params: string[] = [];
  if (city) params.push(`cidade=${encodeURIComponent(city)}`);
  if (city && neighbourhood) params.push(`bairro=${encodeURIComponent(neighbourhood)}`);
  if (page > 1) params.push(`pagina=${page}`);
  return params.length ? `${CONDOMINIUMS_PATH_CLIENT}?${params.join("&")}` : CONDOMINIUMS_PATH_CLIENT;
}

/**
 * City and neighbourhood selects in a GET form. Without JavaScript, "Filtrar"
 * submits it (the server redirects to the canonical URL); with it, changing a
 * select navigates straight to the canonical URL (a new city clears the
 * neighbourhood).
 */
function PlaceForm({ data }: { data: OkData }) {
  const submit = useSubmit();
  const selectedCity = data.cities.find((c) => c.slug === data.filters.city) ?? null;
  const onChange = (form: HTMLFormElement | null, changed: "cidade" | "bairro") => {
    if (!form) return;
    const city = (form.elements.namedItem("cidade") as HTMLSelectElement | null)?.value ?? "";
    const rawNb =
      changed === "cidade" ? "" : ((form.elements.namedItem("bairro") as HTMLSelectElement | null)?.value ?? "");
    const [nbCity, nb] = rawNb.includes("/") ? rawNb.split("/") : [city, rawNb];
    const params = new URLSearchParams();
    const finalCity = nbCity || city;
    if (finalCity) params.set("cidade", finalCity);
    if (finalCity && nb) params.set("bairro", nb);
    submit(params, { method: "get", action: CONDOMINIUMS_PATH_CLIENT, preventScrollReset: true });
  };
  const key = `${data.filters.city}|${data.filters.neighbourhood}`;
  return (
    <Form method="get" action={CONDOMINIUMS_PATH_CLIENT} className={s.form} key={key} aria-label="Filtrar condomínios">
      <label className={s.field}>
        Cidade
        <select
          name="cidade"
          className={s.select}
          defaultValue={data.filters.city}
          onChange={(event) => onChange(event.currentTarget.form, "cidade")}
        >
          <option value="">Todas as cidades</option>
          {data.cities.map((city) => (
            <option key={city.slug} value={city.slug}>
              {city.label} ({formatCount(city.count)})
            </option>
          ))}
        </select>
      </label>
      <label className={s.field}>
        Bairro
        <select
          name="bairro"
          className={s.select}
          defaultValue={data.filters.neighbourhood}
          onChange={(event) => onChange(event.currentTarget.form, "bairro")}
        >
          <option value="">Todos os bairros</option>
          {selectedCity
            ? selectedCity.neighbourhoods.map((nb) => (
                <option key={nb.slug} value={nb.slug}>
                  {nb.label} ({formatCount(nb.count)})
                </option>
              ))
            : data.cities.map((city) => (
                <optgroup key={city.slug} label={city.label}>
                  {city.neighbourhoods.map((nb) => (
                    <option key={nb.slug} value={`${city.slug}/${nb.slug}`}>
                      {nb.label} ({formatCount(nb.count)})
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
      </label>
      <div className={s.buttons}>
        <noscript>
          <button type="submit" className={button.dark}>
            Filtrar
          </button>
        </noscript>
        {data.filters.city ? (
          <Link to={CONDOMINIUMS_PATH_CLIENT} className={button.outline}>
            Limpar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
