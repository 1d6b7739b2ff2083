/**
 * Pure mapping from the domain model to read-model rows (`../db/schema`):
 * the denormalised, indexed columns public pages filter and sort on, plus the
 * full public object in `data`. No I/O here, so the rules are unit-tested.
 */
import type { Condominium } from "~/domain/condominium";
import { monthlyCost, type Listing } from "~/domain/listing";
import { amenitySlugsOf } from "~/lib/amenities";
import { saoPauloMidnight } from "~/lib/sao-paulo-time";
import { foldText } from "~/lib/search-text";
import { slugify } from "~/lib/slug";
import type { condominiums, listings } from "../db/schema";

/** A row of `listings` as the sync writes it. */
export type ListingRow = typeof listings.$inferInsert;

/** A row of `condominiums` as the sync writes it. */
export type CondominiumRow = typeof condominiums.$inferInsert;

/** Whether the site may show a listing: it needs a positive sale or rent price in BRL (docs/product.md "Public site"). */
export function hasPrice(listing: Pick<Listing, "salePrice" | "rentPrice">): boolean {
  return money(listing.salePrice) !== null || money(listing.rentPrice) !== null;
}

/** Best known area in m²: private, else total, else built (read model `area`). Null when none is positive. */
export function bestArea(listing: Pick<Listing, "privateArea" | "totalArea" | "builtArea">): number | null {
  for (const area of [listing.privateArea, listing.totalArea, listing.builtArea]) {
    if (area !== null && area !== undefined && Number.isFinite(area) && area > 0) return area;
  }
  return null;
}

/** An integer column value: rounds, null for null/NaN. */
function int(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value);
}

/** A positive amount in BRL, else null (Vista sends "0" for "none"). */
function money(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) || value <= 0 ? null : value;
}

/** ISO date (`YYYY-MM-DD`) from an ISO date or date-time; null when it is not one. */
export function isoDate(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? "");
  return match && match[1] !== "0000-00-00" ? match[1] : null;
}

/**
 * The instant a Vista ISO date (`YYYY-MM-DD`, e.g. `DataCadastro`) starts in
 * the agency's calendar (São Paulo, `~/lib/sao-paulo-time`); null when not a date.
 */
export function agencyMidnight(date: string | null | undefined): Date | null {
  const day = isoDate(date);
  if (!day) return null;
  try {
    return saoPauloMidnight(day);
  } catch {
    return null;
  }
}

/**
 * `first_seen_at` of a listing the sync writes for the first time (ADR 0033):
 * when the read model was empty at the start of the run (the first sync
 * copies a catalogue that already existed), the CRM registration date
 * (`DataCadastro`, null when unknown); else `now`, the moment this run saw it.
 * Rows that already exist keep theirs (the upsert never overwrites it).
 */
export function firstSeenAtOf(listing: Pick<Listing, "registeredAt">, readModelEmpty: boolean, now: Date): Date | null {
  return readModelEmpty ? agencyMidnight(listing.registeredAt) : now;
}

/** Cover photo URL: `FotoDestaque`, else the gallery's cover, else its first photo; "" when none. */
export function coverPhotoOf(listing: Pick<Listing, "coverPhotoUrl" | "photos">): string {
  if (listing.coverPhotoUrl) return listing.coverPhotoUrl;
  const cover = listing.photos.find((photo) => photo.isCover) ?? listing.photos[0];
  return cover?.url ?? "";
}

/** Fallback title (pt-BR) when Vista has no `TituloSite`: "Apartamento em Jardim Paulista". */
export function titleOf(listing: Pick<Listing, "title" | "category" | "neighbourhood" | "city">): string {
  if (listing.title.trim()) return listing.title.trim();
  const place = listing.neighbourhood || listing.city;
  const category = listing.category || "Imóvel";
  return place ? `${category} em ${place}` : category;
}

/**
 * The free-text search document of a listing (read model `search_text`,
 * `/busca`, ADR 0010): code, title, type, neighbourhood, city, state,
 * condominium and street address, folded with {@link foldText}.
 */
export function searchTextOf(
  listing: Pick<
    Listing,
    "code" | "title" | "category" | "neighbourhood" | "city" | "state" | "development" | "address"
  >,
): string {
  return foldText(
    [
      listing.code,
      titleOf(listing),
      listing.category,
      listing.neighbourhood,
      listing.city,
      listing.state,
      listing.development,
      listing.address,
    ]
      .filter((part) => part && part.trim())
      .join(" "),
  );
}

/**
 * The `listings` row of a synced listing. A listing with neither a sale nor a
 * rent price is stored as removed (`removalReason = "no_price"`, pages answer
 * 410); any other is active (`removedAt = null`, which also revives a listing
 * that comes back). Money in BRL, area in m² (see schema.ts).
 */
export function listingRow(listing: Listing, condominiumSlug: string | null, now: Date): ListingRow {
  const salePrice = money(listing.salePrice);
  const rentPrice = money(listing.rentPrice);
  const priced = salePrice !== null || rentPrice !== null;
  const prices = { salePrice, rentPrice, condoFee: money(listing.condoFee), iptu: money(listing.iptu) };
  return {
    code: listing.code,
    category: listing.category,
    categorySlug: slugify(listing.category),
    city: listing.city,
    citySlug: slugify(listing.city),
    state: listing.state ?? "",
    neighbourhood: listing.neighbourhood,
    neighbourhoodSlug: slugify(listing.neighbourhood),
    forSale: salePrice !== null,
    forRent: rentPrice !== null,
    salePrice,
    rentPrice,
    condoFee: prices.condoFee,
    iptu: prices.iptu,
    monthlyCostSale: monthlyCost(prices, "venda"),
    monthlyCostRent: monthlyCost(prices, "aluguel"),
    area: bestArea(listing),
    bedrooms: int(listing.bedrooms),
    suites: int(listing.suites),
    parkingSpaces: int(listing.parkingSpaces),
    bathrooms: int(listing.bathrooms),
    latitude: listing.latitude,
    longitude: listing.longitude,
    title: titleOf(listing),
    isLaunch: listing.isLaunch,
    isExclusive: listing.isExclusive,
    isFeatured: listing.isFeatured,
    condominiumSlug,
    brokerCode: listing.broker?.code || null,
    coverPhotoUrl: coverPhotoOf(listing),
    photoCount: listing.photos.length,
    updatedAt: isoDate(listing.updatedAt),
    data: listing,
    syncedAt: now,
    removedAt: priced ? null : now,
    removalReason: priced ? null : "no_price",
    amenities: amenitySlugsOf(listing),
    searchText: searchTextOf(listing),
    condominiumName: listing.development.trim() || null,
  };
}

/** A condominium as the adapter derives it from one unit (no slug yet). */
export type CondominiumInput = Omit<Condominium, "slug">;

/**
 * Identity of a building across syncs: `{city}/{neighbourhood}/{name}` as
 * slugs. Units of one building share it; same-named buildings elsewhere don't.
 */
export function buildingKeyOf(condominium: Pick<CondominiumInput, "name" | "neighbourhood" | "city">): string {
  return [slugify(condominium.city), slugify(condominium.neighbourhood), slugify(condominium.name)].join("/");
}

/**
 * Assigns URL slugs to buildings, stable across syncs: a building keeps the
 * slug it already has; a new one gets slugify(name), or on a collision with a
 * different building slugify(name)-{neighbourhood slug}, then a numeric suffix.
 */
export class CondominiumSlugs {
  private readonly byKey = new Map<string, string>();
  private readonly taken = new Set<string>();

  /** @param existing the slugs already stored: building key → slug. */
  constructor(existing: Iterable<readonly [buildingKey: string, slug: string]> = []) {
    for (const [key, slug] of existing) {
      this.byKey.set(key, slug);
      this.taken.add(slug);
    }
  }

  /** The slug of a building, assigning a new one on first sight. */
  slugFor(condominium: Pick<CondominiumInput, "name" | "neighbourhood" | "city">): string {
    const key = buildingKeyOf(condominium);
    const known = this.byKey.get(key);
    if (known) return known;
    const base = slugify(condominium.name) || "condominio";
    const withPlace = [base, slugify(condominium.neighbourhood) || slugify(condominium.city)].filter(Boolean).join("-");
    let slug = base;
    if (this.taken.has(slug)) slug = withPlace;
    for (let n = 2; this.taken.has(slug); n++) slug = `${withPlace}-${n}`;
    this.byKey.set(key, slug);
    this.taken.add(slug);
    return slug;
  }
}

/** The `condominiums` row of a building seen through one of its units. */
export function condominiumRow(condominium: CondominiumInput, slug: string, now: Date): CondominiumRow {
  const data: Condominium = { ...condominium, slug };
  return {
    slug,
    buildingKey: buildingKeyOf(condominium),
    name: condominium.name,
    city: condominium.city,
    citySlug: slugify(condominium.city),
    neighbourhood: condominium.neighbourhood,
    neighbourhoodSlug: slugify(condominium.neighbourhood),
    latitude: condominium.latitude,
    longitude: condominium.longitude,
    coverPhotoUrl:
      condominium.coverPhotoUrl || condominium.photos.find((p) => p.isCover)?.url || condominium.photos[0]?.url || "",
    data,
    syncedAt: now,
  };
}
