/**
 * Stylised SVG "photos" for the sandbox catalogue: rooms, façades, floor plans
 * and condominium amenities. Palette, proportions and furniture placement come
 * from a seed (listing code + photo number), so every listing's gallery looks
 * different while staying the same on every run. No text is drawn (no font
 * dependency), shapes are simple so librsvg renders one in a few milliseconds.
 */
import { Rng } from "./prng";

/** Width of the full-size image, px (3:2). */
export const PHOTO_WIDTH = 1200;
/** Height of the full-size image, px. */
export const PHOTO_HEIGHT = 800;

interface Palette {
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

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

function palette(rng: Rng): Palette {
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

interface Room {
  /** Back wall rectangle. */
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

const r = (n: number) => Math.round(n);

function defs(p: Palette): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#fff" stop-opacity="0.3"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fc7e8"/><stop offset="1" stop-color="#1f7fb8"/></linearGradient>
</defs>`;
}

/** An empty room in one-point perspective: ceiling, walls, floor with planks or tiles. */
function room(rng: Rng, p: Palette, floorKind: "planks" | "tiles" = "planks"): { svg: string; room: Room } {
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

function skyline(rng: Rng, x: number, y: number, w: number, h: number, color: string): string {
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

function windowOn(rng: Rng, p: Palette, x: number, y: number, w: number, h: number, curtains: boolean): string {
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

function plant(rng: Rng, p: Palette, x: number, baseY: number, scale: number): string {
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

function art(rng: Rng, p: Palette, x: number, y: number, w: number, h: number): string {
  let svg = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.woodDark}"/><rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" fill="#f4f1ea"/>`;
  for (let i = 0; i < 3; i++) {
    const color = rng.pick([p.accent, p.second, p.accentDark, p.plant]);
    svg += rng.chance(0.5)
      ? `<circle cx="${x + rng.int(20, w - 20)}" cy="${y + rng.int(20, h - 20)}" r="${rng.int(10, Math.max(12, Math.round(h / 3)))}" fill="${color}" opacity="0.8"/>`
      : `<rect x="${x + rng.int(12, w / 2)}" y="${y + rng.int(12, h / 2)}" width="${rng.int(15, w / 2)}" height="${rng.int(15, h / 2)}" fill="${color}" opacity="0.8"/>`;
  }
  return svg;
}

function living(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p);
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  const winLeft = rng.chance(0.5);
  const winW = wallW * rng.float(0.28, 0.38);
  const winX = winLeft ? rm.x1 + wallW * 0.08 : rm.x2 - wallW * 0.08 - winW;
  svg += windowOn(rng, p, r(winX), rm.y1 + 50, r(winW), r((rm.y2 - rm.y1) * 0.55), rng.chance(0.6));
  const artX = winLeft ? rm.x2 - wallW * 0.4 : rm.x1 + wallW * 0.12;
  svg += art(rng, p, r(artX), rm.y1 + 60, r(wallW * 0.25), r((rm.y2 - rm.y1) * 0.3));
  // Rug, sofa, coffee table.
  const sofaW = wallW * rng.float(0.45, 0.6);
  const sofaX = rm.x1 + (wallW - sofaW) * rng.float(0.3, 0.7);
  const sofaY = rm.y2 + 10;
  svg += `<ellipse cx="${r(sofaX + sofaW / 2)}" cy="${r(sofaY + 150)}" rx="${r(sofaW * 0.75)}" ry="70" fill="${p.second}" opacity="0.55"/>`;
  svg += `<rect x="${r(sofaX)}" y="${r(sofaY - 120)}" width="${r(sofaW)}" height="90" rx="18" fill="${p.accentDark}"/>`;
  svg += `<rect x="${r(sofaX - 25)}" y="${r(sofaY - 60)}" width="${r(sofaW + 50)}" height="75" rx="18" fill="${p.accent}"/>`;
  svg += `<rect x="${r(sofaX - 40)}" y="${r(sofaY - 95)}" width="45" height="110" rx="16" fill="${p.accentDark}"/><rect x="${r(sofaX + sofaW - 5)}" y="${r(sofaY - 95)}" width="45" height="110" rx="16" fill="${p.accentDark}"/>`;
  for (let i = 0; i < 3; i++) {
    svg += `<rect x="${r(sofaX + 20 + (i * (sofaW - 40)) / 3)}" y="${r(sofaY - 105)}" width="${r((sofaW - 60) / 3)}" height="55" rx="14" fill="${i === 1 ? p.second : p.accent}" opacity="0.95"/>`;
  }
  const tableW = sofaW * 0.55;
  svg += `<ellipse cx="${r(sofaX + sofaW / 2)}" cy="${r(sofaY + 135)}" rx="${r(tableW / 2)}" ry="30" fill="${p.wood}"/><rect x="${r(sofaX + sofaW / 2 - tableW / 2)}" y="${r(sofaY + 135)}" width="${r(tableW)}" height="22" fill="${p.woodDark}"/>`;
  // Floor lamp and plant.
  const lampX = winLeft ? rm.x2 - 40 : rm.x1 + 40;
  svg += `<path d="M${lampX},${rm.y2 + 40}V${rm.y1 + 140}" stroke="${p.metal}" stroke-width="6"/><path d="M${lampX - 45},${rm.y1 + 150}l20,-70h50l20,70z" fill="#f6ecd0"/>`;
  svg += plant(rng, p, rng.chance(0.5) ? 110 : PHOTO_WIDTH - 110, PHOTO_HEIGHT - 40, 1.4);
  return svg;
}

function kitchen(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p, "tiles");
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  const counterTop = rm.y2 - 170;
  const tile = rng.pick(["#f2f2f2", "#e8f0f2", "#f3ebe1", p.wall]);
  svg += `<rect x="${rm.x1}" y="${counterTop - 150}" width="${wallW}" height="150" fill="${tile}"/>`;
  const tiles: string[] = [];
  for (let x = rm.x1; x < rm.x2; x += 40) tiles.push(`M${x},${counterTop - 150}V${counterTop}`);
  for (let y = counterTop - 150; y < counterTop; y += 25) tiles.push(`M${rm.x1},${y}H${rm.x2}`);
  svg += `<path d="${tiles.join("")}" stroke="#c9c9c9" stroke-width="1.5"/>`;
  // Upper cabinets with a window gap.
  const gapX = rm.x1 + wallW * rng.float(0.3, 0.5);
  const gapW = wallW * 0.28;
  svg += `<rect x="${rm.x1}" y="${rm.y1 + 10}" width="${r(gapX - rm.x1)}" height="${r(counterTop - 170 - rm.y1)}" fill="${p.accent}"/>`;
  svg += `<rect x="${r(gapX + gapW)}" y="${rm.y1 + 10}" width="${r(rm.x2 - gapX - gapW)}" height="${r(counterTop - 170 - rm.y1)}" fill="${p.accent}"/>`;
  svg += windowOn(rng, p, r(gapX + 15), rm.y1 + 30, r(gapW - 30), r(counterTop - 200 - rm.y1), false);
  // Lower cabinets, counter, doors.
  svg += `<rect x="${rm.x1}" y="${counterTop + 14}" width="${wallW}" height="${rm.y2 - counterTop - 14}" fill="${p.accent}"/>`;
  svg += `<rect x="${rm.x1 - 6}" y="${counterTop}" width="${wallW + 12}" height="16" fill="${rng.pick(["#2f2f33", "#e9e6df", "#6b5b4a", "#9aa0a6"])}"/>`;
  const doors: string[] = [];
  for (let x = rm.x1 + 70; x < rm.x2; x += 70) doors.push(`M${x},${counterTop + 20}V${rm.y2 - 6}`);
  svg += `<path d="${doors.join("")}" stroke="${p.accentDark}" stroke-width="3"/>`;
  // Sink and hob.
  svg += `<ellipse cx="${r(gapX + gapW / 2)}" cy="${counterTop + 6}" rx="60" ry="8" fill="${p.metal}"/><path d="M${r(gapX + gapW / 2)},${counterTop}v-45h25" stroke="${p.metal}" stroke-width="7" fill="none"/>`;
  const hobX = gapX < rm.x1 + wallW / 2 ? rm.x2 - wallW * 0.25 : rm.x1 + wallW * 0.12;
  svg += `<rect x="${r(hobX)}" y="${counterTop - 4}" width="130" height="8" fill="#222"/><path d="M${r(hobX + 10)},${rm.y1 + 20}h110l25,110h-160z" fill="${p.metal}"/>`;
  // Fridge on a side.
  const fridgeLeft = rng.chance(0.5);
  const fx = fridgeLeft ? 40 : PHOTO_WIDTH - 230;
  svg += `<rect x="${fx}" y="${rm.y1 + 40}" width="190" height="${PHOTO_HEIGHT - rm.y1 - 60}" rx="10" fill="${p.metal}"/><path d="M${fx},${rm.y1 + 260}h190M${fridgeLeft ? fx + 170 : fx + 20},${rm.y1 + 120}v80M${fridgeLeft ? fx + 170 : fx + 20},${rm.y1 + 300}v120" stroke="#555" stroke-width="4"/>`;
  // Stools.
  for (let i = 0; i < rng.int(0, 3); i++) {
    const sx = rm.x1 + wallW * (0.25 + i * 0.22);
    svg += `<rect x="${r(sx)}" y="${PHOTO_HEIGHT - 170}" width="80" height="18" rx="8" fill="${p.second}"/><path d="M${r(sx + 10)},${PHOTO_HEIGHT - 152}l-10,120M${r(sx + 70)},${PHOTO_HEIGHT - 152}l10,120" stroke="${p.woodDark}" stroke-width="6"/>`;
  }
  return svg;
}

function bedroom(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p);
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  const bedW = wallW * rng.float(0.42, 0.55);
  const bedX = rm.x1 + (wallW - bedW) / 2 + rng.int(-60, 60);
  const headTop = rm.y2 - rng.int(250, 300);
  if (rng.chance(0.6))
    svg += windowOn(rng, p, r(rm.x1 + 20), rm.y1 + 50, r(wallW * 0.18), r((rm.y2 - rm.y1) * 0.45), true);
  svg += art(rng, p, r(bedX + bedW * 0.2), r(headTop - 130), r(bedW * 0.6), 100);
  svg += `<rect x="${r(bedX)}" y="${headTop}" width="${r(bedW)}" height="${rm.y2 - headTop}" rx="14" fill="${p.accentDark}"/>`;
  // Mattress in perspective.
  const front = PHOTO_HEIGHT - 90;
  const spread = 90;
  svg += `<polygon points="${r(bedX)},${rm.y2 - 90} ${r(bedX + bedW)},${rm.y2 - 90} ${r(bedX + bedW + spread)},${front} ${r(bedX - spread)},${front}" fill="#f7f5f0"/>`;
  svg += `<polygon points="${r(bedX - 10)},${rm.y2 + 10} ${r(bedX + bedW + 10)},${rm.y2 + 10} ${r(bedX + bedW + spread + 8)},${front + 4} ${r(bedX - spread - 8)},${front + 4}" fill="${p.second}"/>`;
  svg += `<rect x="${r(bedX - spread - 8)}" y="${front + 4}" width="${r(bedW + 2 * spread + 16)}" height="40" fill="${p.accent}"/>`;
  svg += `<rect x="${r(bedX + 25)}" y="${rm.y2 - 150}" width="${r(bedW / 2 - 40)}" height="70" rx="20" fill="#fff"/><rect x="${r(bedX + bedW / 2 + 15)}" y="${rm.y2 - 150}" width="${r(bedW / 2 - 40)}" height="70" rx="20" fill="#fff"/>`;
  // Nightstands with lamps.
  for (const x of [bedX - 120, bedX + bedW + 20]) {
    svg += `<rect x="${r(x)}" y="${rm.y2 - 110}" width="100" height="110" fill="${p.wood}"/><path d="M${r(x + 50)},${rm.y2 - 110}v-50" stroke="${p.metal}" stroke-width="5"/><path d="M${r(x + 20)},${rm.y2 - 160}l12,-50h36l12,50z" fill="#f6ecd0"/>`;
  }
  // Wardrobe on the right wall.
  if (rng.chance(0.6)) {
    svg += `<polygon points="${rm.x2 + 20},${rm.y1 + 30} ${PHOTO_WIDTH - 60},${rm.y1 - 40} ${PHOTO_WIDTH - 60},${PHOTO_HEIGHT - 40} ${rm.x2 + 20},${rm.y2 + 10}" fill="${p.wood}"/><path d="M${r((rm.x2 + PHOTO_WIDTH) / 2 - 20)},${rm.y1 + 0}V${rm.y2 + 40}" stroke="${p.woodDark}" stroke-width="4"/>`;
  }
  return svg;
}

function bathroom(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p, "tiles");
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  const tile = rng.pick(["#eef2f3", "#f4efe8", "#dfe7ea", "#e9e4f0"]);
  svg += `<rect x="${rm.x1}" y="${rm.y1}" width="${wallW}" height="${rm.y2 - rm.y1}" fill="${tile}"/>`;
  const grid: string[] = [];
  for (let x = rm.x1; x < rm.x2; x += 55) grid.push(`M${x},${rm.y1}V${rm.y2}`);
  for (let y = rm.y1; y < rm.y2; y += 55) grid.push(`M${rm.x1},${y}H${rm.x2}`);
  svg += `<path d="${grid.join("")}" stroke="#c7cfd2" stroke-width="1.5"/>`;
  const vanityX = rm.x1 + wallW * rng.float(0.08, 0.2);
  const vanityW = wallW * 0.42;
  svg += `<rect x="${r(vanityX + vanityW * 0.15)}" y="${rm.y1 + 50}" width="${r(vanityW * 0.7)}" height="${r((rm.y2 - rm.y1) * 0.42)}" rx="10" fill="#cfdde3"/><rect x="${r(vanityX + vanityW * 0.15)}" y="${rm.y1 + 50}" width="${r(vanityW * 0.7)}" height="${r((rm.y2 - rm.y1) * 0.42)}" rx="10" fill="url(#glass)"/>`;
  svg += `<rect x="${r(vanityX)}" y="${rm.y2 - 170}" width="${r(vanityW)}" height="20" fill="#f5f5f5"/><rect x="${r(vanityX + 10)}" y="${rm.y2 - 150}" width="${r(vanityW - 20)}" height="120" fill="${p.wood}"/>`;
  svg += `<ellipse cx="${r(vanityX + vanityW / 2)}" cy="${rm.y2 - 168}" rx="70" ry="10" fill="#ddd"/><path d="M${r(vanityX + vanityW / 2)},${rm.y2 - 170}v-40h20" stroke="${p.metal}" stroke-width="6" fill="none"/>`;
  // Shower glass.
  const showerX = rm.x2 - wallW * 0.32;
  svg += `<rect x="${r(showerX)}" y="${rm.y1 + 10}" width="${r(wallW * 0.3)}" height="${rm.y2 - rm.y1 + 40}" fill="#bfe3ef" opacity="0.35"/><rect x="${r(showerX)}" y="${rm.y1 + 10}" width="${r(wallW * 0.3)}" height="${rm.y2 - rm.y1 + 40}" fill="url(#glass)"/><path d="M${r(showerX + wallW * 0.15)},${rm.y1 + 40}v40" stroke="${p.metal}" stroke-width="6"/><circle cx="${r(showerX + wallW * 0.15)}" cy="${rm.y1 + 90}" r="16" fill="${p.metal}"/>`;
  svg += `<rect x="${rm.x1 - 90}" y="${rm.y1 + 120}" width="70" height="160" rx="6" fill="${p.second}"/>`;
  return svg;
}

function balcony(rng: Rng, p: Palette, grill: boolean): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(330, 420);
  let svg = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  svg += skyline(rng, 0, horizon - 220, W, 220, hsl(215, 15, 60));
  svg += skyline(rng, 0, horizon - 140, W, 140, p.accentDark);
  for (let i = 0; i < 8; i++) {
    svg += `<circle cx="${rng.int(0, W)}" cy="${horizon - rng.int(0, 20)}" r="${rng.int(25, 60)}" fill="${p.plant}" opacity="0.8"/>`;
  }
  // Deck.
  svg += `<polygon points="0,${H} ${W},${H} ${W},${horizon + 60} 0,${horizon + 60}" fill="${p.wood}"/>`;
  const deck: string[] = [];
  for (let y = horizon + 80; y < H; y += 28) deck.push(`M0,${y}H${W}`);
  svg += `<path d="${deck.join("")}" stroke="${p.woodDark}" stroke-width="2" opacity="0.5"/>`;
  // Glass railing.
  svg += `<rect x="0" y="${horizon - 40}" width="${W}" height="100" fill="#cfe9f3" opacity="0.35"/><rect x="0" y="${horizon - 46}" width="${W}" height="10" fill="${p.metal}"/>`;
  // Chairs and table.
  const tx = rng.int(350, 800);
  svg += `<ellipse cx="${tx}" cy="${horizon + 170}" rx="90" ry="22" fill="${p.second}"/><path d="M${tx},${horizon + 170}v120" stroke="${p.metal}" stroke-width="8"/>`;
  for (const dx of [-220, 150]) {
    svg += `<rect x="${tx + dx}" y="${horizon + 160}" width="110" height="26" rx="8" fill="${p.accent}"/><rect x="${tx + dx + (dx < 0 ? 0 : 84)}" y="${horizon + 70}" width="26" height="116" rx="8" fill="${p.accent}"/><path d="M${tx + dx + 10},${horizon + 186}v90M${tx + dx + 100},${horizon + 186}v90" stroke="${p.metal}" stroke-width="6"/>`;
  }
  if (grill) {
    svg += `<rect x="${W - 300}" y="${horizon - 20}" width="240" height="${H - horizon + 20}" fill="#8a4b38"/><rect x="${W - 280}" y="${horizon + 40}" width="200" height="120" fill="#2b2b2b"/><path d="M${W - 270},${horizon + 90}h180" stroke="${p.metal}" stroke-width="5"/>`;
  } else {
    svg += plant(rng, p, W - 140, H - 60, 1.6);
  }
  svg += plant(rng, p, 120, H - 40, 1.3);
  return svg;
}

function facade(rng: Rng, p: Palette, floors: number): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const ground = H - rng.int(110, 150);
  let svg = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  // Neighbours.
  svg += skyline(rng, 0, ground - 380, W, 380, hsl(210, 10, 72));
  const shown = Math.max(3, Math.min(floors, 22));
  const bw = rng.int(360, 560);
  const bx = r((W - bw) / 2 + rng.int(-120, 120));
  const floorH = Math.min(52, (ground - 60) / (shown + 1));
  const top = ground - floorH * (shown + 1);
  const body = hsl(rng.int(0, 359), rng.float(5, 30), rng.float(55, 85));
  svg += `<rect x="${bx}" y="${r(top)}" width="${bw}" height="${r(ground - top)}" fill="${body}"/>`;
  svg += `<rect x="${bx - 10}" y="${r(top - 12)}" width="${bw + 20}" height="14" fill="${p.accentDark}"/>`;
  const cols = Math.max(3, Math.round(bw / 90));
  const cellW = bw / cols;
  const windows: string[] = [];
  const balconies: string[] = [];
  for (let f = 0; f < shown; f++) {
    const y = top + floorH * (f + 0.3);
    for (let c = 0; c < cols; c++) {
      windows.push(
        `M${r(bx + c * cellW + cellW * 0.18)},${r(y)}h${r(cellW * 0.64)}v${r(floorH * 0.5)}h-${r(cellW * 0.64)}z`,
      );
    }
    balconies.push(`M${bx},${r(y + floorH * 0.55)}h${bw}`);
  }
  svg += `<path d="${windows.join("")}" fill="${hsl(205, 35, 45)}"/>`;
  svg += `<path d="${balconies.join("")}" stroke="${rng.pick(["#f2f2f2", p.accentDark, p.metal])}" stroke-width="6" opacity="0.8"/>`;
  // Entrance and marquee.
  svg += `<rect x="${r(bx + bw / 2 - 60)}" y="${r(ground - floorH * 0.9)}" width="120" height="${r(floorH * 0.9)}" fill="#3a3a3a"/><rect x="${r(bx + bw / 2 - 110)}" y="${r(ground - floorH * 0.95)}" width="220" height="12" fill="${p.accent}"/>`;
  // Sidewalk, street, trees.
  svg += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="#9a9a98"/><rect y="${ground + 40}" width="${W}" height="${H - ground - 40}" fill="#4a4b4d"/><path d="M0,${ground + 90}H${W}" stroke="#eee" stroke-width="5" stroke-dasharray="50 40"/>`;
  for (let i = 0; i < 4; i++) {
    const x = rng.chance(0.5) ? rng.int(30, bx - 40) : rng.int(bx + bw + 40, W - 30);
    svg += `<path d="M${x},${ground + 20}v-120" stroke="${p.woodDark}" stroke-width="12"/><circle cx="${x}" cy="${ground - 150}" r="${rng.int(50, 80)}" fill="${p.plant}"/>`;
  }
  return svg;
}

function floorPlan(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  let svg = `<rect width="${W}" height="${H}" fill="#fbfaf7"/>`;
  const x0 = rng.int(120, 200);
  const y0 = rng.int(90, 140);
  const x1 = W - rng.int(120, 200);
  const y1 = H - rng.int(90, 140);
  const rooms: [number, number, number, number][] = [];
  const split = (x: number, y: number, w: number, h: number, depth: number) => {
    if (depth === 0 || (w < 260 && h < 260)) {
      rooms.push([x, y, w, h]);
      return;
    }
    if (w >= h) {
      const cut = r(w * rng.float(0.35, 0.65));
      split(x, y, cut, h, depth - 1);
      split(x + cut, y, w - cut, h, depth - 1);
    } else {
      const cut = r(h * rng.float(0.35, 0.65));
      split(x, y, w, cut, depth - 1);
      split(x, y + cut, w, h - cut, depth - 1);
    }
  };
  split(x0, y0, x1 - x0, y1 - y0, 3);
  for (const [x, y, w, h] of rooms) {
    svg += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${rng.chance(0.3) ? p.wall : "#fff"}" opacity="0.6"/>`;
    // Furniture symbol.
    if (w > 180 && h > 150) {
      svg += rng.chance(0.5)
        ? `<rect x="${r(x + w * 0.25)}" y="${r(y + h * 0.2)}" width="${r(w * 0.5)}" height="${r(h * 0.45)}" fill="none" stroke="#9a9a9a" stroke-width="3"/>`
        : `<circle cx="${r(x + w / 2)}" cy="${r(y + h / 2)}" r="${r(Math.min(w, h) * 0.18)}" fill="none" stroke="#9a9a9a" stroke-width="3"/>`;
    }
    // Door arc on one inner wall.
    const dx = r(x + Math.min(40, w / 4));
    svg += `<path d="M${dx},${y}a60,60 0 0 1 60,60" fill="none" stroke="#7a7a7a" stroke-width="2"/><path d="M${dx},${y}v60" stroke="#7a7a7a" stroke-width="2"/>`;
  }
  svg += rooms
    .map(
      ([x, y, w, h]) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#333" stroke-width="8"/>`,
    )
    .join("");
  svg += `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="none" stroke="#222" stroke-width="16"/>`;
  // Windows on the outer walls.
  for (let i = 0; i < 4; i++) {
    const wx = rng.int(x0 + 40, x1 - 160);
    svg += `<path d="M${wx},${i % 2 ? y1 : y0}h120" stroke="#8fc3dc" stroke-width="10"/>`;
  }
  return svg;
}

function lobby(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p, "tiles");
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  svg += `<rect x="${rm.x1}" y="${rm.y1}" width="${wallW}" height="${rm.y2 - rm.y1}" fill="${p.wood}" opacity="0.55"/>`;
  const deskW = wallW * 0.4;
  const deskX = rm.x1 + (wallW - deskW) / 2;
  svg += `<rect x="${r(deskX)}" y="${rm.y2 - 120}" width="${r(deskW)}" height="130" fill="#efece6"/><rect x="${r(deskX - 10)}" y="${rm.y2 - 132}" width="${r(deskW + 20)}" height="16" fill="${p.accentDark}"/>`;
  for (let i = 0; i < 3; i++) {
    const x = rm.x1 + wallW * (0.25 + i * 0.25);
    svg += `<path d="M${r(x)},${rm.y1 - 40}v70" stroke="${p.metal}" stroke-width="3"/><circle cx="${r(x)}" cy="${rm.y1 + 45}" r="22" fill="#f6e6b4"/>`;
  }
  svg += `<rect x="120" y="${PHOTO_HEIGHT - 230}" width="200" height="90" rx="20" fill="${p.accent}"/><rect x="${PHOTO_WIDTH - 320}" y="${PHOTO_HEIGHT - 230}" width="200" height="90" rx="20" fill="${p.accent}"/>`;
  svg += plant(rng, p, rm.x1 + 60, rm.y2 + 10, 1.2) + plant(rng, p, rm.x2 - 60, rm.y2 + 10, 1.2);
  return svg;
}

function pool(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(300, 380);
  let svg = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  svg += skyline(rng, 0, horizon - 260, W, 260, hsl(210, 12, 70));
  svg += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${rng.pick(["#e9e1d3", "#d9d4cb", "#cfc6b8"])}"/>`;
  const px1 = rng.int(200, 320);
  const px2 = W - rng.int(200, 320);
  svg += `<polygon points="${px1},${horizon + 40} ${px2},${horizon + 40} ${W - 60},${H - 60} 60,${H - 60}" fill="url(#water)"/>`;
  const waves: string[] = [];
  for (let i = 0; i < 9; i++) {
    const y = rng.int(horizon + 70, H - 90);
    const x = rng.int(150, W - 350);
    waves.push(`M${x},${y}q30,-10 60,0t60,0t60,0`);
  }
  svg += `<path d="${waves.join("")}" stroke="#e8fbff" stroke-width="3" fill="none" opacity="0.7"/>`;
  for (let i = 0; i < 3; i++) {
    const x = 40 + i * 150;
    svg += `<polygon points="${x},${horizon + 20} ${x + 110},${horizon + 20} ${x + 90},${horizon + 90} ${x - 20},${horizon + 90}" fill="#fafafa"/>`;
  }
  const ux = W - rng.int(150, 260);
  svg += `<path d="M${ux},${horizon + 80}V${horizon - 80}" stroke="${p.woodDark}" stroke-width="6"/><path d="M${ux - 110},${horizon - 60}Q${ux},${horizon - 150} ${ux + 110},${horizon - 60}z" fill="${p.second}"/>`;
  svg += plant(rng, p, W - 80, horizon + 60, 1.3);
  return svg;
}

function gym(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p, "tiles");
  let svg = base.replace(`fill="${p.floor}"`, `fill="#3b3d40"`);
  const wallW = rm.x2 - rm.x1;
  svg += `<rect x="${rm.x1 + 20}" y="${rm.y1 + 40}" width="${wallW - 40}" height="${r((rm.y2 - rm.y1) * 0.6)}" fill="#cfdde3"/><rect x="${rm.x1 + 20}" y="${rm.y1 + 40}" width="${wallW - 40}" height="${r((rm.y2 - rm.y1) * 0.6)}" fill="url(#glass)"/>`;
  for (let i = 0; i < 3; i++) {
    const x = rm.x1 + 40 + i * (wallW / 3);
    svg += `<polygon points="${r(x)},${rm.y2 + 40} ${r(x + 200)},${rm.y2 + 40} ${r(x + 220)},${rm.y2 + 80} ${r(x - 10)},${rm.y2 + 80}" fill="#222"/><path d="M${r(x + 180)},${rm.y2 + 40}l20,-150h40" stroke="${p.metal}" stroke-width="8" fill="none"/><rect x="${r(x + 200)}" y="${rm.y2 - 130}" width="60" height="35" fill="${p.accent}"/>`;
  }
  svg += `<rect x="60" y="${PHOTO_HEIGHT - 200}" width="260" height="14" fill="${p.metal}"/>`;
  for (let i = 0; i < 5; i++)
    svg += `<rect x="${75 + i * 50}" y="${PHOTO_HEIGHT - 225}" width="30" height="22" rx="6" fill="#222"/>`;
  return svg;
}

function party(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p);
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  svg += windowOn(rng, p, rm.x1 + 30, rm.y1 + 40, r(wallW * 0.3), r((rm.y2 - rm.y1) * 0.55), true);
  const tableY = rm.y2 + 90;
  svg += `<rect x="${rm.x1 - 60}" y="${tableY}" width="${wallW + 120}" height="26" fill="#f8f4ec"/><rect x="${rm.x1 - 60}" y="${tableY + 26}" width="${wallW + 120}" height="60" fill="${p.second}" opacity="0.7"/>`;
  for (let i = 0; i < 8; i++) {
    const x = rm.x1 - 40 + i * ((wallW + 80) / 8);
    svg += `<rect x="${r(x)}" y="${tableY - 70}" width="50" height="70" rx="10" fill="${p.accent}"/>`;
  }
  for (let i = 0; i < 4; i++) {
    const x = rm.x1 + wallW * (0.15 + i * 0.23);
    svg += `<path d="M${r(x)},${rm.y1 - 50}v${80 + i * 10}" stroke="${p.metal}" stroke-width="3"/><circle cx="${r(x)}" cy="${rm.y1 + 40 + i * 10}" r="26" fill="#f7df9a"/>`;
  }
  svg += plant(rng, p, PHOTO_WIDTH - 100, PHOTO_HEIGHT - 30, 1.4);
  return svg;
}

function playground(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(330, 400);
  let svg = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  svg += skyline(rng, 0, horizon - 250, W, 250, hsl(210, 10, 72));
  svg += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${hsl(100, 40, 45)}"/>`;
  svg += `<ellipse cx="${W / 2}" cy="${horizon + 230}" rx="420" ry="120" fill="#e3cf9f"/>`;
  const sx = rng.int(150, 350);
  svg += `<path d="M${sx},${horizon + 250}V${horizon - 40}M${sx + 120},${horizon + 250}V${horizon - 40}M${sx - 10},${horizon - 40}h140" stroke="${p.accent}" stroke-width="14"/><path d="M${sx + 120},${horizon - 20}L${sx + 380},${horizon + 240}" stroke="${p.second}" stroke-width="34" stroke-linecap="round"/>`;
  const wx = rng.int(650, 850);
  svg += `<path d="M${wx},${horizon + 250}L${wx + 60},${horizon - 60}L${wx + 120},${horizon + 250}M${wx + 220},${horizon + 250}L${wx + 280},${horizon - 60}L${wx + 340},${horizon + 250}M${wx + 60},${horizon - 60}H${wx + 280}" stroke="${p.accentDark}" stroke-width="12" fill="none"/>`;
  for (const x of [wx + 130, wx + 200])
    svg += `<path d="M${x},${horizon - 60}v200" stroke="${p.metal}" stroke-width="3"/><rect x="${x - 25}" y="${horizon + 140}" width="50" height="12" fill="${p.second}"/>`;
  for (let i = 0; i < 5; i++)
    svg += `<circle cx="${rng.int(0, W)}" cy="${horizon - rng.int(0, 30)}" r="${rng.int(40, 80)}" fill="${p.plant}"/>`;
  return svg;
}

function garden(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(320, 420);
  let svg = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  svg += skyline(rng, 0, horizon - 300, W, 300, hsl(rng.int(0, 359), 10, 70));
  svg += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${hsl(rng.int(85, 120), 40, 42)}"/>`;
  const mid = rng.int(450, 750);
  svg += `<polygon points="${mid - 40},${horizon} ${mid + 40},${horizon} ${mid + 260},${H} ${mid - 260},${H}" fill="#d8cbb3"/>`;
  for (let i = 0; i < 9; i++) {
    const x = rng.int(0, W);
    const y = rng.int(horizon - 20, H - 40);
    const size = 20 + (y - horizon) * 0.25;
    svg += `<path d="M${x},${y}v-${r(size * 2)}" stroke="${p.woodDark}" stroke-width="${r(size / 4)}"/><circle cx="${x}" cy="${r(y - size * 2.6)}" r="${r(size * 1.4)}" fill="${p.plant}" opacity="0.95"/>`;
  }
  for (let i = 0; i < 12; i++)
    svg += `<circle cx="${rng.int(0, W)}" cy="${rng.int(horizon + 10, H)}" r="${rng.int(8, 16)}" fill="${rng.pick([p.second, "#f2d04b", "#e86a8a", "#ffffff"])}"/>`;
  svg += `<rect x="${mid + 180}" y="${H - 200}" width="170" height="16" fill="${p.wood}"/><path d="M${mid + 190},${H - 184}v50M${mid + 340},${H - 184}v50" stroke="${p.woodDark}" stroke-width="8"/>`;
  return svg;
}

function gourmet(rng: Rng, p: Palette): string {
  const { svg: base, room: rm } = room(rng, p, "tiles");
  let svg = base;
  const wallW = rm.x2 - rm.x1;
  const gx = rm.x1 + wallW * rng.float(0.05, 0.5);
  svg += `<rect x="${r(gx)}" y="${rm.y1 + 20}" width="240" height="${rm.y2 - rm.y1 - 20}" fill="#9c5a43"/><rect x="${r(gx + 30)}" y="${rm.y2 - 220}" width="180" height="110" fill="#2a2a2a"/><path d="M${r(gx + 40)},${rm.y2 - 170}h160" stroke="${p.metal}" stroke-width="5"/>`;
  const bricks: string[] = [];
  for (let y = rm.y1 + 40; y < rm.y2; y += 30) bricks.push(`M${r(gx)},${y}h240`);
  svg += `<path d="${bricks.join("")}" stroke="#7d4432" stroke-width="2"/>`;
  const tableX = rm.x1 + wallW * 0.15;
  svg += `<rect x="${r(tableX)}" y="${PHOTO_HEIGHT - 200}" width="${r(wallW * 0.7)}" height="22" fill="${p.wood}"/><path d="M${r(tableX + 20)},${PHOTO_HEIGHT - 178}v140M${r(tableX + wallW * 0.7 - 20)},${PHOTO_HEIGHT - 178}v140" stroke="${p.woodDark}" stroke-width="10"/>`;
  for (let i = 0; i < 5; i++)
    svg += `<rect x="${r(tableX + 20 + i * wallW * 0.14)}" y="${PHOTO_HEIGHT - 280}" width="50" height="80" rx="10" fill="${p.accent}"/>`;
  svg += plant(rng, p, PHOTO_WIDTH - 120, PHOTO_HEIGHT - 40, 1.5);
  return svg;
}

function portrait(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const skin = hsl(rng.int(18, 32), rng.float(35, 55), rng.float(35, 75));
  const hair = hsl(rng.int(15, 35), rng.float(20, 50), rng.float(10, 40));
  let svg = `<rect width="${W}" height="${H}" fill="${p.wall}"/>`;
  svg += `<path d="M${W / 2 - 300},${H}q0,-260 300,-260q300,0 300,260z" fill="${p.accent}"/>`;
  svg += `<rect x="${W / 2 - 55}" y="${H - 340}" width="110" height="90" fill="${skin}"/>`;
  svg += `<ellipse cx="${W / 2}" cy="${H - 470}" rx="130" ry="160" fill="${skin}"/>`;
  svg += `<path d="M${W / 2 - 140},${H - 480}q0,-190 140,-190q150,0 140,190q-30,-110 -140,-120q-110,10 -140,120z" fill="${hair}"/>`;
  return svg;
}

/** Scenes that can be drawn (see `SandboxPhoto.scene`), plus "portrait" (brokers) and "logo". */
export const SCENES = [
  "living",
  "kitchen",
  "bedroom",
  "bathroom",
  "balcony",
  "balcony-grill",
  "facade",
  "plan",
  "lobby",
  "pool",
  "gym",
  "party",
  "playground",
  "garden",
  "gourmet",
  "portrait",
] as const;

/**
 * The SVG document for one photo.
 * @param scene one of {@link SCENES} (unknown names draw a living room).
 * @param seed stable text, e.g. "AP12345:3"; the same seed always gives the same picture.
 * @param floors building floors, for façades.
 * @param size output pixel size; the drawing is scaled to it (thumbnails render directly small).
 */
export function sceneSvg(scene: string, seed: string, floors: number, size: { width: number; height: number }): string {
  const rng = new Rng(seed);
  const p = palette(rng);
  let body: string;
  switch (scene) {
    case "kitchen":
      body = kitchen(rng, p);
      break;
    case "bedroom":
      body = bedroom(rng, p);
      break;
    case "bathroom":
      body = bathroom(rng, p);
      break;
    case "balcony":
      body = balcony(rng, p, false);
      break;
    case "balcony-grill":
      body = balcony(rng, p, true);
      break;
    case "facade":
      body = facade(rng, p, floors);
      break;
    case "plan":
      body = floorPlan(rng, p);
      break;
    case "lobby":
      body = lobby(rng, p);
      break;
    case "pool":
      body = pool(rng, p);
      break;
    case "gym":
      body = gym(rng, p);
      break;
    case "party":
      body = party(rng, p);
      break;
    case "playground":
      body = playground(rng, p);
      break;
    case "garden":
      body = garden(rng, p);
      break;
    case "gourmet":
      body = gourmet(rng, p);
      break;
    case "portrait":
      body = portrait(rng, p);
      break;
    default:
      body = living(rng, p);
  }
  // No full-frame lighting overlay: a per-pixel gradient over 1200×800 doubles the render time.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}" preserveAspectRatio="xMidYMid slice">${defs(p)}${body}</svg>`;
}

/** The agency logo drawn by the sandbox for `/logotipo` (a house mark, no text). */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#111"/><path d="M96,264L256,120L416,264V400H304V304H208V400H96Z" fill="none" stroke="#e0245e" stroke-width="32" stroke-linejoin="round"/></svg>`;
}
