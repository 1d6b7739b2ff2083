import { describe, expect, it } from "vitest";
import { mapPreviewScript, previewTiles, type MapPreviewView } from "./map-preview";
import { tileLayerOptions } from "./map-tiles";

/** The matches' box of a São Paulo search (south, west, north, east), fitted as the map fits points. */
const SAO_PAULO: MapPreviewView = {
  box: [-23.65, -46.75, -23.5, -46.55],
  padding: 24,
  fitMaxZoom: 15,
  minZoom: 3,
  maxZoom: 18,
  template: "https://tile.example.org/{z}/{x}/{y}.png",
};

/** The slippy-map tile numbers of a point (the OpenStreetMap wiki's formula, written apart from the module's). */
function slippyTile(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n),
  };
}

/** z, x, y of a tile URL of the template `…/{z}/{x}/{y}.png`. */
function tileNumbers(url: string): { z: number; x: number; y: number } {
  const [z, x, y] = /\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url)!.slice(1).map(Number);
  return { z, x, y };
}

/** Whether the squares cover the whole container (checked on a grid of sample points). */
function covers(tiles: ReturnType<typeof previewTiles>, width: number, height: number): boolean {
  for (let x = 0.5; x < width; x += 7) {
    for (let y = 0.5; y < height; y += 7) {
      const inside = tiles.some((t) => x >= t.left && x < t.left + t.size && y >= t.top && y < t.top + t.size);
      if (!inside) return false;
    }
  }
  return true;
}

describe("previewTiles", () => {
  it("chooses the highest whole zoom at which the box fits inside the padding", () => {
    for (const [width, height] of [
      [360, 560],
      [800, 700],
      [1366, 720],
    ]) {
      const tiles = previewTiles(SAO_PAULO, width, height, false);
      const zoom = tileNumbers(tiles[0].url).z;
      const span = (z: number) => {
        const scale = 256 * 2 ** z;
        const y = (lat: number) => {
          const sin = Math.sin((lat * Math.PI) / 180);
          return scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI));
        };
        return { x: (scale * 0.2) / 360, y: y(-23.65) - y(-23.5) };
      };
      expect(span(zoom).x).toBeLessThanOrEqual(width - 48);
      expect(span(zoom).y).toBeLessThanOrEqual(height - 48);
      expect(span(zoom + 1).x > width - 48 || span(zoom + 1).y > height - 48).toBe(true);
    }
  });

  it("puts the box's centre in the container's centre, on the tile the slippy-map formula names", () => {
    const [width, height] = [360, 560];
    const tiles = previewTiles(SAO_PAULO, width, height, false);
    const middle = tiles.find(
      (t) => t.left <= width / 2 && width / 2 < t.left + t.size && t.top <= height / 2 && height / 2 < t.top + t.size,
    )!;
    const { z, x, y } = tileNumbers(middle.url);
    // The box's centre in Web Mercator: halfway between its corners' projections.
    const mercator = (lat: number) => Math.asinh(Math.tan((lat * Math.PI) / 180));
    const centreLat = (Math.atan(Math.sinh((mercator(-23.65) + mercator(-23.5)) / 2)) * 180) / Math.PI;
    const expected = slippyTile(centreLat, -46.65, z);
    expect({ x, y }).toEqual(expected);
  });

  it("covers the container with adjacent tiles, nearest the centre first", () => {
    for (const [width, height] of [
      [360, 560],
      [1366, 720],
      [241, 240],
    ]) {
      for (const retina of [false, true]) {
        const tiles = previewTiles(SAO_PAULO, width, height, retina);
        expect(covers(tiles, width, height)).toBe(true);
        const distance = (t: (typeof tiles)[number]) =>
          Math.hypot(t.left + t.size / 2 - width / 2, t.top + t.size / 2 - height / 2);
        expect(distance(tiles[0])).toBeLessThanOrEqual(Math.min(...tiles.map(distance)) + tiles[0].size);
        // No tile lies wholly outside the container.
        for (const t of tiles) {
          expect(t.left < width && t.left + t.size > 0 && t.top < height && t.top + t.size > 0).toBe(true);
        }
      }
    }
  });

  it("on a high-density screen asks the next level's tiles at 128 px, or the template's @2x tiles", () => {
    const plain = previewTiles(SAO_PAULO, 360, 560, false);
    const dense = previewTiles(SAO_PAULO, 360, 560, true);
    expect(dense.every((t) => t.size === 128)).toBe(true);
    expect(tileNumbers(dense[0].url).z).toBe(tileNumbers(plain[0].url).z + 1);
    const named = previewTiles(
      { ...SAO_PAULO, template: "https://tile.example.org/{z}/{x}/{y}{r}.png" },
      360,
      560,
      true,
    );
    expect(named.every((t) => t.size === 256 && t.url.endsWith("@2x.png"))).toBe(true);
    expect(named.map((t) => t.url.replace("@2x", ""))).toEqual(plain.map((t) => t.url.replace("@2x", "")));
  });

  it("fills in subdomains and the inverted y as Leaflet does", () => {
    const view = { ...SAO_PAULO, template: "https://{s}.t.example.org/{z}/{x}/{y}/{-y}" };
    for (const tile of previewTiles(view, 360, 560, false)) {
      const [, s, z, x, y, inverted] = /^https:\/\/([abc])\.t\.example\.org\/(\d+)\/(\d+)\/(\d+)\/(\d+)$/
        .exec(tile.url)!
        .map((part, i) => (i < 2 ? part : Number(part))) as [string, string, number, number, number, number];
      expect(s).toBe("abc"[(x + y) % 3]);
      expect(inverted).toBe(2 ** z - 1 - y);
    }
  });

  it("caps the fit at its highest zoom for a single point, and a searched area at the map's last level", () => {
    const point: MapPreviewView = { ...SAO_PAULO, box: [-23.56, -46.66, -23.56, -46.66] };
    expect(tileNumbers(previewTiles(point, 360, 560, false)[0].url).z).toBe(15);
    const street: MapPreviewView = {
      ...SAO_PAULO,
      box: [-23.5601, -46.6601, -23.56, -46.66],
      padding: 0,
      fitMaxZoom: 18,
    };
    expect(tileNumbers(previewTiles(street, 360, 560, false)[0].url).z).toBe(18);
    // The last level on a high-density screen: the level before, drawn twice as large (maxNativeZoom).
    const dense = previewTiles(street, 360, 560, true);
    expect(tileNumbers(dense[0].url).z).toBe(18);
    expect(dense.every((t) => t.size === 256)).toBe(true);
  });

  it("wraps the longitude across the antimeridian and skips rows beyond the poles", () => {
    const view: MapPreviewView = { ...SAO_PAULO, box: [60, 170, 84, 190], padding: 0 };
    const tiles = previewTiles(view, 1366, 720, false);
    const z = tileNumbers(tiles[0].url).z;
    expect(z).toBe(3); // the box would need a lower zoom: the map's first level
    const columns = new Set<number>();
    for (const tile of tiles) {
      const { x, y } = tileNumbers(tile.url);
      columns.add(x);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(2 ** z);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(2 ** z);
    }
    // Both sides of the antimeridian: the last column and the first.
    expect(columns.has(2 ** z - 1) && columns.has(0)).toBe(true);
  });
});

describe("previewTiles and the map's tile layer options", () => {
  it("asks the levels tileLayerOptions gives Leaflet, at every map zoom", () => {
    const template = SAO_PAULO.template;
    for (const retina of [false, true]) {
      const options = tileLayerOptions(template, SAO_PAULO.maxZoom, retina);
      for (let zoom = SAO_PAULO.minZoom; zoom <= SAO_PAULO.maxZoom; zoom++) {
        // A box a little smaller than the container at `zoom` (no padding): the fit chooses `zoom`.
        const degrees = (300 / 256) * (360 / 2 ** zoom);
        const view: MapPreviewView = {
          ...SAO_PAULO,
          box: [-23.56 - degrees / 4, -46.66 - degrees / 2, -23.56 + degrees / 4, -46.66 + degrees / 2],
          padding: 0,
          fitMaxZoom: SAO_PAULO.maxZoom,
        };
        const tiles = previewTiles(view, 400, 400, retina);
        // Leaflet's detectRetina: one level more in the URL, up to maxNativeZoom, and half the tile size.
        const native = Math.min(zoom, options.maxNativeZoom ?? Infinity);
        const urlZoom = options.detectRetina ? native + 1 : native;
        const size = (options.detectRetina ? 128 : 256) * 2 ** (zoom - native);
        expect(tileNumbers(tiles[0].url).z, `zoom ${zoom}, retina ${retina}`).toBe(urlZoom);
        expect(tiles.every((tile) => tile.size === size)).toBe(true);
      }
    }
  });
});

describe("mapPreviewScript", () => {
  interface FakeImage {
    src: string;
    alt: string;
    style: { cssText: string };
  }

  /**
   * Runs the script against a minimal document: the preview element (whose size the test can
   * change), the images it holds, and the ResizeObserver the script starts.
   */
  function run(width: number, height: number, devicePixelRatio: number) {
    const preview = {
      clientWidth: width,
      clientHeight: height,
      children: [] as FakeImage[],
      get firstChild() {
        return this.children[0] ?? null;
      },
      getAttribute: (name: string) => (name === "data-map-preview" ? JSON.stringify(SAO_PAULO) : null),
      appendChild(image: FakeImage) {
        this.children.push(image);
      },
      removeChild(image: FakeImage) {
        this.children.splice(this.children.indexOf(image), 1);
      },
    };
    const document = {
      currentScript: { previousElementSibling: preview },
      createElement: (): FakeImage => ({ src: "", alt: "x", style: { cssText: "" } }),
    };
    const observed: { callback: () => void; target: unknown }[] = [];
    class ResizeObserver {
      constructor(private readonly callback: () => void) {}
      observe(target: unknown) {
        observed.push({ callback: this.callback, target });
      }
    }
    new Function("document", "window", mapPreviewScript())(document, { devicePixelRatio, ResizeObserver });
    return { preview, observed };
  }

  it("runs on its own in a page: the images of previewTiles, in place", () => {
    const { preview } = run(360, 560, 2);
    const tiles = previewTiles(SAO_PAULO, 360, 560, true);
    expect(preview.children.map((image) => image.src)).toEqual(tiles.map((tile) => tile.url));
    expect(preview.children[0].alt).toBe("");
    expect(preview.children[0].style.cssText).toContain(
      `left:${tiles[0].left}px;top:${tiles[0].top}px;width:128px;height:128px`,
    );
  });

  it("draws nothing in a box that is not shown", () => {
    expect(run(0, 0, 1).preview.children).toEqual([]);
  });

  it("draws the picture again when the box changes size, and only then", () => {
    const { preview, observed } = run(1000, 700, 1);
    expect(observed.map((entry) => entry.target)).toEqual([preview]);
    const redraw = observed[0].callback;
    const first = preview.children.map((image) => image.src);
    redraw(); // the observer's first call, same size
    expect(preview.children.map((image) => image.src)).toEqual(first);
    preview.clientWidth = 985; // a scrollbar came
    redraw();
    const tiles = previewTiles(SAO_PAULO, 985, 700, false);
    expect(preview.children.map((image) => image.src)).toEqual(tiles.map((tile) => tile.url));
    expect(preview.children[0].style.cssText).toContain(`left:${tiles[0].left}px;top:${tiles[0].top}px;`);
    preview.clientWidth = 0; // the map's view hidden
    redraw();
    expect(preview.children).toEqual([]);
  });
});
