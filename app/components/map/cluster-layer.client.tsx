/**
 * The map's markers (ADR 0009, 0050): the clusters and price labels of the
 * viewport, asked of the clustering worker on every move; a cluster's click
 * zooms to where it splits or lists its listings, a price label's opens the
 * listing's card. Client only, as Leaflet touches `window` at import.
 */
import L from "leaflet";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { Marker, Popup, useMap, useMapEvents } from "react-leaflet";
import { plural } from "~/lib/format";
import { escapeHtml } from "~/lib/html";
import { formatClusterCount, formatShortPrice } from "~/lib/map-data";
import { visuallyHidden } from "~/styles/ui.css";
import type { PointsIndex } from "./cluster-client";
import { CLUSTER_MAX_ZOOM, type MarkerFeature, type PointProps, type PointsBounds } from "./cluster-index";
import { LeavesPopup, ListingPopup } from "./map-popups";
import { FIT_MAX_ZOOM, FIT_PADDING } from "./map-view";
import * as s from "./listings-map.css";

/** How the map fits the points (`./map-view`). */
export const FIT_OPTIONS: L.FitBoundsOptions = {
  padding: [FIT_PADDING, FIT_PADDING],
  maxZoom: FIT_MAX_ZOOM,
  animate: false,
};

/** The box of a set of points as Leaflet's bounds. */
export function latLngBounds([south, west, north, east]: PointsBounds): L.LatLngBounds {
  return L.latLngBounds([south, west], [north, east]);
}

/** Markers of the current viewport, recomputed on every move. */
export function ClusterLayer({
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
