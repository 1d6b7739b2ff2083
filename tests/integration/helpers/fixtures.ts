/**
 * Fixture builders shared by the read-model integration suites
 * (`detail.test.ts`, `search.test.ts`): complete public listings with
 * neutral defaults, and the rows the sync would store for them.
 */
import { listingRow } from "~/.server/sync/rows";
import type { Listing } from "~/domain/listing";

/**
 * A complete public Listing with neutral defaults: a 70 m² two-bedroom
 * "Apartamento" in Moema, São Paulo – SP, status "Venda" but no price (BRL
 * prices, fees and IPTU null), no photos, videos, broker or amenities,
 * updated 2026-01-01. `overrides` replace any field; `code` is required.
 */
export function makeListing(overrides: Partial<Listing> & Pick<Listing, "code">): Listing {
  return {
    category: "Apartamento",
    status: "Venda",
    updatedAt: "2026-01-01",
    latitude: -23.6,
    longitude: -46.6,
    bedrooms: 2,
    suites: 1,
    parkingSpaces: 1,
    bathrooms: 2,
    socialBathrooms: 1,
    neighbourhood: "Moema",
    city: "São Paulo",
    state: "SP",
    address: "",
    salePrice: null,
    salePricePerM2: null,
    rentPrice: null,
    iptu: null,
    condoFee: null,
    totalArea: null,
    builtArea: null,
    privateArea: 70,
    description: "",
    webDescription: "",
    title: "",
    adText: "",
    isLaunch: false,
    isExclusive: false,
    isFeatured: false,
    isDevelopment: false,
    development: "",
    deliveryDate: null,
    furnished: false,
    yearBuilt: null,
    orientation: "",
    facesEast: false,
    facesWest: false,
    facesNorth: false,
    facesSouth: false,
    pool: false,
    fitnessRoom: false,
    concierge: false,
    concierge24h: false,
    garden: false,
    garage: false,
    coveredGarage: false,
    sportsCourt: false,
    acceptsExchange: false,
    block: "",
    lot: "",
    gatedCommunity: false,
    floors: null,
    features: [],
    infrastructure: [],
    coverPhotoUrl: "",
    featuredVideo: "",
    featuredVideoType: "",
    showOnSite: true,
    broker: null,
    photos: [],
    videos: [],
    attachments: [],
    ...overrides,
  };
}

/** A listings-table row as the sync stores it (`listingRow`). */
export type StoredRow = ReturnType<typeof listingRow>;

/**
 * The row the sync would store for `listing` at `now`, in the condominium
 * `condominiumSlug` (or none); with `removed`, marked as left the catalogue
 * at `now` (reason "unlisted").
 */
export function storedRow(
  listing: Listing,
  options: { condominiumSlug: string | null; removed?: boolean; now: Date },
): StoredRow {
  const row = listingRow(listing, options.condominiumSlug, options.now);
  return options.removed ? { ...row, removedAt: options.now, removalReason: "unlisted" as const } : row;
}
