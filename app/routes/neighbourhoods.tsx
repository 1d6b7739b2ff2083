/**
 * `/bairros`: the neighbourhoods with listings, by city
 * (docs/decisions/0090-neighbourhood-market-pages.md): each with its stock
 * and its median asking price per m² for sale (or for rent when the sale's is
 * suppressed), linking to its market page. Reads the precomputed rows only
 * (`~/.server/neighbourhoods/pages`), at most `MAX_INDEX_NEIGHBOURHOODS`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { neighbourhoodsIndexResponse } from "~/.server/neighbourhoods/pages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EmptyState } from "~/components/empty-state";
import { BuildingIcon } from "~/components/icons";
import * as s from "~/components/neighbourhood.css";
import * as layout from "~/components/page-layout.css";
import { publicPageHeaders } from "~/lib/cache-control";
import { formatPrice, formatPriceCents, plural } from "~/lib/format";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { container } from "~/styles/ui.css";

export const loader = ({ request }: LoaderFunctionArgs) => neighbourhoodsIndexResponse(request);

/** The loader's `Cache-Control` (public; `no-store` while nothing is computed). */
export const headers = publicPageHeaders;

/** Title, description, canonical and Open Graph; `noindex` while no figure is computed. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const title = `Bairros: preço do m² e mercado imobiliário | ${data.site.title}`;
  if (data.cities.length === 0) return catalogueUpdatingMeta(title, data.canonicalUrl);
  const names = data.cities.map((city) => city.name).join(", ");
  return pageMeta({
    title,
    socialTitle: "Bairros: preço do m² e mercado imobiliário",
    description: `Preço mediano do m², estoque, novos anúncios e reduções de preço por bairro em ${names}. Dados de ${data.dataDate}.`,
    canonicalUrl: data.canonicalUrl,
  });
};

const crumbs = [{ name: "Início", path: "/" }, { name: "Bairros" }];

/** The index. */
export default function NeighbourhoodsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${layout.page}`}>
      <Breadcrumbs items={crumbs} />
      <header className={layout.header}>
        <h1 className={layout.title}>Mercado imobiliário por bairro</h1>
        {data.dataDate ? (
          <p className={s.lead}>
            Preço mediano do m² pedido nos imóveis anunciados pela imobiliária, estoque e movimento de cada bairro.
            Dados de {data.dataDate} (horário de Brasília).
          </p>
        ) : null}
      </header>
      {data.cities.length === 0 ? (
        <EmptyState headingLevel={2} title="Estamos atualizando nosso catálogo" icon={<BuildingIcon size={28} />}>
          <p>Os números dos bairros aparecem aqui em alguns instantes. Volte daqui a pouco!</p>
        </EmptyState>
      ) : null}
      {data.cities.map((city) => (
        <section key={city.slug} aria-labelledby={`cidade-${city.slug}`}>
          <h2 id={`cidade-${city.slug}`} className={s.cityHeading}>
            {city.name}
          </h2>
          <p className={s.cityFacts}>
            {plural(city.neighbourhoods.length, "bairro", "bairros")}, {plural(city.stock, "imóvel", "imóveis")}
          </p>
          <ul className={s.indexList}>
            {city.neighbourhoods.map((nb) => (
              <li key={nb.path}>
                <Link to={nb.path} className={s.indexLink}>
                  <span className={s.indexName}>{nb.name}</span>
                  <span className={s.indexFacts}>
                    {plural(nb.stock, "imóvel", "imóveis")}
                    {nb.salePricePerM2 != null
                      ? ` · venda ${formatPrice(nb.salePricePerM2)}/m²`
                      : nb.rentPricePerM2 != null
                        ? ` · aluguel ${formatPriceCents(nb.rentPricePerM2)}/m²`
                        : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
