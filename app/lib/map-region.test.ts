import { describe, expect, it } from "vitest";
import { pointsRegionBounds, regionBounds, regionCell, type PointsBounds, type RegionCell } from "./map-region";

/** Two listings in one building, one 550 m away, one across town (Moema and Pinheiros, São Paulo). */
const points = [
  { lat: -23.6, lng: -46.66 },
  { lat: -23.6, lng: -46.66 },
  { lat: -23.605, lng: -46.661 },
  { lat: -23.56, lng: -46.69 },
];
const santos = { lat: -23.96, lng: -46.33 };
const rio = { lat: -22.97, lng: -43.18 };

/** The per-cell aggregates the server computes in SQL, made here from points. */
function cellsOf(list: readonly { lat: number; lng: number }[]): RegionCell[] {
  const cells = new Map<string, RegionCell>();
  for (const { lat, lng } of list) {
    const [y, x] = [regionCell(lat), regionCell(lng)];
    const cell = cells.get(`${y},${x}`);
    const box: PointsBounds = cell
      ? [
          Math.min(cell.bounds[0], lat),
          Math.min(cell.bounds[1], lng),
          Math.max(cell.bounds[2], lat),
          Math.max(cell.bounds[3], lng),
        ]
      : [lat, lng, lat, lng];
    cells.set(`${y},${x}`, { y, x, count: (cell?.count ?? 0) + 1, bounds: box });
  }
  return [...cells.values()];
}

describe("pointsRegionBounds", () => {
  it("is the box around the points as [south, west, north, east], or null without points", () => {
    expect(pointsRegionBounds(points)).toEqual([-23.605, -46.69, -23.56, -46.66]);
    expect(pointsRegionBounds([])).toBeNull();
  });

  it("opens on the region holding most points, not on two distant clusters", () => {
    expect(pointsRegionBounds([...points, rio])).toEqual([-23.605, -46.69, -23.56, -46.66]);
    // Santos is within the region's neighbouring cells: kept.
    expect(pointsRegionBounds([...points, santos])).toEqual([-23.96, -46.69, -23.56, -46.33]);
    // No majority: every point.
    expect(pointsRegionBounds([points[0]!, rio])).toEqual([-23.6, -46.66, -22.97, -43.18]);
  });
});

describe("regionBounds", () => {
  it("gives from per-cell aggregates, in any order, what the points give", () => {
    for (const list of [points, [...points, rio], [...points, santos], [points[0]!, rio], [rio, points[0]!]]) {
      const cells = cellsOf(list);
      expect(regionBounds(cells)).toEqual(pointsRegionBounds(list));
      expect(regionBounds([...cells].reverse())).toEqual(pointsRegionBounds(list));
    }
    expect(regionBounds([])).toBeNull();
  });
});
