import { describe, expect, it } from "vitest";
import {
  decodePolyline,
  encodePolyline,
  parseCircle,
  parsePolygon,
  pointInShape,
  polygonFromPath,
  shapeBounds,
  shapeFromParams,
  shapeParam,
  type DrawnShape,
  type LatLng,
} from "./map-shape";

const SQUARE: LatLng[] = [
  [-23.6, -46.7],
  [-23.6, -46.6],
  [-23.5, -46.6],
  [-23.5, -46.7],
];

describe("encoded polyline", () => {
  it("matches Google's reference example and round-trips", () => {
    const points: LatLng[] = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ];
    expect(encodePolyline(points)).toBe("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual(points);
    expect(decodePolyline(encodePolyline(SQUARE))).toEqual(SQUARE);
  });

  it("refuses malformed text", () => {
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq")).toBeNull(); // cut in the middle of a value
    expect(decodePolyline("abc def")).toBeNull(); // a space is out of range
    expect(decodePolyline("_p~iF")).toBeNull(); // a latitude without its longitude
  });
});

describe("parsePolygon", () => {
  it("reads 3 to 20 vertices and drops a closing repeat", () => {
    const shape = parsePolygon(encodePolyline([...SQUARE, SQUARE[0]]));
    expect(shape).toEqual({ kind: "polygon", points: SQUARE });
  });

  it("ignores bad values", () => {
    expect(parsePolygon(null)).toBeNull();
    expect(parsePolygon("")).toBeNull();
    expect(parsePolygon("x".repeat(401))).toBeNull();
    expect(parsePolygon("%%%")).toBeNull();
    expect(parsePolygon(encodePolyline(SQUARE.slice(0, 2)))).toBeNull(); // two vertices
    const line: LatLng[] = [
      [-23.5, -46.6],
      [-23.55, -46.65],
      [-23.6, -46.7],
    ];
    expect(parsePolygon(encodePolyline(line))).toBeNull(); // no area
    const many = Array.from({ length: 21 }, (_, i): LatLng => [
      -23.5 + 0.05 * Math.sin(i / 3.3),
      -46.6 + 0.05 * Math.cos(i / 3.3),
    ]);
    expect(parsePolygon(encodePolyline(many))).toBeNull(); // 21 vertices
    const huge: LatLng[] = [
      [-25, -48],
      [-25, -44],
      [-21, -44],
    ];
    expect(parsePolygon(encodePolyline(huge))).toBeNull(); // wider than 2°
    expect(
      parsePolygon(
        encodePolyline([
          [95, 0],
          [96, 1],
          [95, 1],
        ]),
      ),
    ).toBeNull(); // off the globe
  });
});

describe("parseCircle", () => {
  it("reads lat,lng,radius and spells it back", () => {
    const shape = parseCircle("-23.55,-46.63,1500");
    expect(shape).toEqual({ kind: "circle", lat: -23.55, lng: -46.63, radius: 1500 });
    expect(shapeParam(shape!)).toEqual(["circulo", "-23.55,-46.63,1500"]);
  });

  it("ignores bad values", () => {
    for (const raw of ["", "1,2", "a,b,c", "-23.5,-46.6,10", "-23.5,-46.6,60000", "-23.5,-46.6,1.5", "91,0,100"]) {
      expect(parseCircle(raw)).toBeNull();
    }
  });
});

describe("pointInShape", () => {
  const square: DrawnShape = { kind: "polygon", points: SQUARE };
  it("tests a polygon by the even-odd rule", () => {
    expect(pointInShape(-23.55, -46.65, square)).toBe(true);
    expect(pointInShape(-23.45, -46.65, square)).toBe(false);
    expect(pointInShape(-23.55, -46.75, square)).toBe(false);
    // A concave "C": the notch is outside.
    const c: DrawnShape = {
      kind: "polygon",
      points: [
        [0, 0],
        [0, 3],
        [1, 3],
        [1, 1],
        [2, 1],
        [2, 3],
        [3, 3],
        [3, 0],
      ],
    };
    expect(pointInShape(1.5, 2, c)).toBe(false);
    expect(pointInShape(1.5, 0.5, c)).toBe(true);
    expect(pointInShape(0.5, 2, c)).toBe(true);
  });

  it("tests a circle by its radius in metres", () => {
    const circle: DrawnShape = { kind: "circle", lat: -23.55, lng: -46.63, radius: 1000 };
    expect(pointInShape(-23.55 + 0.008, -46.63, circle)).toBe(true); // ≈ 890 m north
    expect(pointInShape(-23.55 + 0.0095, -46.63, circle)).toBe(false); // ≈ 1,058 m north
    const box = shapeBounds(circle);
    expect(box.north - box.south).toBeCloseTo(2000 / 111_320, 6);
  });
});

describe("shapeFromParams and polygonFromPath", () => {
  it("prefers the polygon and ignores invalid values", () => {
    const polygon = encodePolyline(SQUARE);
    expect(shapeFromParams(new URLSearchParams({ poligono: polygon, circulo: "-23.5,-46.6,500" }))?.kind).toBe(
      "polygon",
    );
    expect(shapeFromParams(new URLSearchParams({ circulo: "-23.5,-46.6,500" }))?.kind).toBe("circle");
    expect(shapeFromParams(new URLSearchParams({ poligono: "?" }))).toBeNull();
    expect(shapeFromParams(new URLSearchParams())).toBeNull();
  });

  it("simplifies a drawn path to at most 20 vertices", () => {
    const path = Array.from({ length: 200 }, (_, i): LatLng => [
      -23.55 + 0.02 * Math.sin((i / 200) * 2 * Math.PI),
      -46.63 + 0.02 * Math.cos((i / 200) * 2 * Math.PI),
    ]);
    const shape = polygonFromPath(path);
    expect(shape?.kind).toBe("polygon");
    expect(shape?.kind === "polygon" && shape.points.length).toBe(20);
    expect(pointInShape(-23.55, -46.63, shape!)).toBe(true);
    expect(polygonFromPath(path.slice(0, 2))).toBeNull();
  });
});
