/**
 * Isomorphic pieces of `/mapa` (ADR docs/decisions/0009-map.md):
 * the map point shape, its compact wire encoding for `/mapa/pontos`, the
 * `area=south,west,north,east` bounding-box parameter, and the canonical
 * `/mapa?…` URL of a filter set. Pure; used by the loaders and the browser.
 */
import type { Purpose } from "~/domain/listing";
import { filtersToFormEntries, isTrackingParam, type ListingFilters } from "./filters";
import { formatNumber } from "./format";
import { MAP_PATH, MAP_POINTS_PATH } from "./paths";

/** Name of the bounding-box query parameter (`area=south,west,north,east`). */
export const AREA_PARAM = "area";

/** The map's live count for the filters sheet: `/mapa/pontos?contagem=1&…` answers `{ count }`. */
export const MAP_COUNT_PATH = `${MAP_POINTS_PATH}?contagem=1`;

/** Decimal places kept for coordinates (5 ≈ 1.1 m). */
export const COORDINATE_DECIMALS = 5;

/** Id of the map page's filters box (the page's "Filtros" button and its no-JS link target it). */
export const MAP_FILTERS_ID = "filtros-mapa";

/**
 * One listing on the map: code (Vista `Codigo`), WGS 84 latitude/longitude in
 * degrees, the price shown on its label in BRL and the purpose that price
 * belongs to ("venda": sale price; "aluguel": monthly rent). The price is the
 * filtered purpose's, otherwise the sale price when the listing is for sale,
 * else the rent.
 */
export interface MapPoint {
  code: string;
  lat: number;
  lng: number;
  /** BRL (sale price, or rent per month for "aluguel"); null when unknown. */
  price: number | null;
  purpose: Purpose;
}

/**
 * A WGS 84 bounding box in degrees: `south < north`, `west < east` (no
 * antimeridian crossing), latitudes in [-90, 90], longitudes in [-180, 180].
 */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * Wire format of `/mapa/pontos` (version 1): one array per point,
 * `[code, lat·10⁵, lng·10⁵, price, purpose]` with the coordinates as integers
 * (5 decimals), price an integer BRL or 0 when unknown, purpose 0 = venda,
 * 1 = aluguel. Arrays of arrays keep the whole catalogue small (ADR 0009).
 */
export interface MapPointsPayload {
  v: 1;
  /** Number of points (the length of `p`). */
  n: number;
  p: [code: string, lat: number, lng: number, price: number, purpose: 0 | 1][];
}

const SCALE = 10 ** COORDINATE_DECIMALS;

/** Encodes points in the {@link MapPointsPayload} format (coordinates rounded to 5 decimals, prices to whole BRL). */
export function encodeMapPoints(points: readonly MapPoint[]): MapPointsPayload {
  return {
    v: 1,
    n: points.length,
    p: points.map((point) => [
      point.code,
      Math.round(point.lat * SCALE),
      Math.round(point.lng * SCALE),
      point.price != null && point.price > 0 ? Math.round(point.price) : 0,
      point.purpose === "aluguel" ? 1 : 0,
    ]),
  };
}

/**
 * Decodes a `/mapa/pontos` body; malformed entries are skipped, a body that is
 * not a version-1 payload gives an empty list (never throws).
 */
export function decodeMapPoints(body: unknown): MapPoint[] {
  if (!body || typeof body !== "object" || (body as { v?: unknown }).v !== 1) return [];
  const rows = (body as { p?: unknown }).p;
  if (!Array.isArray(rows)) return [];
  const points: MapPoint[] = [];
  for (const row of rows) {
    if (!Array.isArray(row) || row.length < 5) continue;
    const [code, lat, lng, price, purpose] = row as unknown[];
    if (typeof code !== "string" || !Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isFinite(price)) continue;
    points.push({
      code,
      lat: (lat as number) / SCALE,
      lng: (lng as number) / SCALE,
      price: (price as number) > 0 ? (price as number) : null,
      purpose: purpose === 1 ? "aluguel" : "venda",
    });
  }
  return points;
}

const NUMBER = /^-?\d{1,3}(?:\.\d{1,12})?$/;

/**
 * Reads the `area` query parameter, `south,west,north,east` in decimal
 * degrees. Returns null (the parameter is then ignored, never a 500) unless
 * there are exactly four plain decimal numbers, latitudes within [-90, 90],
 * longitudes within [-180, 180], `south < north` and `west < east`. Values are
 * rounded to {@link COORDINATE_DECIMALS} decimals.
 */
export function parseBoundingBox(raw: string | null | undefined): BoundingBox | null {
  if (raw == null || raw.length > 120) return null;
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part))) return null;
  const [south, west, north, east] = parts.map((part) => round(Number(part)));
  if (![south, west, north, east].every(Number.isFinite)) return null;
  if (south < -90 || north > 90 || west < -180 || east > 180) return null;
  if (!(south < north) || !(west < east)) return null;
  return { south, west, north, east };
}

/** The `area` parameter value of a box, `south,west,north,east` with at most 5 decimals. */
export function formatBoundingBox(box: BoundingBox): string {
  return [box.south, box.west, box.north, box.east].map((value) => String(round(value))).join(",");
}

function round(value: number): number {
  const rounded = Math.round(value * SCALE) / SCALE;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * The canonical `/mapa?…` URL of a filter set and optional area: the filters
 * as the search forms' parameters (`finalidade`, `tipo`, `cidade`, `bairro`,
 * then the codec's query facets in order), then the drawn shape's parameter
 * (`poligono` or `circulo`, ADR 0091: `shapeParam` of `./map-shape`, which
 * list pages' code does not load; `mapShapeUrl` there takes a shape), then
 * `pagina`, then `area`.
 * Loaders redirect every other spelling here.
 */
export function mapUrl(
  filters: ListingFilters,
  area?: BoundingBox | null,
  shape?: readonly [name: string, value: string] | null,
): string {
  const params = new URLSearchParams(filtersToFormEntries(filters));
  if (shape) params.append(shape[0], shape[1]);
  if (filters.page != null && filters.page > 1) params.append("pagina", String(filters.page));
  if (area) params.append(AREA_PARAM, formatBoundingBox(area));
  const query = params.toString().replace(/%2C/g, ",");
  return query ? `${MAP_PATH}?${query}` : MAP_PATH;
}

/**
 * Where to redirect a `/mapa` request whose parameters are not spelled as
 * `canonical` ({@link mapUrl}), keeping its tracking parameters (utm_*…), or
 * null when it already is canonical. Parameters are compared decoded: Remix
 * re-encodes the query it hands to loaders ("," becomes "%2C").
 */
export function mapCanonicalRedirect(requestUrl: URL, canonical: string): string | null {
  const rest = new URLSearchParams();
  const tracking = new URLSearchParams();
  for (const [name, value] of requestUrl.searchParams) {
    if (name.toLowerCase() === "_data" || name.toLowerCase() === "_routes") continue;
    (isTrackingParam(name) ? tracking : rest).append(name, value);
  }
  const wanted = new URLSearchParams(canonical.split("?")[1] ?? "");
  if (requestUrl.pathname === MAP_PATH && rest.toString() === wanted.toString()) return null;
  const extra = tracking.toString();
  return extra ? `${canonical}${canonical.includes("?") ? "&" : "?"}${extra}` : canonical;
}

/**
 * The `/mapa/pontos` URL of a filter set and the drawn shape's parameter
 * (`shapeParam`; no page, no sort, no area: every matching point).
 */
export function mapPointsUrl(filters: ListingFilters, shape?: readonly [name: string, value: string] | null): string {
  const { page: _page, sort: _sort, ...rest } = filters;
  const params = new URLSearchParams(filtersToFormEntries(rest));
  if (shape) params.append(shape[0], shape[1]);
  const query = params.toString();
  return query ? `${MAP_POINTS_PATH}?${query}` : MAP_POINTS_PATH;
}

/**
 * The short price of a marker label, in BRL: "R$ 1,2 mi", "R$ 850 mil",
 * "R$ 3.500" (below ten thousand, e.g. rents, in full); "Consulte" when unknown.
 */
export function formatShortPrice(price: number | null): string {
  if (price == null || !(price > 0)) return "Consulte";
  if (price >= 1_000_000) return `R$ ${formatNumber(Math.floor(price / 100_000) / 10, 1)} mi`;
  if (price >= 10_000) return `R$ ${formatNumber(Math.floor(price / 1_000))} mil`;
  return `R$ ${formatNumber(Math.round(price))}`;
}

/** The count of a cluster bubble: "8", "245", "1,2 mil" (pt-BR). */
export function formatClusterCount(count: number): string {
  if (count < 1000) return formatNumber(count);
  return `${formatNumber(Math.floor(count / 100) / 10, 1)} mil`;
}
