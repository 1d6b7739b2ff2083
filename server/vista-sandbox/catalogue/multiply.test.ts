import { describe, expect, it } from "vitest";
import { buildCatalogue, listingCode } from "../catalogue";
import { SAO_PAULO_BOUNDS } from "../coordinates";
import { JITTER_DEGREES, jitterCoordinates, multipliedCode, multiplyRows, parseMultiply } from "./multiply";

const HEADER =
  "Price,Condo,Size,Rooms,Toilets,Suites,Parking,Elevator,Furnished,Swimming Pool,New,District,Negotiation Type,Property Type,Latitude,Longitude";
/** Three rows: two units of one building (same coordinates) and one row without coordinates. */
const CSV = [
  HEADER,
  "930000,220,47,2,2,1,1,1,0,0,0,Pinheiros/São Paulo,sale,apartment,-23.566.119,-46.689.558",
  "1200,400,60,2,1,0,1,1,0,0,0,Pinheiros/São Paulo,rent,apartment,-23.566.119,-46.689.558",
  "540000,0,90,3,2,1,2,0,0,0,0,Moema/São Paulo,sale,apartment,0,0",
].join("\n");

describe("parseMultiply", () => {
  it("reads 1 when unset and the factor otherwise", () => {
    expect(parseMultiply(undefined)).toBe(1);
    expect(parseMultiply("")).toBe(1);
    expect(parseMultiply("5")).toBe(5);
    expect(parseMultiply(3)).toBe(3);
  });

  it("refuses what is not an integer from 1 to 20", () => {
    for (const raw of ["0", "-2", "2.5", "abc", "21"]) expect(() => parseMultiply(raw)).toThrow(RangeError);
  });
});

describe("multiplied codes", () => {
  it("keep the ordinary code below 90,000 rows and are unique for a large catalogue", () => {
    expect(multipliedCode(0, listingCode)).toBe(listingCode(0));
    expect(multipliedCode(89_999, listingCode)).toBe(listingCode(89_999));
    const codes = new Set<string>();
    for (let i = 0; i < 13_645 * 10; i++) codes.add(multipliedCode(i, listingCode));
    expect(codes.size).toBe(13_645 * 10);
  });
});

describe("jitterCoordinates", () => {
  const original = { latitude: -23.566119, longitude: -46.689558 };

  it("leaves copy 0 and rows without coordinates as they are", () => {
    expect(jitterCoordinates(original, 0)).toEqual(original);
    expect(jitterCoordinates(null, 3)).toBeNull();
  });

  it("moves a copy a little, the same way on every call, differently per copy", () => {
    const first = jitterCoordinates(original, 1)!;
    expect(jitterCoordinates(original, 1)).toEqual(first);
    expect(first).not.toEqual(original);
    expect(jitterCoordinates(original, 2)).not.toEqual(first);
    for (let copy = 1; copy < 50; copy++) {
      const moved = jitterCoordinates(original, copy)!;
      expect(Math.abs(moved.latitude - original.latitude)).toBeLessThanOrEqual(JITTER_DEGREES + 1e-6);
      expect(Math.abs(moved.longitude - original.longitude)).toBeLessThanOrEqual(JITTER_DEGREES + 1e-6);
    }
  });

  it("keeps a position at the edge of São Paulo inside the box", () => {
    const corner = { latitude: SAO_PAULO_BOUNDS.latitude.min, longitude: SAO_PAULO_BOUNDS.longitude.max };
    for (let copy = 1; copy < 50; copy++) {
      const moved = jitterCoordinates(corner, copy)!;
      expect(moved.latitude).toBeGreaterThanOrEqual(SAO_PAULO_BOUNDS.latitude.min);
      expect(moved.longitude).toBeLessThanOrEqual(SAO_PAULO_BOUNDS.longitude.max);
    }
  });
});

describe("buildCatalogue with multiply", () => {
  it("repeats the rows copy after copy", () => {
    expect(multiplyRows(["a", "b"], 3)).toEqual(["a", "b", "a", "b", "a", "b"]);
  });

  it("serves every row N times with unique codes, copy 0 being the ordinary catalogue", () => {
    const plain = buildCatalogue(CSV, { hiddenShare: 0 });
    const grown = buildCatalogue(CSV, { hiddenShare: 0, multiply: 4 });
    expect(grown.listings).toHaveLength(12);
    expect(new Set(grown.listings.map((l) => l.code)).size).toBe(12);
    expect(grown.listings.slice(0, 3).map((l) => [l.code, l.latitude, l.longitude])).toEqual(
      plain.listings.map((l) => [l.code, l.latitude, l.longitude]),
    );
    expect(grown.listings.map((l) => l.salePrice || l.rentPrice)).toEqual(
      multiplyRows(
        plain.listings.map((l) => l.salePrice || l.rentPrice),
        4,
      ),
    );
  });

  it("keeps the units of one building together in every copy", () => {
    const grown = buildCatalogue(CSV, { hiddenShare: 0, multiply: 3 });
    expect(grown.buildings).toHaveLength(3);
    for (const building of grown.buildings) expect(building.unitCodes).toHaveLength(2);
    expect(new Set(grown.buildings.map((b) => b.name)).size).toBe(3);
  });

  it("is deterministic", () => {
    const a = buildCatalogue(CSV, { multiply: 3 });
    const b = buildCatalogue(CSV, { multiply: 3 });
    expect(a.listings.map((l) => [l.code, l.latitude, l.longitude])).toEqual(
      b.listings.map((l) => [l.code, l.latitude, l.longitude]),
    );
  });
});
