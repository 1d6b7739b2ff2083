/**
 * The map's points (`/mapa/pontos`, compact payload): downloaded and handed
 * to the clustering worker (`./cluster-client`, ADR 0050), which decodes and
 * indexes them off the main thread. The points of the page's map are asked
 * for as soon as this module runs (browser only).
 */
import { MAP_POINTS_PATH } from "~/lib/paths";
import { PointsIndex } from "./cluster-client";

/**
 * Downloads the points at `url` and has the worker decode and index them; rejects on an HTTP error, a network
 * failure or a bad payload.
 */
function fetchPoints(url: string, signal?: AbortSignal): Promise<PointsIndex> {
  return fetch(url, { signal })
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
    .then((body) => PointsIndex.load(body));
}

/**
 * The points of the page's map (the server-rendered `data-points-url`),
 * asked for and decoded as soon as this module runs, before the page has
 * hydrated, so that the markers come soon after the map. Not preloaded by the
 * HTML: on a slow phone connection their download would share the bandwidth
 * with the page's scripts, and the map, which opens on a box the server gave
 * (ADR 0096), needs the scripts first. Used once, by the first map on that URL; later
 * maps fetch (the browser's cache rules apply). The worker decodes and
 * indexes them meanwhile, off the main thread.
 */
const earlyPoints = new Map<string, Promise<PointsIndex>>();
/** Early points that have arrived, by URL (read synchronously by the first render). */
const earlyArrived = new Map<string, PointsIndex>();
if (typeof document !== "undefined") {
  for (const element of document.querySelectorAll<HTMLElement>("[data-points-url]")) {
    const url = element.dataset.pointsUrl;
    if (url?.startsWith(MAP_POINTS_PATH)) {
      const points = fetchPoints(url).then((decoded) => {
        if (earlyPoints.has(url)) earlyArrived.set(url, decoded);
        return decoded;
      });
      points.catch(() => undefined); // a failure is reported by the map that uses these points
      earlyPoints.set(url, points);
    }
  }
}

/** The early points of `url` if they have arrived, once (see {@link earlyPoints}); else null. */
export function takeArrivedPoints(url: string): PointsIndex | null {
  const arrived = earlyArrived.get(url) ?? null;
  if (arrived) {
    earlyArrived.delete(url);
    earlyPoints.delete(url);
  }
  return arrived;
}

/** The early points of `url` once (see {@link earlyPoints}), or a new download. */
export function loadPoints(url: string, signal: AbortSignal): Promise<PointsIndex> {
  const early = earlyPoints.get(url);
  earlyPoints.delete(url);
  earlyArrived.delete(url);
  return early ?? fetchPoints(url, signal);
}
