/**
 * The `/mapa` page's map module (`./listings-map.client`, Leaflet): asked for
 * as soon as this module runs in the browser, rendered once the page has
 * hydrated (ADR 0009, 0049).
 */
import { useEffect, useState } from "react";
import type ListingsMapComponent from "./listings-map.client";

/** The map component (default export of the client-only map module). */
export type MapComponent = typeof ListingsMapComponent;

/** The map component once its module has loaded (so the first render after hydration can use it). */
let loadedMap: MapComponent | null = null;

/**
 * The map module (Leaflet): asked for as soon as this module runs in the browser (with the route
 * module that imports it), so it downloads and evaluates while the page hydrates, instead of after
 * (the map can only render once hydrated). Never on the server: Leaflet touches `window` at import.
 */
const mapModule =
  typeof document === "undefined"
    ? null
    : import("./listings-map.client").then((module) => (loadedMap = module.default));
// A failure is shown by the page once hydrated (`useMapComponent`), not reported as unhandled.
mapModule?.catch(() => undefined);

/**
 * The map component once the page is hydrated and its module has loaded; null before, and
 * "failed" when the module could not be loaded. Not `React.lazy`: a lazy component shows its
 * Suspense fallback once even when its module is already there, and React then waits about
 * 300 ms before it reveals the content.
 */
export function useMapComponent(hydrated: boolean): MapComponent | "failed" | null {
  const [state, setState] = useState<MapComponent | "failed" | null>(null);
  useEffect(() => {
    // Effects run in the browser only, where `mapModule` is always set.
    if (!hydrated || loadedMap || !mapModule) return;
    let live = true;
    mapModule.then((component) => live && setState(() => component)).catch(() => live && setState("failed"));
    return () => {
      live = false;
    };
  }, [hydrated]);
  return hydrated ? (loadedMap ?? state) : null;
}
