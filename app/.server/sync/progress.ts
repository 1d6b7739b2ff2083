/**
 * The sync's log lines (pt-BR; ADR 0007): a progress line while it works, `[sync] 6.400/13.645 imóveis (47%) · 12,3 s`, at most about once per
 * second, and a summary line at the end.
 */

const integer = new Intl.NumberFormat("pt-BR");
const seconds = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "12,3 s" from milliseconds. */
export function formatSeconds(ms: number): string {
  return `${seconds.format(ms / 1000)} s`;
}

/** "13.645" (pt-BR thousands separator). */
export function formatCount(n: number): string {
  return integer.format(n);
}

/**
 * One progress line: `[sync] 6.400/13.645 imóveis (47%) · 12,3 s`. Without a
 * known total: `[sync] 6.400 imóveis · 12,3 s`. The percentage is rounded, and 100 only when done.
 */
export function progressLine(done: number, total: number | null, elapsedMs: number): string {
  if (!total) return `[sync] ${formatCount(done)} imóveis · ${formatSeconds(elapsedMs)}`;
  const percent = done >= total ? 100 : Math.min(99, Math.round((done / total) * 100));
  return `[sync] ${formatCount(done)}/${formatCount(total)} imóveis (${percent}%) · ${formatSeconds(elapsedMs)}`;
}

/**
 * Emits progress lines through `log`, at most one per `intervalMs` (default
 * 1000 ms); `now` is injectable for tests.
 */
export class ProgressReporter {
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly startedAt: number;

  constructor(
    private readonly log: (line: string) => void,
    private readonly intervalMs = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAt = now();
  }

  /** Milliseconds since the reporter was created. */
  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  /** Reports `done` of `total` unless a line was emitted less than `intervalMs` ago (or `force`). */
  report(done: number, total: number | null, force = false): void {
    const at = this.now();
    if (!force && at - this.lastAt < this.intervalMs) return;
    this.lastAt = at;
    this.log(progressLine(done, total, at - this.startedAt));
  }
}
