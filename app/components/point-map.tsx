/**
 * A single-point map for the detail pages, safe to render on
 * the server: a box of fixed height ({@link POINT_MAP_HEIGHT} px) that holds a
 * placeholder on the server and before hydration, then the Leaflet map
 * (`point-map.client.tsx`, loaded with `React.lazy` once the box comes near
 * the viewport, so Leaflet and its tiles are fetched only by visitors who
 * reach the map). If the map module fails to load the placeholder stays.
 * The no-JavaScript path is the page's plain "Ver no mapa" link
 * (`openStreetMapUrl()`), which this component does not replace.
 */
import { Component, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { MapPinIcon } from "./icons";
import type { PointMapClientProps } from "./point-map.client";
import * as s from "./point-map.css";

export { POINT_MAP_HEIGHT } from "./point-map.css";

/** The client map, or a component that renders nothing when its chunk cannot load (offline, new deploy). */
const LazyPointMap = lazy((): Promise<{ default: ComponentType<PointMapClientProps> }> =>
  import("./point-map.client").catch(() => ({ default: () => null })),
);

/** Keeps a Leaflet failure inside the box (never the route's error screen). */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Props of {@link PointMap}. */
export interface PointMapProps extends PointMapClientProps {
  /** Accessible name of the map region, e.g. "Mapa da localização aproximada". */
  label: string;
}

/** The map box (see the module comment). */
export function PointMap({ label, ...mapProps }: PointMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setShow(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShow(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Before hydration (and without JavaScript) an empty box with a pin; "Carregando mapa…" only while the chunk loads.
  const empty = (
    <div className={s.placeholder} aria-hidden="true">
      <MapPinIcon size={28} />
    </div>
  );
  const loading = <div className={s.placeholder}>Carregando mapa…</div>;
  return (
    <div ref={box} className={s.frame} role="region" aria-label={label} data-point-map={show ? "loaded" : "pending"}>
      {show ? (
        <MapBoundary fallback={null}>
          <Suspense fallback={loading}>
            <LazyPointMap {...mapProps} />
          </Suspense>
        </MapBoundary>
      ) : (
        empty
      )}
    </div>
  );
}
