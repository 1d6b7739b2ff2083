/**
 * The interactive map of `/mapa` (ADR 0009). Client only:
 * Leaflet touches `window` at import, so this module is imported by `map.tsx`
 * in the browser only (fetched early, rendered once hydrated), never on the server.
 *
 * - Points come from `/mapa/pontos` (compact payload); a worker decodes and
 *   indexes them with supercluster, off the main thread (`./cluster-client`,
 *   ADR 0050), and answers each move with the markers of the viewport only,
 *   so 13,000+ points stay smooth. Clusters are count bubbles
 *   (click → zoom to the expansion zoom, or list the listings when they share
 *   one spot); single points are price labels (DivIcons; click → popup card
 *   with photo, price, facts and a link, fetched from `/mapa/pontos?imovel=`).
 * - Tiles come from `MAP_TILE_URL` with its attribution; when tiles fail
 *   (offline) a small notice appears and markers keep working.
 * - After the visitor pans or zooms, the visible bounding box goes to
 *   `onAreaChange` once the map has been still for {@link AREA_DEBOUNCE_MS}
 *   (the page then reloads the list and the count for it, ADR 0038).
 * - Close price labels never overlap: points within {@link CLUSTER_RADIUS} px
 *   (wider than a label) join a cluster, even in pairs.
 */
import { Link } from "@remix-run/react";
import L from "leaflet";
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents, ZoomControl } from "react-leaflet";
import { tileLayerOptions } from "~/lib/map-tiles";
import type { ListingSummary } from "~/domain/listing-summary";
import { formatArea, formatPrice, plural } from "~/lib/format";
import { escapeHtml } from "~/lib/html";
import { imageUrl } from "~/lib/images";
import { formatClusterCount, formatShortPrice, type BoundingBox } from "~/lib/map-data";
import { PointsIndex } from "./cluster-client";
import { CLUSTER_MAX_ZOOM, MAX_ZOOM, type MarkerFeature, type PointProps, type PointsBounds } from "./cluster-index";
import { visuallyHidden } from "~/styles/ui.css";
import { NextTask, useNextTask } from "~/components/next-task";
import * as s from "./listings-map.css";
import { MAP_POINTS_PATH } from "~/lib/paths";

/** Props of {@link ListingsMap}. */
export interface ListingsMapProps {
  /** `/mapa/pontos?…` of the current filters. */
  pointsUrl: string;
  /** Leaflet tile URL template (`MAP_TILE_URL`). */
  tileUrl: string;
  /** Attribution HTML of the tiles (`MAP_TILE_ATTRIBUTION`, operator-trusted). */
  tileAttribution: string;
  /** The searched area: the map starts on it; otherwise it fits every point. */
  area: BoundingBox | null;
  /** Called with the visible box after the visitor moved the map (debounced). */
  onAreaChange(box: BoundingBox): void;
  /** Code of the listing whose marker is highlighted (hovered list card). */
  highlightCode?: string | null;
  /** Accessible name of the map region. */
  label: string;
}

/** Greater São Paulo: the first view when the points could not be loaded. */
const DEFAULT_CENTER: L.LatLngTuple = [-23.55, -46.63];
const DEFAULT_ZOOM = 11;
/** How the map fits the points: a margin in px, and not closer than a street (one listing). */
const FIT_OPTIONS: L.FitBoundsOptions = { padding: [24, 24], maxZoom: 15, animate: false };

/** The box of a set of points as Leaflet's bounds. */
function latLngBounds([south, west, north, east]: PointsBounds): L.LatLngBounds {
  return L.latLngBounds([south, west], [north, east]);
}

/** ms the map must stay still before the list follows it. */
export const AREA_DEBOUNCE_MS = 450;

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
function takeArrivedPoints(url: string): PointsIndex | null {
  const arrived = earlyArrived.get(url) ?? null;
  if (arrived) {
    earlyArrived.delete(url);
    earlyPoints.delete(url);
  }
  return arrived;
}

/** The early points of `url` once (see {@link earlyPoints}), or a new download. */
function loadPoints(url: string, signal: AbortSignal): Promise<PointsIndex> {
  const early = earlyPoints.get(url);
  earlyPoints.delete(url);
  earlyArrived.delete(url);
  return early ?? fetchPoints(url, signal);
}

/** The map (default export, loaded by the `/mapa` route as soon as it runs in the browser). */
export default function ListingsMap(props: ListingsMapProps) {
  const { pointsUrl, tileUrl, tileAttribution, area, onAreaChange, highlightCode, label } = props;
  const [points, setPoints] = useState<PointsIndex | null>(() => takeArrivedPoints(pointsUrl));
  const pointsFor = useRef<string | null>(points ? pointsUrl : null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const mapRef = useRef<L.Map | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onAreaChangeRef = useRef(onAreaChange);
  onAreaChangeRef.current = onAreaChange;
  useEffect(() => () => clearTimeout(timer.current), []);

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

  // The first view: the searched area, else the points (preloaded by the page, so they come
  // quickly): one first view and one set of tiles, not São Paulo then a jump to the points.
  // Only a failed load starts on São Paulo. MapContainer reads these at creation only.
  // One task after mounting (ADR 0052): the page's render once hydrated, the map's creation and
  // its tiles are three main-thread tasks instead of one long one.
  const mounted = useNextTask();
  const frameRef = useRef<HTMLDivElement>(null);
  const shown = useShown(frameRef);
  const startPoints = useRef<PointsIndex | null>(null);
  const ready = mounted && shown && (area !== null || points !== null || loadFailed);
  if (ready && !mapRef.current && !area && points?.bounds) startPoints.current = points;
  const initialBounds = area
    ? L.latLngBounds([area.south, area.west], [area.north, area.east])
    : startPoints.current?.bounds
      ? latLngBounds(startPoints.current.bounds)
      : undefined;

  return (
    <div className={s.frame} ref={frameRef}>
      {ready ? (
        <MapContainer
          ref={mapRef}
          className={s.map}
          {...(initialBounds
            ? { bounds: initialBounds, boundsOptions: area ? undefined : FIT_OPTIONS }
            : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM })}
          maxZoom={MAX_ZOOM}
          minZoom={3}
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
              eventHandlers={{ tileerror: () => setTilesFailed(true) }}
            />
          </NextTask>
          {points ? (
            <ClusterLayer
              points={points}
              fitPoints={!area && points !== startPoints.current}
              highlightCode={highlightCode ?? null}
              onUserMove={userMoved}
            />
          ) : null}
        </MapContainer>
      ) : (
        <div className={s.map} />
      )}
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

/** Markers of the current viewport, recomputed on every move. */
function ClusterLayer({
  points,
  fitPoints,
  highlightCode,
  onUserMove,
}: {
  points: PointsIndex;
  fitPoints: boolean;
  highlightCode: string | null;
  onUserMove(): void;
}) {
  const map = useMap();
  const [features, setFeatures] = useState<MarkerFeature[]>([]);
  // True while we move the map ourselves (fitBounds without animation is synchronous).
  const fitting = useRef(false);
  // Answers of the worker may arrive out of order: only the last request's is shown.
  const lastRequest = useRef(0);

  const refresh = useCallback(() => {
    const b = map.getBounds();
    const zoom = Math.round(map.getZoom());
    const request = ++lastRequest.current;
    points
      .markers([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)
      .then((next) => {
        // A transition: React renders the markers in short tasks, not one long one (ADR 0050).
        if (request === lastRequest.current) startTransition(() => setFeatures(next));
      })
      .catch(() => undefined); // newer points replaced these: their own layer shows them
  }, [map, points]);

  // New points (new filters; the first ones when the map did not start on them): fit them when
  // no area is searched. Keyed on the points only: a later search of an area must not refit the map.
  useEffect(() => {
    if (fitPoints && points.bounds) {
      fitting.current = true;
      try {
        map.fitBounds(latLngBounds(points.bounds), FIT_OPTIONS);
      } finally {
        fitting.current = false;
      }
    }
    refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the points only, as said above
  }, [points]);

  useMapEvents({
    moveend() {
      refresh();
      if (!fitting.current) onUserMove();
    },
  });

  return (
    <>
      {features.map((feature) =>
        feature.kind === "cluster" ? (
          <ClusterMarker key={`c${feature.id}`} points={points} cluster={feature} />
        ) : (
          <PointMarker
            key={feature.code}
            point={feature}
            position={[feature.lat, feature.lng]}
            highlighted={feature.code === highlightCode}
          />
        ),
      )}
    </>
  );
}

const iconCache = new Map<string, L.DivIcon>();

/** A DivIcon with a text label (cached by kind, text and size; the HTML is a string so icons can be shared). */
function labelIcon(kind: "cluster" | "price" | "priceActive", text: string, name: string, size = 0): L.DivIcon {
  const key = `${kind}|${text}|${name}|${size}`;
  // Leaflet makes the icon a focusable role="button": its name comes from this hidden text.
  const hidden = `<span class="${visuallyHidden}">${escapeHtml(name)}</span>`;
  let icon = iconCache.get(key);
  if (!icon) {
    if (kind === "cluster") {
      icon = L.divIcon({
        className: s.clusterIcon,
        html: `<span class="${s.clusterBubble}" style="width:${size}px;height:${size}px" aria-hidden="true">${escapeHtml(text)}</span>${hidden}`,
        iconSize: [size, size],
        iconAnchor: [size / 2, size / 2],
      });
    } else {
      // Zero-size anchor at the point; the label is drawn above it by CSS.
      icon = L.divIcon({
        className: kind === "price" ? s.priceIcon : `${s.priceIcon} ${s.priceIconActive}`,
        html: `<span class="${s.priceLabel}" aria-hidden="true">${escapeHtml(text)}</span>${hidden}`,
        iconSize: [0, 0],
        iconAnchor: [0, 0],
      });
    }
    iconCache.set(key, icon);
  }
  return icon;
}

/** A cluster bubble: click zooms to where it splits, or lists its listings when they share one spot. */
function ClusterMarker({
  points,
  cluster,
}: {
  points: PointsIndex;
  cluster: Extract<MarkerFeature, { kind: "cluster" }>;
}) {
  const map = useMap();
  const [leaves, setLeaves] = useState<PointProps[] | null>(null);
  const { id: clusterId, count, expansionZoom: expansion } = cluster;
  const position: L.LatLngTuple = [cluster.lat, cluster.lng];
  const size = count < 100 ? 34 : count < 1000 ? 40 : count < 10_000 ? 48 : 56;
  const text = formatClusterCount(count);
  const splits = expansion <= CLUSTER_MAX_ZOOM && expansion > map.getZoom();
  return (
    <Marker
      position={position}
      icon={labelIcon("cluster", text, `${plural(count, "imóvel", "imóveis")} nesta região`, size)}
      eventHandlers={{
        click: () => {
          if (splits) map.setView(position, expansion);
          else {
            points
              .leaves(clusterId, 50)
              .then(setLeaves)
              .catch(() => undefined); // newer points replaced these: this marker is going away
          }
        },
      }}
    >
      {!splits ? (
        <Popup
          minWidth={200}
          maxWidth={260}
          autoPanPaddingTopLeft={[16, 64]}
          eventHandlers={{ remove: () => setLeaves(null) }}
        >
          {leaves ? <LeavesPopup leaves={leaves} total={count} /> : null}
        </Popup>
      ) : null}
    </Marker>
  );
}

/** Listings that share one spot: pick one to see its card. */
function LeavesPopup({ leaves, total }: { leaves: PointProps[]; total: number }) {
  const [chosen, setChosen] = useState<string | null>(null);
  if (chosen) return <ListingPopup code={chosen} />;
  return (
    <div className={s.popup}>
      <div className={s.popupTitle}>{plural(total, "imóvel", "imóveis")} neste local</div>
      <ul className={s.leafList}>
        {leaves.map((leaf) => (
          <li key={leaf.code}>
            <button type="button" className={s.leafButton} onClick={() => setChosen(leaf.code)}>
              {formatShortPrice(leaf.price)}
              {leaf.purpose === "aluguel" && leaf.price ? "/mês" : ""} · Cód. {leaf.code}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A price label; click opens the listing's card. */
function PointMarker({
  point,
  position,
  highlighted,
}: {
  point: PointProps;
  position: L.LatLngTuple;
  highlighted: boolean;
}) {
  const [open, setOpen] = useState(false);
  const text = formatShortPrice(point.price) + (point.purpose === "aluguel" && point.price ? "/mês" : "");
  return (
    <Marker
      position={position}
      icon={labelIcon(highlighted ? "priceActive" : "price", text, `Imóvel ${point.code}: ${text}`)}
      zIndexOffset={highlighted ? 1000 : 0}
      eventHandlers={{ click: () => setOpen(true) }}
    >
      <Popup
        minWidth={200}
        maxWidth={260}
        autoPanPaddingTopLeft={[16, 64]}
        eventHandlers={{ remove: () => setOpen(false) }}
      >
        {open ? <ListingPopup code={point.code} /> : null}
      </Popup>
    </Marker>
  );
}

/** The card of one listing inside a popup, fetched on open. */
function ListingPopup({ code }: { code: string }) {
  const [state, setState] = useState<{ listing: ListingSummary | null } | "loading" | "error">("loading");
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${MAP_POINTS_PATH}?imovel=${encodeURIComponent(code)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { listing: ListingSummary | null }) => setState({ listing: body.listing ?? null }))
      .catch(() => {
        if (!controller.signal.aborted) setState("error");
      });
    return () => controller.abort();
  }, [code]);

  if (state === "loading") return <div className={s.popupStatus}>Carregando…</div>;
  if (state === "error") return <div className={s.popupStatus}>Não foi possível carregar este imóvel.</div>;
  const { listing } = state;
  if (!listing) return <div className={s.popupStatus}>Este imóvel não está mais disponível.</div>;
  const title = listing.title || `${listing.category} em ${listing.neighbourhood}`;
  const facts = [
    listing.area != null ? formatArea(listing.area) : null,
    listing.bedrooms != null ? plural(listing.bedrooms, "quarto", "quartos") : null,
    listing.parkingSpaces != null ? plural(listing.parkingSpaces, "vaga", "vagas") : null,
  ].filter(Boolean);
  return (
    <div className={s.popup}>
      {listing.coverPhotoUrl ? (
        <img
          className={s.popupPhoto}
          src={imageUrl(listing.coverPhotoUrl, 320)}
          width={320}
          height={240}
          alt={`Foto de ${title}`}
        />
      ) : null}
      <div className={s.popupKicker}>
        {listing.category} · Cód. {listing.code}
      </div>
      <div className={s.popupTitle}>{title}</div>
      <div className={s.popupMeta}>{[listing.neighbourhood, listing.city].filter(Boolean).join(", ")}</div>
      {facts.length ? <div className={s.popupMeta}>{facts.join(" · ")}</div> : null}
      {listing.salePrice != null ? <div className={s.popupPrice}>Venda {formatPrice(listing.salePrice)}</div> : null}
      {listing.rentPrice != null ? (
        <div className={s.popupPrice}>Aluguel {formatPrice(listing.rentPrice)}/mês</div>
      ) : null}
      <Link className={s.popupLink} to={listing.path}>
        Ver imóvel
      </Link>
    </div>
  );
}
