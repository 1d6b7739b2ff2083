/**
 * The single-point Leaflet map of the detail pages (docs/product.md
 * "approximate map" on a listing, "map" on a condominium). Client only:
 * Leaflet touches `window` at import, so this module is loaded lazily after
 * hydration by `point-map.tsx` and never on the server.
 *
 * The point is drawn as a vector circle (no marker images to bundle): a
 * circle of `radiusMetres` around the given point, or a small fixed-size dot
 * when no radius is given. Scroll-wheel zoom is off so the page scrolls past
 * the map; the zoom buttons and keyboard still work. When tiles fail to load
 * (offline), a notice says so and the point stays visible.
 */
import "leaflet/dist/leaflet.css";
import { useState } from "react";
import L from "leaflet";
import { Circle, CircleMarker, MapContainer, TileLayer } from "react-leaflet";
import { tileLayerOptions } from "~/lib/map-tiles";
import * as s from "./point-map.css";

/** The last zoom level of the map and of its tiles (Leaflet's default, OpenStreetMap's standard tiles go one further). */
const TILE_MAX_ZOOM = 18;

/** Props of {@link PointMapClient}. */
export interface PointMapClientProps {
  /** WGS84 degrees (already rounded by the caller when the location is approximate). */
  latitude: number;
  longitude: number;
  /** Radius (m) of the shaded area; undefined: a dot of fixed screen size. */
  radiusMetres?: number;
  /** Initial zoom (default 15). */
  zoom?: number;
  /** Leaflet tile URL template (`MAP_TILE_URL`). */
  tileUrl: string;
  /** Attribution HTML of the tiles (`MAP_TILE_ATTRIBUTION`, operator-trusted). */
  tileAttribution: string;
}

/** The map (default export for `React.lazy`). */
export default function PointMapClient({
  latitude,
  longitude,
  radiusMetres,
  zoom = 15,
  tileUrl,
  tileAttribution,
}: PointMapClientProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const center: [number, number] = [latitude, longitude];
  return (
    <>
      <MapContainer className={s.map} center={center} zoom={zoom} scrollWheelZoom={false} attributionControl>
        <TileLayer
          url={tileUrl}
          {...tileLayerOptions(tileUrl, TILE_MAX_ZOOM, L.Browser.retina)}
          attribution={tileAttribution}
          eventHandlers={{ tileerror: () => setTilesFailed(true) }}
        />
        {radiusMetres ? (
          <Circle center={center} radius={radiusMetres} pathOptions={{ className: s.marker }} interactive={false} />
        ) : (
          <CircleMarker center={center} radius={10} pathOptions={{ className: s.marker }} interactive={false} />
        )}
      </MapContainer>
      {tilesFailed ? (
        <p className={s.notice} role="status">
          Não foi possível carregar o mapa de fundo
        </p>
      ) : null}
    </>
  );
}
