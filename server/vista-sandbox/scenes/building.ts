/**
 * The building's pictures: the façade, the floor plan and the condominium's
 * amenities (lobby, pool, gym, party room, playground, garden, gourmet space),
 * plus the brokers' portraits.
 */
import type { Rng } from "../prng";
import {
  PHOTO_WIDTH,
  PHOTO_HEIGHT,
  type Palette,
  r,
  room,
  windowOn,
  plant,
  hsl,
  skyBackdrop,
  groundFrom,
} from "./paint";

/** A building façade with `floors` floors of windows, sky and street. */
export function facade(rng: Rng, p: Palette, floors: number): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const ground = H - rng.int(110, 150);
  // Sky and neighbours.
  let svg = skyBackdrop(rng, ground, 380, hsl(210, 10, 72));
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

/** A floor plan seen from above: rooms, doors and furniture outlines. */
export function floorPlan(rng: Rng, p: Palette): string {
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

/** A condominium lobby: reception desk, sofas, plants. */
export function lobby(rng: Rng, p: Palette): string {
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

/** A condominium pool with deck chairs. */
export function pool(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(300, 380);
  let svg = skyBackdrop(rng, horizon, 260, hsl(210, 12, 70));
  svg += groundFrom(horizon, rng.pick(["#e9e1d3", "#d9d4cb", "#cfc6b8"]));
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

/** A gym: treadmills, dumbbell rack, mirror. */
export function gym(rng: Rng, p: Palette): string {
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

/** A party room: long table, chairs, lights. */
export function party(rng: Rng, p: Palette): string {
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

/** A playground: slide, swings, sand. */
export function playground(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const horizon = rng.int(330, 400);
  let svg = skyBackdrop(rng, horizon, 250, hsl(210, 10, 72));
  svg += groundFrom(horizon, hsl(100, 40, 45));
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

/** A garden: lawn, paths, trees and benches. */
export function garden(rng: Rng, p: Palette): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(320, 420);
  let svg = skyBackdrop(rng, horizon, 300, hsl(rng.int(0, 359), 10, 70));
  svg += groundFrom(horizon, hsl(rng.int(85, 120), 40, 42));
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

/** A gourmet space: barbecue, counter, table and stools. */
export function gourmet(rng: Rng, p: Palette): string {
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

/** A broker's portrait: head and shoulders on a plain background. */
export function portrait(rng: Rng, p: Palette): string {
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
