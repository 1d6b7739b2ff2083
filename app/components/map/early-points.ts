/**
 * The map's points (`/mapa/pontos`, compact payload): downloaded and handed
 * to the clustering worker (`./cluster-client`, ADR 0050), which decodes and
 * indexes them off the main thread. The points the server page preloaded are
 * asked for as soon as this module runs (browser only).
 */
import { MAP_POINTS_PATH } from "~/lib/paths";
import { PointsIndex } from "./cluster-client";

/**
 * Downloads the points at `url` (the same request as the page's
 * `<link rel="preload" as="fetch">`, so a preloaded body is reused) and has
 * the worker decode and index them; rejects on an HTTP error, a network
 * failure or a bad payload.
 */
function fetchPoints(url: string, signal?: AbortSignal): Promise<PointsIndex> {
  return fetch(url, { signal })
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
    .then((body) => PointsIndex.load(body));
}

/**
 * The points the server page preloaded (`<link rel="preload" as="fetch">`),
 * asked for and decoded as soon as this module runs, so that they are ready
 * when the page has hydrated and the map first renders: the map is then
 * created on its first render. Used once, by the first map on that URL; later
 * maps fetch (the browser's cache rules apply). The worker decodes and
 * indexes them meanwhile, off the main thread.
 */
const earlyPoints = new Map<string, Promise<PointsIndex>>();
/** Early points that have arrived, by URL (read synchronously by the first render). */
const earlyArrived = new Map<string, PointsIndex>();
if (typeof document !== "undefined") {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][as="fetch"]`)) {
    const url = link.getAttribute("href");
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
