/**
 * View models of the two detail pages (`/detalhes/{condominio}/{id}` and
 * `/detalhes/{condominio}`, docs/spec.txt §2): everything their loaders
 * compute from the read model (./detail.ts) for the page, its meta tags and
 * its JSON-LD, so that the routes only wire loader, action, meta and the
 * components together.
 */
import { breadcrumbJsonLd, condominiumJsonLd, listingJsonLd, type JsonLdNode } from "~/lib/json-ld";
import { purposesOf, type Listing } from "~/domain/listing";
import { formatArea, formatDate, formatPrice, formatPriceCents, plural } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { LISTINGS_PATH, whatsAppContactPath } from "~/lib/paths";
import { firstWhatsAppNumber } from "~/lib/phone";
import { condominiumPath } from "~/lib/urls";
import { getConfig } from "../config";
import { siteOrigin } from "../origin";
import { getTheme } from "../theme";
import { brokerFace } from "./broker-identity";
import {
  listingDisplayTitle,
  listingMetaDescription,
  openStreetMapUrl,
  placeCrumbs,
  purposePhrase,
  truncate,
  type CondominiumPage,
  type CrumbData,
  type ListingPage,
  type Range,
} from "./detail";
import { similarListings } from "./similar";
import { OG_IMAGE_WIDTH } from "~/lib/meta";

/** How many photos the Open Graph tags and the JSON-LD list. */
const SHARED_IMAGE_COUNT = 6;
/** How many similar listings the listing page shows. */
const SIMILAR_COUNT = 8;
/** Cache-Control of a detail page's canonical redirect (301): stable, but a listing may join a condominium. */
export const DETAIL_REDIRECT_CACHE_CONTROL = "public, max-age=3600";

/** A [term, value] row of a definition list ("Detalhes", the condominium summary). */
type DetailRow = [string, string];

/** The single-point map of a detail page: coordinates and the tile settings. */
interface PointMapData {
  latitude: number;
  longitude: number;
  tileUrl: string;
  tileAttribution: string;
}

/**
 * The map of a detail page with the tile settings (`MAP_TILE_URL`,
 * `MAP_TILE_ATTRIBUTION`), null without coordinates. A listing's map is
 * approximate (docs/product.md "approximate map": coordinates rounded to 3
 * decimals, about 100 m); a condominium's is exact (a building's location is
 * public, its address is on the page).
 */
function pointMapData(
  latitude: number | null,
  longitude: number | null,
  { approximate }: { approximate: boolean },
): PointMapData | null {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const round = (value: number) => (approximate ? Math.round(value * 1000) / 1000 : value);
  const config = getConfig();
  return {
    latitude: round(latitude),
    longitude: round(longitude),
    tileUrl: config.MAP_TILE_URL,
    tileAttribution: config.MAP_TILE_ATTRIBUTION,
  };
}

/**
 * The absolute URLs (at {@link OG_IMAGE_WIDTH} px, through the image route)
 * of the cover and the first photos, without repeats: the Open Graph image
 * is the first.
 */
function sharedImages(origin: string, cover: string, photos: readonly { url: string }[]): string[] {
  return [cover, ...photos.map((photo) => photo.url)]
    .filter((src, index, all) => src && all.indexOf(src) === index)
    .slice(0, SHARED_IMAGE_COUNT)
    .map((src) => `${origin}${imageUrl(src, OG_IMAGE_WIDTH)}`);
}

/** The BreadcrumbList JSON-LD of `crumbs`; the last (current page) points at `canonicalUrl`. */
function crumbsJsonLd(crumbs: readonly CrumbData[], origin: string, canonicalUrl: string): JsonLdNode {
  return breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: c.path ? `${origin}${c.path}` : canonicalUrl })));
}

/** Paths compare decoded, so `%41P1` and `AP1` are the same listing URL. */
export function samePath(a: string, b: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return decode(a) === decode(b);
}

/** The "Detalhes" rows of a listing: only known values; an area equal to one shown before is left out. */
function listingDetailRows(listing: Listing): DetailRow[] {
  const rows: DetailRow[] = [
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

/** The badges of a listing's header: launch (accented), exclusive, featured. */
function listingBadges(listing: Listing): { label: string; accent: boolean }[] {
  const badges = [
    listing.isLaunch ? { label: "Lançamento", accent: true } : null,
    listing.isExclusive ? { label: "Exclusivo", accent: false } : null,
    listing.isFeatured ? { label: "Destaque", accent: false } : null,
  ];
  return badges.filter((badge) => badge != null);
}

/**
 * The loader data of a listing page: the 410 notice of a removed listing
 * (with similar listings), else the page with its meta data, map, WhatsApp
 * path and JSON-LD. WhatsApp goes through `/obrigado-whatsapp` (recorded as a
 * lead), to the broker's number, else the agency's; no button without either.
 */
export async function listingPageView(request: Request, page: ListingPage) {
  const url = new URL(request.url);
  const origin = siteOrigin(request);
  const site = { title: getTheme().title };
  const canonicalUrl = `${origin}${page.path}`;
  const { listing } = page;
  const title = listingDisplayTitle(listing);
  // The broker as the site shows them: the team member carrying the code, else Vista's (ADR 0085).
  const [similar, places, broker] = await Promise.all([
    similarListings(listing, { limit: SIMILAR_COUNT }),
    placeCrumbs(listing),
    page.removed ? null : brokerFace(listing.broker),
  ]);
  const neighbourhoodPath = places.at(-1)?.path ?? LISTINGS_PATH;
  const purpose = purposesOf(listing)[0] ?? null;

  if (page.removed) {
    const { code, category, neighbourhood, city } = listing;
    const removed = { code, title, category, neighbourhood, city };
    return { kind: "removed" as const, site, canonicalUrl, listing: removed, similar, neighbourhoodPath, purpose };
  }

  const description = listingMetaDescription(listing);
  const images = sharedImages(origin, listing.coverPhotoUrl || listing.photos[0]?.url || "", listing.photos);
  const crumbs: CrumbData[] = [...places, { name: title }];
  const jsonLd: JsonLdNode[] = [
    listingJsonLd({ listing, url: canonicalUrl, images, description, agencyName: site.title }),
    crumbsJsonLd(crumbs, origin, canonicalUrl),
  ];
  const brokerNumber = listing.broker ? firstWhatsAppNumber(listing.broker.mobile, listing.broker.phone) : null;
  const whatsapp =
    brokerNumber || getConfig().WHATSAPP_NUMBER
      ? whatsAppContactPath({ code: listing.code, page: page.path, search: url.search })
      : null;

  return {
    kind: "listing" as const,
    site,
    canonicalUrl,
    title,
    description,
    ogImage: images[0] ?? null,
    listing,
    badges: listingBadges(listing),
    detailRows: listingDetailRows(listing),
    condominium: page.condominium
      ? { name: page.condominium.name, path: condominiumPath(page.condominium.slug) }
      : null,
    crumbs,
    similar,
    neighbourhoodPath,
    purpose,
    purposeText: purposePhrase(listing),
    mapUrl: openStreetMapUrl(listing.latitude, listing.longitude),
    map: pointMapData(listing.latitude, listing.longitude, { approximate: true }),
    whatsapp,
    brokerFace: broker,
    jsonLd,
  };
}

/** "R$ 450.000 a R$ 780.000", or one value when min = max; "" for null. */
function formatRange(range: Range | null, format: (value: number) => string): string {
  if (!range) return "";
  return range.min === range.max ? format(range.min) : `${format(range.min)} a ${format(range.max)}`;
}

/** The ranges of a condominium's units, formatted ("" when no unit has the value). */
function condominiumRanges({ ranges, pricePerM2 }: CondominiumPage) {
  return {
    salePrice: formatRange(ranges.salePrice, formatPrice),
    rentPrice: formatRange(ranges.rentPrice, formatPrice),
    condoFee: formatRange(ranges.condoFee, formatPrice),
    area: formatRange(ranges.area, formatArea),
    salePricePerM2: formatRange(pricePerM2.sale, (value) => `${formatPrice(Math.round(value))}/m²`),
    rentPricePerM2: formatRange(pricePerM2.rent, (value) => `${formatPriceCents(value)}/m²`),
  };
}

/**
 * The summary box of a condominium: unit counts for sale and for rent, then
 * the known ranges (prices and rents in BRL, condo fee, areas in m², price
 * per m²).
 */
function condominiumStats(page: CondominiumPage, ranges: ReturnType<typeof condominiumRanges>): DetailRow[] {
  const stats: DetailRow[] = [
    ["Unidades à venda", String(page.forSale.length)],
    ["Unidades para alugar", String(page.forRent.length)],
  ];
  const optional: DetailRow[] = [
    ["Preços de venda", ranges.salePrice],
    ["Aluguéis por mês", ranges.rentPrice],
    ["Condomínio por mês", ranges.condoFee],
    ["Áreas", ranges.area],
    ["Venda por m²", ranges.salePricePerM2],
    ["Aluguel por m²", ranges.rentPricePerM2],
  ];
  return [...stats, ...optional.filter(([, value]) => value)];
}

/** The "Detalhes" rows of a condominium: floors, year built, launch; only known values. */
function condominiumDetailRows(condominium: CondominiumPage["condominium"]): DetailRow[] {
  const rows: DetailRow[] = [];
  if (condominium.floors) rows.push(["Andares", String(condominium.floors)]);
  if (condominium.yearBuilt) rows.push(["Ano de construção", String(condominium.yearBuilt)]);
  if (condominium.isLaunch) rows.push(["Lançamento", "Sim"]);
  return rows;
}

/**
 * The meta description of a condominium page (≤ 160 characters): name,
 * place, the units on offer, then the start of its description.
 */
function condominiumDescription({ condominium, forSale, forRent }: CondominiumPage): string {
  const place = [condominium.neighbourhood, condominium.city].filter(Boolean).join(", ");
  const offer = [
    forSale.length ? plural(forSale.length, "unidade à venda", "unidades à venda") : "",
    forRent.length ? plural(forRent.length, "unidade para alugar", "unidades para alugar") : "",
  ]
    .filter(Boolean)
    .join(" e ");
  const summary = `${condominium.name}${place ? `, ${place}` : ""}${offer ? `: ${offer}` : ""}`;
  return truncate(condominium.description ? `${summary}. ${condominium.description}` : summary, 160);
}

/** The loader data of a condominium page: units, summary rows, meta data, map and JSON-LD. */
export async function condominiumPageView(request: Request, page: CondominiumPage) {
  const origin = siteOrigin(request);
  const { condominium, forSale, forRent, unitCount } = page;
  const canonicalUrl = `${origin}${condominiumPath(condominium.slug)}`;
  const description = condominiumDescription(page);
  const cover =
    condominium.coverPhotoUrl ||
    condominium.photos[0]?.url ||
    forSale[0]?.coverPhotoUrl ||
    forRent[0]?.coverPhotoUrl ||
    "";
  const images = sharedImages(origin, cover, condominium.photos);
  const ranges = condominiumRanges(page);
  const crumbs: CrumbData[] = [...(await placeCrumbs(condominium)), { name: condominium.name }];
  const jsonLd: JsonLdNode[] = [
    condominiumJsonLd({ condominium, url: canonicalUrl, images, description, unitCount }),
    crumbsJsonLd(crumbs, origin, canonicalUrl),
  ];
  return {
    site: { title: getTheme().title },
    canonicalUrl,
    description,
    ogImage: images[0] ?? null,
    condominium,
    forSale,
    forRent,
    unitCount,
    ranges,
    stats: condominiumStats(page, ranges),
    detailRows: condominiumDetailRows(condominium),
    crumbs,
    neighbourhoodPath: crumbs.at(-2)?.path ?? LISTINGS_PATH,
    mapUrl: openStreetMapUrl(condominium.latitude, condominium.longitude),
    map: pointMapData(condominium.latitude, condominium.longitude, { approximate: false }),
    jsonLd,
  };
}
