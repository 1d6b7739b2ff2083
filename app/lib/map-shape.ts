/**
 * The area a visitor draws on `/mapa` (ADR 0091): a polygon of 3 to
 * {@link MAX_VERTICES} vertices or a circle, carried in the URL so that the
 * search is shareable and survives a reload.
 *
 * - `poligono=<polyline>`: the vertices in Google's encoded polyline format
 *   (precision 5, about 1 m), at most {@link MAX_POLYGON_PARAM} characters.
 * - `circulo=<lat>,<lng>,<radius in m>`: the centre in degrees (5 decimals)
 *   and a radius of {@link MIN_RADIUS_M}–{@link MAX_RADIUS_M} m.
 *
 * Bounded by construction: few vertices and a box at most
 * {@link MAX_SPAN_DEGREES} wide, so the server's exact test is a fixed amount
 * of work per listing inside a small box. Anything else reads as no shape
 * (the loader then redirects to the URL without it), never an error. Pure and
 * isomorphic: the loaders, the SQL builder's tests and the drawing code use it.
 */

/** Query parameter of a drawn polygon. */
export const POLYGON_PARAM = "poligono";
/** Query parameter of a drawn circle. */
export const CIRCLE_PARAM = "circulo";
/** Most vertices of a polygon (the drawing is simplified to them). */
export const MAX_VERTICES = 20;
/** Longest `poligono` value read (characters). */
export const MAX_POLYGON_PARAM = 400;
/** Widest box a shape may span, in degrees of latitude or longitude (about 220 km). */
export const MAX_SPAN_DEGREES = 2;
/** Smallest and largest circle radius, in metres. */
export const MIN_RADIUS_M = 50;
export const MAX_RADIUS_M = 50_000;
/** Metres per degree of latitude (mean), for the circle's local flat approximation. */
export const METRES_PER_DEGREE = 111_320;

import type { ListingFilters } from "./filters";
import { mapUrl, type BoundingBox } from "./map-data";

/** A box in degrees, the same shape as `BoundingBox` of `./map-data` (which imports this module). */
export interface ShapeBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A vertex, `[latitude, longitude]` in WGS 84 degrees. */
export type LatLng = [lat: number, lng: number];

/** A drawn area: a simple polygon (not closed: the last vertex joins the first) or a circle. */
export type DrawnShape =
  { kind: "polygon"; points: LatLng[] } | { kind: "circle"; lat: number; lng: number; /** metres */ radius: number };

const SCALE = 1e5;

/** Google's encoded polyline (precision 5) of `points`. */
export function encodePolyline(points: readonly LatLng[]): string {
  let out = "";
  let lastLat = 0;
  let lastLng = 0;
  for (const [lat, lng] of points) {
    const a = Math.round(lat * SCALE);
    const b = Math.round(lng * SCALE);
    out += encodeSigned(a - lastLat) + encodeSigned(b - lastLng);
    lastLat = a;
    lastLng = b;
  }
  return out;
}

function encodeSigned(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = "";
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/** Decodes an encoded polyline (precision 5); null when malformed (a character out of range, a cut value). */
export function decodePolyline(text: string): LatLng[] | null {
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= text.length || shift > 30) return null;
      const byte = text.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    const dLat = next();
    const dLng = dLat == null ? null : next();
    if (dLat == null || dLng == null) return null;
    lat += dLat;
    lng += dLng;
    points.push([lat / SCALE, lng / SCALE]);
  }
  return points;
}

/** The box around a shape (a circle's box uses the flat approximation of {@link pointInShape}). */
export function shapeBounds(shape: DrawnShape): ShapeBox {
  if (shape.kind === "circle") {
    const dLat = shape.radius / METRES_PER_DEGREE;
    const dLng = shape.radius / (METRES_PER_DEGREE * Math.cos((shape.lat * Math.PI) / 180));
    return { south: shape.lat - dLat, west: shape.lng - dLng, north: shape.lat + dLat, east: shape.lng + dLng };
  }
  const lats = shape.points.map(([lat]) => lat);
  const lngs = shape.points.map(([, lng]) => lng);
  return { south: Math.min(...lats), west: Math.min(...lngs), north: Math.max(...lats), east: Math.max(...lngs) };
}

/**
 * Whether a point is inside the shape. Polygon: the even-odd rule (a ray
 * towards growing longitude crosses the edges an odd number of times); a
 * point exactly on an edge may fall either way. Circle: distance on the local
 * flat (equirectangular) approximation, within a few metres of the great
 * circle at {@link MAX_RADIUS_M}. The SQL of the server (`shapeCondition`)
 * computes the same.
 */
export function pointInShape(lat: number, lng: number, shape: DrawnShape): boolean {
  if (shape.kind === "circle") {
    const dy = (lat - shape.lat) * METRES_PER_DEGREE;
    const dx = (lng - shape.lng) * METRES_PER_DEGREE * Math.cos((shape.lat * Math.PI) / 180);
    return dx * dx + dy * dy <= shape.radius * shape.radius;
  }
  let inside = false;
  const points = shape.points;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xi] = points[i];
    const [yj, xj] = points[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Below this doubled area (square degrees, about a square metre) a polygon is a line: refused. */
const MIN_DOUBLE_AREA = 1e-8;

/** Twice the polygon's signed area in square degrees (shoelace); 0 for a degenerate one. */
function doubleArea(points: readonly LatLng[]): number {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    sum += (points[j][1] - points[i][1]) * (points[j][0] + points[i][0]);
  }
  return sum;
}

function validBox(box: ShapeBox): boolean {
  return (
    box.south >= -90 &&
    box.north <= 90 &&
    box.west >= -180 &&
    box.east <= 180 &&
    box.north - box.south <= MAX_SPAN_DEGREES &&
    box.east - box.west <= MAX_SPAN_DEGREES
  );
}

/** Reads a `poligono` value: 3–20 distinct vertices, a non-zero area, within the limits; else null. */
export function parsePolygon(raw: string | null | undefined): DrawnShape | null {
  if (!raw || raw.length > MAX_POLYGON_PARAM) return null;
  const decoded = decodePolyline(raw);
  if (!decoded) return null;
  const points = decoded.filter(
    (point, i) => i === 0 || point[0] !== decoded[i - 1][0] || point[1] !== decoded[i - 1][1],
  );
  const last = points[points.length - 1];
  if (points.length > 1 && last[0] === points[0][0] && last[1] === points[0][1]) points.pop();
  if (points.length < 3 || points.length > MAX_VERTICES) return null;
  const shape: DrawnShape = { kind: "polygon", points };
  return Math.abs(doubleArea(points)) > MIN_DOUBLE_AREA && validBox(shapeBounds(shape)) ? shape : null;
}

const DECIMAL = /^-?\d{1,3}(?:\.\d{1,7})?$/;

/** Reads a `circulo` value, `lat,lng,radius` (degrees, metres); null unless valid. */
export function parseCircle(raw: string | null | undefined): DrawnShape | null {
  if (!raw || raw.length > 60) return null;
  const parts = raw.split(",");
  if (parts.length !== 3 || !DECIMAL.test(parts[0]) || !DECIMAL.test(parts[1]) || !/^\d{1,6}$/.test(parts[2])) {
    return null;
  }
  const [lat, lng] = [Number(parts[0]), Number(parts[1])].map((v) => Math.round(v * SCALE) / SCALE);
  const radius = Number(parts[2]);
  if (radius < MIN_RADIUS_M || radius > MAX_RADIUS_M || Math.abs(lat) > 85) return null;
  const shape: DrawnShape = { kind: "circle", lat, lng, radius };
  return validBox(shapeBounds(shape)) ? shape : null;
}

/** The shape of a query string: `poligono` first, else `circulo`; null when absent or invalid. */
export function shapeFromParams(params: URLSearchParams): DrawnShape | null {
  const polygon = params.get(POLYGON_PARAM);
  if (polygon != null) return parsePolygon(polygon);
  return parseCircle(params.get(CIRCLE_PARAM));
}

/** The query parameter `[name, value]` of a shape (canonical spelling). */
export function shapeParam(shape: DrawnShape): [string, string] {
  if (shape.kind === "circle") {
    return [CIRCLE_PARAM, `${shape.lat},${shape.lng},${Math.round(shape.radius)}`];
  }
  return [POLYGON_PARAM, encodePolyline(shape.points)];
}

/**
 * A drawn line (the pointer's path, `[lat, lng]` in order) as a polygon of at
 * most {@link MAX_VERTICES} vertices: evenly spaced samples of the path.
 * Null when fewer than 3 distinct points or a shape the parser would refuse.
 */
export function polygonFromPath(path: readonly LatLng[]): DrawnShape | null {
  const rounded = path.map(([lat, lng]): LatLng => [Math.round(lat * SCALE) / SCALE, Math.round(lng * SCALE) / SCALE]);
  const step = Math.max(1, rounded.length / MAX_VERTICES);
  const sampled: LatLng[] = [];
  for (let i = 0; i < MAX_VERTICES && Math.floor(i * step) < rounded.length; i++)
    sampled.push(rounded[Math.floor(i * step)]);
  return parsePolygon(encodePolyline(sampled));
}

/** `mapUrl` (`./map-data`) with a drawn shape: the canonical `/mapa?…` URL of filters, box and shape. */
export function mapShapeUrl(filters: ListingFilters, area?: BoundingBox | null, shape?: DrawnShape | null): string {
  return mapUrl(filters, area, shape ? shapeParam(shape) : null);
}

/**
 * The drawn area of a saved alert's site path (`/mapa?…&poligono=…`), or
 * null for any other path or without a valid shape: the alert digest matches
 * new listings against it (ADR 0091).
 */
export function shapeOfPath(path: string): DrawnShape | null {
  const [pathname, query = ""] = path.split("?", 2);
  return pathname === "/mapa" ? shapeFromParams(new URLSearchParams(query)) : null;
}

/** Fields the map's filters form keeps when it applies: the drawn area. */
export function mapFiltersHidden(shape: DrawnShape | null): [string, string][] {
  return shape ? [shapeParam(shape)] : [];
}
