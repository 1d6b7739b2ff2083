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
 */

/** Options of a Leaflet `TileLayer` for a tile URL template; see the module comment. */
export function tileLayerOptions(template: string): { detectRetina: boolean } {
  return { detectRetina: !template.includes("{r}") };
}
