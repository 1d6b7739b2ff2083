/**
 * The drawing kit of the sandbox's pictures: the image size, the palette drawn
 * from a seed, the shared gradients, an empty room in one-point perspective
 * and small props (skyline, window, plant, framed art).
 */
import type { Rng } from "../prng";

/** Width of the full-size image, px (3:2). */
export const PHOTO_WIDTH = 1200;
/** Height of the full-size image, px. */
export const PHOTO_HEIGHT = 800;

/** The colours of one picture, drawn from its seed. */
export interface Palette {
  wall: string;
  wallSide: string;
  ceiling: string;
  floor: string;
  floorLine: string;
  accent: string;
  accentDark: string;
  second: string;
  wood: string;
  woodDark: string;
  metal: string;
  skyTop: string;
  skyBottom: string;
  plant: string;
}

/** An `hsl()` colour with the hue wrapped to 0–359 and whole numbers. */
export const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

/** A palette from the seed: walls, floor, accents, wood, metal, sky, plants. */
export function palette(rng: Rng): Palette {
  const wallHue = rng.int(0, 359);
  const wallSat = rng.float(8, 35);
  const wallLight = rng.float(76, 90);
  const accentHue = (wallHue + rng.int(120, 240)) % 360;
  const woodHue = rng.int(20, 38);
  const woodLight = rng.float(32, 62);
  const evening = rng.chance(0.2);
  return {
    wall: hsl(wallHue, wallSat, wallLight),
    wallSide: hsl(wallHue, wallSat, wallLight - 9),
    ceiling: hsl(wallHue, wallSat * 0.4, 95),
    floor: hsl(woodHue, rng.float(30, 50), woodLight),
    floorLine: hsl(woodHue, 35, woodLight - 12),
    accent: hsl(accentHue, rng.float(30, 60), rng.float(35, 55)),
    accentDark: hsl(accentHue, 40, 25),
    second: hsl((accentHue + rng.int(30, 90)) % 360, rng.float(35, 65), rng.float(45, 65)),
    wood: hsl(woodHue + 5, 40, woodLight + 8),
    woodDark: hsl(woodHue, 40, 25),
    metal: hsl(210, 8, rng.float(55, 75)),
    skyTop: evening ? hsl(rng.int(250, 280), 45, 35) : hsl(rng.int(200, 215), 70, rng.float(48, 60)),
    skyBottom: evening ? hsl(rng.int(15, 35), 85, 65) : hsl(rng.int(190, 205), 60, 85),
    plant: hsl(rng.int(95, 140), rng.float(35, 55), rng.float(28, 40)),
  };
}

/** The back wall of a room drawn by {@link room}, in image pixels. */
export interface Room {
  /** Back wall rectangle. */
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/** A coordinate rounded to the pixel. */
export const r = (n: number) => Math.round(n);

/** The gradients every picture may use (sky, glass, water). */
export function defs(p: Palette): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#fff" stop-opacity="0.3"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fc7e8"/><stop offset="1" stop-color="#1f7fb8"/></linearGradient>
</defs>`;
}

/** An empty room in one-point perspective: ceiling, walls, floor with planks or tiles. */
export function room(rng: Rng, p: Palette, floorKind: "planks" | "tiles" = "planks"): { svg: string; room: Room } {
  const x1 = rng.int(200, 320);
  const x2 = PHOTO_WIDTH - rng.int(200, 320);
  const y1 = rng.int(90, 150);
  const y2 = rng.int(520, 580);
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  let svg = `<polygon points="0,0 ${W},0 ${x2},${y1} ${x1},${y1}" fill="${p.ceiling}"/>`;
  svg += `<polygon points="0,0 ${x1},${y1} ${x1},${y2} 0,${H}" fill="${p.wallSide}"/>`;
  svg += `<polygon points="${W},0 ${x2},${y1} ${x2},${y2} ${W},${H}" fill="${p.wallSide}"/>`;
  svg += `<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" fill="${p.wall}"/>`;
  svg += `<polygon points="0,${H} ${W},${H} ${x2},${y2} ${x1},${y2}" fill="${p.floor}"/>`;
  const lines: string[] = [];
  const n = floorKind === "planks" ? 14 : 9;
  for (let i = 1; i < n; i++) {
    const xb = (i * W) / n;
    const xt = x1 + (i * (x2 - x1)) / n;
    lines.push(`M${r(xb)},${H}L${r(xt)},${y2}`);
  }
  if (floorKind === "tiles") {
    for (let k = 1; k < 6; k++) {
      const t = (k / 6) ** 1.6;
      const y = y2 + (H - y2) * t;
      const xl = x1 * (1 - t);
      const xr = x2 + (W - x2) * t;
      lines.push(`M${r(xl)},${r(y)}L${r(xr)},${r(y)}`);
    }
  }
  svg += `<path d="${lines.join("")}" stroke="${p.floorLine}" stroke-width="2" opacity="0.55"/>`;
  // Skirting line.
  svg += `<path d="M0,${H}L${x1},${y2}L${x2},${y2}L${W},${H}" stroke="#fff" stroke-opacity="0.5" stroke-width="4" fill="none"/>`;
  return { svg, room: { x1, x2, y1, y2 } };
}

/** A city skyline of random towers in a box. */
export function skyline(rng: Rng, x: number, y: number, w: number, h: number, color: string): string {
  let svg = "";
  let cx = x;
  while (cx < x + w) {
    const bw = rng.int(30, 90);
    const bh = rng.int(Math.round(h * 0.25), Math.round(h * 0.85));
    svg += `<rect x="${cx}" y="${y + h - bh}" width="${Math.min(bw, x + w - cx)}" height="${bh}" fill="${color}" opacity="${rng.float(0.55, 0.9).toFixed(2)}"/>`;
    cx += bw + rng.int(0, 12);
  }
  return svg;
}

/**
 * An outdoor picture's backdrop: the sky over the whole image and a skyline
 * `height` px tall standing on the horizon (`horizon`, px from the top).
 */
export function skyBackdrop(rng: Rng, horizon: number, height: number, color: string): string {
  return (
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>` +
    skyline(rng, 0, horizon - height, PHOTO_WIDTH, height, color)
  );
}

/** Ground from the horizon (px from the top) to the bottom of the image. */
export function groundFrom(horizon: number, fill: string): string {
  return `<rect y="${horizon}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - horizon}" fill="${fill}"/>`;
}

/** A window with sky, skyline and optional curtains in a box of the back wall. */
export function windowOn(rng: Rng, p: Palette, x: number, y: number, w: number, h: number, curtains: boolean): string {
  let svg = `<rect x="${x - 8}" y="${y - 8}" width="${w + 16}" height="${h + 16}" fill="#fafafa"/>`;
  svg += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>`;
  svg += skyline(rng, x, y + h * 0.35, w, h * 0.65, p.accentDark);
  svg += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#glass)"/>`;
  svg += `<path d="M${x + w / 2},${y}V${y + h}M${x},${y + h * 0.62}H${x + w}" stroke="#fafafa" stroke-width="8"/>`;
  if (curtains) {
    svg += `<path d="M${x - 30},${y - 20}h${w * 0.28}v${h + 50}h-${w * 0.28}z" fill="${p.second}" opacity="0.85"/>`;
    svg += `<path d="M${x + w + 30},${y - 20}h-${w * 0.28}v${h + 50}h${w * 0.28}z" fill="${p.second}" opacity="0.85"/>`;
  }
  return svg;
}

/** A potted plant standing at (x, baseY), scaled. */
export function plant(rng: Rng, p: Palette, x: number, baseY: number, scale: number): string {
  const potW = 60 * scale;
  const potH = 70 * scale;
  let svg = `<path d="M${r(x - potW / 2)},${r(baseY - potH)}h${r(potW)}l-${r(potW * 0.12)},${r(potH)}h-${r(potW * 0.76)}z" fill="${p.woodDark}"/>`;
  for (let i = 0; i < 7; i++) {
    const angle = rng.int(-70, 70);
    const len = rng.int(70, 130) * scale;
    svg += `<ellipse cx="${r(x)}" cy="${r(baseY - potH - len / 2)}" rx="${r(16 * scale)}" ry="${r(len / 2)}" fill="${p.plant}" transform="rotate(${angle} ${r(x)} ${r(baseY - potH)})" opacity="0.9"/>`;
  }
  return svg;
}

/** A framed abstract picture on a wall. */
export function art(rng: Rng, p: Palette, x: number, y: number, w: number, h: number): string {
  let svg = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.woodDark}"/><rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" fill="#f4f1ea"/>`;
  for (let i = 0; i < 3; i++) {
    const color = rng.pick([p.accent, p.second, p.accentDark, p.plant]);
    svg += rng.chance(0.5)
      ? `<circle cx="${x + rng.int(20, w - 20)}" cy="${y + rng.int(20, h - 20)}" r="${rng.int(10, Math.max(12, Math.round(h / 3)))}" fill="${color}" opacity="0.8"/>`
      : `<rect x="${x + rng.int(12, w / 2)}" y="${y + rng.int(12, h / 2)}" width="${rng.int(15, w / 2)}" height="${rng.int(15, h / 2)}" fill="${color}" opacity="0.8"/>`;
  }
  return svg;
}
