/**
 * `/detalhes/{condominio}/{id}`: a listing page (docs/spec.txt §2 route table;
 * docs/product.md "Public site").
 *
 * - `{id}` (Vista `Codigo`) is authoritative; a wrong or missing
 *   `{condominio}` slug redirects 301 to the canonical URL (query kept).
 * - An unknown id is the 404 "Page Not Found: {path}" (docs/spec.txt §2, §5).
 * - A listing that left the catalogue answers 410 "Este imóvel não está mais
 *   disponível" with similar listings (docs/product.md).
 * - Public and cacheable (`Cache-Control: public, …`); owner data never
 *   reaches this page (`toPublicListing`).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getListingPage } from "~/.server/catalogue/detail";
import { priceHistoryOf } from "~/.server/catalogue/price-history";
import { getDb } from "~/.server/db";
import { DETAIL_REDIRECT_CACHE_CONTROL, listingPageView, samePath } from "~/.server/catalogue/detail-view";
import { listingFinancing } from "~/.server/financing";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { setPageJsonLd } from "~/.server/page-json-ld";
import { handleLeadForm } from "~/.server/leads/submission";
import { AmenitiesSection, DetailFrame, DetailMap, ListingsSection, TextSection } from "~/components/detail-layout";
import { DetailsSection, LocationSection } from "~/components/detail-sections";
import * as p from "~/components/detail-page.css";
import { CalendarIcon } from "~/components/icons";
import { FinancingSimulatorIsland } from "~/components/financing-simulator-island";
import { PageJsonLd } from "~/components/json-ld";
import { LeadFormIsland } from "~/components/lead-form-island";
import { ContactBar, INFO_FORM_ID, ListingAside, ListingHeader, RemovedListing } from "~/components/listing-page";
import { PriceDropNote, PriceHistorySection } from "~/components/price-history";
import { BrokerPanelIsland } from "~/components/broker-panel-island";
import { listingVideos, VideoEmbed } from "~/components/video-embed";
import { dedupeAmenities } from "~/lib/amenities";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { formatDate } from "~/lib/format";
import { OG_IMAGE_WIDTH, pageMeta } from "~/lib/meta";
import { neighbourhoodMarketPath } from "~/lib/neighbourhood-paths";
import { useOptionalRootData } from "~/lib/root-data";
import { slugify } from "~/lib/slug";

/** Radius (m) of the shaded circle on the listing's approximate map (coordinates rounded to ~100 m). */
const APPROXIMATE_RADIUS_METRES = 250;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = await getListingPage(params.id ?? "");
  if (!page) throw pageNotFound(url.pathname);
  if (!samePath(url.pathname, page.path)) {
    throw redirect(`${page.path}${url.search}`, {
      status: 301,
      headers: { "Cache-Control": DETAIL_REDIRECT_CACHE_CONTROL },
    });
  }
  const { jsonLd, ...view } = await listingPageView(request, page);
  const headers = { "Cache-Control": PUBLIC_PAGE_CACHE };
  if (view.kind === "removed") return data(view, { status: 410, headers });
  // Only crawlers read it, in the document: not sent twice as loader data (ADR 0094).
  if (jsonLd) setPageJsonLd(context, jsonLd);
  // Sale listings: the financing simulator (ADR 0035); its query parameters never reach the canonical URL.
  const financing = await listingFinancing(url, page.path, view.listing);
  // "Histórico de preço" (ADR 0033): every recorded change, oldest first.
  const priceHistory = (await priceHistoryOf(getDb().db, view.listing.code)).map((change) => ({
    field: change.field,
    oldValue: change.oldValue,
    newValue: change.newValue,
    changedAt: change.changedAt.toISOString(),
  }));
  // The playable videos are worked out here: the page's first load goes without the parsing of video ids.
  const videos = listingVideos(view.listing);
  // The neighbourhood's market page (ADR 0090), with the list URLs' slugs.
  const marketPath = neighbourhoodMarketPath(slugify(view.listing.city), slugify(view.listing.neighbourhood));
  return data({ ...view, leadForm: leadFormTokens(), financing, priceHistory, videos, marketPath }, { headers });
}

/** The "mais informações" form: the listing code is this page's, whatever the form says. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await getListingPage(params.id ?? "");
  if (!page || page.removed) throw pageNotFound(new URL(request.url).pathname);
  return handleLeadForm(request, { kind: "info", fixed: { code: page.listing.code }, clientIp: context.clientIp });
}

/**
 * The loader's `Cache-Control`, unless a parent made the response private (a
 * flash toast) or the loader threw (the error's own, e.g. `no-store` on a 404).
 */
export const headers = publicPageHeaders;

/** Title, description, canonical, Open Graph (cover image) and Twitter card; `noindex` for a removed listing. */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Imóvel" }];
  if (data.kind === "removed") {
    return [
      { title: `Imóvel indisponível | ${data.site.title}` },
      {
        name: "description",
        content: `O imóvel ${data.listing.code} não está mais disponível. Veja imóveis semelhantes.`,
      },
      { name: "robots", content: "noindex, follow" },
      { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ];
  }
  return pageMeta({
    title: `${data.title} | ${data.site.title}`,
    socialTitle: data.title,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
    imageWidth: OG_IMAGE_WIDTH,
    imageAlt: data.title,
    twitter: true,
  });
};

/** The page: a listing, or the 410 notice with similar listings. */
export default function ListingRoute() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "removed" ? <RemovedListing {...data} /> : <ListingPage data={data} />;
}

type PageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "listing" }>;

function ListingPage({ data }: { data: PageData }) {
  const { listing, title, videos } = data;
  const signedIn = Boolean(useOptionalRootData()?.user);
  // One list of amenities for the page: no label twice, none already said more precisely.
  const [features, infrastructure] = dedupeAmenities([listing.features, listing.infrastructure], {
    orientation: listing.orientation,
  });
  const shown = { listing, title };
  // "Agendar visita" (ADR 0088): the booking page under the listing's canonical path.
  const visitPath = `${new URL(data.canonicalUrl).pathname}/agendar`;
  const similar = (
    <ListingsSection
      id="semelhantes"
      title="Imóveis semelhantes"
      listings={data.similar}
      purpose={data.purpose ?? undefined}
      aside={
        <span>
          <Link to={data.neighbourhoodPath}>Ver mais em {listing.neighbourhood}</Link> ·{" "}
          <Link to={data.marketPath}>Mercado em {listing.neighbourhood}</Link>
        </span>
      }
    />
  );

  return (
    <DetailFrame
      crumbs={data.crumbs}
      galleryKey={listing.code}
      photos={listing.photos}
      title={title}
      dataAttributes={{ "data-listing-code": listing.code }}
      after={
        <>
          {similar}
          <ContactBar listing={listing} whatsapp={data.whatsapp} visitPath={visitPath} />
          <PageJsonLd pageKey={data.canonicalUrl} />
        </>
      }
    >
      <ListingHeader {...shown} badges={data.badges} purposeText={data.purposeText} condominium={data.condominium} />
      <ListingAside
        {...shown}
        canonicalUrl={data.canonicalUrl}
        whatsapp={data.whatsapp}
        brokerFace={data.brokerFace}
        visitPath={visitPath}
        priceNotes={{
          sale: <PriceDropNote entries={data.priceHistory} field="sale" />,
          rent: <PriceDropNote entries={data.priceHistory} field="rent" />,
        }}
      />

      <div className={p.content}>
        {/* Broker area: owner and prontuário for a signed-in broker, loaded after hydration. */}
        {signedIn ? <BrokerPanelIsland code={listing.code} /> : null}
        <TextSection id="descricao" title="Descrição" text={listing.webDescription || listing.description} />
        <AmenitiesSection id="caracteristicas" title="Características do imóvel" items={features} />
        <AmenitiesSection
          id="infraestrutura"
          title={data.condominium ? "Infraestrutura do condomínio" : "Infraestrutura"}
          items={infrastructure}
        />
        <DetailsSection rows={data.detailRows} />
        <PriceHistorySection entries={data.priceHistory} />
        {data.financing ? (
          <FinancingSimulatorIsland
            // A new listing starts from its own parameters, not the previous one's typing.
            key={listing.code}
            {...data.financing.simulator}
            code={listing.code}
            leadFormId="mais-informacoes"
          />
        ) : null}

        {videos.length ? (
          <section className={p.section} aria-labelledby="video">
            <h2 id="video">{videos.length > 1 ? "Vídeos" : "Vídeo"}</h2>
            {videos.map((video) => (
              <VideoEmbed key={video.embedUrl} video={video} title={title} posterUrl={listing.coverPhotoUrl} />
            ))}
          </section>
        ) : null}

        <LocationSection
          place={listing}
          mapUrl={data.mapUrl}
          note="Localização aproximada. O endereço exato é informado pelo corretor."
        />
        <DetailMap map={data.map} label="Mapa da localização aproximada" radiusMetres={APPROXIMATE_RADIUS_METRES} />

        <LeadFormIsland
          kind="info"
          id={INFO_FORM_ID}
          className={p.section}
          title="Mais informações sobre este imóvel"
          intro={`Cód. ${listing.code}. Deixe seu contato e um corretor responde em breve.`}
          submitLabel="Enviar mensagem"
          tokens={data.leadForm}
          defaultValue={{
            code: listing.code,
            message:
              data.financing?.message ??
              `Olá! Tenho interesse no imóvel ${listing.code} (${title}) e gostaria de mais informações.`,
          }}
        />

        {listing.updatedAt ? (
          <p className={p.updated}>
            <CalendarIcon size={16} />
            Atualizado em {formatDate(listing.updatedAt)}
          </p>
        ) : null}
      </div>
    </DetailFrame>
  );
}
