/**
 * The map's first picture, drawn before any script of the page has loaded
 * (docs/decisions/0097-the-maps-first-picture.md).
 *
 * `/mapa` opens on a box the server knows (the searched area, the drawn one,
 * or the matches' box, ADR 0096), and Leaflet's first view of a box is plain
 * arithmetic: the zoom that fits it in the container, then the grid of tiles
 * that covers the container at that zoom. {@link previewTiles} is that
 * arithmetic, step for step as Leaflet 1.9 does it (`Map.getBoundsZoom`,
 * `Map._getBoundsCenterZoom`, `GridLayer._update`, `TileLayer.getTileUrl`,
 * with the tile options of `./map-tiles`), so that an inline script in the
 * page ({@link mapPreviewScript}) can put the very tiles Leaflet will show, at
 * the very places it will show them, while the page is still being parsed.
 * Leaflet then asks for the same URLs (usually answered by the browser's
 * cache, or joined to the picture's own requests still in flight) and covers
 * the picture exactly.
 */

/** What the first view is made of (serialised into the page's `data-map-preview`). */
export interface MapPreviewView {
  /** The box to fit: south, west, north, east (degrees). */
  box: [south: number, west: number, north: number, east: number];
  /** Padding kept free on every side of the fitted box (CSS px; `FIT_OPTIONS.padding`, 0 for a searched area). */
  padding: number;
  /** The highest zoom the fit may choose (`FIT_OPTIONS.maxZoom`, or the map's last level for a searched area). */
  fitMaxZoom: number;
  /** The map's first and last zoom levels (`minZoom`, `maxZoom` of the map). */
  minZoom: number;
  maxZoom: number;
  /** Leaflet tile URL template (`MAP_TILE_URL`: `{s}`, `{z}`, `{x}`, `{y}`, `{-y}`, `{r}`). */
  template: string;
}

/** One tile of the first view: its URL and its square in the container (CSS px from the top left). */
export interface PreviewTile {
  url: string;
  left: number;
  top: number;
  /** Side of the square (CSS px). */
  size: number;
}

/**
 * The tiles Leaflet shows when a map of `width` × `height` CSS px is created
 * on `view` (`MapContainer` with `bounds`), in its loading order (nearest the
 * centre first). `retina`: more than one device pixel per CSS pixel
 * (Leaflet's `Browser.retina`); the tile options then follow
 * `tileLayerOptions` (`./map-tiles`): a template with `{r}` gets `@2x` tiles,
 * any other one tiles of the next level drawn at 128 px.
 *
 * Runs in the page as the source of an inline script ({@link mapPreviewScript}):
 * it must use nothing but its arguments and the language's globals.
 */
export function previewTiles(view: MapPreviewView, width: number, height: number, retina: boolean): PreviewTile[] {
  const MAX_LATITUDE = 85.0511287798;
  const RAD = Math.PI / 180;
  /** EPSG:3857 as Leaflet projects it: CSS px at `zoom` from the world's top left. */
  const project = (lat: number, lng: number, zoom: number): [number, number] => {
    const scale = 256 * Math.pow(2, zoom);
    const sin = Math.sin(Math.max(Math.min(MAX_LATITUDE, lat), -MAX_LATITUDE) * RAD);
    return [scale * (0.5 + lng / 360), scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
  };
  const unproject = (x: number, y: number, zoom: number): [number, number] => {
    const scale = 256 * Math.pow(2, zoom);
    const lat = (2 * Math.atan(Math.exp((1 - (2 * y) / scale) * Math.PI)) - Math.PI / 2) / RAD;
    return [lat, (x / scale) * 360 - 180];
  };
  const [south, west, north, east] = view.box;

  // Map.getBoundsZoom (from zoom 0, zoom snap 1), then the fit's own cap.
  const nw = project(north, west, 0);
  const se = project(south, east, 0);
  const scale0 = Math.min(
    (width - 2 * view.padding) / Math.abs(se[0] - nw[0]),
    (height - 2 * view.padding) / Math.abs(se[1] - nw[1]),
  );
  let zoom = Math.log(scale0) / Math.LN2;
  if (isNaN(zoom)) zoom = Infinity;
  zoom = Math.floor(Math.round(zoom / 0.01) * 0.01);
  zoom = Math.min(view.fitMaxZoom, Math.max(view.minZoom, Math.min(view.maxZoom, zoom)));

  // Map._getBoundsCenterZoom (even padding: no offset), then the pixel origin of that view.
  const sw = project(south, west, zoom);
  const ne = project(north, east, zoom);
  const [centerLat, centerLng] = unproject((sw[0] + ne[0]) / 2, (sw[1] + ne[1]) / 2, zoom);
  const center = project(centerLat, centerLng, zoom);
  const originX = Math.round(center[0] - width / 2);
  const originY = Math.round(center[1] - height / 2);

  // The tile layer's options (`tileLayerOptions`), as Leaflet's TileLayer adjusts them.
  const doubled = retina && view.template.indexOf("{r}") === -1;
  const tileSize = doubled ? 128 : 256;
  const zoomOffset = doubled ? 1 : 0;
  const maxNativeZoom = doubled ? view.maxZoom - 1 : Infinity;
  const tileZoom = Math.min(Math.round(zoom), maxNativeZoom);
  const tileScale = Math.pow(2, zoom - tileZoom);

  // GridLayer._getTiledPixelBounds and _pxBoundsToTileRange.
  const tileCenter = project(centerLat, centerLng, tileZoom);
  const pixelX = Math.floor(tileCenter[0]);
  const pixelY = Math.floor(tileCenter[1]);
  const halfWidth = width / (tileScale * 2);
  const halfHeight = height / (tileScale * 2);
  const minX = Math.floor((pixelX - halfWidth) / tileSize);
  const minY = Math.floor((pixelY - halfHeight) / tileSize);
  const maxX = Math.ceil((pixelX + halfWidth) / tileSize) - 1;
  const maxY = Math.ceil((pixelY + halfHeight) / tileSize) - 1;
  const worldTiles = (256 * Math.pow(2, tileZoom)) / tileSize;

  // The level's origin and transform (GridLayer._updateLevels, _setZoomTransform, _getTilePos).
  const [originLat, originLng] = unproject(originX, originY, zoom);
  const level = project(originLat, originLng, tileZoom);
  const levelX = Math.round(level[0]);
  const levelY = Math.round(level[1]);
  const translateX = Math.round(levelX * tileScale - originX);
  const translateY = Math.round(levelY * tileScale - originY);

  const middleX = (minX + maxX) / 2;
  const middleY = (minY + maxY) / 2;
  const queue: { x: number; y: number; distance: number }[] = [];
  for (let y = minY; y <= maxY; y++) {
    if (y < 0 || y >= worldTiles) continue; // GridLayer._isValidTile: latitude does not wrap
    for (let x = minX; x <= maxX; x++) {
      queue.push({ x, y, distance: Math.sqrt((x - middleX) * (x - middleX) + (y - middleY) * (y - middleY)) });
    }
  }
  queue.sort((a, b) => a.distance - b.distance);

  return queue.map(({ x, y }) => {
    const wrappedX = (((x % worldTiles) + worldTiles) % worldTiles) | 0;
    const data: Record<string, string | number> = {
      r: retina ? "@2x" : "",
      s: "abc".charAt(Math.abs(wrappedX + y) % 3),
      x: wrappedX,
      y,
      "-y": worldTiles - 1 - y,
      z: tileZoom + zoomOffset,
    };
    const url = view.template.replace(/\{ *([\w_ -]+) *\}/g, (_match, key: string) => String(data[key] ?? ""));
    return {
      url,
      left: translateX + (x * tileSize - levelX) * tileScale,
      top: translateY + (y * tileSize - levelY) * tileScale,
      size: tileSize * tileScale,
    };
  });
}

/**
 * The inline script that draws the first picture: rendered right after the
 * empty preview element (whose `data-map-preview` holds a
 * {@link MapPreviewView}), it reads the element's size and fills it with
 * `<img>` tiles ({@link previewTiles}). An element without a size (a map view
 * not shown) gets nothing; a tile that fails to load is removed. The picture
 * follows the element's size until the page removes it: the box can change
 * before the map exists (a classic scrollbar appearing once the rest of the
 * page has arrived, a phone turned, the phone's map view hidden and shown),
 * and the map will be created for the size the box has then.
 */
export function mapPreviewScript(): string {
  return `(function () {
  var preview = document.currentScript && document.currentScript.previousElementSibling;
  if (!preview || !preview.getAttribute("data-map-preview")) return;
  var view = JSON.parse(preview.getAttribute("data-map-preview"));
  var tilesOf = (${previewTiles.toString()});
  var drawn = "";
  function draw() {
    var width = preview.clientWidth, height = preview.clientHeight;
    if (width + "x" + height === drawn) return;
    drawn = width + "x" + height;
    while (preview.firstChild) preview.removeChild(preview.firstChild);
    if (!width || !height) return;
    var tiles = tilesOf(view, width, height, window.devicePixelRatio > 1);
    for (var i = 0; i < tiles.length; i++) {
      var img = document.createElement("img");
      img.alt = "";
      img.onerror = function () { if (this.parentNode) this.parentNode.removeChild(this); };
      img.style.cssText = "position:absolute;max-width:none;max-height:none;left:" + tiles[i].left + "px;top:" + tiles[i].top +
        "px;width:" + tiles[i].size + "px;height:" + tiles[i].size + "px";
      img.src = tiles[i].url;
      preview.appendChild(img);
    }
  }
  draw();
  if (window.ResizeObserver) new window.ResizeObserver(draw).observe(preview);
})();`;
}
