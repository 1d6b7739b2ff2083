/**
 * The interactive map of `/mapa` (ADR 0009). Client only:
 * Leaflet touches `window` at import, so this module is imported by `map.tsx`
 * in the browser only (fetched early, rendered once hydrated), never on the server.
 *
 * - Points come from `/mapa/pontos` (compact payload); a worker decodes and
 *   indexes them with supercluster, off the main thread (`./cluster-client`,
 *   ADR 0050), and answers each move with the markers of the viewport only,
 *   so the whole catalogue's points stay smooth. Clusters are count bubbles
 *   (click → zoom to the expansion zoom, or list the listings when they share
 *   one spot); single points are price labels (DivIcons; click → popup card
 *   with photo, price, facts and a link, fetched from `/mapa/pontos?imovel=`).
 * - Tiles come from `MAP_TILE_URL` with its attribution; when tiles fail
 *   (offline) a small notice appears and markers keep working.
 * - After the visitor pans or zooms, the visible bounding box goes to
 *   `onAreaChange` once the map has been still for {@link AREA_DEBOUNCE_MS}
 *   (the page then reloads the list and the count for it, ADR 0038).
 * - A drawn area (ADR 0091) is shown and the map starts on it; "Desenhar
 *   área" fetches the drawing code (`./draw-area.client`) on its first press.
 * - Close price labels never overlap: points within {@link CLUSTER_RADIUS} px
 *   (wider than a label) join a cluster, even in pairs.
 */
import L from "leaflet";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Circle, MapContainer, Polygon, TileLayer, useMap, ZoomControl } from "react-leaflet";
import { tileLayerOptions } from "~/lib/map-tiles";
import type { BoundingBox } from "~/lib/map-data";
import type { PointsBounds } from "~/lib/map-region";
import { shapeBounds, shapeParam, type DrawnShape } from "~/lib/map-shape";
import { NextTask, useNextTask } from "~/components/next-task";
import type { PointsIndex } from "./cluster-client";
import { ClusterLayer, FIT_OPTIONS, latLngBounds } from "./cluster-layer.client";
import { loadPoints, takeArrivedPoints } from "./early-points";
import * as s from "./listings-map.css";
import { firstMapView, MAX_ZOOM, MIN_ZOOM } from "./map-view";

/** Props of {@link ListingsMap}. */
export interface ListingsMapProps {
  /** `/mapa/pontos?…` of the current filters. */
  pointsUrl: string;
  /**
   * The box the server computed for those points (`mapOpeningBounds`), or null: the map opens on
   * it without waiting for the points, and does not move when they arrive.
   */
  openingBounds?: PointsBounds | null;
  /** Leaflet tile URL template (`MAP_TILE_URL`). */
  tileUrl: string;
  /** Attribution HTML of the tiles (`MAP_TILE_ATTRIBUTION`, operator-trusted). */
  tileAttribution: string;
  /** The searched area: the map starts on it; otherwise it fits every point. */
  area: BoundingBox | null;
  /** The drawn area (ADR 0091): shown, and the map starts on it. */
  shape: DrawnShape | null;
  /** Called with a newly drawn area's query parameter (`shapeParam`), or null for "Remover área". */
  onShapeChange(shape: readonly [string, string] | null): void;
  /** Called with the visible box after the visitor moved the map (debounced). */
  onAreaChange(box: BoundingBox): void;
  /** Code of the listing whose marker is highlighted (hovered list card). */
  highlightCode?: string | null;
  /** Accessible name of the map region. */
  label: string;
  /** Called when the tiles in view have loaded (or one failed): the page's first picture can go (ADR 0097). */
  onTilesShown?(): void;
}

/** Greater São Paulo: the first view when the points could not be loaded. */
const DEFAULT_CENTER: L.LatLngTuple = [-23.55, -46.63];
const DEFAULT_ZOOM = 11;

/**
 * ms a loaded tile takes to become opaque: Leaflet fades tiles in over 200 ms
 * (`GridLayer._updateOpacity`), and waits 250 ms before it prunes the level under them.
 */
const TILE_FADE_MS = 250;

/** ms the map must stay still before the list follows it. */
export const AREA_DEBOUNCE_MS = 450;

/** The map (default export, loaded by the `/mapa` route as soon as it runs in the browser). */
export default function ListingsMap(props: ListingsMapProps) {
  const { pointsUrl, openingBounds, tileUrl, tileAttribution, area, shape, onAreaChange, highlightCode, label } = props;
  const { onTilesShown } = props;
  const [points, setPoints] = useState<PointsIndex | null>(() => takeArrivedPoints(pointsUrl));
  const pointsFor = useRef<string | null>(points ? pointsUrl : null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const mapRef = useRef<L.Map | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onAreaChangeRef = useRef(onAreaChange);
  onAreaChangeRef.current = onAreaChange;
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(fadeTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (pointsFor.current === pointsUrl) return; // the first render had them
    pointsFor.current = pointsUrl;
    const controller = new AbortController();
    setLoadFailed(false);
    loadPoints(pointsUrl, controller.signal)
      .then((loaded) => {
        if (!controller.signal.aborted) setPoints(loaded);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => {
      controller.abort();
      pointsFor.current = null;
    };
  }, [pointsUrl]);

  // The visitor moved the map: tell the page once the map is still.
  const userMoved = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const map = mapRef.current;
      if (!map) return;
      const bounds = map.getBounds();
      const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
      onAreaChangeRef.current({
        south: clamp(bounds.getSouth(), -90, 90),
        west: clamp(bounds.getWest(), -180, 180),
        north: clamp(bounds.getNorth(), -90, 90),
        east: clamp(bounds.getEast(), -180, 180),
      });
    }, AREA_DEBOUNCE_MS);
  }, []);

  // The first view: the searched area, else the box the server computed for the points (so the
  // tiles load while the points do), else the points themselves: one first view and one set of
  // tiles, not São Paulo then a jump to the points. Only a failed load starts on São Paulo.
  // MapContainer reads these at creation only.
  // One task after mounting (ADR 0052): the page's render once hydrated, the map's creation and
  // its tiles are three main-thread tasks instead of one long one.
  const mounted = useNextTask();
  const frameRef = useRef<HTMLDivElement>(null);
  const shown = useShown(frameRef);
  const startPoints = useRef<PointsIndex | null>(null);
  /**
   * The points URL whose server box the map opened on, and that box: when its points come with
   * the same box they are not fitted again (a page older than its points, from a cache, is).
   */
  const openedFor = useRef<{ url: string; box: PointsBounds } | null>(null);
  const opening = area || shape ? null : (openingBounds ?? null);
  const ready =
    mounted && shown && (area !== null || shape !== null || opening !== null || points !== null || loadFailed);
  if (ready && !mapRef.current && !area && !shape) {
    if (opening) openedFor.current = { url: pointsUrl, box: opening };
    else if (points?.bounds) startPoints.current = points;
  }
  const opened = openedFor.current;
  if (points && !startPoints.current && opened?.url === pointsUrl && sameBox(points.bounds, opened.box)) {
    startPoints.current = points;
  }
  // The searched area, the drawn one or the server's box, fitted by the same rule as the page's
  // first picture (`firstMapView`, ADR 0097); else the points.
  const first = firstMapView(area, shape ? shapeBounds(shape) : null, opening, tileUrl);
  const initialBounds = first
    ? latLngBounds(first.box)
    : startPoints.current?.bounds
      ? latLngBounds(startPoints.current.bounds)
      : undefined;
  const boundsOptions: L.FitBoundsOptions = first
    ? { padding: [first.padding, first.padding], maxZoom: first.fitMaxZoom, animate: false }
    : FIT_OPTIONS;

  return (
    <div className={s.frame} ref={frameRef}>
      {ready ? (
        <MapContainer
          ref={mapRef}
          className={s.map}
          {...(initialBounds
            ? { bounds: initialBounds, boundsOptions }
            : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM })}
          maxZoom={MAX_ZOOM}
          minZoom={MIN_ZOOM}
          scrollWheelZoom
          worldCopyJump={false}
          zoomControl={false}
        >
          <ZoomControl position="topleft" zoomInTitle="Aproximar" zoomOutTitle="Afastar" />
          <MapAccessibility label={label} />
          <TileAttribution attribution={tileAttribution} />
          <NextTask>
            <TileLayer
              url={tileUrl}
              {...tileLayerOptions(tileUrl, MAX_ZOOM, L.Browser.retina)}
              attribution={tileAttribution}
              eventHandlers={{
                // Leaflet fades each tile in after it loads: the picture under them goes once they are opaque.
                load: () => {
                  clearTimeout(fadeTimer.current);
                  fadeTimer.current = setTimeout(() => onTilesShown?.(), TILE_FADE_MS);
                },
                tileerror: () => {
                  setTilesFailed(true);
                  onTilesShown?.();
                },
              }}
            />
          </NextTask>
          {points ? (
            <ClusterLayer
              points={points}
              fitPoints={!area && !shape && points !== startPoints.current}
              highlightCode={highlightCode ?? null}
              onUserMove={userMoved}
            />
          ) : null}
          <ShapeLayer shape={shape} />
        </MapContainer>
      ) : (
        // Without a background while the page's first picture is there (`map-preview.css.ts`).
        <div className={s.map} data-map-surface="" />
      )}
      {ready ? <DrawTools mapRef={mapRef} shape={shape} onShapeChange={props.onShapeChange} /> : null}
      <div className={s.overlayBottom} aria-live="polite">
        {tilesFailed ? <p className={s.notice}>Não foi possível carregar o mapa de fundo</p> : null}
        {loadFailed ? <p className={s.notice}>Não foi possível carregar os imóveis no mapa. Use a lista.</p> : null}
        {!points && !loadFailed ? <p className={s.pointCount}>Carregando imóveis…</p> : null}
      </div>
    </div>
  );
}

/**
 * Whether the element has been laid out with a size at least once. Leaflet
 * sizes a map when it creates it (and again only on a window resize): a map
 * created in a hidden box (a phone's list view, restored by the way back)
 * would keep a size of zero, and fitting the first view in it gives a
 * meaningless zoom. So the map waits until its box is shown.
 */
function useShown(ref: RefObject<HTMLElement>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const hasBox = () => element.offsetWidth > 0 && element.offsetHeight > 0;
    if (hasBox() || typeof ResizeObserver === "undefined") {
      setShown(true);
      return;
    }
    const observer = new ResizeObserver(() => {
      if (!hasBox()) return;
      observer.disconnect();
      setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, shown]);
  return shown;
}

/** Names the Leaflet container (focusable, arrow keys pan) for screen readers. */
function MapAccessibility({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute("role", "region");
    container.setAttribute("aria-label", label);
  }, [map, label]);
  return null;
}

/**
 * Shows the tiles' attribution from the map's creation: the tile layer comes a task later
 * ({@link NextTask}), and its attribution arriving then would widen the control (a layout shift).
 * Leaflet counts each text's holders, so the layer adding the same text shows it once.
 */
function TileAttribution({ attribution }: { attribution: string }) {
  const map = useMap();
  useEffect(() => {
    const control = map.attributionControl;
    control?.addAttribution(attribution);
    return () => void control?.removeAttribution(attribution);
  }, [map, attribution]);
  return null;
}

/**
 * The drawn area on the map. Not fitted into view when it changes: a new
 * drawing is already in view, and the first view of a page with an area
 * starts on it (MapContainer's bounds).
 */
function ShapeLayer({ shape }: { shape: DrawnShape | null }) {
  if (!shape) return null;
  const style = { color: "#0b5cad", weight: 2, fillOpacity: 0.08, interactive: false };
  return shape.kind === "circle" ? (
    <Circle center={[shape.lat, shape.lng]} radius={shape.radius} pathOptions={style} />
  ) : (
    <Polygon positions={shape.points} pathOptions={style} />
  );
}

/**
 * "Desenhar área" (the drawing code, `./draw-area.client`, is fetched on the
 * first press), "Cancelar" while drawing, and "Remover área" once an area is
 * drawn. The list beside the map is the keyboard path: it has its own
 * "Remover área".
 */
function DrawTools({
  mapRef,
  shape,
  onShapeChange,
}: {
  mapRef: RefObject<L.Map | null>;
  shape: DrawnShape | null;
  onShapeChange(shape: readonly [string, string] | null): void;
}) {
  const [drawing, setDrawing] = useState(false);
  const [failed, setFailed] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const start = () => {
    const map = mapRef.current;
    if (!map) return;
    setDrawing(true);
    setFailed(false);
    import("./draw-area.client").then(
      ({ drawArea }) => {
        cancel.current = drawArea(map, (drawn) => {
          cancel.current = null;
          setDrawing(false);
          if (drawn) onShapeChange(shapeParam(drawn));
        });
      },
      () => {
        setDrawing(false);
        setFailed(true);
      },
    );
  };
  return (
    <div className={s.drawTools}>
      {drawing ? (
        <>
          <button type="button" className={s.toolButton} onClick={() => cancel.current?.()}>
            Cancelar desenho
          </button>
          <p className={s.drawHint} role="status">
            Desenhe a área com o dedo ou o mouse, sem soltar.
          </p>
        </>
      ) : (
        <button type="button" className={s.toolButton} onClick={start}>
          {shape ? "Desenhar outra área" : "Desenhar área"}
        </button>
      )}
      {shape && !drawing ? (
        <button type="button" className={s.toolButton} onClick={() => onShapeChange(null)}>
          Remover área
        </button>
      ) : null}
      {failed ? <p className={s.drawHint}>Não foi possível começar o desenho. Tente de novo.</p> : null}
    </div>
  );
}

/** Whether two boxes are the same (both computed by `~/lib/map-region`'s rule from the same coordinates). */
function sameBox(a: PointsBounds | null, b: PointsBounds): boolean {
  return a !== null && a.every((value, i) => value === b[i]);
}
