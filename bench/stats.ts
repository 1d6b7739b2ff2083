/**
 * Small numeric helpers of the benchmark (`npm run bench`, ADR 0012): a seeded PRNG so every run draws the same workload, and
 * latency summaries (percentiles in ms).
 */

/** A deterministic pseudo-random source: `next()` in [0, 1). */
export interface Random {
  /** Next float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One element of a non-empty list, with the given non-negative weights (same length). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
}

/**
 * mulberry32 (public-domain 32-bit PRNG): the same `seed` always yields the
 * same sequence, on every platform.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items, weights) => {
      const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
      let draw = next() * total;
      for (let i = 0; i < items.length; i++) {
        draw -= Math.max(0, weights[i]);
        if (draw < 0) return items[i];
      }
      return items[items.length - 1];
    },
    chance: (p) => next() < p,
  };
  return random;
}

/** Latency summary of a set of samples, all in milliseconds. */
export interface LatencySummary {
  /** Number of samples. */
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The `p`-th percentile (0–100) of `sorted` (ascending), nearest-rank method:
 * the smallest sample such that at least p % of the samples are ≤ it.
 * NaN for an empty list.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)];
}

/** p50/p95/p99/max/mean of `samples` (ms); NaN figures when there are none. */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((sum, x) => sum + x, 0) / sorted.length : Number.NaN;
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    mean,
  };
}

/** A duration in ms for the table: "3,42 ms" (pt-BR decimal comma), "—" when not a number. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  const digits = ms < 10 ? 2 : ms < 100 ? 1 : 0;
  return `${ms.toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;
}

/** "meta ✓" when `value ≤ target`, "meta ✗" otherwise (benchmarks print, they never fail). */
export function targetMark(value: number, target: number): string {
  return Number.isFinite(value) && value <= target ? "meta ✓" : "meta ✗";
}

/**
 * How much slower than the session's usual speed a Lighthouse run's machine
 * may have been (its `environment.benchmarkIndex`, Lighthouse's own CPU
 * check taken just before the page loads) and still count: 0.15, i.e. an
 * index below 85 % of the reference marks a machine busy with other work: on
 * this 2-core machine a run sharing the CPU with another job reads well below
 * a quiet one (docs/decisions/0053-where-tbt-goes-and-busy-runs.md has the
 * readings).
 */
export const BUSY_TOLERANCE = 0.15;

/**
 * Whether a run with Lighthouse benchmark index `index` ran on a busy
 * machine: below `(1 - tolerance)` times `reference` (the median index of the
 * session's runs so far). False while there is no reference (NaN or ≤ 0) or
 * the index itself is missing, so an unknown speed never discards a run.
 */
export function isBusyRun(index: number, reference: number, tolerance = BUSY_TOLERANCE): boolean {
  if (!Number.isFinite(index) || !Number.isFinite(reference) || reference <= 0) return false;
  return index < reference * (1 - tolerance);
}
