/**
 * The site's one scheduler of periodic work (docs/decisions/0077-one-of-each.md):
 *
 * - {@link startJobLoop}, the loop every periodic job is built on: a step
 *   runs after a first delay, then again a delay after it ended (the step's
 *   own, or the period); steps never overlap; a failed step is reported and
 *   the loop goes on; the timers are unref'd by default, so a waiting loop
 *   does not keep the process alive; `stop` cancels the timer. The sync
 *   scheduler (`./sync/scheduler`, which also aborts runs and reports a
 *   status) and the outboxes' delivery loop (`./outbox`) use it directly.
 * - {@link startPeriodicJob}, a job on that loop run by one process at a
 *   time: each run takes a PostgreSQL advisory lock
 *   (`Database.tryAdvisoryLock`; on PGlite an in-process lock) and is skipped
 *   when another holder has it; a failed run is logged and the next one
 *   retries. The alert digest (`./alerts/digest`), the analytics maintenance
 *   (`./analytics/maintenance`) and the privacy maintenance
 *   (`./privacy/retention`) use it.
 */
import type { Database, Db } from "./db";

/** The clock and timers of a {@link startJobLoop} loop (injectable so tests advance time instead of waiting). */
export interface JobTimers {
  /** Current time, ms since the epoch. */
  now(): number;
  /** Calls `fn` once after `ms`; the handle goes to `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Node's clock and timers (looked up at each call, so test fakes apply).
 * @param unref true (the default): a pending timer does not keep the process alive.
 */
export function nodeTimers(unref = true): JobTimers {
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const timer = setTimeout(fn, ms);
      if (unref) timer.unref?.();
      return timer;
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
}

/** Options of {@link startJobLoop}. */
export interface JobLoopOptions {
  /** Delay before the first step, ms. */
  firstDelayMs: number;
  /** Delay after a step that returned no delay of its own, or failed, ms. */
  periodMs: number;
  /** Default {@link nodeTimers}() (unref'd). */
  timers?: JobTimers;
  /** Told a step's error (default: dropped); the loop goes on either way. */
  onError?: (error: unknown) => void;
}

/** A started {@link startJobLoop} loop. */
export interface JobLoop<Arg> {
  /**
   * Cancels the pending timer and runs the step now with `arg`, or joins the
   * step in progress; the next timer is armed when the step ends. Resolves
   * when it has ended (never rejects; nothing runs once stopped).
   */
  runNow(arg?: Arg): Promise<void>;
  /** When the next step is due (the last one armed while a step runs); null once stopped. */
  nextRunAt(): Date | null;
  /** Cancels the timer: a step in progress ends, no other starts. Idempotent. */
  stop(): void;
}

/**
 * Runs `step` `options.firstDelayMs` from now, then, each time it ends, again
 * after the delay it resolved to (ms; `options.periodMs` when it resolved to
 * nothing or threw). See the module comment.
 * @param step called with the argument of `runNow`, undefined when the timer fired.
 */
export function startJobLoop<Arg = never>(
  step: (arg: Arg | undefined) => Promise<number | void>,
  options: JobLoopOptions,
): JobLoop<Arg> {
  const timers = options.timers ?? nodeTimers();
  let stopped = false;
  let handle: unknown;
  let nextRunAt: Date | null = null;
  let current: Promise<void> | undefined;

  const arm = (delayMs: number) => {
    if (stopped) return;
    timers.clearTimeout(handle);
    nextRunAt = new Date(timers.now() + delayMs);
    handle = timers.setTimeout(() => void runNow(), delayMs);
  };

  const runNow = (arg?: Arg): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (current) return current;
    timers.clearTimeout(handle);
    let started: Promise<number | void>;
    try {
      started = step(arg);
    } catch (error) {
      started = Promise.reject(error);
    }
    current = started
      .then(
        (delayMs) => delayMs ?? options.periodMs,
        (error: unknown) => {
          options.onError?.(error);
          return options.periodMs;
        },
      )
      .then((delayMs) => {
        current = undefined;
        arm(delayMs);
      });
    return current;
  };

  arm(options.firstDelayMs);
  return {
    runNow,
    nextRunAt: () => nextRunAt,
    stop() {
      stopped = true;
      nextRunAt = null;
      timers.clearTimeout(handle);
    },
  };
}

/** Writes a progress message, or an error with its cause. */
export type JobLog = (message: string, error?: unknown) => void;

/** The default {@link JobLog}: `console.error` when there is an error, else `console.info`. */
export const consoleJobLog: JobLog = (message, error) =>
  error ? console.error(message, error) : console.info(message);

/**
 * The caller's part of a job started by {@link startPeriodicJob} (what a
 * module's `start…` function accepts; each module documents its defaults).
 */
export interface PeriodicJobStartOptions {
  /** The database the job works on and whose advisory lock it takes. */
  database: Database;
  /** Delay before the first run, ms (default: the job's `firstDelayMs`). */
  firstRunDelayMs?: number;
  /** Time between runs, ms (default: the job's `intervalMs`). */
  intervalMs?: number;
  /** Where results and errors go (default {@link consoleJobLog}). */
  log?: JobLog;
}

/** The fixed part of a job, given by its module to {@link startPeriodicJob}. */
export interface PeriodicJobSpec<Result> {
  /** Advisory-lock key held during each run (a 32-bit integer). */
  lockKey: number;
  /** Default delay before the first run, ms. */
  firstDelayMs: number;
  /** Default time from the end of one scheduled run to the start of the next, ms. */
  intervalMs: number;
  /** Written with the error when a scheduled run fails (e.g. "[estatisticas] erro na manutenção"). */
  errorMessage: string;
  /**
   * The work of one run, called with the lock held, the database's `db` and
   * the job's log; null means "skipped". May throw.
   */
  run: (context: { db: Db; log: JobLog }) => Promise<Result | null>;
}

/** A started job. */
export interface PeriodicJob<Result> {
  /**
   * Runs now, or joins the run already in progress in this process; resolves
   * to null when stopped, when another process holds the lock or when `run`
   * returned null.
   * @throws what `run` threw.
   */
  runNow(): Promise<Result | null>;
  /** Cancels the timer and waits for a run in progress (its error is ignored). Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts `job.run` `firstRunDelayMs` (default `job.firstDelayMs`) from now,
 * then `intervalMs` (default `job.intervalMs`) after each scheduled run ends
 * (see the module comment). The lock is released after each run, even when
 * it failed.
 */
export function startPeriodicJob<Result>(
  job: PeriodicJobSpec<Result>,
  options: PeriodicJobStartOptions,
): PeriodicJob<Result> {
  const { database } = options;
  const log = options.log ?? consoleJobLog;
  let stopped = false;
  let current: Promise<Result | null> | undefined;

  const runOnce = async (): Promise<Result | null> => {
    const lock = await database.tryAdvisoryLock(job.lockKey);
    if (!lock) return null;
    try {
      return await job.run({ db: database.db, log });
    } finally {
      await lock.release().catch(() => undefined);
    }
  };

  const runNow = (): Promise<Result | null> => {
    if (stopped) return Promise.resolve(null);
    current ??= runOnce().finally(() => {
      current = undefined;
    });
    return current;
  };

  const loop = startJobLoop(
    async () => {
      await runNow();
    },
    {
      firstDelayMs: options.firstRunDelayMs ?? job.firstDelayMs,
      periodMs: options.intervalMs ?? job.intervalMs,
      onError: (error) => log(job.errorMessage, error),
    },
  );

  return {
    runNow,
    async stop() {
      stopped = true;
      loop.stop();
      await current?.catch(() => undefined);
    },
  };
}
