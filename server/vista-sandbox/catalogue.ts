/**
 * The sandbox catalogue: the real São Paulo listings of
 * `dataset/sao-paulo-properties-april-2019.csv`, repaired and
 * completed deterministically with what a Vista tenant would hold and the data
 * set lacks (server/vista-sandbox/dataset/SOURCE.md): codes, addresses, titles
 * and descriptions, dates, brokers, flags, amenities, condominiums (listings at
 * identical coordinates), photos, owners, internal notes and prontuário.
 *
 * Real (from the CSV): price (sale or monthly rent), condominium fee, size,
 * bedrooms, bathrooms, suites, parking spaces, elevator, furnished, pool, new
 * (launch), neighbourhood, city, coordinates (repaired). Everything else is
 * derived from a seeded PRNG (no Math.random), so two builds are identical.
 *
 * The parts live in `./catalogue/`: `dataset` (CSV), `model` (record types),
 * `dates`, `addresses`, `features` (carac/infra), `gallery`, `buildings`,
 * `listings` and `private-data`; this module assembles them and is the entry
 * the rest of the sandbox imports.
 */
import { readFileSync } from "node:fs";
import { repairCoordinates, type Coordinates } from "./coordinates";
import { Rng } from "./prng";
import {
  composeAdText,
  composeDescription,
  composeKeywords,
  composeTitle,
  composeWebDescription,
  type ListingFacts,
} from "./text";
import { BROKERS } from "./vocabulary";
import { CITY_CENTRE } from "./catalogue/addresses";
import { buildBuildings, type RowContext } from "./catalogue/buildings";
import { DATASET_PATH, neighbourhoodOf, parseDataset, type DatasetRow } from "./catalogue/dataset";
import { REFERENCE_DATE } from "./catalogue/dates";
import { priceTiers } from "./catalogue/features";
import { listingPhotos } from "./catalogue/gallery";
import { buildListing } from "./catalogue/listings";
import { jitterCoordinates, multipliedCode, multiplyRows, parseMultiply } from "./catalogue/multiply";
import type { Catalogue, CatalogueOptions, ListingTexts, SandboxListing, SandboxPhoto } from "./catalogue/model";

export { DATASET_PATH, parseDataset, type DatasetRow } from "./catalogue/dataset";
export { REFERENCE_DATE, addDays } from "./catalogue/dates";
export { privateOf } from "./catalogue/private-data";
export type {
  Catalogue,
  CatalogueOptions,
  ListingPrivate,
  ListingTexts,
  SandboxBuilding,
  SandboxHistoryEntry,
  SandboxListing,
  SandboxOwner,
  SandboxPhoto,
} from "./catalogue/model";

/** Stable listing code of a CSV row: "AP" + 5 digits, a bijection of the row index (unique below 90,000 rows). */
export function listingCode(rowIndex: number): string {
  return `AP${10000 + ((rowIndex * 7919 + 1237) % 90000)}`;
}

/**
 * Builds the catalogue from the data set text. Pure and deterministic: the same
 * text and options give the same catalogue. Its time is the sandbox's start-up
 * cost, timed against a target by `bench/sandbox-catalogue.ts`.
 * @throws {Error} when the CSV is malformed (see {@link parseDataset}).
 */
export function buildCatalogue(csvText: string, options: CatalogueOptions = {}): Catalogue {
  const original = parseDataset(csvText);
  const factor = parseMultiply(options.multiply);
  const originalCoordinates = original.map((row) => repairCoordinates(row.latitude, row.longitude));
  const rows = multiplyRows(original, factor);
  const context: RowContext = {
    rows,
    coordinates:
      factor === 1
        ? originalCoordinates
        : rows.map((_, i) =>
            jitterCoordinates(originalCoordinates[i % original.length] ?? null, Math.floor(i / original.length)),
          ),
    tiers: priceTiers(rows),
    codeOf: factor === 1 ? listingCode : (index) => multipliedCode(index, listingCode),
  };
  const { buildings, buildingOfRow } = buildBuildings(context);
  const listingContext = {
    ...context,
    buildingOfRow,
    centroidOf: centroids(rows, context.coordinates),
    hiddenShare: options.hiddenShare ?? 0.02,
  };
  const listings = rows.map((row, index) => buildListing(row, index, listingContext));
  return {
    listings,
    byCode: new Map(listings.map((listing) => [listing.code, listing])),
    buildings,
    buildingsByCode: new Map(buildings.map((building) => [building.code, building])),
    brokers: BROKERS,
    brokersByCode: new Map(BROKERS.map((broker) => [broker.code, broker])),
    referenceDate: REFERENCE_DATE,
  };
}

/**
 * The centre of each neighbourhood's geolocated rows, for the zone and CEP of
 * listings without coordinates; the city centre for a neighbourhood without any.
 */
function centroids(
  rows: readonly DatasetRow[],
  coordinates: readonly (Coordinates | null)[],
): (neighbourhood: string) => Coordinates {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  rows.forEach((row, i) => {
    const c = coordinates[i];
    if (!c) return;
    const key = neighbourhoodOf(row);
    const sum = sums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    sum.lat += c.latitude;
    sum.lon += c.longitude;
    sum.n += 1;
    sums.set(key, sum);
  });
  return (neighbourhood) => {
    const sum = sums.get(neighbourhood);
    return sum ? { latitude: sum.lat / sum.n, longitude: sum.lon / sum.n } : CITY_CENTRE;
  };
}

/** The facts texts are composed from. */
function factsOf(listing: SandboxListing, rng: Rng): ListingFacts {
  const sale = listing.salePrice > 0 || (listing.rentPrice === 0 && listing.status !== "Aluguel");
  return {
    category: listing.category,
    purpose: sale ? "venda" : "aluguel",
    price: sale ? listing.salePrice : listing.rentPrice,
    condoFee: listing.condoFee,
    iptu: listing.iptu,
    area: listing.area,
    bedrooms: listing.bedrooms,
    suites: listing.suites,
    bathrooms: listing.bathrooms,
    parking: listing.parking,
    neighbourhood: listing.neighbourhood,
    city: listing.city,
    furnished: listing.features.has("Mobiliado"),
    launch: listing.launch,
    deliveryDate: listing.deliveryDate,
    acceptsPets: listing.features.has("AceitaPet"),
    acceptsFinancing: listing.acceptsFinancing,
    features: rng.shuffle([...listing.features]),
    infra: rng.shuffle([...listing.infra]),
    building: listing.building?.name ?? "",
    floor: listing.floor,
  };
}

/**
 * The listing's gallery (3–8 photos), planned on first use and kept on the
 * record. Deterministic: seeded by the code.
 */
export function photosOf(listing: SandboxListing): readonly SandboxPhoto[] {
  listing.photos ??= listingPhotos(new Rng(`photos:${listing.code}`), {
    bedrooms: listing.bedrooms,
    suites: listing.suites,
    features: listing.features,
    category: listing.category,
    area: listing.area,
    building: listing.building !== null,
  });
  return listing.photos;
}

/**
 * The listing's Portuguese texts, composed on first use and kept on the record.
 * Deterministic: seeded by the code, independent of call order.
 */
export function textsOf(listing: SandboxListing): ListingTexts {
  if (!listing.texts) {
    const rng = new Rng(`texts:${listing.code}`);
    const facts = factsOf(listing, rng);
    listing.texts = {
      title: composeTitle(facts, rng),
      description: composeDescription(facts),
      webDescription: composeWebDescription(facts, rng),
      adText: composeAdText(facts, rng),
      keywords: composeKeywords(facts),
    };
  }
  return listing.texts;
}

let cached: { key: string; catalogue: Catalogue } | undefined;

/**
 * The catalogue built from the copied data set, built once per process and
 * options (in-memory cache; mutations live in each sandbox's own state).
 * @throws {Error} when the data set file is missing or malformed.
 */
export function loadCatalogue(options: CatalogueOptions = {}): Catalogue {
  const key = JSON.stringify({ hiddenShare: options.hiddenShare ?? 0.02, multiply: options.multiply ?? 1 });
  if (cached?.key !== key) cached = { key, catalogue: buildCatalogue(readFileSync(DATASET_PATH, "utf8"), options) };
  return cached.catalogue;
}
