/**
 * The background sync loop (docs/architecture.md "Data flow" 1, "Scale"): runs the
 * sync once at start, then every `intervalSeconds`. However many processes
 * run, one leader syncs at a time: before each run a process tries the
 * PostgreSQL advisory lock {@link SYNC_LOCK_KEY} (on its own connection; on
 * PGlite an in-process lock) and skips the run when another holder has it.
 * Nothing escapes the timer: failures are recorded in `sync_state` and logged
 * (messages only, never the Vista key).
 */
import { publicContentChanged } from "../admin/content-changed";
import { clearCaches } from "../cache";
import { getDb, type Database } from "../db";
import { singleton } from "../singleton";
import type { VistaClient } from "../vista";
import { getVistaTarget } from "../vista/target";
import { runSync, type SyncResult } from "./run";

/** Advisory-lock key of the sync leader ("sync" in ASCII). */
export const SYNC_LOCK_KEY = 0x73796e63;

/** First retry delay after a failed run, ms (doubles per consecutive failure, capped at the interval). */
const RETRY_BASE_MS = 30_000;

/** Options of {@link startSyncScheduler}. */
export interface SyncSchedulerOptions {
  /** Seconds between the start of two runs (configuration `SYNC_INTERVAL_SECONDS`, default 300). */
  intervalSeconds: number;
  /** A Vista client for the next run (called before each run, so a changed target is picked up). */
  getClient: () => VistaClient;
  /** Default: {@link getDb}(). */
  database?: Database;
  /** Log lines (default stdout). */
  log?: (line: string) => void;
  /**
   * Identity of the Vista source for the full-sync-on-change rule (see
   * `runSync`); default: the base URL of `getVistaTarget()` (never the key).
   */
  getSource?: () => string | undefined;
  /** Run once right away (default true). */
  runOnStart?: boolean;
  /** Passed to `runSync` (tests). */
  concurrency?: number;
  /** First retry delay after a failed run, ms (default 30 s; doubles per failure, capped at the interval). */
  retryBaseMs?: number;
  /**
   * Called after each successful run that wrote or removed listings, once the
   * in-memory caches of `../cache` are emptied (e.g. to empty the page cache,
   * ADR 0013). Errors it throws are logged, not fatal.
   */
  onChange?: (result: SyncResult) => void;
}

/** What `status()` reports; also shown by `GET /health/server`. */
export interface SyncSchedulerStatus {
  /** A run is in progress in this process. */
  running: boolean;
  /** The last run of this process was skipped because another process holds the leader lock. */
  skippedAsFollower: boolean;
  intervalSeconds: number;
  /** When the next run is due, null once stopped. */
  nextRunAt: Date | null;
  /** Result of the last successful run of this process. */
  lastResult: SyncResult | null;
  /** Message of the last failed run of this process (redacted). */
  lastError: string | null;
  stopped: boolean;
}

/** A running scheduler. */
export interface SyncScheduler {
  /** Stops the timer, aborts a run in progress and waits for it to end. */
  stop(): Promise<void>;
  /**
   * Runs now (a run already in progress in this process is joined). Resolves
   * to null when another process is the leader, when the run failed (see
   * `status().lastError`), or when stopped. Never rejects.
   */
  runNow(options?: { mode?: "auto" | "full" }): Promise<SyncResult | null>;
  status(): SyncSchedulerStatus;
}

const registry = singleton("sync-scheduler", () => ({ current: undefined as SyncScheduler | undefined }));

/** The scheduler started in this process, if any (for `GET /health/server`). */
export function getSyncScheduler(): SyncScheduler | undefined {
  return registry.current;
}

/**
 * Starts the loop.
 * @returns controls; the first run starts on the next tick unless `runOnStart` is false.
 */
export function startSyncScheduler(options: SyncSchedulerOptions): SyncScheduler {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const intervalMs = Math.max(1, options.intervalSeconds) * 1000;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const database = () => options.database ?? getDb();
  const getSource =
    options.getSource ??
    (() => {
      try {
        return getVistaTarget().baseUrl;
      } catch {
        return undefined;
      }
    });

  let timer: NodeJS.Timeout | undefined;
  let current: Promise<SyncResult | null> | undefined;
  let abort: AbortController | undefined;
  let stopped = false;
  let nextRunAt: Date | null = null;
  let lastResult: SyncResult | null = null;
  let lastError: string | null = null;
  let skippedAsFollower = false;
  let failures = 0;
  let lastRunFailed = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    nextRunAt = new Date(Date.now() + delayMs);
    timer = setTimeout(() => {
      void tick();
    }, delayMs);
    timer.unref?.();
  };

  const tick = async () => {
    const started = Date.now();
    const result = await runNow();
    failures = result === null && lastRunFailed ? failures + 1 : 0;
    // After a failure, retry sooner (30 s, 60 s, 120 s… up to the interval),
    // so a first sync that hit a transient error does not leave the site empty for long.
    const delay = failures > 0 ? Math.min(intervalMs, retryBaseMs * 2 ** (failures - 1)) : intervalMs;
    schedule(Math.max(0, delay - (Date.now() - started)));
  };

  const runOnce = async (mode: "auto" | "full"): Promise<SyncResult | null> => {
    let lock: Awaited<ReturnType<Database["tryAdvisoryLock"]>> = null;
    let syncing = false;
    lastRunFailed = false;
    try {
      const db = database();
      lock = await db.tryAdvisoryLock(SYNC_LOCK_KEY);
      if (!lock) {
        if (!skippedAsFollower) log("[sync] outro processo está sincronizando; esta rodada foi pulada");
        skippedAsFollower = true;
        return null;
      }
      skippedAsFollower = false;
      abort = new AbortController();
      const client = options.getClient();
      syncing = true;
      const result = await runSync({
        database: db,
        client,
        log,
        mode,
        source: getSource(),
        concurrency: options.concurrency,
        signal: abort.signal,
      });
      lastResult = result;
      lastError = null;
      if (result && result.counts.upserted + result.counts.removed > 0) {
        // The in-memory catalogue caches (vocabulary, home, directories…) would
        // otherwise serve the old read model until their TTL.
        clearCaches();
        // Other server processes empty theirs and their page caches
        // (~/.server/cluster-events; docs/decisions/0026-several-servers.md).
        publicContentChanged("catalogue");
        try {
          options.onChange?.(result);
        } catch (error) {
          log(`[sync] erro após a sincronização: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return result;
    } catch (error) {
      lastRunFailed = true;
      lastError = error instanceof Error ? error.message : String(error);
      // runSync logs and records its own failures; this covers the ones before
      // it started (database unreachable, no Vista target).
      if (!syncing) log(`[sync] erro: ${lastError}`);
      return null;
    } finally {
      abort = undefined;
      await lock?.release().catch(() => undefined);
    }
  };

  const runNow: SyncScheduler["runNow"] = (runOptions = {}) => {
    if (stopped) return Promise.resolve(null);
    current ??= runOnce(runOptions.mode ?? "auto").finally(() => {
      current = undefined;
    });
    return current;
  };

  const scheduler: SyncScheduler = {
    runNow,
    async stop() {
      stopped = true;
      nextRunAt = null;
      clearTimeout(timer);
      abort?.abort(new Error("sync stopped"));
      await current?.catch(() => undefined);
      if (registry.current === scheduler) registry.current = undefined;
    },
    status() {
      return {
        running: current !== undefined,
        skippedAsFollower,
        intervalSeconds: intervalMs / 1000,
        nextRunAt,
        lastResult,
        lastError,
        stopped,
      };
    },
  };
  registry.current = scheduler;
  if (options.runOnStart === false) schedule(intervalMs);
  else schedule(0);
  return scheduler;
}
