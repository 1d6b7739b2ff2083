/**
 * The catalogue multiplied, to measure growth (docs/decisions/0095-load-and-growth.md):
 * with a factor of N the sandbox serves every data set row N times. Copy 0
 * is the data set as it is (same codes, same coordinates, so ×1 is the
 * ordinary catalogue); copies 1…N−1 get new codes and coordinates moved a
 * few hundred metres, so they read as other listings nearby rather than
 * duplicates stacked on one pin. Everything else a copy holds is derived
 * from its row index like any listing (catalogue/listings.ts).
 */
import { SAO_PAULO_BOUNDS, type Coordinates } from "../coordinates";
import { Rng } from "../prng";

/** Largest factor accepted: beyond it the catalogue no longer fits a sandbox's memory comfortably. */
export const MAX_MULTIPLY = 20;

/**
 * Largest move of a copy's coordinates from the original, in degrees on each
 * axis (about 550 m of latitude in São Paulo): near enough to stay in the
 * same neighbourhood most of the time, far enough to be a pin of its own.
 */
export const JITTER_DEGREES = 0.005;

/** Rows below this index keep the five-digit code of `listingCode`, a bijection only below it. */
const FIVE_DIGIT_ROWS = 90_000;

/**
 * The factor of a setting such as `VISTA_SANDBOX_MULTIPLY` ("5"); 1 when unset or empty.
 * @throws {RangeError} when it is not an integer from 1 to {@link MAX_MULTIPLY}.
 */
export function parseMultiply(raw: string | number | undefined): number {
  if (raw === undefined || raw === "") return 1;
  const factor = Number(raw);
  if (!Number.isInteger(factor) || factor < 1 || factor > MAX_MULTIPLY)
    throw new RangeError(
      `multiplicador do catálogo inválido: ${JSON.stringify(raw)} (use um inteiro de 1 a ${MAX_MULTIPLY})`,
    );
  return factor;
}

/**
 * The rows of the multiplied catalogue: `rows` repeated `factor` times, copy
 * after copy (row `i` of the result is original `i % rows.length`, copy
 * `⌊i / rows.length⌋`). The row objects are shared, not cloned.
 */
export function multiplyRows<T>(rows: readonly T[], factor: number): T[] {
  const result: T[] = [];
  for (let copy = 0; copy < factor; copy++) result.push(...rows);
  return result;
}

/**
 * The code of row `rowIndex` of a multiplied catalogue, given the
 * catalogue's ordinary code function: the ordinary code below 90,000 rows
 * (so small factors keep "AP" + five digits, and copy 0 always keeps its
 * data set code), "AP" + six digits from there on, which no five-digit code
 * can equal. Unique for every row index.
 */
export function multipliedCode(rowIndex: number, ordinaryCode: (rowIndex: number) => string): string {
  return rowIndex < FIVE_DIGIT_ROWS ? ordinaryCode(rowIndex) : `AP${100_000 + rowIndex}`;
}

/**
 * The coordinates of copy `copy` of a row at `original`: unchanged for copy
 * 0 and for a row without coordinates; otherwise moved by at most
 * {@link JITTER_DEGREES} on each axis, kept inside São Paulo's box. The move
 * is seeded by the copy and the original position, so rows at one position
 * (the units of one building) move together and stay one building in each
 * copy, and two builds give the same positions.
 */
export function jitterCoordinates(original: Coordinates | null, copy: number): Coordinates | null {
  if (!original || copy === 0) return original;
  const rng = new Rng(`multiply:${copy}:${original.latitude},${original.longitude}`);
  const clamp = (value: number, axis: keyof typeof SAO_PAULO_BOUNDS) =>
    Math.min(SAO_PAULO_BOUNDS[axis].max, Math.max(SAO_PAULO_BOUNDS[axis].min, value));
  // Six decimals, as the data set's repaired values have (about 0.1 m).
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    latitude: round(clamp(original.latitude + rng.float(-JITTER_DEGREES, JITTER_DEGREES), "latitude")),
    longitude: round(clamp(original.longitude + rng.float(-JITTER_DEGREES, JITTER_DEGREES), "longitude")),
  };
}
