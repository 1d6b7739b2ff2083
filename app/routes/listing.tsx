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
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  getListingPage,
  listingDisplayTitle,
  listingMetaDescription,
  openStreetMapUrl,
  placeCrumbs,
  purposePhrase,
  type CrumbData,
} from "~/.server/catalogue/detail";
import { brokerPathByCode } from "~/.server/catalogue/brokers";
import { similarListings } from "~/.server/catalogue/similar";
import { siteOrigin } from "~/.server/origin";
import { getConfig } from "~/.server/config";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { handleLeadForm } from "~/.server/leads/submission";
import { getTheme } from "~/.server/theme";
import { Amenities } from "~/components/amenities";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BrokerCard, whatsAppNumber } from "~/components/broker-card";
import { AddressLine, DetailsSection, LocationSection } from "~/components/detail-sections";
import * as p from "~/components/detail-page.css";
import { Gallery } from "~/components/gallery";
import { BuildingIcon, CalendarIcon, WhatsAppIcon } from "~/components/icons";
import { breadcrumbJsonLd, JsonLd, listingJsonLd, type JsonLdNode } from "~/components/json-ld";
import { ListingFacts } from "~/components/listing-facts";
import { LeadForm } from "~/components/lead-form";
import { ListingGrid } from "~/components/listing-grid";
import { PointMap } from "~/components/point-map";
import { PriceBox } from "~/components/price-box";
import { Prose } from "~/components/prose";
import { PrivatePanel } from "~/components/private-listing";
import { ShareButtons } from "~/components/share-buttons";
import { listingVideos, VideoEmbed } from "~/components/video-embed";
import { purposesOf, type Listing } from "~/domain/listing";
import { pageNotFound } from "~/lib/errors";
import { formatArea, formatDate } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { condominiumPath, whatsAppContactPath } from "~/lib/urls";
import { button, container } from "~/styles/ui.css";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { LISTINGS_PATH } from "~/lib/paths";

/** Canonical redirects: stable, but a listing may move to a condominium later. */
const REDIRECT_CACHE_CONTROL = "public, max-age=3600";
/** How many similar listings the page shows. */
const SIMILAR_COUNT = 8;
/** Width (px) of the Open Graph image. */
const OG_IMAGE_WIDTH = 1280;

/** Radius (m) of the shaded circle on the listing's approximate map (coordinates rounded to ~100 m). */
const APPROXIMATE_RADIUS_METRES = 250;

/**
 * The approximate map of a listing (docs/product.md "approximate map"):
 * coordinates rounded to 3 decimals (about 100 m) and the tile settings
 * (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`); null without coordinates.
 */
function approximateMap(latitude: number | null, longitude: number | null) {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const config = getConfig();
  return {
    latitude: Math.round(latitude * 1000) / 1000,
    longitude: Math.round(longitude * 1000) / 1000,
    tileUrl: config.MAP_TILE_URL,
    tileAttribution: config.MAP_TILE_ATTRIBUTION,
  };
}

/** Paths compare decoded, so `%41P1` and `AP1` are the same listing URL. */
function samePath(a: string, b: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return decode(a) === decode(b);
}

/** The "Detalhes" rows of a listing: only known values. */
function detailRows(listing: Listing): [string, string][] {
  const rows: [string, string][] = [
    ["Código", listing.code],
    ["Tipo", listing.category],
  ];
  if (listing.privateArea) rows.push(["Área útil", formatArea(listing.privateArea)]);
  if (listing.totalArea && listing.totalArea !== listing.privateArea)
    rows.push(["Área total", formatArea(listing.totalArea)]);
  if (listing.builtArea && listing.builtArea !== listing.privateArea && listing.builtArea !== listing.totalArea) {
    rows.push(["Área construída", formatArea(listing.builtArea)]);
  }
  if (listing.socialBathrooms) rows.push(["Banheiros sociais", String(listing.socialBathrooms)]);
  if (listing.yearBuilt) rows.push(["Ano de construção", String(listing.yearBuilt)]);
  if (listing.floors) rows.push(["Andares do prédio", String(listing.floors)]);
  rows.push(["Mobiliado", listing.furnished ? "Sim" : "Não"]);
  const faces = [
    listing.facesNorth && "norte",
    listing.facesSouth && "sul",
    listing.facesEast && "leste",
    listing.facesWest && "oeste",
  ].filter(Boolean);
  if (listing.orientation) rows.push(["Orientação", listing.orientation]);
  else if (faces.length) rows.push(["Face", faces.join(", ")]);
  if (listing.deliveryDate) rows.push(["Entrega", formatDate(listing.deliveryDate)]);
  if (listing.acceptsExchange) rows.push(["Aceita permuta", "Sim"]);
  return rows;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = await getListingPage(params.id ?? "");
  if (!page) throw pageNotFound(url.pathname);
  if (!samePath(url.pathname, page.path)) {
    throw redirect(`${page.path}${url.search}`, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE_CONTROL } });
  }

  const origin = siteOrigin(request);
  const site = getTheme();
  const canonicalUrl = `${origin}${page.path}`;
  const { listing } = page;
  const title = listingDisplayTitle(listing);
  const [similar, places, brokerPath] = await Promise.all([
    similarListings(listing, { limit: SIMILAR_COUNT }),
    placeCrumbs(listing),
    brokerPathByCode(listing.broker?.code),
  ]);
  const headers = { "Cache-Control": PUBLIC_PAGE_CACHE };
  const neighbourhoodPath = places.at(-1)?.path ?? LISTINGS_PATH;

  if (page.removed) {
    return json(
      {
        kind: "removed" as const,
        site: { title: site.title },
        canonicalUrl,
        listing: {
          code: listing.code,
          title,
          category: listing.category,
          neighbourhood: listing.neighbourhood,
          city: listing.city,
        },
        similar,
        neighbourhoodPath,
        purpose: purposesOf(listing)[0] ?? null,
      },
      { status: 410, headers },
    );
  }

  const description = listingMetaDescription(listing);
  const cover = listing.coverPhotoUrl || listing.photos[0]?.url || "";
  const images = [cover, ...listing.photos.map((photo) => photo.url)]
    .filter((src, index, all) => src && all.indexOf(src) === index)
    .slice(0, 6)
    .map((src) => `${origin}${imageUrl(src, OG_IMAGE_WIDTH)}`);
  const crumbs: CrumbData[] = [...places, { name: title }];
  const jsonLd: JsonLdNode[] = [
    listingJsonLd({ listing, url: canonicalUrl, images, description, agencyName: site.title }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: c.path ? `${origin}${c.path}` : canonicalUrl }))),
  ];
  // WhatsApp goes through /obrigado-whatsapp (recorded as a lead), to the broker's number, else the agency's.
  const brokerNumber = listing.broker
    ? (whatsAppNumber(listing.broker.mobile) ?? whatsAppNumber(listing.broker.phone))
    : null;
  const whatsapp =
    brokerNumber || getConfig().WHATSAPP_NUMBER
      ? whatsAppContactPath({ code: listing.code, page: page.path, search: url.search })
      : null;

  return json(
    {
      kind: "listing" as const,
      site: { title: site.title },
      canonicalUrl,
      title,
      description,
      ogImage: images[0] ?? null,
      listing,
      condominium: page.condominium
        ? { name: page.condominium.name, path: condominiumPath(page.condominium.slug) }
        : null,
      crumbs,
      similar,
      neighbourhoodPath,
      purposeText: purposePhrase(listing),
      mapUrl: openStreetMapUrl(listing.latitude, listing.longitude),
      map: approximateMap(listing.latitude, listing.longitude),
      whatsapp,
      brokerPath,
      jsonLd,
      leadForm: leadFormTokens(),
    },
    { headers },
  );
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
  return data.kind === "removed" ? <RemovedListing data={data} /> : <ListingPage data={data} />;
}

type PageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "listing" }>;
type RemovedData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "removed" }>;

function ListingPage({ data }: { data: PageData }) {
  const { listing, title } = data;
  const videos = listingVideos(listing);
  const text = listing.webDescription || listing.description;
  const badges = [
    listing.isLaunch ? { label: "Lançamento", accent: true } : null,
    listing.isExclusive ? { label: "Exclusivo", accent: false } : null,
    listing.isFeatured ? { label: "Destaque", accent: false } : null,
  ].filter((b): b is { label: string; accent: boolean } => b != null);
  const purpose = purposesOf(listing)[0];

  return (
    <div className={p.page} data-listing-code={listing.code}>
      <div className={container}>
        <Breadcrumbs items={data.crumbs} />
      </div>
      <div className={p.galleryWrap}>
        <Gallery key={listing.code} photos={listing.photos} title={title} />
      </div>
      <div className={`${container} ${p.layout}`}>
        <header className={p.header}>
          <p className={p.kicker}>
            {badges.map((b) => (
              <span key={b.label} className={b.accent ? `${p.badge} ${p.badgeAccent}` : p.badge}>
                {b.label}
              </span>
            ))}
            <span>
              {listing.category} {data.purposeText} · Cód. {listing.code}
            </span>
          </p>
          <h1 className={p.title}>{title}</h1>
          <AddressLine place={listing} />
          {data.condominium ? (
            <p className={p.condoLine}>
              <BuildingIcon size={18} />
              <span>
                {/^(condom[ií]nio|edif[ií]cio|residencial)\b/i.test(data.condominium.name) ? "" : "Condomínio "}
                <Link to={data.condominium.path}>{data.condominium.name}</Link>
              </span>
            </p>
          ) : null}
          <ListingFacts listing={listing} />
        </header>

        <aside className={p.aside} aria-label="Valores e contato">
          <PriceBox listing={listing}>
            <a className={`${button.outline} ${p.fullWidth}`} href="#mais-informacoes">
              Pedir mais informações
            </a>
            {data.whatsapp ? (
              <a
                className={`${button.primary} ${p.whatsapp} ${p.fullWidth}`}
                href={data.whatsapp}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                <WhatsAppIcon size={20} />
                Falar no WhatsApp
              </a>
            ) : null}
          </PriceBox>
          {listing.broker ? (
            <BrokerCard
              broker={listing.broker}
              listing={{ code: listing.code, title }}
              url={data.canonicalUrl}
              profilePath={data.brokerPath}
              whatsappHref={data.whatsapp}
            />
          ) : null}
          <ShareButtons url={data.canonicalUrl} title={title} />
        </aside>

        <div className={p.content}>
          {/* Broker area: owner and prontuário for a signed-in broker, loaded after hydration. */}
          <PrivatePanel code={listing.code} />
          {text ? (
            <section className={p.section} aria-labelledby="descricao">
              <h2 id="descricao">Descrição</h2>
              <Prose text={text} />
            </section>
          ) : null}

          {listing.features.length ? (
            <div className={p.section}>
              <Amenities id="caracteristicas" title="Características do imóvel" items={listing.features} />
            </div>
          ) : null}
          {listing.infrastructure.length ? (
            <div className={p.section}>
              <Amenities
                id="infraestrutura"
                title={data.condominium ? "Infraestrutura do condomínio" : "Infraestrutura"}
                items={listing.infrastructure}
              />
            </div>
          ) : null}

          <DetailsSection rows={detailRows(listing)} />

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
          {data.map ? (
            <PointMap
              label="Mapa da localização aproximada"
              latitude={data.map.latitude}
              longitude={data.map.longitude}
              radiusMetres={APPROXIMATE_RADIUS_METRES}
              tileUrl={data.map.tileUrl}
              tileAttribution={data.map.tileAttribution}
            />
          ) : null}

          <LeadForm
            kind="info"
            id="mais-informacoes"
            className={p.section}
            title="Mais informações sobre este imóvel"
            intro={`Cód. ${listing.code}. Deixe seu contato e um corretor responde em breve.`}
            submitLabel="Enviar mensagem"
            tokens={data.leadForm}
            defaultValue={{
              code: listing.code,
              message: `Olá! Tenho interesse no imóvel ${listing.code} (${title}) e gostaria de mais informações.`,
            }}
          />

          {listing.updatedAt ? (
            <p className={p.updated}>
              <CalendarIcon size={16} />
              Atualizado em {formatDate(listing.updatedAt)}
            </p>
          ) : null}
        </div>
      </div>

      {data.similar.length ? (
        <section className={`${container} ${p.listSection}`} aria-labelledby="semelhantes">
          <div className={p.listHeader}>
            <h2 id="semelhantes">Imóveis semelhantes</h2>
            <Link to={data.neighbourhoodPath}>Ver mais em {listing.neighbourhood}</Link>
          </div>
          <ListingGrid listings={data.similar} purpose={purpose} label="Imóveis semelhantes" />
        </section>
      ) : null}

      <JsonLd data={data.jsonLd} />
    </div>
  );
}

/** The 410 page: the notice and similar listings (docs/product.md: "not a bare 404"). */
function RemovedListing({ data }: { data: RemovedData }) {
  const { listing } = data;
  return (
    <div className={`${container} ${p.page}`}>
      <section className={p.gone} aria-labelledby="indisponivel">
        <p className={p.kicker}>Cód. {listing.code}</p>
        <h1 id="indisponivel" className={p.title}>
          Este imóvel não está mais disponível
        </h1>
        <p>
          O imóvel “{listing.title}”{listing.neighbourhood ? ` em ${listing.neighbourhood}` : ""}
          {listing.city ? `, ${listing.city}` : ""} saiu do nosso catálogo
          {data.similar.length ? ". Separamos opções parecidas para você." : "."}
        </p>
        <div className={p.actions}>
          {listing.neighbourhood ? (
            <Link className={button.primary} to={data.neighbourhoodPath}>
              Ver imóveis em {listing.neighbourhood}
            </Link>
          ) : null}
          <Link className={button.outline} to={LISTINGS_PATH}>
            Todos os imóveis
          </Link>
        </div>
      </section>
      {data.similar.length ? (
        <section className={p.listSection} aria-labelledby="semelhantes">
          <h2 id="semelhantes">Imóveis semelhantes</h2>
          <ListingGrid
            listings={data.similar}
            purpose={data.purpose ?? undefined}
            label="Imóveis semelhantes"
            eagerCount={2}
          />
        </section>
      ) : null}
    </div>
  );
}
