/**
 * A background job run once shortly after start and then at a fixed
 * interval, by one process at a time: each run takes a PostgreSQL advisory
 * lock (`Database.tryAdvisoryLock`; on PGlite an in-process lock) and is
 * skipped when another holder has it. Runs never overlap within a process,
 * nothing escapes the timer (a failed run is logged and the next one
 * retries), and the timer does not keep the process alive. The analytics
 * maintenance (`./analytics/maintenance`) and the privacy maintenance
 * (`./privacy/retention`) use it; the sync scheduler (`./sync/scheduler`)
 * has its own, since it also aborts runs and reports a status.
 */
import type { Database, Db } from "./db";

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
  const intervalMs = options.intervalMs ?? job.intervalMs;
  const log = options.log ?? consoleJobLog;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
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

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runNow()
        .catch((error: unknown) => log(job.errorMessage, error))
        .finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref?.();
  };
  schedule(options.firstRunDelayMs ?? job.firstDelayMs);

  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}
