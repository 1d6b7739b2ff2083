/**
 * Stylised SVG "photos" for the sandbox catalogue: rooms, façades, floor plans
 * and condominium amenities. Palette, proportions and furniture placement come
 * from a seed (listing code + photo number), so every listing's gallery looks
 * different while staying the same on every run. No text is drawn (no font
 * dependency), shapes are simple so librsvg renders one in a few milliseconds.
 * The drawing kit is in `scenes/paint.ts`, the rooms in `scenes/rooms.ts`, the
 * building and its amenities in `scenes/building.ts`.
 */
import { Rng } from "./prng";
import { facade, floorPlan, garden, gourmet, gym, lobby, party, playground, pool, portrait } from "./scenes/building";
import { PHOTO_HEIGHT, PHOTO_WIDTH, defs, palette, type Palette } from "./scenes/paint";
import { balcony, bathroom, bedroom, kitchen, living } from "./scenes/rooms";

export { PHOTO_HEIGHT, PHOTO_WIDTH } from "./scenes/paint";

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

type Draw = (rng: Rng, p: Palette, floors: number) => string;

/** Scene name → drawing; a name not here draws a living room. */
const DRAWINGS: Readonly<Record<string, Draw>> = {
  living,
  kitchen,
  bedroom,
  bathroom,
  balcony: (rng, p) => balcony(rng, p, false),
  "balcony-grill": (rng, p) => balcony(rng, p, true),
  facade: (rng, p, floors) => facade(rng, p, floors),
  plan: floorPlan,
  lobby,
  pool,
  gym,
  party,
  playground,
  garden,
  gourmet,
  portrait,
};

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
  const draw = Object.hasOwn(DRAWINGS, scene) ? (DRAWINGS[scene] as Draw) : living;
  const body = draw(rng, p, floors);
  // No full-frame lighting overlay: a per-pixel gradient over the whole photo is slow to render.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}" preserveAspectRatio="xMidYMid slice">${defs(p)}${body}</svg>`;
}

/** The agency logo drawn by the sandbox for `/logotipo` (a house mark, no text). */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#111"/><path d="M96,264L256,120L416,264V400H304V304H208V400H96Z" fill="none" stroke="#e0245e" stroke-width="32" stroke-linejoin="round"/></svg>`;
}
