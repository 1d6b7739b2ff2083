/**
 * How the maps ask for background tiles on high-density screens
 * (docs/decisions/0048-sharp-map-tiles.md).
 *
 * A standard slippy-map tile is 256 × 256 pixels. On a phone's 2–3× screen,
 * drawn at 256 CSS pixels, it is blurred (Lighthouse's `image-size-responsive`
 * flags it). Two remedies, by template (`MAP_TILE_URL`, Leaflet syntax):
 * - a template with `{r}` names a provider's double-size tiles (`@2x` on a
 *   high-density screen, nothing otherwise): Leaflet fills it in itself;
 * - any other template gets Leaflet's `detectRetina`: on a high-density
 *   screen each tile is drawn at 128 CSS pixels from the next zoom level, four
 *   requests where one was, as sharp as the screen.
 *
 * `detectRetina` also lowers the layer's `maxZoom` by one, which would leave
 * the map's last zoom level without tiles. The layer therefore gets one level
 * more, and at the map's last level it draws the provider's last level
 * (`maxNativeZoom`) at double size, as a 1× screen would see it.
 */

/** Options of a Leaflet `TileLayer`; see the module comment. */
export interface TileLayerOptions {
  detectRetina?: boolean;
  /** The layer's last zoom level, before Leaflet's `detectRetina` adjustment. */
  maxZoom: number;
  /** The last level whose tiles are drawn at their own scale (map zoom). */
  maxNativeZoom?: number;
}

/**
 * The tile layer's options for a template.
 * @param template the tile URL template (`MAP_TILE_URL`).
 * @param maxZoom the map's last zoom level, which is also the provider's last tile level.
 * @param retina whether the screen has more than one device pixel per CSS pixel (Leaflet's `Browser.retina`).
 */
export function tileLayerOptions(template: string, maxZoom: number, retina: boolean): TileLayerOptions {
  if (!retina || template.includes("{r}")) return { maxZoom };
  return { detectRetina: true, maxZoom: maxZoom + 1, maxNativeZoom: maxZoom - 1 };
}
