/**
 * Fixture builders shared by the read-model integration suites
 * (`detail.test.ts`, `search.test.ts`): complete public listings with
 * neutral defaults, and the rows the sync would store for them.
 */
import { condominiumRow, type CondominiumInput, listingRow } from "~/.server/sync/rows";
import type { HomeSections } from "~/.server/catalogue/home";
import type { Broker, Listing } from "~/domain/listing";

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

/**
 * A condominium as the sync reads it, with neutral defaults: in Moema, São
 * Paulo – SP, no description, address, position, photos, floors or year, not
 * a launch. `overrides` replace any field; `name` is required.
 */
export function makeCondominium(
  overrides: Partial<CondominiumInput> & Pick<CondominiumInput, "name">,
): CondominiumInput {
  return {
    photos: [],
    coverPhotoUrl: "",
    infrastructure: [],
    description: "",
    address: "",
    neighbourhood: "Moema",
    city: "São Paulo",
    state: "SP",
    latitude: null,
    longitude: null,
    floors: null,
    yearBuilt: null,
    isLaunch: false,
    ...overrides,
  };
}

/** The condominiums-table row the sync would store for {@link makeCondominium}(`overrides`) at `now`. */
export function storedCondominium(
  overrides: Parameters<typeof makeCondominium>[0],
  slug: string,
  now: Date,
): ReturnType<typeof condominiumRow> {
  return condominiumRow(makeCondominium(overrides), slug, now);
}

/**
 * A broker with neutral contacts: `<code>@imobiliaria.example`, the phone
 * 1133334444, the mobile 11987654321, CRECI `<code>000-F` and no photo;
 * `extra` replaces any field.
 */
export function makeBroker(code: string, name: string, extra: Partial<Broker> = {}): Broker {
  return {
    code,
    name,
    email: `${code}@imobiliaria.example`,
    phone: "1133334444",
    mobile: "11987654321",
    creci: `${code}000-F`,
    photoUrl: "",
    ...extra,
  };
}

/**
 * An agent (a broker's user account) as the `users` table and the session know it: uid
 * `uid-<login>`, e-mail `<login>@exemplo.com.br`, and the broker code `extra` gives, if any.
 */
export function makeAgentUser<Extra extends { brokerCode?: string }>(
  login: string,
  displayName: string,
  extra?: Extra,
) {
  return {
    uid: `uid-${login}`,
    role: "agent" as const,
    displayName,
    email: `${login}@exemplo.com.br`,
    ...(extra as Extra),
  };
}

/** The home sections of an empty read model (the first sync still running). */
export const EMPTY_HOME_SECTIONS: HomeSections = {
  total: 0,
  featured: [],
  recent: [],
  launches: [],
  condominiumCount: 0,
  quickLinks: [],
  condominiums: [],
  cities: [],
};

/** Four places (city, neighbourhood) the fixture listings are spread over: three in São Paulo, one in Santo André. */
export const FIXTURE_PLACES = [
  ["São Paulo", "Moema"],
  ["São Paulo", "Pinheiros"],
  ["São Paulo", "Vila Mariana"],
  ["Santo André", "Centro"],
] as const;

/** A valid body of `POST /api/email/sell-property` (a request to sell a property). */
export const SELL_REQUEST = { name: "Ana Souza", phone: "(11) 91234-5678", location: "Moema, São Paulo" };

/** A valid body of `POST /api/email/more-information` (a question about listing AP1001). */
export const INFO_REQUEST = {
  code: "AP1001",
  name: "Ana Souza",
  phone: "(11) 91234-5678",
  email: "ana@exemplo.com.br",
  message: "Quero visitar.",
};
