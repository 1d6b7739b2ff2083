/**
 * The rooms of a listing's gallery (living room, kitchen, bedroom, bathroom,
 * balcony), each drawn from the seed's random stream in a fixed order, so a
 * seed always gives the same picture.
 */
import type { Rng } from "../prng";
import {
  PHOTO_WIDTH,
  PHOTO_HEIGHT,
  type Palette,
  r,
  room,
  skyline,
  windowOn,
  plant,
  art,
  hsl,
  skyBackdrop,
} from "./paint";

/** A living room: sofa, rug, coffee table, window or art, a plant. */
export function living(rng: Rng, p: Palette): string {
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

/** A kitchen: counters, cabinets, a fridge on one side, stools. */
export function kitchen(rng: Rng, p: Palette): string {
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

/** A bedroom: bed with pillows, bedside tables, a window, maybe a wardrobe. */
export function bedroom(rng: Rng, p: Palette): string {
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

/** A bathroom: tiles, vanity with mirror, shower glass. */
export function bathroom(rng: Rng, p: Palette): string {
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

/** A balcony over the city, with or without a barbecue grill. */
export function balcony(rng: Rng, p: Palette, grill: boolean): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const horizon = rng.int(330, 420);
  let svg = skyBackdrop(rng, horizon, 220, hsl(215, 15, 60));
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
