/**
 * `/detalhes/{condominio}`: a condominium page (docs/spec.txt §2 route table;
 * docs/product.md "Public site": name, description, amenities (`InfraEstrutura`),
 * photos, map, every available unit for sale and for rent, price and condo-fee
 * ranges) and issue 3 item 5 (price per m² ranges, the single-point map).
 * An unknown slug is the 404 "Page Not Found: {path}" (docs/spec.txt §2, §5); a slug
 * in the wrong case redirects 301 to the canonical one.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  getCondominiumPage,
  openStreetMapUrl,
  placeCrumbs,
  truncate,
  type CrumbData,
  type Range,
} from "~/.server/catalogue/detail";
import { siteOrigin } from "~/.server/origin";
import { getConfig } from "~/.server/config";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { handleLeadForm } from "~/.server/leads/submission";
import { getTheme } from "~/.server/theme";
import { Amenities } from "~/components/amenities";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { AddressLine, DetailsSection, LocationSection } from "~/components/detail-sections";
import * as p from "~/components/detail-page.css";
import { Gallery } from "~/components/gallery";
import { BuildingIcon } from "~/components/icons";
import { breadcrumbJsonLd, condominiumJsonLd, JsonLd, type JsonLdNode } from "~/components/json-ld";
import { LeadForm } from "~/components/lead-form";
import { ListingGrid } from "~/components/listing-grid";
import { PointMap } from "~/components/point-map";
import { Prose } from "~/components/prose";
import { ShareButtons } from "~/components/share-buttons";
import { pageNotFound } from "~/lib/errors";
import { formatArea, formatPrice, formatPriceCents, plural } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { condominiumPath } from "~/lib/urls";
import { button, container } from "~/styles/ui.css";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";

/** Width (px) of the Open Graph image. */
const OG_IMAGE_WIDTH = 1280;

/** "R$ 450.000 a R$ 780.000", or one value when min = max; "" for null. */
function formatRange(range: Range | null, format: (value: number) => string): string {
  if (!range) return "";
  return range.min === range.max ? format(range.min) : `${format(range.min)} a ${format(range.max)}`;
}

/**
 * The condominium's map: its coordinates (a building's location is public,
 * its address is on the page) and the tile settings (`MAP_TILE_URL`,
 * `MAP_TILE_ATTRIBUTION`); null without coordinates.
 */
function condominiumMap(latitude: number | null, longitude: number | null) {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const config = getConfig();
  return { latitude, longitude, tileUrl: config.MAP_TILE_URL, tileAttribution: config.MAP_TILE_ATTRIBUTION };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const slug = params.condominio ?? "";
  const page = await getCondominiumPage(slug);
  if (!page) {
    const lower = slug.toLowerCase();
    if (lower !== slug && (await getCondominiumPage(lower))) {
      throw redirect(`${condominiumPath(lower)}${url.search}`, {
        status: 301,
        headers: { "Cache-Control": "public, max-age=3600" },
      });
    }
    throw pageNotFound(url.pathname);
  }

  const origin = siteOrigin(request);
  const site = getTheme();
  const { condominium, forSale, forRent, ranges, unitCount } = page;
  const canonicalUrl = `${origin}${condominiumPath(condominium.slug)}`;
  const place = [condominium.neighbourhood, condominium.city].filter(Boolean).join(", ");
  const offer = [
    forSale.length ? plural(forSale.length, "unidade à venda", "unidades à venda") : "",
    forRent.length ? plural(forRent.length, "unidade para alugar", "unidades para alugar") : "",
  ]
    .filter(Boolean)
    .join(" e ");
  const summary = `${condominium.name}${place ? `, ${place}` : ""}${offer ? `: ${offer}` : ""}`;
  const description = truncate(condominium.description ? `${summary}. ${condominium.description}` : summary, 160);
  const cover =
    condominium.coverPhotoUrl ||
    condominium.photos[0]?.url ||
    forSale[0]?.coverPhotoUrl ||
    forRent[0]?.coverPhotoUrl ||
    "";
  const images = [cover, ...condominium.photos.map((photo) => photo.url)]
    .filter((src, index, all) => src && all.indexOf(src) === index)
    .slice(0, 6)
    .map((src) => `${origin}${imageUrl(src, OG_IMAGE_WIDTH)}`);
  const crumbs: CrumbData[] = [...(await placeCrumbs(condominium)), { name: condominium.name }];
  const jsonLd: JsonLdNode[] = [
    condominiumJsonLd({ condominium, url: canonicalUrl, images, description, unitCount }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: c.path ? `${origin}${c.path}` : canonicalUrl }))),
  ];

  return json(
    {
      site: { title: site.title },
      canonicalUrl,
      description,
      ogImage: images[0] ?? null,
      condominium,
      forSale,
      forRent,
      unitCount,
      ranges: {
        salePrice: formatRange(ranges.salePrice, formatPrice),
        rentPrice: formatRange(ranges.rentPrice, formatPrice),
        condoFee: formatRange(ranges.condoFee, formatPrice),
        area: formatRange(ranges.area, formatArea),
        salePricePerM2: formatRange(page.pricePerM2.sale, (value) => `${formatPrice(Math.round(value))}/m²`),
        rentPricePerM2: formatRange(page.pricePerM2.rent, (value) => `${formatPriceCents(value)}/m²`),
      },
      crumbs,
      neighbourhoodPath: crumbs.at(-2)?.path ?? "/todos-os-imoveis",
      mapUrl: openStreetMapUrl(condominium.latitude, condominium.longitude),
      map: condominiumMap(condominium.latitude, condominium.longitude),
      jsonLd,
      leadForm: leadFormTokens(),
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/** The "avise-me" form: the condominium is this page's, whatever the form says. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await getCondominiumPage(params.condominio ?? "");
  if (!page) throw pageNotFound(new URL(request.url).pathname);
  return handleLeadForm(request, {
    kind: "alert",
    fixed: { condominium: page.condominium.slug },
    clientIp: context.clientIp,
  });
}

/**
 * The loader's `Cache-Control`, unless a parent made the response private (a
 * flash toast) or the loader threw (the error's own, e.g. `no-store` on a 404).
 */
export const headers = publicPageHeaders;

/** Title, description, canonical, Open Graph (cover image) and Twitter card. */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Condomínio" }];
  const title = `${data.condominium.name}${data.condominium.neighbourhood ? ` em ${data.condominium.neighbourhood}` : ""}`;
  return pageMeta({
    title: `${title} | ${data.site.title}`,
    socialTitle: title,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
    imageWidth: OG_IMAGE_WIDTH,
    imageAlt: data.condominium.name,
    twitter: true,
  });
};

/** The condominium page. */
export default function CondominiumRoute() {
  const data = useLoaderData<typeof loader>();
  const { condominium, forSale, forRent, ranges } = data;
  const stats: [string, string][] = [
    ["Unidades à venda", String(forSale.length)],
    ["Unidades para alugar", String(forRent.length)],
  ];
  if (ranges.salePrice) stats.push(["Preços de venda", ranges.salePrice]);
  if (ranges.rentPrice) stats.push(["Aluguéis por mês", ranges.rentPrice]);
  if (ranges.condoFee) stats.push(["Condomínio por mês", ranges.condoFee]);
  if (ranges.area) stats.push(["Áreas", ranges.area]);
  if (ranges.salePricePerM2) stats.push(["Venda por m²", ranges.salePricePerM2]);
  if (ranges.rentPricePerM2) stats.push(["Aluguel por m²", ranges.rentPricePerM2]);
  const details: [string, string][] = [];
  if (condominium.floors) details.push(["Andares", String(condominium.floors)]);
  if (condominium.yearBuilt) details.push(["Ano de construção", String(condominium.yearBuilt)]);
  if (condominium.isLaunch) details.push(["Lançamento", "Sim"]);

  return (
    <div className={p.page} data-condominium={condominium.slug}>
      <div className={container}>
        <Breadcrumbs items={data.crumbs} />
      </div>
      <div className={p.galleryWrap}>
        <Gallery key={condominium.slug} photos={condominium.photos} title={condominium.name} />
      </div>
      <div className={`${container} ${p.layout}`}>
        <header className={p.header}>
          <p className={p.kicker}>
            {condominium.isLaunch ? <span className={`${p.badge} ${p.badgeAccent}`}>Lançamento</span> : null}
            <span className={p.condoLine}>
              <BuildingIcon size={16} />
              Condomínio
            </span>
          </p>
          <h1 className={p.title}>{condominium.name}</h1>
          <AddressLine place={condominium} />
        </header>

        <aside className={p.aside} aria-label="Resumo do condomínio">
          <section className={p.summaryBox} aria-labelledby="resumo">
            <h2 id="resumo" className={p.statLabel}>
              {data.unitCount
                ? plural(data.unitCount, "unidade disponível", "unidades disponíveis")
                : "Sem unidades disponíveis"}
            </h2>
            <dl className={p.stats}>
              {stats.map(([term, value], index) => (
                <div key={term} className={index < 2 ? p.stat : `${p.stat} ${p.statWide}`}>
                  <dt className={p.statLabel}>{term}</dt>
                  <dd className={p.statValue}>{value}</dd>
                </div>
              ))}
            </dl>
            <div className={p.actions}>
              {forSale.length ? (
                <a className={button.primary} href="#a-venda">
                  Ver unidades à venda
                </a>
              ) : null}
              {forRent.length ? (
                <a className={forSale.length ? button.outline : button.primary} href="#para-alugar">
                  Ver unidades para alugar
                </a>
              ) : null}
            </div>
          </section>
          <LeadForm
            kind="alert"
            id="avise-me"
            title={data.unitCount ? "Avise-me de novas unidades" : "Avise-me quando houver unidades"}
            intro={`Receba um aviso quando surgirem unidades no ${condominium.name}.`}
            submitLabel="Quero ser avisado"
            tokens={data.leadForm}
            defaultValue={{ condominium: condominium.slug }}
          />
          <ShareButtons url={data.canonicalUrl} title={condominium.name} />
        </aside>

        <div className={p.content}>
          {condominium.description ? (
            <section className={p.section} aria-labelledby="sobre">
              <h2 id="sobre">Sobre o condomínio</h2>
              <Prose text={condominium.description} />
            </section>
          ) : null}
          {condominium.infrastructure.length ? (
            <div className={p.section}>
              <Amenities id="infraestrutura" title="Infraestrutura e lazer" items={condominium.infrastructure} />
            </div>
          ) : null}
          <DetailsSection rows={details} />
          <LocationSection place={condominium} mapUrl={data.mapUrl} />
          {data.map ? (
            <PointMap
              label={`Mapa: localização do ${condominium.name}`}
              latitude={data.map.latitude}
              longitude={data.map.longitude}
              tileUrl={data.map.tileUrl}
              tileAttribution={data.map.tileAttribution}
            />
          ) : null}
        </div>
      </div>

      <UnitsSection id="a-venda" purpose="venda" units={forSale} />
      <UnitsSection id="para-alugar" purpose="aluguel" units={forRent} />
      {!data.unitCount ? (
        <div className={container}>
          <Link className={button.outline} to={data.neighbourhoodPath}>
            Ver outros imóveis em {condominium.neighbourhood}
          </Link>
        </div>
      ) : null}

      <JsonLd data={data.jsonLd} />
    </div>
  );
}

/** Words of a units section, by purpose. */
const UNITS_TEXT = {
  venda: { title: "Unidades à venda", empty: "Nenhuma unidade à venda neste condomínio no momento." },
  aluguel: { title: "Unidades para alugar", empty: "Nenhuma unidade para alugar neste condomínio no momento." },
} as const;

type UnitData = ReturnType<typeof useLoaderData<typeof loader>>["forSale"];

/** The available units for one purpose (anchor `#{id}`, linked from the summary box), or a note when none. */
function UnitsSection({ id, purpose, units }: { id: string; purpose: keyof typeof UNITS_TEXT; units: UnitData }) {
  const text = UNITS_TEXT[purpose];
  return (
    <section id={id} className={`${container} ${p.listSection}`} aria-labelledby={`${id}-titulo`}>
      <div className={p.listHeader}>
        <h2 id={`${id}-titulo`}>{text.title}</h2>
        {units.length ? <span className={p.muted}>{plural(units.length, "unidade", "unidades")}</span> : null}
      </div>
      {units.length ? (
        <ListingGrid listings={units} purpose={purpose} label={text.title} />
      ) : (
        <p className={p.muted}>{text.empty}</p>
      )}
    </section>
  );
}
