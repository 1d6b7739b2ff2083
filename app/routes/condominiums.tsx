/**
 * `/condominios`: the condominium index ("a condominium index
 * reachable from the home page"; beyond the spec's route table, ADR 0008).
 * Every condominium with active units as a card, filterable by city and
 * neighbourhood with a GET form (works without JavaScript; with it, a change
 * of select updates the results without a full reload), sorted by active
 * units, 24 per page with crawlable numbered pages. The URL rules and the
 * view model live in `~/.server/catalogue/condominiums-page`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { condominiumsPageResponse } from "~/.server/catalogue/condominiums-page";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CondominiumGrid } from "~/components/condominium-card";
import { EmptyState } from "~/components/empty-state";
import { BuildingIcon } from "~/components/icons";
import * as layout from "~/components/page-layout.css";
import { Pager, ResultsHeader, showingRange, SkipToResults } from "~/components/results-page";
import { publicPageHeaders } from "~/lib/cache-control";
import { formatCount } from "~/lib/format";
import { CONDOMINIUMS_PAGE_SIZE, condominiumsPageUrl, pageTitleSuffix, withPagingMeta } from "~/lib/list-pages";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { CONDOMINIUMS_PATH } from "~/lib/paths";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./condominiums.css";

export const loader = ({ request }: LoaderFunctionArgs) => condominiumsPageResponse(request);

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
  const tags = pageMeta({
    title: `${data.heading}${pageTitleSuffix(data.page)} | ${data.site.title}`,
    socialTitle: data.heading,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
  });
  return withPagingMeta(tags, data);
};

type OkData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ok" }>;

/** The index page. */
export default function CondominiumsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "empty") {
    return (
      <div className={`${container} ${layout.page}`}>
        <EmptyState headingLevel={1} title="Estamos atualizando nosso catálogo" icon={<BuildingIcon size={28} />}>
          <p>Os condomínios aparecem aqui em alguns instantes. Volte daqui a pouco!</p>
        </EmptyState>
      </div>
    );
  }
  return <Index data={data} />;
}

/** Heading, place form, the cards and the pager. */
function Index({ data }: { data: OkData }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === CONDOMINIUMS_PATH;
  const hrefFor = (page: number) => condominiumsPageUrl(data.filters.city, data.filters.neighbourhood, page);

  return (
    <div className={`${container} ${layout.page}`}>
      <SkipToResults target="condominios-lista" />
      <Breadcrumbs items={data.crumbs} />
      <ResultsHeader title={data.heading} count={data.countText} />
      <PlaceForm data={data} />
      <section aria-labelledby="condominios-lista" aria-busy={loading} className={loading ? layout.loading : undefined}>
        <h2 id="condominios-lista" className={`${visuallyHidden} ${layout.skipTarget}`} tabIndex={-1}>
          Condomínios encontrados
        </h2>
        {data.pageCount > 1 ? (
          <p className={layout.muted}>{showingRange(data.page, CONDOMINIUMS_PAGE_SIZE, data.items.length)}</p>
        ) : null}
        <CondominiumGrid condominiums={data.items} label="Condomínios" headingLevel={3} eagerCount={3} />
        <Pager page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
      </section>
    </div>
  );
}

/** An option of a place select: "Moema (12)". */
function placeOption(value: string, place: { slug: string; label: string; count: number }) {
  return (
    <option key={place.slug} value={value}>
      {place.label} ({formatCount(place.count)})
    </option>
  );
}

/** A labelled select of the place form. */
function PlaceSelect({
  label,
  name,
  defaultValue,
  onPick,
  children,
}: {
  label: string;
  name: "cidade" | "bairro";
  defaultValue: string;
  /** Called on a change with the select's form and `name`. */
  onPick: (form: HTMLFormElement | null, name: "cidade" | "bairro") => void;
  children: ReactNode;
}) {
  return (
    <label className={s.field}>
      {label}
      <select
        name={name}
        className={s.select}
        defaultValue={defaultValue}
        onChange={(event) => onPick(event.currentTarget.form, name)}
      >
        {children}
      </select>
    </label>
  );
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
    submit(params, { method: "get", action: CONDOMINIUMS_PATH, preventScrollReset: true });
  };
  const key = `${data.filters.city}|${data.filters.neighbourhood}`;
  return (
    <Form method="get" action={CONDOMINIUMS_PATH} className={s.form} key={key} aria-label="Filtrar condomínios">
      <PlaceSelect label="Cidade" name="cidade" defaultValue={data.filters.city} onPick={onChange}>
        <option value="">Todas as cidades</option>
        {data.cities.map((city) => placeOption(city.slug, city))}
      </PlaceSelect>
      <PlaceSelect label="Bairro" name="bairro" defaultValue={data.filters.neighbourhood} onPick={onChange}>
        <option value="">Todos os bairros</option>
        {selectedCity
          ? selectedCity.neighbourhoods.map((nb) => placeOption(nb.slug, nb))
          : data.cities.map((city) => (
              <optgroup key={city.slug} label={city.label}>
                {city.neighbourhoods.map((nb) => placeOption(`${city.slug}/${nb.slug}`, nb))}
              </optgroup>
            ))}
      </PlaceSelect>
      <div className={s.buttons}>
        <noscript>
          <button type="submit" className={button.dark}>
            Filtrar
          </button>
        </noscript>
        {data.filters.city ? (
          <Link to={CONDOMINIUMS_PATH} className={button.outline}>
            Limpar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
