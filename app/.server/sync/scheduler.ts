/**
 * The background sync loop (docs/architecture.md "Data flow" 1, "Scale"): runs the
 * sync once at start, then every `intervalSeconds`. However many processes
 * run, one leader syncs at a time: before each run a process tries the
 * PostgreSQL advisory lock {@link SYNC_LOCK_KEY} (on its own connection; on
 * PGlite an in-process lock) and skips the run when another holder has it.
 * Nothing escapes the timer: failures are recorded in `sync_state` and logged
 * (messages only, never the Vista key).
 *
 * Faults (docs/decisions/0068-sync-faults.md): a run ends as failed when the
 * connection holding the lock is lost (the lock is gone, another process may
 * already be syncing); each night after 03:00 São Paulo time the next run is
 * a full reconciliation; and every process checks `sync_state` on a short
 * period ({@link TAKEOVER_CHECK_MS}) to take over a run its leader left
 * unfinished, an overdue one, or a full run an admin asked for.
 *
 * Safety valve (docs/decisions/0073-sync-safety-valve.md, `./removal-valve`):
 * a run that would unpublish too much of the catalogue holds the removals,
 * and the admins are e-mailed once per hold (`notifyAdmins`).
 */
import { publicContentChanged } from "../admin/content-changed";
import { clearCaches } from "../cache";
import { getDb, type AdvisoryLock, type Database } from "../db";
import { type JobLoop, type JobTimers, nodeTimers, startJobLoop } from "../periodic-job";
import { singleton } from "../singleton";
import type { VistaClient } from "../vista";
import { getVistaTarget } from "../vista/target";
import { lockLostError, SHUTDOWN_MESSAGE, syncErrorMessage, SyncInterruptedError } from "./faults";
import {
  lastReconcileBoundary,
  readSyncOverview,
  RECONCILE_HOUR,
  TAKEOVER_CHECK_MS,
  takeoverReason,
} from "./reconcile";
import type { RemovalNotifier } from "./removal-valve";
import { runSync, type SyncResult } from "./run";
import { adminMailNotifier } from "./valve-mail";

/** Advisory-lock key of the sync leader ("sync" in ASCII). */
export const SYNC_LOCK_KEY = 0x73796e63;

/** First retry delay after a failed run, ms (doubles per consecutive failure, capped at the interval). */
const RETRY_BASE_MS = 30_000;

/**
 * The clock and timers of a scheduler (injectable so tests advance time
 * instead of waiting); its timers must not keep the process alive.
 */
export type SchedulerTimers = JobTimers;

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
  /**
   * Hour (São Paulo time) after which each night's first run is full (default
   * {@link RECONCILE_HOUR}); null: no nightly reconciliation.
   */
  reconcileHour?: number | null;
  /** Period of the takeover check, ms (default {@link TAKEOVER_CHECK_MS}); 0: no check. */
  takeoverCheckMs?: number;
  /** Clock and timers (default Node's). */
  timers?: SchedulerTimers;
  /**
   * How the admins are told that the safety valve held removals back
   * (ADR 0073; default: an e-mail, `./valve-mail`); null: nobody.
   */
  notifyAdmins?: RemovalNotifier | null;
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
  /** Message of the last failed run of this process: one line naming the cause (redacted, `./faults`). */
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
  const timers = options.timers ?? nodeTimers();
  const intervalMs = Math.max(1, options.intervalSeconds) * 1000;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const reconcileHour = options.reconcileHour === undefined ? RECONCILE_HOUR : options.reconcileHour;
  const takeoverCheckMs = options.takeoverCheckMs ?? TAKEOVER_CHECK_MS;
  const database = () => options.database ?? getDb();
  const getSource = options.getSource ?? defaultSource;

  let checks: JobLoop<never> | undefined;
  let current: Promise<SyncResult | null> | undefined;
  let currentMode: "auto" | "full" = "auto";
  let queuedFull: Promise<SyncResult | null> | undefined;
  let abort: AbortController | undefined;
  let stopped = false;
  let lastResult: SyncResult | null = null;
  let lastError: string | null = null;
  let skippedAsFollower = false;
  let failures = 0;
  let lastRunFailed = false;

  /** One scheduled run (or a takeover, named by its log line); resolves to the delay before the next, ms. */
  const tick = async (takeover?: string): Promise<number> => {
    const started = timers.now();
    const result = await runNow({}, takeover);
    failures = result === null && lastRunFailed ? failures + 1 : 0;
    // After a failure, retry sooner (30 s, 60 s, 120 s… up to the interval),
    // so a first sync that hit a transient error does not leave the site empty for long.
    const delay = failures > 0 ? Math.min(intervalMs, retryBaseMs * 2 ** (failures - 1)) : intervalMs;
    return Math.max(0, delay - (timers.now() - started));
  };

  /** The takeover check: one read of `sync_state`; the lock is tried only when a reason says so. */
  const check = async () => {
    if (current || stopped) return;
    const { state, marks } = await readSyncOverview(database().db);
    const reason = takeoverReason(state, marks, new Date(timers.now()), intervalMs);
    if (reason && !current && !stopped) await loop.runNow(TAKEOVER_LINES[reason]);
  };

  const runOnce = async (mode: "auto" | "full", takeover?: string): Promise<SyncResult | null> => {
    let lock: AdvisoryLock | null = null;
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
      if (takeover) log(`[sync] assumindo a sincronização: ${takeover}`);
      const run = abortOnLoss(lock);
      abort = run;
      const client = options.getClient();
      syncing = true;
      const result = await runSync({
        database: db,
        client,
        log,
        mode,
        source: getSource(),
        concurrency: options.concurrency,
        signal: run.signal,
        reconcileAfter: reconcileHour === null ? null : lastReconcileBoundary(new Date(timers.now()), reconcileHour),
        now: () => new Date(timers.now()),
        removalValve: {
          notify: options.notifyAdmins === undefined ? adminMailNotifier({ db: db.db }) : options.notifyAdmins,
        },
      });
      lastResult = result;
      lastError = null;
      if (result.counts.upserted + result.counts.removed > 0) catalogueChanged(result, options.onChange, log);
      return result;
    } catch (error) {
      lastRunFailed = true;
      lastError = syncErrorMessage(error, abort?.signal);
      // runSync logs and records its own failures; this covers the ones before
      // it started (database unreachable, no Vista target).
      if (!syncing) log(`[sync] erro: ${lastError}`);
      return null;
    } finally {
      abort = undefined;
      await lock?.release().catch(() => undefined);
    }
  };

  const runNow = (runOptions: { mode?: "auto" | "full" } = {}, takeover?: string): Promise<SyncResult | null> => {
    if (stopped) return Promise.resolve(null);
    const mode = runOptions.mode ?? "auto";
    if (current && mode === "full" && currentMode !== "full") {
      // A full run asked for during a delta: it follows that delta.
      queuedFull ??= current.then(() => {
        queuedFull = undefined;
        return runNow({ mode: "full" });
      });
      return queuedFull;
    }
    if (!current) {
      currentMode = mode;
      current = runOnce(mode, takeover).finally(() => {
        current = undefined;
      });
    }
    return current;
  };

  const scheduler: SyncScheduler = {
    runNow: (runOptions) => runNow(runOptions),
    async stop() {
      stopped = true;
      loop.stop();
      checks?.stop();
      abort?.abort(new SyncInterruptedError(SHUTDOWN_MESSAGE));
      await current?.catch(() => undefined);
      if (registry.current === scheduler) registry.current = undefined;
    },
    status() {
      return {
        running: current !== undefined,
        skippedAsFollower,
        intervalSeconds: intervalMs / 1000,
        nextRunAt: loop.nextRunAt(),
        lastResult,
        lastError,
        stopped,
      };
    },
  };
  registry.current = scheduler;
  const loop = startJobLoop(tick, {
    firstDelayMs: options.runOnStart === false ? intervalMs : 0,
    periodMs: intervalMs,
    timers,
  });
  // The takeover check: a failed read is dropped (a database out of reach is
  // the health check's to report; the next check tries again).
  if (takeoverCheckMs > 0) {
    checks = startJobLoop(check, { firstDelayMs: takeoverCheckMs, periodMs: takeoverCheckMs, timers });
  }
  return scheduler;
}

/**
 * A run's abort controller, aborted when the lock's connection is lost: the
 * lock died with it and another process may be syncing already.
 */
function abortOnLoss(lock: AdvisoryLock): AbortController {
  const run = new AbortController();
  const onLost = () => run.abort(lockLostError(lock.lost.reason));
  if (lock.lost.aborted) onLost();
  else lock.lost.addEventListener("abort", onLost, { once: true });
  return run;
}

/** The log line's reason when a process takes over the sync (see `takeoverReason` in `./reconcile`). */
const TAKEOVER_LINES: Record<NonNullable<ReturnType<typeof takeoverReason>>, string> = {
  unfinished: "a rodada anterior não terminou (o servidor que sincronizava parou)",
  overdue: "nenhuma rodada terminou no intervalo esperado",
  requested: "sincronização completa pedida pela administração",
};

/** The Vista base URL of the configured target (never the key), or undefined when none is configured. */
function defaultSource(): string | undefined {
  try {
    return getVistaTarget().baseUrl;
  } catch {
    return undefined;
  }
}

/**
 * After a run that wrote or removed listings: empties the in-memory catalogue
 * caches (they would otherwise serve the old read model until their TTL),
 * tells the other server processes to empty theirs and their page caches
 * (~/.server/cluster-events; docs/decisions/0026-several-servers.md), then
 * calls `onChange`, whose errors are logged, not fatal.
 */
function catalogueChanged(
  result: SyncResult,
  onChange: ((result: SyncResult) => void) | undefined,
  log: (line: string) => void,
) {
  clearCaches();
  publicContentChanged("catalogue");
  try {
    onChange?.(result);
  } catch (error) {
    log(`[sync] erro após a sincronização: ${error instanceof Error ? error.message : String(error)}`);
  }
}
