/**
 * schema.org structured data for the detail pages (docs/product.md: "a listing has
 * JSON-LD (schema.org `RealEstateListing` with an `Offer`)"): builders for a
 * listing, a condominium, a breadcrumb trail and the agency itself
 * (`RealEstateAgent`, from the agency profile). The server's page builders
 * and the pages call them; `~/components/json-ld` writes the result.
 *
 * Coordinates are rounded to 3 decimals (about 100 m): the pages show an
 * approximate location only.
 */
import type { Condominium } from "~/domain/condominium";
import type { Listing } from "~/domain/listing";
import { addressLines, type AgencyProfile, SOCIAL_NETWORKS, type SocialNetwork } from "./agency";

/** A JSON-LD node (plain JSON). */
export type JsonLdNode = Record<string, unknown>;

/** `value` rounded to 3 decimals (approximate location). */
export function approximateCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function postalAddress(place: { address?: string; neighbourhood: string; city: string; state: string }): JsonLdNode {
  return stripEmpty({
    "@type": "PostalAddress",
    streetAddress: place.address || undefined,
    addressLocality: place.neighbourhood ? `${place.neighbourhood}, ${place.city}` : place.city,
    addressRegion: place.state || undefined,
    addressCountry: "BR",
  });
}

function geo(latitude: number | null, longitude: number | null): JsonLdNode | undefined {
  if (latitude == null || longitude == null) return undefined;
  return {
    "@type": "GeoCoordinates",
    latitude: approximateCoordinate(latitude),
    longitude: approximateCoordinate(longitude),
  };
}

function stripEmpty(node: JsonLdNode): JsonLdNode {
  return Object.fromEntries(
    Object.entries(node).filter(([, value]) => value !== undefined && value !== null && value !== ""),
  );
}

/** schema.org type of the accommodation for a Vista `Categoria`. */
function accommodationType(category: string): string {
  const c = category.toLowerCase();
  if (/apartamento|cobertura|studio|kitnet|flat|loft|duplex/.test(c)) return "Apartment";
  if (/casa|sobrado/.test(c)) return "House";
  return "Accommodation";
}

/** Inputs of {@link listingJsonLd}. */
export interface ListingJsonLdInput {
  listing: Listing;
  /** Absolute canonical URL of the page. */
  url: string;
  /** Absolute image URLs, cover first. */
  images: string[];
  /** Page description. */
  description: string;
  /** The agency (offered by). */
  agencyName: string;
}

/**
 * A `RealEstateListing` with one `Offer` per purpose (sale: price in BRL;
 * rent: monthly price in BRL), availability `InStock`, the address and the
 * accommodation it describes (rooms, bathrooms, floor size in m²).
 */
export function listingJsonLd({ listing, url, images, description, agencyName }: ListingJsonLdInput): JsonLdNode {
  const seller = { "@type": "RealEstateAgent", name: agencyName };
  const offers: JsonLdNode[] = [];
  if (listing.salePrice) {
    offers.push({
      "@type": "Offer",
      name: "Venda",
      price: listing.salePrice,
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
      businessFunction: "http://purl.org/goodrelations/v1#Sell",
      url,
      seller,
    });
  }
  if (listing.rentPrice) {
    offers.push({
      "@type": "Offer",
      name: "Aluguel",
      price: listing.rentPrice,
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
      businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: listing.rentPrice,
        priceCurrency: "BRL",
        unitCode: "MON",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      },
      url,
      seller,
    });
  }
  const area = listing.privateArea ?? listing.totalArea ?? listing.builtArea;
  const address = postalAddress(listing);
  return stripEmpty({
    ...pageNode("RealEstateListing", "imovel", { url, name: listing.title, description, images }),
    identifier: listing.code,
    dateModified: listing.updatedAt ?? undefined,
    address,
    offers: offers.length === 1 ? offers[0] : offers.length ? offers : undefined,
    about: stripEmpty({
      "@type": accommodationType(listing.category),
      name: listing.title,
      numberOfRooms: listing.bedrooms ?? undefined,
      numberOfBedrooms: listing.bedrooms ?? undefined,
      numberOfBathroomsTotal: listing.bathrooms ?? undefined,
      floorSize: area ? { "@type": "QuantitativeValue", value: area, unitCode: "MTK" } : undefined,
      address,
      geo: geo(listing.latitude, listing.longitude),
    }),
  });
}

/** The fields every page node shares: type, `@id` (`{url}#{fragment}`), URL, name, description and photos. */
function pageNode(
  type: string,
  fragment: string,
  page: { url: string; name: string; description: string; images: string[] },
): JsonLdNode {
  return {
    "@context": "https://schema.org",
    "@type": type,
    "@id": `${page.url}#${fragment}`,
    url: page.url,
    name: page.name,
    description: page.description,
    image: page.images.length ? page.images : undefined,
  };
}

/** Inputs of {@link condominiumJsonLd}. */
export interface CondominiumJsonLdInput {
  condominium: Condominium;
  url: string;
  images: string[];
  description: string;
  /** Number of units available (sale or rent). */
  unitCount: number;
}

/** An `ApartmentComplex` with address, approximate geo, photos and amenities. */
export function condominiumJsonLd({
  condominium,
  url,
  images,
  description,
  unitCount,
}: CondominiumJsonLdInput): JsonLdNode {
  return stripEmpty({
    ...pageNode("ApartmentComplex", "condominio", { url, name: condominium.name, description, images }),
    address: postalAddress(condominium),
    geo: geo(condominium.latitude, condominium.longitude),
    numberOfAvailableAccommodationUnits: { "@type": "QuantitativeValue", value: unitCount },
    amenityFeature: condominium.infrastructure.length
      ? condominium.infrastructure.map((name) => ({ "@type": "LocationFeatureSpecification", name, value: true }))
      : undefined,
  });
}

/** Inputs of {@link agencyJsonLd}. */
export interface AgencyJsonLdInput {
  agency: AgencyProfile;
  /** Absolute URL of the site's home page. */
  url: string;
  /** Absolute URL of the logo, when known. */
  logo?: string;
  description?: string;
}

/**
 * The agency as a schema.org `RealEstateAgent` (`@id` `{url}#imobiliaria`):
 * trade name, `legalName`, `taxID` (the CNPJ), `PostalAddress`, `telephone`
 * (+55 and the digits), `email`, `openingHoursSpecification` (one per
 * opening-hours line) and `sameAs` (the social profiles). Empty parts are
 * left out.
 */
export function agencyJsonLd({ agency, url, logo, description }: AgencyJsonLdInput): JsonLdNode {
  const hasAddress = addressLines(agency).length > 0;
  const sameAs = (Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]).flatMap((network) =>
    agency.social[network] ? [agency.social[network]] : [],
  );
  return stripEmpty({
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": `${url.replace(/\/+$/, "")}/#imobiliaria`,
    name: agency.tradeName,
    legalName: agency.legalName,
    taxID: agency.cnpj ?? undefined,
    url,
    logo,
    image: logo,
    description,
    address: hasAddress
      ? stripEmpty({
          "@type": "PostalAddress",
          streetAddress: [agency.street, agency.number, agency.complement].filter(Boolean).join(", ") || undefined,
          addressLocality: agency.city ?? undefined,
          addressRegion: agency.state ?? undefined,
          postalCode: agency.postalCode ?? undefined,
          addressCountry: "BR",
        })
      : undefined,
    telephone: agency.phone ? `+55${agency.phone}` : undefined,
    email: agency.email ?? undefined,
    openingHoursSpecification: agency.openingHours.length
      ? agency.openingHours.map((line) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: line.days.map((day) => `https://schema.org/${day}`),
          opens: line.opens,
          closes: line.closes,
        }))
      : undefined,
    sameAs: sameAs.length ? sameAs : undefined,
  });
}

/** One step of a breadcrumb trail: name and absolute URL (none for the current page). */
export interface BreadcrumbItem {
  name: string;
  url?: string;
}

/** A `BreadcrumbList` of `items`, in order. */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[]): JsonLdNode {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) =>
      stripEmpty({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url }),
    ),
  };
}
