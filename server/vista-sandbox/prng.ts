/**
 * Deterministic randomness for the sandbox catalogue: everything the data set
 * lacks (codes, names, dates, flags, photos) is derived from a seeded PRNG, so
 * two builds of the catalogue are identical and no `Math.random` is involved.
 */

/**
 * 32-bit FNV-1a hash of a string, as an unsigned integer. Used to seed a
 * {@link Rng} from stable identifiers ("AP12345:3", a neighbourhood name…).
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Final avalanche (murmur3 fmix32) so close inputs give distant seeds.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A small seeded pseudo-random generator (mulberry32) with convenience helpers. */
export class Rng {
  private state: number;

  /** @param seed any 32-bit integer, or a string hashed with {@link hashString}. */
  constructor(seed: number | string) {
    this.state = (typeof seed === "string" ? hashString(seed) : seed) >>> 0;
  }

  /** Next float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * One element of a non-empty array.
   * @throws {RangeError} when the array is empty.
   */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick() from an empty array");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}
