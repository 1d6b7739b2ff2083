/**
 * The map's clustering (ADR 0009; off the main thread, ADR 0050): the
 * supercluster index of the points of `/mapa/pontos` and the markers of a
 * viewport. Pure; run by the map's worker (`./cluster.worker.ts`) and by
 * unit tests.
 */
import Supercluster from "supercluster";
import type { MapPoint } from "~/lib/map-data";
import { MAX_ZOOM } from "./map-view";

/** What a single point's marker shows: the listing's code, its label's price (BRL) and its purpose. */
export type PointProps = Pick<MapPoint, "code" | "price" | "purpose">;

/** Highest zoom the tiles offer; supercluster stops clustering one below (`./map-view`). */
export { MAX_ZOOM };
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

export type { PointsBounds } from "~/lib/map-region";

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
