/**
 * A clock and timers that move only when a test says so, for code that takes
 * injectable timers (e.g. the sync scheduler's `timers` option): `advance(ms)`
 * moves the clock and runs every timer that became due, in order;
 * `nextTimer()` waits for the code under test to set its next timer.
 */

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

/** Manual timers starting at `start` (ms since the epoch; default the real now). */
export class ManualTimers {
  private nowMs: number;
  private nextId = 1;
  private pending: Pending[] = [];
  private watchers: { delayMs: number | undefined; resolve: (delayMs: number) => void }[] = [];

  constructor(start = Date.now()) {
    this.nowMs = start;
  }

  now = (): number => this.nowMs;

  setTimeout = (fn: () => void, ms: number): unknown => {
    const timer = { id: this.nextId++, at: this.nowMs + Math.max(0, ms), fn };
    this.pending.push(timer);
    for (const watcher of [...this.watchers]) {
      if (watcher.delayMs === undefined || watcher.delayMs === ms) {
        this.watchers = this.watchers.filter((w) => w !== watcher);
        watcher.resolve(ms);
      }
    }
    return timer.id;
  };

  /**
   * Resolves with the delay of the next timer set from now on (only one of
   * `delayMs` when given): how a test waits for code to have re-armed its timer.
   */
  nextTimer(delayMs?: number): Promise<number> {
    return new Promise((resolve) => this.watchers.push({ delayMs, resolve }));
  }

  clearTimeout = (handle: unknown): void => {
    this.pending = this.pending.filter((timer) => timer.id !== handle);
  };

  /** Timers waiting, soonest first (for assertions). */
  get waiting(): number[] {
    return this.pending.map((timer) => timer.at - this.nowMs).sort((a, b) => a - b);
  }

  /** Moves the clock by `ms`, running each timer that falls due (timers they set included). */
  advance(ms: number): void {
    const until = this.nowMs + ms;
    for (;;) {
      const due = this.pending.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.pending = this.pending.filter((timer) => timer !== due);
      this.nowMs = Math.max(this.nowMs, due.at);
      due.fn();
    }
    this.nowMs = until;
  }
}
