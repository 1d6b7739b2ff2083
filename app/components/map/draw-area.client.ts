/**
 * Drawing an area on the map (ADR 0091): a small interaction of our own
 * instead of a drawing plugin. Loaded only when the visitor presses
 * "Desenhar área" (a dynamic import from `./listings-map.client`). While
 * drawing, the map does not pan or zoom; the visitor presses, traces the area
 * with a finger or the mouse and lets go; the traced line becomes a polygon of
 * at most 20 vertices (`polygonFromPath`). Escape cancels.
 */
import L from "leaflet";
import { polygonFromPath, type DrawnShape, type LatLng } from "~/lib/map-shape";

/** Fewest pointer samples kept before a line can close into an area. */
const MIN_SAMPLES = 3;

/**
 * Starts drawing on `map`. `onDone` gets the polygon, or null when the line
 * was too short or cancelled. Returns a function that cancels the drawing.
 */
export function drawArea(map: L.Map, onDone: (shape: DrawnShape | null) => void): () => void {
  const container = map.getContainer();
  const handlers = [map.dragging, map.touchZoom, map.doubleClickZoom, map.boxZoom, map.scrollWheelZoom];
  const wasEnabled = handlers.map((handler) => handler?.enabled() ?? false);
  handlers.forEach((handler) => handler?.disable());
  container.classList.add("desenhando");
  const { touchAction } = container.style;
  container.style.touchAction = "none";

  const path: LatLng[] = [];
  let line: L.Polyline | null = null;
  let pointerId: number | null = null;

  const at = (event: PointerEvent): LatLng => {
    const point = map.mouseEventToLatLng(event);
    return [point.lat, point.lng];
  };
  const onDown = (event: PointerEvent) => {
    if (pointerId != null || event.button > 0) return;
    event.preventDefault();
    event.stopPropagation();
    pointerId = event.pointerId;
    container.setPointerCapture?.(event.pointerId);
    path.push(at(event));
    line = L.polyline(path, { color: "#0b5cad", weight: 3, interactive: false }).addTo(map);
  };
  const onMove = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    event.preventDefault();
    path.push(at(event));
    line?.addLatLng(path[path.length - 1]);
  };
  const onUp = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    finish(path.length >= MIN_SAMPLES ? polygonFromPath(path) : null);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") finish(null);
  };

  let done = false;
  function finish(shape: DrawnShape | null) {
    if (done) return;
    done = true;
    container.removeEventListener("pointerdown", onDown, true);
    container.removeEventListener("pointermove", onMove, true);
    container.removeEventListener("pointerup", onUp, true);
    container.removeEventListener("pointercancel", onUp, true);
    document.removeEventListener("keydown", onKey);
    container.classList.remove("desenhando");
    container.style.touchAction = touchAction;
    handlers.forEach((handler, i) => wasEnabled[i] && handler?.enable());
    line?.remove();
    onDone(shape);
  }

  container.addEventListener("pointerdown", onDown, true);
  container.addEventListener("pointermove", onMove, true);
  container.addEventListener("pointerup", onUp, true);
  container.addEventListener("pointercancel", onUp, true);
  document.addEventListener("keydown", onKey);
  return () => finish(null);
}
