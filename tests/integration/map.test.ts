/**
 * Integration: the map queries (`app/.server/catalogue/map.ts`)
 * on a PGlite read model filled through the sync's row mapping. Expected
 * results come from the plain reference rules (`search-reference.ts`) over the
 * same fixtures plus a plain "inside the box" test, never hard-coded lists.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listingsInBounds,
  mapListingSummary,
  mapPoints,
  mapOpeningBounds,
  mapPointsJson,
  type BoundingBox,
} from "~/.server/catalogue/map";
import { decodeMapPoints } from "~/lib/map-data";
import { pointsRegionBounds } from "~/lib/map-region";
import { clearVocabularyCache, getVocabulary } from "~/.server/catalogue/vocabulary";
import { listings } from "~/.server/db/schema";
import type { Listing } from "~/domain/listing";
import { SORT_ORDERS, type ListingFilters } from "~/lib/filters";
import { createTestPglite, type TestDatabase } from "./helpers/database";
import { FIXTURE_PLACES, makeListing, storedRow, type StoredRow } from "./helpers/fixtures";
import { matchesFilters, referenceSearch } from "./search-reference";

const PLACES = FIXTURE_PLACES;
const CATEGORIES = ["Apartamento", "Casa", "Sala Comercial"] as const;

/** 160 listings on a 0.02° grid around São Paulo; some without coordinates, one at 0,0, some removed. */
function fixtures(): { listing: Listing; removed: boolean }[] {
  const out: { listing: Listing; removed: boolean }[] = [];
  for (let i = 0; i < 160; i++) {
    const [city, neighbourhood] = PLACES[i % PLACES.length];
    const kind = i % 3; // 0 sale, 1 rent, 2 both
    const noCoordinates = i % 29 === 3;
    out.push({
      listing: makeListing({
        code: `M${String(i).padStart(4, "0")}`,
        category: CATEGORIES[(i * 5) % CATEGORIES.length],
        city,
        neighbourhood,
        latitude: noCoordinates ? null : i === 7 ? 0 : -23.7 + (i % 12) * 0.02,
        longitude: noCoordinates ? null : i === 7 ? 0 : -46.75 + Math.floor(i / 12) * 0.02,
        salePrice: kind !== 1 ? 300_000 + ((i * 41_000) % 2_000_000) : null,
        rentPrice: kind !== 0 ? 1_500 + ((i * 370) % 9_000) : null,
        privateArea: 35 + ((i * 17) % 200),
        bedrooms: (i % 4) + 1,
        updatedAt: `2026-0${1 + (i % 6)}-${String(1 + (i % 27)).padStart(2, "0")}`,
        coverPhotoUrl: `https://cdn.example.test/${i}.jpg`,
      }),
      removed: i % 31 === 4,
    });
  }
  return out;
}

let test: TestDatabase;
let active: StoredRow[] = [];
const now = new Date("2026-07-01T12:00:00Z");

beforeAll(async () => {
  test = await createTestPglite();
  const rows = fixtures().map(({ listing, removed }) => storedRow(listing, { condominiumSlug: null, removed, now }));
  await test.database.db.insert(listings).values(rows);
  active = rows.filter((r) => r.removedAt == null);
  clearVocabularyCache();
});

afterAll(async () => {
  await test?.cleanup();
});

const db = () => test.database.db;
const located = (r: StoredRow) => r.latitude != null && r.longitude != null && !(r.latitude === 0 && r.longitude === 0);
const inside = (r: StoredRow, box: BoundingBox) =>
  located(r) &&
  r.latitude! >= box.south &&
  r.latitude! <= box.north &&
  r.longitude! >= box.west &&
  r.longitude! <= box.east;

/** Filter sets over the fixtures' vocabulary. */
async function filtersArbitrary(): Promise<fc.Arbitrary<ListingFilters>> {
  const vocab = await getVocabulary({ db: db() });
  return fc
    .record({
      purpose: fc.option(fc.constantFrom("venda" as const, "aluguel" as const), { nil: undefined }),
      category: fc.option(fc.constantFrom(...vocab.categories.map((c) => c.slug)), { nil: undefined }),
      place: fc.option(
        fc
          .constantFrom(...vocab.cities)
          .chain((city) =>
            fc.subarray(city.neighbourhoods.map((n) => n.slug)).map((nbs) => ({ city: city.slug, nbs })),
          ),
        { nil: undefined },
      ),
      priceMin: fc.option(fc.constantFrom(2_000, 500_000), { nil: undefined }),
      priceMax: fc.option(fc.constantFrom(6_000, 1_200_000), { nil: undefined }),
      bedroomsMin: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      sort: fc.option(fc.constantFrom(...SORT_ORDERS.filter((s) => s !== "recentes")), { nil: undefined }),
    })
    .map(({ place, ...rest }) => {
      const f: ListingFilters = { ...rest };
      for (const key of Object.keys(f) as (keyof ListingFilters)[]) if (f[key] === undefined) delete f[key];
      if (place) {
        f.city = place.city;
        if (place.nbs.length) f.neighbourhoods = [...place.nbs].sort();
      }
      return f;
    });
}

describe("mapPoints", () => {
  it("returns every active listing with coordinates, once, with the price rule", async () => {
    const points = await mapPoints({}, { db: db() });
    const expected = active
      .filter(located)
      .map((r) => r.code)
      .sort();
    expect(points.map((p) => p.code)).toEqual(expected);
    expect(points.map((p) => p.code)).not.toContain("M0007"); // at 0,0
    expect(points.map((p) => p.code)).not.toContain("M0003"); // no coordinates
    expect(points.map((p) => p.code)).not.toContain("M0004"); // removed
    const byCode = new Map(active.map((r) => [r.code, r]));
    for (const point of points) {
      const row = byCode.get(point.code)!;
      expect(point.lat).toBe(row.latitude);
      expect(point.lng).toBe(row.longitude);
      if (row.forSale && row.salePrice != null) expect(point).toMatchObject({ purpose: "venda", price: row.salePrice });
      else expect(point).toMatchObject({ purpose: "aluguel", price: row.rentPrice });
    }
    const rents = await mapPoints({ purpose: "aluguel" }, { db: db() });
    for (const point of rents)
      expect(point).toMatchObject({ purpose: "aluguel", price: byCode.get(point.code)!.rentPrice });
  });

  it("matches the list's filters (property-based)", async () => {
    const arbitrary = await filtersArbitrary();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (filters) => {
        const points = await mapPoints({ ...filters, page: 3 }, { db: db() });
        const expected = active
          .filter((r) => located(r) && matchesFilters(r, filters))
          .map((r) => r.code)
          .sort();
        expect(points.map((p) => p.code)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});

describe("mapPointsJson", () => {
  it("encodes the same points as mapPoints in the compact payload (property-based)", async () => {
    const arbitrary = await filtersArbitrary();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (filters) => {
        const text = await mapPointsJson(filters, { db: db() });
        const body = JSON.parse(text);
        const expected = await mapPoints(filters, { db: db() });
        expect(body.n).toBe(expected.length);
        const decoded = decodeMapPoints(body);
        expect(decoded.map((p) => p.code)).toEqual(expected.map((p) => p.code));
        decoded.forEach((point, i) => {
          // Rounded to 5 decimals in SQL (ties may round either way: one unit at most).
          expect(Math.abs(point.lat - expected[i].lat)).toBeLessThanOrEqual(0.0000101);
          expect(Math.abs(point.lng - expected[i].lng)).toBeLessThanOrEqual(0.0000101);
          expect(point.price).toBe(expected[i].price == null ? null : Math.round(expected[i].price!));
          expect(point.purpose).toBe(expected[i].purpose);
        });
      }),
      { numRuns: 25 },
    );
    expect(JSON.parse(await mapPointsJson({ city: "nowhere" }, { db: db() }))).toEqual({ v: 1, n: 0, p: [] });
  });
});

describe("mapOpeningBounds", () => {
  it("is the box the browser computes from the points of /mapa/pontos (property-based)", async () => {
    const arbitrary = await filtersArbitrary();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (filters) => {
        const points = decodeMapPoints(JSON.parse(await mapPointsJson(filters, { db: db() })));
        expect(await mapOpeningBounds(filters, { db: db() })).toEqual(pointsRegionBounds(points));
      }),
      { numRuns: 25 },
    );
    expect(await mapOpeningBounds({ city: "nowhere" }, { db: db() })).toBeNull();
  });
});

describe("listingsInBounds", () => {
  it("returns exactly the matching listings inside the box, in the filters' order, paged (property-based)", async () => {
    const arbitrary = await filtersArbitrary();
    const coordinate = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((v) => v / 100);
    const box = fc
      .tuple(
        coordinate(-23.75, -23.45),
        coordinate(-23.75, -23.45),
        coordinate(-46.8, -46.45),
        coordinate(-46.8, -46.45),
      )
      .filter(([a, b, c, d]) => a !== b && c !== d)
      .map(([a, b, c, d]) => ({
        south: Math.min(a, b),
        north: Math.max(a, b),
        west: Math.min(c, d),
        east: Math.max(c, d),
      }));
    await fc.assert(
      fc.asyncProperty(arbitrary, box, fc.integer({ min: 1, max: 3 }), async (filters, area, page) => {
        const expected = referenceSearch(
          active.filter((r) => inside(r, area)),
          filters,
        );
        const result = await listingsInBounds(filters, area, { db: db(), pageSize: 5, page });
        expect(result.total).toBe(expected.length);
        expect(result.pageCount).toBe(Math.ceil(expected.length / 5));
        expect(result.page).toBe(page);
        expect(result.items.map((i) => i.code)).toEqual(expected.slice((page - 1) * 5, page * 5));
      }),
      { numRuns: 60 },
    );
  });

  it("includes the edges and excludes everything outside", async () => {
    const row = active.find((r) => located(r) && r.code === "M0030")!;
    const exact = {
      south: row.latitude!,
      north: row.latitude! + 0.001,
      west: row.longitude!,
      east: row.longitude! + 0.001,
    };
    const result = await listingsInBounds({}, exact, { db: db() });
    expect(result.items.map((i) => i.code)).toEqual(
      referenceSearch(
        active.filter((r) => inside(r, exact)),
        {},
      ),
    );
    expect(result.items.map((i) => i.code)).toContain("M0030");
    const far = await listingsInBounds({}, { south: 10, west: 10, north: 11, east: 11 }, { db: db() });
    expect(far).toEqual({ items: [], total: 0, page: 1, pageCount: 0 });
  });
});

describe("mapListingSummary", () => {
  it("gives the public card of an active listing, null otherwise", async () => {
    const card = await mapListingSummary("M0010", { db: db() });
    expect(card).toMatchObject({ code: "M0010", path: expect.stringMatching(/^\/detalhes\//) });
    expect(Object.keys(card!)).not.toContain("data");
    expect(await mapListingSummary("M0004", { db: db() })).toBeNull(); // removed
    expect(await mapListingSummary("nope", { db: db() })).toBeNull();
    expect(await mapListingSummary("x".repeat(65), { db: db() })).toBeNull();
  });
});
