import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeMapPoints,
  encodeMapPoints,
  formatBoundingBox,
  formatClusterCount,
  formatShortPrice,
  mapCanonicalRedirect,
  mapPointsUrl,
  mapUrl,
  parseBoundingBox,
  type MapPoint,
} from "./map-data";

describe("parseBoundingBox", () => {
  it("reads south,west,north,east in decimal degrees", () => {
    expect(parseBoundingBox("-23.6,-46.7,-23.5,-46.6")).toEqual({
      south: -23.6,
      west: -46.7,
      north: -23.5,
      east: -46.6,
    });
    expect(parseBoundingBox(" -23.6 , -46.7 , -23.5 , -46.6 ")).toEqual({
      south: -23.6,
      west: -46.7,
      north: -23.5,
      east: -46.6,
    });
    expect(parseBoundingBox("-23.623456789,-46.7,-23.5,-46.6")?.south).toBe(-23.62346);
  });

  it.each([
    null,
    undefined,
    "",
    "abc",
    "1,2,3",
    "1,2,3,4,5",
    "-23.5,-46.7,-23.6,-46.6", // south > north
    "-23.6,-46.6,-23.5,-46.7", // west > east
    "-23.6,-46.7,-23.6,-46.6", // empty height
    "-91,-46.7,-23.5,-46.6",
    "-23.6,-181,-23.5,-46.6",
    "-23.6,-46.7,91,-46.6",
    "-23.6,-46.7,-23.5,181",
    "NaN,-46.7,-23.5,-46.6",
    "Infinity,-46.7,-23.5,-46.6",
    "1e1,2,30,40",
    "0x10,2,30,40",
    "1,,3,4",
    "<script>,1,2,3",
    "1".repeat(200),
  ])("ignores %j", (raw) => {
    expect(parseBoundingBox(raw as string | null)).toBeNull();
  });

  it("round-trips through formatBoundingBox (property-based)", () => {
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(lat, lat, lng, lng, (a, b, c, d) => {
        const box = parseBoundingBox(
          `${Math.min(a, b).toFixed(6)},${Math.min(c, d).toFixed(6)},${Math.max(a, b).toFixed(6)},${Math.max(c, d).toFixed(6)}`,
        );
        if (!box) return; // equal after rounding
        expect(parseBoundingBox(formatBoundingBox(box))).toEqual(box);
      }),
    );
  });
});

describe("compact points encoding", () => {
  it("round-trips points with coordinates rounded to 5 decimals", () => {
    const point = fc.record({
      code: fc.string({ minLength: 1, maxLength: 12 }),
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
      price: fc.option(fc.integer({ min: 1, max: 50_000_000 }), { nil: null }),
      purpose: fc.constantFrom("venda" as const, "aluguel" as const),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 50 }), (points: MapPoint[]) => {
        const payload = JSON.parse(JSON.stringify(encodeMapPoints(points)));
        expect(payload.n).toBe(points.length);
        const decoded = decodeMapPoints(payload);
        expect(decoded).toHaveLength(points.length);
        decoded.forEach((d, i) => {
          expect(d.code).toBe(points[i].code);
          expect(Math.abs(d.lat - points[i].lat)).toBeLessThanOrEqual(0.000005 + 1e-12);
          expect(Math.abs(d.lng - points[i].lng)).toBeLessThanOrEqual(0.000005 + 1e-12);
          expect(d.price).toBe(points[i].price);
          expect(d.purpose).toBe(points[i].purpose);
        });
      }),
    );
  });

  it("encodes each point as a short array", () => {
    const payload = encodeMapPoints([
      { code: "AP1", lat: -23.587654321, lng: -46.6, price: 850_000.4, purpose: "venda" },
    ]);
    expect(payload).toEqual({ v: 1, n: 1, p: [["AP1", -2358765, -4660000, 850000, 0]] });
  });

  it("decodes junk to nothing and skips malformed rows", () => {
    expect(decodeMapPoints(null)).toEqual([]);
    expect(decodeMapPoints("x")).toEqual([]);
    expect(decodeMapPoints({ v: 2, p: [] })).toEqual([]);
    expect(decodeMapPoints({ v: 1, p: "x" })).toEqual([]);
    expect(
      decodeMapPoints({
        v: 1,
        p: [
          [1, 2, 3, 4, 0],
          ["A", "x", 1, 1, 0],
          ["B", 1, 2],
          ["C", 100000, 200000, 0, 1],
        ],
      }),
    ).toEqual([{ code: "C", lat: 1, lng: 2, price: null, purpose: "aluguel" }]);
  });
});

describe("map URLs", () => {
  it("spells filters, page and area in one canonical order", () => {
    expect(mapUrl({})).toBe("/mapa");
    expect(
      mapUrl(
        {
          purpose: "aluguel",
          category: "apartamento",
          city: "sao-paulo",
          neighbourhoods: ["moema", "pinheiros"],
          bedroomsMin: 2,
          page: 3,
        },
        { south: -23.6, west: -46.7, north: -23.5, east: -46.6 },
      ),
    ).toBe(
      "/mapa?finalidade=aluguel&tipo=apartamento&cidade=sao-paulo&bairro=moema&bairro=pinheiros&quartos=2&pagina=3&area=-23.6,-46.7,-23.5,-46.6",
    );
  });

  it("redirects other spellings to the canonical URL, whatever the comma encoding", () => {
    const canonical = "/mapa?finalidade=venda&area=-23.6,-46.7,-23.5,-46.6";
    const at = (q: string) => new URL(`http://site${q}`);
    expect(mapCanonicalRedirect(at(canonical), canonical)).toBeNull();
    expect(mapCanonicalRedirect(at("/mapa?finalidade=venda&area=-23.6%2C-46.7%2C-23.5%2C-46.6"), canonical)).toBeNull();
    expect(mapCanonicalRedirect(at(`${canonical}&_data=routes%2Fmap&utm_source=x`), canonical)).toBeNull();
    expect(mapCanonicalRedirect(at(`${canonical}&_routes=routes%2Fmap`), canonical)).toBeNull();
    expect(mapCanonicalRedirect(at("/mapa?area=-23.6,-46.7,-23.5,-46.6&finalidade=venda"), canonical)).toBe(canonical);
    expect(
      mapCanonicalRedirect(at("/mapa?utm_source=x&FINALIDADE=venda&area=-23.6,-46.7,-23.5,-46.6"), canonical),
    ).toBe(`${canonical}&utm_source=x`);
    expect(mapCanonicalRedirect(at("/mapa?finalidade=venda&area=x"), "/mapa?finalidade=venda")).toBe(
      "/mapa?finalidade=venda",
    );
    expect(mapCanonicalRedirect(at("/mapa"), "/mapa")).toBeNull();
  });

  it("asks for points without page or sort", () => {
    expect(mapPointsUrl({ purpose: "venda", sort: "maior-preco", page: 4 })).toBe("/mapa/pontos?finalidade=venda");
    expect(mapPointsUrl({})).toBe("/mapa/pontos");
  });
});

describe("labels", () => {
  it("shortens prices in pt-BR", () => {
    expect(formatShortPrice(1_250_000)).toBe("R$ 1,2 mi");
    expect(formatShortPrice(850_000)).toBe("R$ 850 mil");
    expect(formatShortPrice(3_500)).toBe("R$ 3.500");
    expect(formatShortPrice(null)).toBe("Consulte");
    expect(formatClusterCount(245)).toBe("245");
    expect(formatClusterCount(13_645)).toBe("13,6 mil");
  });
});
