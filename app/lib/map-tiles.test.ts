import { describe, expect, it } from "vitest";
import { tileLayerOptions } from "./map-tiles";

const OSM = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** What Leaflet's TileLayer does with `detectRetina` on a high-density screen (leaflet/src/layer/tile/TileLayer.js). */
function leafletAdjusted(options: ReturnType<typeof tileLayerOptions>) {
  if (!options.detectRetina) return { ...options, zoomOffset: 0 };
  return { ...options, maxZoom: options.maxZoom - 1, zoomOffset: 1 };
}

/** The tile level Leaflet requests at a map zoom level (GridLayer's _setView and _clampZoom, plus zoomOffset), or null for none. */
function requestedLevel(options: ReturnType<typeof tileLayerOptions>, mapZoom: number): number | null {
  const layer = leafletAdjusted(options);
  if (mapZoom > layer.maxZoom) return null;
  const tileZoom = layer.maxNativeZoom !== undefined ? Math.min(mapZoom, layer.maxNativeZoom) : mapZoom;
  return tileZoom + layer.zoomOffset;
}

describe("tileLayerOptions", () => {
  it("asks a high-density screen for the next level's tiles when the provider has no double-size ones", () => {
    const options = tileLayerOptions(OSM, 18, true);
    expect(options.detectRetina).toBe(true);
    expect(requestedLevel(options, 12)).toBe(13);
  });

  it("still draws tiles at the map's last zoom level, never asking beyond the provider's last level", () => {
    const options = tileLayerOptions(OSM, 18, true);
    expect(requestedLevel(options, 18)).toBe(18);
    expect(requestedLevel(options, 17)).toBe(18);
    // The layer does not let the map zoom further than before.
    expect(leafletAdjusted(options).maxZoom).toBe(18);
  });

  it("changes nothing on a 1× screen", () => {
    expect(tileLayerOptions(OSM, 18, false)).toEqual({ maxZoom: 18 });
    expect(requestedLevel(tileLayerOptions(OSM, 18, false), 18)).toBe(18);
  });

  it("leaves a template with {r} to the provider's double-size tiles", () => {
    expect(tileLayerOptions("https://tiles.example.com/{z}/{x}/{y}{r}.png", 18, true)).toEqual({ maxZoom: 18 });
  });
});
