/**
 * Data of the two detail pages (docs/product.md "Public site"):
 * `/detalhes/{condominio}/{id}` (a listing) and `/detalhes/{condominio}` (a
 * condominium). Reads only the local read model (docs/architecture.md "Data flow":
 * public pages never call Vista).
 *
 * Privacy (docs/product.md "Privacy (LGPD)"): the read model holds only the public
 * `Listing`, and {@link toPublicListing} strips any owner/internal field that
 * might still be in the stored JSON, so nothing private reaches loader data.
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Condominium } from "~/domain/condominium";
import { purposesOf, type Broker, type Listing } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { filtersToUrl } from "~/lib/filters";
import { formatArea, formatPrice, plural } from "~/lib/format";
import { slugify } from "~/lib/slug";
import { listingPath } from "~/lib/urls";
import { getDb, type Db } from "../db";
import { condominiums, listings } from "../db/schema";
import { summaryColumns, toListingSummary } from "./search";
import { getVocabulary } from "./vocabulary";
import { LISTINGS_PATH } from "~/lib/paths";

/** What the listing page shows. */
export interface ListingPage {
  /** The public listing (no owner data). */
  listing: Listing;
  /** Its condominium, null when it belongs to none (or the condominium is unknown). */
  condominium: Condominium | null;
  /** True when the listing left the catalogue (`removed_at` set): the page answers 410. */
  removed: boolean;
  /** Canonical path (`listingPath()`), with the code as stored. */
  path: string;
}

/**
 * Keys that must never leave the server on a public page: the private part of a
 * listing in domain names (`ListingPrivateData`) and in Vista wire names
 * (docs/spec.txt §3 Property: Observacoes, ObsVenda, AssuntoProntuario, Proprietario,
 * CodigoProprietario, proprietarios; the prontuário).
 */
const PRIVATE_KEYS = new Set([
  "notes",
  "saleNotes",
  "historySubject",
  "ownerName",
  "ownerCode",
  "owners",
  "history",
  "privateData",
  "Observacoes",
  "ObsVenda",
  "AssuntoProntuario",
  "Proprietario",
  "CodigoProprietario",
  "proprietarios",
  "prontuario",
  "prontuarios",
]);

/** The website-safe broker fields (docs/vista-api.md §6.6 "Website-safe subset"). */
function publicBroker(broker: Broker | null | undefined): Broker | null {
  if (!broker) return null;
  const { code, name, email, phone, mobile, creci, photoUrl } = broker;
  return {
    code: code ?? "",
    name: name ?? "",
    email: email ?? "",
    phone: phone ?? "",
    mobile: mobile ?? "",
    creci: creci ?? "",
    photoUrl: photoUrl ?? "",
  };
}

/**
 * A copy of a stored listing without any private key (see {@link PRIVATE_KEYS})
 * and with the broker reduced to its website-safe subset. Defence in depth: the
 * sync stores only the public `Listing`.
 */
export function toPublicListing(data: Listing): Listing {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!PRIVATE_KEYS.has(key)) copy[key] = value;
  }
  const listing = copy as unknown as Listing;
  listing.broker = publicBroker(data.broker);
  listing.photos = data.photos ?? [];
  listing.videos = data.videos ?? [];
  listing.attachments = data.attachments ?? [];
  listing.features = data.features ?? [];
  listing.infrastructure = data.infrastructure ?? [];
  return listing;
}

/**
 * The listing page of Vista code `code`: active or removed (then `removed` is
 * true and the page answers 410). The code is matched exactly, else without
 * regard to case (`ap01234` finds `AP01234`; the page then redirects to the
 * canonical URL).
 * @returns null when no listing with that code was ever in the catalogue (404).
 */
export async function getListingPage(code: string, db: Db = getDb().db): Promise<ListingPage | null> {
  const trimmed = code.trim();
  if (!trimmed || trimmed.length > 64) return null;
  const columns = {
    code: listings.code,
    category: listings.category,
    neighbourhood: listings.neighbourhood,
    condominiumSlug: listings.condominiumSlug,
    data: listings.data,
    removedAt: listings.removedAt,
    // The condominium in the same query: one round trip less per page (ADR 0094).
    condominiumData: condominiums.data,
  };
  const select = (where: SQL) =>
    db
      .select(columns)
      .from(listings)
      .leftJoin(condominiums, eq(condominiums.slug, listings.condominiumSlug))
      .where(where)
      .limit(1);
  let [row] = await select(eq(listings.code, trimmed));
  if (!row) [row] = await select(sql`upper(${listings.code}) = upper(${trimmed})`);
  if (!row) return null;

  const condominium: Condominium | null =
    row.condominiumSlug && row.condominiumData ? { ...row.condominiumData, slug: row.condominiumSlug } : null;

  return {
    listing: toPublicListing({ ...row.data, code: row.code }),
    condominium,
    removed: row.removedAt != null,
    path: listingPath({
      code: row.code,
      category: row.category,
      neighbourhood: row.neighbourhood,
      condominiumSlug: row.condominiumSlug,
    }),
  };
}

/**
 * The title a listing page shows: Vista `TituloSite`, else
 * "{tipo} {à venda / para alugar} em {bairro}".
 */
export function listingDisplayTitle(listing: Listing): string {
  return listing.title || `${listing.category} ${purposePhrase(listing)} em ${listing.neighbourhood}`;
}

/** A closed range of values (BRL or m²). */
export interface Range {
  min: number;
  max: number;
}

/** What the condominium page shows. */
export interface CondominiumPage {
  condominium: Condominium;
  /** Active units for sale, cheapest first. */
  forSale: ListingSummary[];
  /** Active units for rent, cheapest first. */
  forRent: ListingSummary[];
  /** Ranges over the active units; null when no unit has the value. */
  ranges: {
    /** Sale prices, BRL. */
    salePrice: Range | null;
    /** Monthly rents, BRL. */
    rentPrice: Range | null;
    /** Monthly condo fees, BRL. */
    condoFee: Range | null;
    /** Areas, m². */
    area: Range | null;
  };
  /**
   * Price per m² ranges: sale price / area over the units for
   * sale with a known area (BRL/m²), and monthly rent / area over the units
   * for rent with a known area (BRL/m² per month); null when no unit has both.
   */
  pricePerM2: {
    sale: Range | null;
    rent: Range | null;
  };
  /** Number of distinct active units (a unit for sale and rent counts once). */
  unitCount: number;
}

/**
 * `price / area` for each unit with both a positive price and a positive area
 * (BRL/m²); units missing either are left out.
 */
export function perSquareMetre(units: readonly { price: number | null; area: number | null }[]): number[] {
  const out: number[] = [];
  for (const { price, area } of units) {
    if (price != null && area != null && price > 0 && area > 0 && Number.isFinite(price / area)) out.push(price / area);
  }
  return out;
}

/** The smallest and largest of the positive, finite values; null when there are none. */
export function rangeOf(values: readonly (number | null | undefined)[]): Range | null {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value == null || !Number.isFinite(value) || value <= 0) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min === Infinity ? null : { min, max };
}

/**
 * The condominium page of slug `slug` with its active units (sale and rent)
 * and the ranges of price, condo fee, area and price per m² over them.
 * @returns null when no condominium has that slug (404).
 */
export async function getCondominiumPage(slug: string, db: Db = getDb().db): Promise<CondominiumPage | null> {
  if (!slug || slug.length > 200) return null;
  const [row] = await db
    .select({ slug: condominiums.slug, data: condominiums.data })
    .from(condominiums)
    .where(eq(condominiums.slug, slug))
    .limit(1);
  if (!row) return null;

  const rows = await db
    .select({ ...summaryColumns, forSale: listings.forSale, forRent: listings.forRent })
    .from(listings)
    .where(and(eq(listings.condominiumSlug, row.slug), isNull(listings.removedAt)))
    .orderBy(asc(listings.code));

  const forSale = rows
    .filter((r) => r.forSale && r.salePrice != null)
    .sort((a, b) => a.salePrice! - b.salePrice! || a.code.localeCompare(b.code));
  const forRent = rows
    .filter((r) => r.forRent && r.rentPrice != null)
    .sort((a, b) => a.rentPrice! - b.rentPrice! || a.code.localeCompare(b.code));

  return {
    condominium: { ...row.data, slug: row.slug },
    forSale: forSale.map(toListingSummary),
    forRent: forRent.map(toListingSummary),
    ranges: {
      salePrice: rangeOf(forSale.map((r) => r.salePrice)),
      rentPrice: rangeOf(forRent.map((r) => r.rentPrice)),
      condoFee: rangeOf(rows.map((r) => r.condoFee)),
      area: rangeOf(rows.map((r) => r.area)),
    },
    pricePerM2: {
      sale: rangeOf(perSquareMetre(forSale.map((r) => ({ price: r.salePrice, area: r.area })))),
      rent: rangeOf(perSquareMetre(forRent.map((r) => ({ price: r.rentPrice, area: r.area })))),
    },
    unitCount: rows.length,
  };
}

/** A breadcrumb step: label and site path (none for the current page). */
export interface CrumbData {
  name: string;
  path?: string;
}

/**
 * Breadcrumb steps for a place: "Início", the city and the neighbourhood,
 * each linking to its canonical list URL (`filtersToUrl`, `~/lib/filters`)
 * when the catalogue has active listings there, else to `/todos-os-imoveis`.
 */
export async function placeCrumbs(
  place: { city: string; neighbourhood: string },
  db: Db = getDb().db,
): Promise<CrumbData[]> {
  const vocabulary = await getVocabulary({ db });
  const crumbs: CrumbData[] = [{ name: "Início", path: "/" }];
  const citySlug = slugify(place.city);
  const city = vocabulary.cities.find((c) => c.slug === citySlug);
  if (place.city)
    crumbs.push({ name: place.city, path: city ? filtersToUrl({ city: city.slug }, vocabulary) : LISTINGS_PATH });
  if (place.neighbourhood) {
    const nbSlug = slugify(place.neighbourhood);
    const nb = city?.neighbourhoods.find((n) => n.slug === nbSlug);
    crumbs.push({
      name: place.neighbourhood,
      path: city && nb ? filtersToUrl({ city: city.slug, neighbourhoods: [nb.slug] }, vocabulary) : LISTINGS_PATH,
    });
  }
  return crumbs;
}

/** "à venda", "para alugar" or "à venda e para alugar" for a listing's offers. */
export function purposePhrase(listing: Pick<Listing, "salePrice" | "rentPrice">): string {
  const purposes = purposesOf(listing);
  if (purposes.length === 2) return "à venda e para alugar";
  return purposes[0] === "aluguel" ? "para alugar" : "à venda";
}

/** `text` cut at a word boundary to at most `max` characters, with "…" when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max * 0.6)).replace(/[\s,.;:–-]+$/, "")}…`;
}

/**
 * The meta description of a listing page (≤ 160 characters): type, offer,
 * place, key facts and price, then the start of the description.
 */
export function listingMetaDescription(listing: Listing): string {
  const facts: string[] = [];
  const area = listing.privateArea ?? listing.totalArea ?? listing.builtArea;
  if (area) facts.push(formatArea(area));
  if (listing.bedrooms) facts.push(plural(listing.bedrooms, "quarto", "quartos"));
  if (listing.parkingSpaces) facts.push(plural(listing.parkingSpaces, "vaga", "vagas"));
  if (listing.salePrice) facts.push(formatPrice(listing.salePrice));
  if (listing.rentPrice) facts.push(`${formatPrice(listing.rentPrice)}/mês`);
  const place = [listing.neighbourhood, listing.city].filter(Boolean).join(", ");
  const head = `${listing.category || "Imóvel"} ${purposePhrase(listing)}${place ? ` em ${place}` : ""}`;
  const summary = [head, ...facts].join(" · ");
  const text = listing.webDescription || listing.description;
  return truncate(text ? `${summary}. ${text}` : summary, 160);
}

/**
 * OpenStreetMap centred on a listing at approximate coordinates (rounded to 3
 * decimals, about 100 m: the page shows an approximate location only), or null
 * without coordinates.
 */
export function openStreetMapUrl(latitude: number | null, longitude: number | null): string | null {
  if (latitude == null || longitude == null) return null;
  const lat = Math.round(latitude * 1000) / 1000;
  const lon = Math.round(longitude * 1000) / 1000;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
