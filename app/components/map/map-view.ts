/**
 * The `/mapa` map's zoom range and how it fits a box: one set of figures for
 * the Leaflet map (`listings-map.client.tsx`, `cluster-layer.client.tsx`) and
 * for its first picture, drawn before the map exists (`map-preview.tsx`,
 * docs/decisions/0097). Pure, without Leaflet, so the route can use it.
 */
import type { MapPreviewView } from "~/lib/map-preview";
import type { BoundingBox } from "~/lib/map-data";
import type { PointsBounds } from "~/lib/map-region";

/** Highest zoom the tiles offer; supercluster stops clustering one below. */
export const MAX_ZOOM = 18;
/** The map's lowest zoom (a continent). */
export const MIN_ZOOM = 3;
/** How the map fits points or a drawn area: a margin kept free on every side (CSS px). */
export const FIT_PADDING = 24;
/** How close a fit may come: a street, not closer (one listing, or a few in one building). */
export const FIT_MAX_ZOOM = 15;

/**
 * The first view the map will open on, when the server knows it: the
 * searched area (fitted without margin), else the drawn area's box, else the
 * box the server computed for the matches (both fitted with
 * {@link FIT_PADDING}, up to {@link FIT_MAX_ZOOM}); null when the map will
 * wait for its points. The map's own first view (`listings-map.client.tsx`)
 * is this one, fitted with this padding and cap.
 * @param template the tile URL template (`MAP_TILE_URL`).
 */
export function firstMapView(
  area: BoundingBox | null,
  shapeBox: BoundingBox | null,
  openingBounds: PointsBounds | null,
  template: string,
): MapPreviewView | null {
  const zoom = { minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, template };
  if (area) {
    return { box: [area.south, area.west, area.north, area.east], padding: 0, fitMaxZoom: MAX_ZOOM, ...zoom };
  }
  const fitted = shapeBox ? ([shapeBox.south, shapeBox.west, shapeBox.north, shapeBox.east] as const) : openingBounds;
  if (!fitted) return null;
  return { box: [...fitted], padding: FIT_PADDING, fitMaxZoom: FIT_MAX_ZOOM, ...zoom };
}
