/**
 * The map's clustering (ADR 0009; off the main thread, ADR 0050): the
 * supercluster index of the points of `/mapa/pontos` and the markers of a
 * viewport. Pure; run by the map's worker (`./cluster.worker.ts`) and by
 * unit tests.
 */
import Supercluster from "supercluster";
import type { MapPoint } from "~/lib/map-data";

/** What a single point's marker shows: the listing's code, its label's price (BRL) and its purpose. */
export type PointProps = Pick<MapPoint, "code" | "price" | "purpose">;

/** Highest zoom the tiles offer; supercluster stops clustering one below. */
export const MAX_ZOOM = 18;
/** Highest zoom where points are still clustered. */
export const CLUSTER_MAX_ZOOM = 17;
/** Cluster radius in px: a price label is up to ~90 px wide and 28 px tall. */
const CLUSTER_RADIUS = 80;

/** One marker of a viewport: a cluster (count bubble) or a single listing (price label). */
export type MarkerFeature =
  | {
      kind: "cluster";
      /** supercluster's cluster id (valid for the index that answered). */
      id: number;
      count: number;
      lat: number;
      lng: number;
      /** Zoom at which the cluster splits (above {@link CLUSTER_MAX_ZOOM}: it never does, its points share a spot). */
      expansionZoom: number;
    }
  | ({ kind: "point"; lat: number; lng: number } & PointProps);

/** A clustering index of one set of points. */
export type ClusterIndex = Supercluster<PointProps, Supercluster.AnyProps>;

/** The box around a set of points, in degrees: `[south, west, north, east]`; null without points. */
export type PointsBounds = [south: number, west: number, north: number, east: number];

/** Indexes `points`: a long task for the whole catalogue, which is why a worker runs it (ADR 0050). */
export function clusterIndex(points: readonly MapPoint[]): ClusterIndex {
  const index: ClusterIndex = new Supercluster({
    radius: CLUSTER_RADIUS,
    extent: 256,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
  });
  index.load(
    points.map((p) => ({
      type: "Feature" as const,
      properties: { code: p.code, price: p.price, purpose: p.purpose },
      geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] },
    })),
  );
  return index;
}

/** Side of the grid cells that find where most points are, in degrees (about 55 km). */
const REGION_CELL_DEGREES = 0.5;

/**
 * The box the map opens on for `points` (ADR 0091): around all of them, unless
 * a majority lies in one region (a grid cell and its 8 neighbours, about
 * 165 km across) while others are far away: then around that region's points,
 * so that a few listings in another city do not zoom the map out on two
 * distant clusters. Null when there are no points.
 */
export function pointsBounds(points: readonly MapPoint[]): PointsBounds | null {
  if (points.length === 0) return null;
  const cell = (value: number) => Math.floor(value / REGION_CELL_DEGREES);
  const counts = new Map<string, number>();
  for (const { lat, lng } of points) {
    const key = `${cell(lat)},${cell(lng)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: [number, number] = [0, 0];
  let bestCount = -1;
  for (const key of counts.keys()) {
    const [y, x] = key.split(",").map(Number);
    let around = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) around += counts.get(`${y + dy},${x + dx}`) ?? 0;
    if (around > bestCount) [best, bestCount] = [[y, x], around];
  }
  const inRegion = (p: MapPoint) => Math.abs(cell(p.lat) - best[0]) <= 1 && Math.abs(cell(p.lng) - best[1]) <= 1;
  return boxOf(bestCount * 2 > points.length ? points.filter(inRegion) : points);
}

function boxOf(points: readonly MapPoint[]): PointsBounds {
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lat, lng } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return [south, west, north, east];
}

/**
 * The markers inside a viewport at a zoom level.
 * @param bbox `[west, south, east, north]` in degrees (supercluster's order).
 * @param zoom the map's zoom, rounded to an integer.
 */
export function markersIn(index: ClusterIndex, bbox: [number, number, number, number], zoom: number): MarkerFeature[] {
  return index.getClusters(bbox, zoom).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as Supercluster.ClusterProperties & Partial<PointProps>;
    if (props.cluster) {
      return {
        kind: "cluster",
        id: props.cluster_id,
        count: props.point_count,
        lat,
        lng,
        expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
      };
    }
    const point = props as PointProps;
    return { kind: "point", lat, lng, code: point.code, price: point.price, purpose: point.purpose };
  });
}

/** Up to `limit` listings of a cluster (those that share a spot, for the bubble's list). */
export function clusterLeaves(index: ClusterIndex, clusterId: number, limit: number): PointProps[] {
  return index
    .getLeaves(clusterId, limit)
    .map(({ properties: { code, price, purpose } }) => ({ code, price, purpose }));
}
