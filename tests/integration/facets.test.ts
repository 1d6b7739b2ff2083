/**
 * Integration: facet counts of the listings form (
 * `app/.server/catalogue/facets.ts`). For several filter sets, EVERY count of
 * `facetCounts()` must equal `countListings()` of the filters that choice gives
 * (`filtersForChoice`), on two read models:
 * - a PGlite filled with fixtures through the sync's own `listingRow` (every
 *   facet, amenities from real Vista labels, removed and priceless rows);
 * - the full sandbox catalogue synced by the real sync, where
 *   the time of the facet queries is measured and logged (no assertion on it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clearFacetCountsCache,
  facetCounts,
  filtersForChoice,
  loadFacetCounts,
  minimumChoices,
  type FacetChoice,
  type FacetCounts,
} from "~/.server/catalogue/facets";
import { countListings, searchListings } from "~/.server/catalogue/search";
import { clearVocabularyCache, getVocabulary, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { migrate, openDatabase, type Database, type Db } from "~/.server/db";
import { listings } from "~/.server/db/schema";
import type { Listing } from "~/domain/listing";
import { AMENITY_FILTERS, amenitySlugsOf } from "~/lib/amenities";
import { MINIMUM_FACETS, normalizeFilters, type ListingFilters } from "~/lib/filters";
import { FIXTURE_PLACES, makeListing, storedRow } from "./helpers/fixtures";
import { syncSandboxIntoProcessDatabase, type SyncedSandbox } from "./helpers/synced-sandbox";

/** Every (choice, count) pair of `counts`, plus the options the vocabulary offers that `counts` leaves out (count 0). */
function everyChoice(filters: ListingFilters, counts: FacetCounts, vocabulary: Vocabulary): [FacetChoice, number][] {
  const out: [FacetChoice, number][] = [];
  for (const value of ["", "venda", "aluguel"] as const) out.push([{ facet: "purpose", value }, counts.purpose[value]]);
  for (const value of ["", ...vocabulary.categories.map((c) => c.slug)])
    out.push([{ facet: "category", value }, counts.category[value] ?? 0]);
  for (const value of ["", ...vocabulary.cities.map((c) => c.slug)])
    out.push([{ facet: "city", value }, counts.city[value] ?? 0]);
  const city = vocabulary.cities.find((c) => c.slug === filters.city);
  for (const nb of city?.neighbourhoods ?? [])
    out.push([{ facet: "neighbourhood", value: nb.slug }, counts.neighbourhoods[nb.slug] ?? 0]);
  for (const facet of MINIMUM_FACETS) {
    for (const value of [0, ...minimumChoices(filters, facet)])
      out.push([{ facet, value }, counts.minimums[facet][String(value)]]);
  }
  for (const amenity of AMENITY_FILTERS)
    out.push([{ facet: "amenity", value: amenity.slug }, counts.amenities[amenity.slug]]);
  out.push([{ facet: "launch" }, counts.launch], [{ facet: "exclusive" }, counts.exclusive]);
  return out;
}

/** Asserts every count of `facetCounts(filters)` against `countListings`. */
async function checkEveryCount(db: Db, filters: ListingFilters, vocabulary: Vocabulary): Promise<FacetCounts> {
  const counts = await loadFacetCounts(filters, db);
  expect(counts.total).toBe(await countListings(filters, { db }));
  const choices = everyChoice(filters, counts, vocabulary);
  const expected = await Promise.all(
    choices.map(([choice]) => countListings(filtersForChoice(filters, choice), { db })),
  );
  const actual = choices.map(([choice, n]) => [JSON.stringify(choice), n]);
  expect(actual).toEqual(choices.map(([choice], i) => [JSON.stringify(choice), expected[i]]));
  return counts;
}

// ---------------------------------------------------------------------------
// Fixtures

const FEATURES = [
  ["Piscina", "Aceita pet"],
  ["Sacada", "Área de serviço"],
  ["Ar-condicionado", "Armário embutido", "Mobiliado"],
  [],
] as const;
const INFRA = [
  ["Elevador", "Portaria 24h", "Academia"],
  ["Salão de festas", "Playground"],
  ["Piscina coletiva", "Sauna no condomínio"],
  [],
] as const;
const PLACES = FIXTURE_PLACES;

function fixtures(): { listing: Listing; removed: boolean }[] {
  const out: { listing: Listing; removed: boolean }[] = [];
  for (let i = 0; i < 120; i++) {
    const [city, neighbourhood] = PLACES[(i * 5) % PLACES.length];
    const kind = i % 3;
    out.push({
      listing: makeListing({
        code: `F${String(i).padStart(4, "0")}`,
        category: ["Apartamento", "Casa", "Cobertura"][i % 3],
        city,
        neighbourhood,
        salePrice: kind !== 1 && i !== 119 ? 300_000 + ((i * 41_000) % 1_500_000) : null,
        rentPrice: kind !== 0 && i !== 119 ? 1_500 + ((i * 610) % 8_000) : null,
        condoFee: i % 4 === 0 ? null : 200 + (i % 9) * 150,
        privateArea: i % 13 === 0 ? null : 25 + ((i * 17) % 260),
        bedrooms: i % 11 === 0 ? null : (i % 5) + 1,
        suites: i % 7 === 0 ? null : i % 4,
        parkingSpaces: i % 6 === 0 ? null : i % 5,
        bathrooms: (i % 4) + 1,
        isLaunch: i % 8 === 0,
        isExclusive: i % 5 === 1,
        furnished: i % 10 === 3,
        features: [...FEATURES[i % FEATURES.length]],
        infrastructure: [...INFRA[(i >> 1) % INFRA.length]],
      }),
      removed: i % 17 === 4,
    });
  }
  return out;
}

describe("facet counts on fixtures", () => {
  let database: Database;
  let vocabulary: Vocabulary;

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await migrate(database);
    const now = new Date("2026-07-01T12:00:00Z");
    await database.db
      .insert(listings)
      .values(fixtures().map(({ listing, removed }) => storedRow(listing, { condominiumSlug: null, removed, now })));
    clearVocabularyCache();
    vocabulary = await getVocabulary({ db: database.db });
  });

  afterAll(async () => {
    await database?.close();
    clearVocabularyCache();
  });

  const sets: ListingFilters[] = [
    {},
    { purpose: "venda" },
    { purpose: "aluguel", priceMax: 6_000, bedroomsMin: 2 },
    { city: "sao-paulo", neighbourhoods: ["moema", "pinheiros"], amenities: ["piscina"] },
    { category: "apartamento", suitesMin: 1, parkingMin: 1, areaMin: 50, areaMax: 200, condoFeeMax: 900 },
    { purpose: "venda", city: "sao-paulo", launch: true },
    { exclusive: true, amenities: ["elevador", "portaria-24h"], bathroomsMin: 2 },
    { priceMin: 1_000_000, code: "F00" },
  ];

  for (const filters of sets) {
    it(`equals countListings for every option of ${JSON.stringify(filters)}`, async () => {
      const counts = await checkEveryCount(database.db, normalizeFilters(filters), vocabulary);
      expect(counts.total).toBeGreaterThan(0);
    });
  }

  it("filters the new facets like a plain reference over the stored rows", async () => {
    const now = new Date("2026-07-01T12:00:00Z");
    const rows = fixtures()
      .map(({ listing, removed }) => storedRow(listing, { condominiumSlug: null, removed, now }))
      .filter((row) => row.removedAt == null);
    const atLeast = (value: number | null | undefined, min: number | undefined) =>
      min == null || (value != null && value >= min);
    const reference = (f: ListingFilters) =>
      rows
        .filter(
          (r) =>
            atLeast(r.suites, f.suitesMin) &&
            atLeast(r.parkingSpaces, f.parkingMin) &&
            atLeast(r.bathrooms, f.bathroomsMin) &&
            atLeast(r.area, f.areaMin) &&
            (f.areaMax == null || (r.area != null && r.area <= f.areaMax)) &&
            (f.condoFeeMax == null || r.condoFee == null || r.condoFee <= f.condoFeeMax) &&
            (f.amenities ?? []).every((a) => (r.amenities ?? []).includes(a)) &&
            (!f.launch || r.isLaunch) &&
            (!f.exclusive || r.isExclusive) &&
            (!f.code || r.code.toUpperCase().startsWith(f.code)),
        )
        .map((r) => r.code)
        .sort();
    const sets: ListingFilters[] = [
      { suitesMin: 2 },
      { parkingMin: 3 },
      { bathroomsMin: 4 },
      { areaMin: 100 },
      { areaMax: 60 },
      { areaMin: 50, areaMax: 150 },
      { condoFeeMax: 600 },
      { amenities: ["piscina"] },
      { amenities: ["elevador", "portaria-24h"] },
      { amenities: ["mobiliado"] },
      { launch: true },
      { exclusive: true },
      { code: "F001" },
      { suitesMin: 1, parkingMin: 1, amenities: ["varanda"], exclusive: true },
    ];
    for (const filters of sets) {
      const expected = reference(filters);
      const result = await searchListings(filters, { db: database.db, pageSize: 500 });
      expect([filters, result.items.map((i) => i.code).sort()]).toEqual([filters, expected]);
      expect([filters, expected.length > 0]).toEqual([filters, true]);
    }
  });

  it("stores the amenity slugs of the sync's row mapping and filters on all of them", async () => {
    const active = fixtures().filter((f) => !f.removed && (f.listing.salePrice || f.listing.rentPrice));
    const withBoth = active.filter((f) => {
      const slugs = amenitySlugsOf(f.listing);
      return slugs.includes("piscina") && slugs.includes("sauna");
    });
    expect(withBoth.length).toBeGreaterThan(0);
    const result = await searchListings({ amenities: ["piscina", "sauna"] }, { db: database.db, pageSize: 200 });
    expect(result.items.map((i) => i.code).sort()).toEqual(withBoth.map((f) => f.listing.code).sort());
  });

  it("caches per filter set and ignores page and sort", async () => {
    clearFacetCountsCache();
    const a = await facetCounts({ purpose: "venda", page: 3 }, { db: database.db });
    const b = await facetCounts({ purpose: "venda", sort: "maior-area" }, { db: database.db });
    expect(b).toBe(a);
    expect(a.total).toBe(await countListings({ purpose: "venda" }, { db: database.db }));
  });
});

// ---------------------------------------------------------------------------
// The full sandbox catalogue

describe("facet counts on the synced sandbox catalogue", () => {
  let synced: SyncedSandbox;
  let database: Database;
  let vocabulary: Vocabulary;

  beforeAll(async () => {
    synced = await syncSandboxIntoProcessDatabase("facets");
    database = synced.database;
    clearVocabularyCache();
    vocabulary = await getVocabulary();
  }, 600_000);

  afterAll(async () => {
    await synced?.close();
    clearVocabularyCache();
  });

  it("offers only amenities that real listings have", async () => {
    const counts = await loadFacetCounts({}, database.db);
    for (const amenity of AMENITY_FILTERS)
      expect([amenity.slug, counts.amenities[amenity.slug] > 0]).toEqual([amenity.slug, true]);
  });

  const sets: ListingFilters[] = [
    {},
    { purpose: "aluguel", category: "apartamento", city: "sao-paulo", bedroomsMin: 2, amenities: ["piscina"] },
    {
      purpose: "venda",
      city: "sao-paulo",
      neighbourhoods: ["moema"],
      suitesMin: 1,
      parkingMin: 2,
      areaMin: 80,
      condoFeeMax: 3_000,
    },
    // The total monthly cost (ADR 0086): its SQL runs inside every facet's condition.
    { costMin: 1_500, costMax: 8_000 },
  ];
  for (const filters of sets) {
    it(`equals countListings for every option of ${JSON.stringify(filters)}`, async () => {
      const started = performance.now();
      await loadFacetCounts(normalizeFilters(filters), database.db);
      const ms = performance.now() - started;
      const cachedStart = performance.now();
      clearFacetCountsCache();
      await facetCounts(filters);
      await facetCounts(filters);
      const cachedMs = performance.now() - cachedStart;
      console.log(
        `facet counts on ${JSON.stringify(filters)}: ${ms.toFixed(0)} ms uncached; load + cached hit ${cachedMs.toFixed(0)} ms`,
      );
      await checkEveryCount(database.db, normalizeFilters(filters), vocabulary);
    }, 300_000);
  }
});
