/**
 * `/bairros/{cidade}/{bairro}`: a neighbourhood's market page
 * (docs/decisions/0090-neighbourhood-market-pages.md). For sale and for
 * rent, all types and each type: median asking price per m², median
 * monthly cost, stock, new listings and price cuts in 30 and 90 days, median
 * days on market, and the monthly chart of the price per m²; links to the
 * listings and the condominiums there. The figures are computed after each
 * sync and read here from one precomputed row
 * (`~/.server/neighbourhoods/pages`); an unknown place answers 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { neighbourhoodPageResponse } from "~/.server/neighbourhoods/pages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { JsonLd } from "~/components/json-ld";
import { PurposeSection } from "~/components/neighbourhood-figures";
import * as s from "~/components/neighbourhood.css";
import * as layout from "~/components/page-layout.css";
import { publicPageHeaders } from "~/lib/cache-control";
import { formatCount, plural } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { MIN_LISTINGS, TOO_FEW_TEXT } from "~/lib/neighbourhood-market";
import { container } from "~/styles/ui.css";

export const loader = ({ request, params }: LoaderFunctionArgs) => neighbourhoodPageResponse(request, params);

/** The loader's `Cache-Control` (public), unless a parent made the response private or the loader threw. */
export const headers = publicPageHeaders;

/** Title, description, canonical and Open Graph. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const { market } = data;
  const heading = `Mercado imobiliário em ${market.neighbourhood}, ${market.city}`;
  return pageMeta({
    title: `${heading}: preço do m² | ${data.site.title}`,
    socialTitle: heading,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
  });
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The neighbourhood's page. */
export default function NeighbourhoodPage() {
  const data = useLoaderData<typeof loader>();
  const { market } = data;
  return (
    <div className={`${container} ${layout.page}`}>
      <Breadcrumbs items={data.crumbs} />
      <header className={layout.header}>
        <h1 className={layout.title}>
          Mercado imobiliário em {market.neighbourhood}, {market.city}
        </h1>
        <p className={s.lead}>
          {plural(market.stock, "imóvel anunciado", "imóveis anunciados")} pela imobiliária no bairro. Dados de{" "}
          {data.dataDate} (horário de Brasília).
        </p>
      </header>
      <ul className={s.links} aria-label="Imóveis e condomínios do bairro">
        {market.purposes.map((purpose) =>
          purpose.all.stock > 0 ? (
            <li key={purpose.purpose}>
              <Link className={s.pill} to={data.lists[purpose.purpose].all}>
                {purpose.purpose === "venda" ? "À venda" : "Para alugar"} ({formatCount(purpose.all.stock)})
              </Link>
            </li>
          ) : null,
        )}
        {market.condominiumCount > 0 ? (
          <li>
            <Link className={s.pill} to={data.condominiumsHref}>
              Condomínios ({formatCount(market.condominiumCount)})
            </Link>
          </li>
        ) : null}
      </ul>
      {market.purposes.map((purpose) => (
        <PurposeSection
          key={purpose.purpose}
          market={purpose}
          neighbourhood={market.neighbourhood}
          listHref={data.lists[purpose.purpose].all}
          typeHrefs={data.lists[purpose.purpose].types}
        />
      ))}
      <Condominiums data={data} />
      <Method data={data} />
      <JsonLd data={data.jsonLd} />
    </div>
  );
}

/** The condominiums with the most units, and the link to all of them. */
function Condominiums({ data }: { data: Data }) {
  const { market } = data;
  if (market.condominiumCount === 0) return null;
  return (
    <section className={s.section} aria-labelledby="condominios-titulo">
      <h2 id="condominios-titulo" className={s.sectionHeading}>
        Condomínios em {market.neighbourhood}
      </h2>
      <ul className={s.condos}>
        {market.condominiums.map((condo) => (
          <li key={condo.slug}>
            <Link className={s.pill} to={data.condominiumPaths[condo.slug]}>
              {condo.name} ({formatCount(condo.units)})
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={data.condominiumsHref}>
          Ver {plural(market.condominiumCount, "condomínio", "todos os condomínios")} de {market.neighbourhood}
        </Link>
      </p>
    </section>
  );
}

/** How the figures are computed, and when. */
function Method({ data }: { data: Data }) {
  const { market } = data;
  return (
    <section className={s.section} aria-labelledby="metodo-titulo">
      <h2 id="metodo-titulo" className={s.sectionHeading}>
        Como calculamos
      </h2>
      <div className={s.method}>
        <p>
          Os números vêm dos imóveis anunciados pela imobiliária em {market.neighbourhood}, não do mercado inteiro.
          Usamos a mediana (o valor do meio), que um imóvel muito caro ou muito barato não distorce. Um número calculado
          com menos de {MIN_LISTINGS} imóveis não é mostrado ({TOO_FEW_TEXT}).
        </p>
        <ul>
          <li>Preço do m²: preço pedido (venda, ou aluguel mensal) dividido pela área do imóvel.</li>
          <li>
            Custo mensal: aluguel + condomínio + IPTU/12; na venda, a primeira parcela de um financiamento (
            {market.saleCostBasis ?? "padrão do simulador"}) + condomínio + IPTU/12. Só entram imóveis que informam
            condomínio e IPTU.
          </li>
          <li>Novos anúncios: imóveis que entraram no catálogo nos últimos 30 e 90 dias.</li>
          <li>Reduções de preço: imóveis cujo preço baixou nos últimos 30 e 90 dias, pelo histórico de preços.</li>
          <li>Tempo no mercado: dias desde que o imóvel entrou no catálogo.</li>
          <li>
            Gráfico: para cada mês, a mediana do preço do m² dos imóveis anunciados no fim do mês (no mês atual, hoje),
            desde a primeira sincronização do catálogo.
          </li>
        </ul>
        <p>
          Dados de {data.dataDate}; números recalculados em {data.computedDate} (horário de Brasília), após cada
          atualização do catálogo.
        </p>
      </div>
    </section>
  );
}
