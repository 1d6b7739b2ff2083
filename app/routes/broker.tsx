/**
 * `/corretor/{filtro}`: a broker's public portfolio (docs/spec.txt §2 route
 * table; ADR 0008): the broker's card (photo, name, the credential line of
 * ADR 0085, contacts already public on the listing page's broker card) and the broker's active listings
 * with the list page's components (ListingGrid, Pagination, 24 per page, the
 * same sorts). A broker an active team member carries answers 301 to the
 * member's page, which lists the same listings (ADR 0085). The URL rules and
 * the view model live in `~/.server/catalogue/broker-page`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { brokerPageResponse } from "~/.server/catalogue/broker-page";
import { BrokerContacts, BrokerHeader } from "~/components/broker-card";
import * as card from "~/components/broker-card.css";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EmptyState } from "~/components/empty-state";
import { JsonLd } from "~/components/json-ld";
import { ListingGrid } from "~/components/listing-grid";
import * as layout from "~/components/page-layout.css";
import { Pagination } from "~/components/pagination";
import { AllListingsLink, ResultsHeader, ResultsToolbar, showingRange, SkipToResults } from "~/components/results-page";
import { SortForm } from "~/components/sort-form";
import { publicPageHeaders } from "~/lib/cache-control";
import { LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { brokerPageUrl, pageTitleSuffix, withPagingMeta } from "~/lib/list-pages";
import { pageMeta } from "~/lib/meta";
import { LISTINGS_PATH } from "~/lib/paths";
import { container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./broker.css";

export const loader = ({ request, params }: LoaderFunctionArgs) => brokerPageResponse(request, params.filtro);

/**
 * The loader's `Cache-Control`, unless a parent made the response private (a
 * flash toast) or the loader threw (the error's own, e.g. `no-store` on a 404).
 */
export const headers = publicPageHeaders;

/** Title, description, canonical, Open Graph, prev/next and `noindex` on sorted, deep or empty pages. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const tags = pageMeta({
    title: `Imóveis de ${data.broker.name}${pageTitleSuffix(data.page)} | ${data.site.title}`,
    socialTitle: `Imóveis de ${data.broker.name}`,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
  });
  return withPagingMeta(tags, data);
};

type BrokerData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The broker's card: photo, name, CRECI, WhatsApp, phone and e-mail (the fields the listing page's card shows). */
function ProfileCard({ data }: { data: BrokerData }) {
  const { broker } = data;
  return (
    <section className={card.card} aria-label="Contato do corretor">
      <BrokerHeader face={data.face} kicker="Corretor" name={broker.name} />
      <BrokerContacts
        broker={broker}
        whatsapp={data.whatsapp}
        whatsappRel="noopener noreferrer"
        mailHref={`mailto:${broker.email}`}
      />
    </section>
  );
}

/** The broker page. */
export default function BrokerPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === data.path;
  const hrefFor = (page: number) => brokerPageUrl(data.path, { sort: data.sort, page });

  return (
    <div className={`${container} ${layout.page}`} data-broker={data.broker.code}>
      {data.total > 0 ? <SkipToResults target="carteira" /> : null}
      <Breadcrumbs items={data.crumbs} />
      <ResultsHeader title={`Imóveis de ${data.broker.name}`} count={data.countText} />
      <div className={s.layout}>
        <aside className={s.profile} aria-label="Corretor">
          <ProfileCard data={data} />
        </aside>
        <section aria-labelledby="carteira" aria-busy={loading} className={loading ? layout.loading : undefined}>
          <h2 id="carteira" className={`${visuallyHidden} ${layout.skipTarget}`} tabIndex={-1}>
            Imóveis do corretor
          </h2>
          {data.total > 0 ? (
            <>
              <div className={s.toolbar}>
                {/* The total is in the heading block: here only the range of a page (ADR 0092). */}
                <ResultsToolbar
                  count={data.pageCount > 1 ? showingRange(data.page, LISTINGS_PAGE_SIZE, data.items.length) : null}
                >
                  <SortForm action={data.path} sort={data.sort} />
                </ResultsToolbar>
              </div>
              <ListingGrid listings={data.items} eagerCount={3} label={`Imóveis de ${data.broker.name}`} />
              <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
            </>
          ) : (
            <EmptyState
              title="Nenhum imóvel disponível no momento"
              actions={[<AllListingsLink key="all" to={LISTINGS_PATH} />]}
            >
              <p>
                {data.broker.name} não tem imóveis anunciados agora. Fale pelo WhatsApp ou veja todo o nosso catálogo.
              </p>
            </EmptyState>
          )}
        </section>
      </div>
      <JsonLd data={data.jsonLd} />
    </div>
  );
}
