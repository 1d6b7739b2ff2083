/**
 * Integration: the drawn area (ADR 0091) restricts the map's points, its list
 * and its live count (`app/.server/catalogue/map.ts` with
 * `app/.server/catalogue/map-shape.ts`) exactly as the plain `pointInShape`
 * rule says, and an alert created on the map keeps the area.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertSearchOf } from "~/.server/alerts/store";
import { listingsOnMap, mapCount, mapPointsJson } from "~/.server/catalogue/map";
import { clearVocabularyCache, getVocabulary } from "~/.server/catalogue/vocabulary";
import { listings } from "~/.server/db/schema";
import type { Listing } from "~/domain/listing";
import type { ListingFilters } from "~/lib/filters";
import { decodeMapPoints } from "~/lib/map-data";
import { parseCircle, parsePolygon, pointInShape, shapeOfPath, shapeParam, type DrawnShape } from "~/lib/map-shape";
import { encodePolyline } from "~/lib/map-shape";
import { createTestPglite, type TestDatabase } from "./helpers/database";
import { FIXTURE_PLACES, makeListing, storedRow, type StoredRow } from "./helpers/fixtures";
import { matchesFilters } from "./search-reference";

/** 144 listings on a 0.01° grid around São Paulo; some without coordinates. */
function fixtures(): Listing[] {
  return Array.from({ length: 144 }, (_, i) => {
    const [city, neighbourhood] = FIXTURE_PLACES[i % FIXTURE_PLACES.length];
    const noCoordinates = i % 23 === 5;
    return makeListing({
      code: `D${String(i).padStart(4, "0")}`,
      category: i % 2 ? "Apartamento" : "Casa",
      city,
      neighbourhood,
      latitude: noCoordinates ? null : -23.6 + (i % 12) * 0.01,
      longitude: noCoordinates ? null : -46.7 + Math.floor(i / 12) * 0.01,
      salePrice: 400_000 + i * 10_000,
      rentPrice: i % 3 === 0 ? 3_000 + i * 10 : null,
      bedrooms: (i % 4) + 1,
    });
  });
}

let test: TestDatabase;
let active: StoredRow[] = [];

beforeAll(async () => {
  test = await createTestPglite();
  const rows = fixtures().map((listing) =>
    storedRow(listing, { condominiumSlug: null, removed: false, now: new Date() }),
  );
  await test.database.db.insert(listings).values(rows);
  active = rows;
  clearVocabularyCache();
});

afterAll(async () => {
  await test?.cleanup();
});

const db = () => test.database.db;

/** A concave polygon (an "L") over part of the grid, and a circle. */
const SHAPES: [string, DrawnShape][] = [
  [
    "polígono côncavo",
    parsePolygon(
      encodePolyline([
        [-23.605, -46.705],
        [-23.605, -46.615],
        [-23.565, -46.615],
        [-23.565, -46.665],
        [-23.515, -46.665],
        [-23.515, -46.705],
      ]),
    )!,
  ],
  ["círculo", parseCircle("-23.55,-46.65,3000")!],
];

function expected(filters: ListingFilters, shape: DrawnShape): string[] {
  return active
    .filter(
      (r) =>
        r.latitude != null &&
        r.longitude != null &&
        matchesFilters(r, filters) &&
        pointInShape(r.latitude, r.longitude, shape),
    )
    .map((r) => r.code)
    .sort();
}

describe.each(SHAPES)("área desenhada: %s", (_name, shape) => {
  for (const filters of [{}, { purpose: "aluguel" as const }, { category: "apartamento", bedroomsMin: 2 }]) {
    it(`points, list and count hold exactly the listings inside (${JSON.stringify(filters)})`, async () => {
      const want = expected(filters, shape);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(active.length);
      const points = decodeMapPoints(JSON.parse(await mapPointsJson(filters, { db: db(), shape })));
      expect(points.map((p) => p.code).sort()).toEqual(want);
      const page = await listingsOnMap(filters, null, { db: db(), shape, pageSize: 500 });
      expect(page.total).toBe(want.length);
      expect(page.items.map((item) => item.code).sort()).toEqual(want);
      expect(await mapCount(filters, { db: db(), shape })).toBe(want.length);
    });
  }
});

describe("alerta criado no mapa com área desenhada", () => {
  it("keeps the area in its path, which the digest reads back", async () => {
    const vocabulary = await getVocabulary({ db: db() });
    const [name, value] = shapeParam(SHAPES[0][1]);
    const search = alertSearchOf(
      `/mapa?finalidade=venda&${name}=${encodeURIComponent(value)}&area=1,2,3,4`,
      vocabulary,
    );
    expect(search?.filters).toEqual({ purpose: "venda" });
    expect(shapeOfPath(search!.path)).toEqual(SHAPES[0][1]);
    // Without an area the path is the list's, as before.
    expect(alertSearchOf("/mapa?finalidade=venda", vocabulary)?.path).toBe("/todos-os-imoveis/venda");
  });
});
