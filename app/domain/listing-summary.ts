import type { Purpose } from "./listing";

/**
 * What a listing card shows (list pages, home sections, similar listings):
 * a projection of the read model's `listings` row. Money in BRL, area in m².
 */
export interface ListingSummary {
  code: string;
  title: string;
  category: string;
  neighbourhood: string;
  city: string;
  /** BRL, null when not for sale. */
  salePrice: number | null;
  /** BRL per month, null when not for rent. */
  rentPrice: number | null;
  /** BRL per month. */
  condoFee: number | null;
  /** BRL per year. */
  iptu: number | null;
  /** m². */
  area: number | null;
  bedrooms: number | null;
  suites: number | null;
  parkingSpaces: number | null;
  bathrooms: number | null;
  /** Source URL of the cover photo (pass through `imageUrl()` to render). */
  coverPhotoUrl: string;
  /** How many photos the listing page shows (0 when none). */
  photoCount: number;
  /** Canonical path of the listing page (`listingPath()`). */
  path: string;
  /** Name of the condominium, empty when none. */
  condominiumName: string;
  isLaunch: boolean;
  isExclusive: boolean;
  isFeatured: boolean;
  /** The sale or rent price dropped in the last 30 days: the "Preço reduzido" badge (ADR 0033). */
  priceReduced: boolean;
  /** First seen by the sync in the last 7 days: the "Novo" badge (ADR 0033). */
  isNew: boolean;
  /** ISO date of the last CRM update. */
  updatedAt: string | null;
  /** Offers this listing has. */
  purposes: Purpose[];
  latitude: number | null;
  longitude: number | null;
}
