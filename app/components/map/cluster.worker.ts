/**
 * The map's worker (ADR 0050): decodes and indexes the points of
 * `/mapa/pontos` and answers the markers of each viewport, so that none of
 * it runs on the page's main thread. Speaks `ClusterRequest` /
 * `ClusterResponse` (`./cluster-client.ts`); keeps the last loaded set only.
 */
import type { ClusterRequest, ClusterResponse } from "./cluster-client";
import { pointsRegionBounds } from "~/lib/map-region";
import { clusterIndex, clusterLeaves, markersIn, type ClusterIndex } from "./cluster-index";
import { decodeMapPoints } from "~/lib/map-data";

let index: ClusterIndex | null = null;
let generation = 0;

/** The answer to one request. @throws on a bad payload or a request for an older set of points. */
function answer(request: ClusterRequest): ClusterResponse {
  if (request.type === "load") {
    const points = decodeMapPoints(JSON.parse(new TextDecoder().decode(request.body)));
    index = clusterIndex(points);
    generation = request.id;
    return { id: request.id, type: "loaded", count: points.length, bounds: pointsRegionBounds(points) };
  }
  if (!index || request.generation !== generation) throw new Error("these points were replaced");
  if (request.type === "markers") {
    return { id: request.id, type: "markers", markers: markersIn(index, request.bbox, request.zoom) };
  }
  return { id: request.id, type: "leaves", leaves: clusterLeaves(index, request.clusterId, request.limit) };
}

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  let response: ClusterResponse;
  try {
    response = answer(event.data);
  } catch (error) {
    response = { id: event.data.id, type: "error", message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};
