/**
 * Where the map opens for a set of points (ADR 0091): the box around all of
 * them, unless a majority lies in one region (a grid cell and its 8
 * neighbours, about 165 km across) while others are far away; then the box
 * around that region's points, so that a few listings in another city do not
 * zoom the map out on two distant clusters. One rule for the browser, which
 * computes it from the points it downloaded, and for the server, which
 * computes it from per-cell aggregates so the map can open before the points
 * arrive (ADR 0096).
 */

/** The box around a set of points, in degrees: `[south, west, north, east]`. */
export type PointsBounds = [south: number, west: number, north: number, east: number];

/** Side of the grid cells that find where most points are, in degrees (about 55 km). */
export const REGION_CELL_DEGREES = 0.5;

/** The grid cell index of a coordinate (degrees). */
export function regionCell(value: number): number {
  return Math.floor(value / REGION_CELL_DEGREES);
}

/** The points of one grid cell: its indexes (`regionCell` of latitude and longitude), count and box. */
export interface RegionCell {
  y: number;
  x: number;
  count: number;
  bounds: PointsBounds;
}

/** The box around `boxes`. */
function union(boxes: readonly PointsBounds[]): PointsBounds {
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [s, w, n, e] of boxes) {
    south = Math.min(south, s);
    west = Math.min(west, w);
    north = Math.max(north, n);
    east = Math.max(east, e);
  }
  return [south, west, north, east];
}

/**
 * The box the map opens on, from the points grouped by grid cell (see the
 * module comment); null when there are no points.
 */
export function regionBounds(cells: readonly RegionCell[]): PointsBounds | null {
  if (cells.length === 0) return null;
  const byKey = new Map(cells.map((cell) => [`${cell.y},${cell.x}`, cell]));
  // Scanned south to north, west to east: the first of equally dense regions wins, whatever the order given.
  const ordered = [...cells].sort((a, b) => a.y - b.y || a.x - b.x);
  let total = 0;
  let best = ordered[0]!;
  let bestCount = -1;
  for (const cell of ordered) {
    total += cell.count;
    let around = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) around += byKey.get(`${cell.y + dy},${cell.x + dx}`)?.count ?? 0;
    if (around > bestCount) [best, bestCount] = [cell, around];
  }
  const inRegion = (cell: RegionCell) => Math.abs(cell.y - best.y) <= 1 && Math.abs(cell.x - best.x) <= 1;
  return union((bestCount * 2 > total ? cells.filter(inRegion) : cells).map((cell) => cell.bounds));
}

/** {@link regionBounds} of points given one by one (`lat`, `lng` in degrees). */
export function pointsRegionBounds(points: readonly { lat: number; lng: number }[]): PointsBounds | null {
  const cells = new Map<string, RegionCell>();
  for (const { lat, lng } of points) {
    const y = regionCell(lat);
    const x = regionCell(lng);
    const key = `${y},${x}`;
    const cell = cells.get(key);
    if (!cell) cells.set(key, { y, x, count: 1, bounds: [lat, lng, lat, lng] });
    else {
      cell.count++;
      cell.bounds = union([cell.bounds, [lat, lng, lat, lng]]);
    }
  }
  return regionBounds([...cells.values()]);
}
