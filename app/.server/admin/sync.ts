/**
 * The sync panel of `/admin` and its "Sincronizar tudo agora" action
 * (docs/decisions/0068-sync-faults.md): a full run that reads every listing
 * from Vista again, for when the site shows something the CRM no longer says.
 * The request is recorded in `sync_state`, so whichever process holds the
 * sync next runs it in full (this one at once when it can, another within
 * its takeover check); the action never waits for the run.
 */
import { getDb, type Database } from "../db";
import { readSyncOverview, requestFullSync } from "../sync/reconcile";
import type { SyncResult } from "../sync/run";
import { getSyncScheduler, type SyncScheduler } from "../sync/scheduler";

/** What the panel shows (dates as ISO strings). */
export interface SyncPanel {
  /** A run is in progress (this process, or per `sync_state` another one). */
  running: boolean;
  lastSuccessAt: string | null;
  /** Start of the last successful full run. */
  lastFullSyncAt: string | null;
  /** An admin asked for a full run that has not happened yet. */
  fullPending: boolean;
  /** Listings received by the last successful run. */
  lastFetched: number | null;
}

/** Options of {@link syncPanel} and {@link startFullSync} (defaults: the process's database and scheduler). */
export interface AdminSyncOptions {
  database?: Database;
  scheduler?: SyncScheduler | null;
  now?: Date;
}

/** The panel's data. @throws database errors. */
export async function syncPanel(options: AdminSyncOptions = {}): Promise<SyncPanel> {
  const database = options.database ?? getDb();
  const scheduler = options.scheduler === undefined ? getSyncScheduler() : options.scheduler;
  const { state, marks } = await readSyncOverview(database.db);
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  const outcome = Math.max(state?.lastSuccessAt?.getTime() ?? 0, state?.lastErrorAt?.getTime() ?? 0);
  const lastFull = marks.lastFullAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return {
    running: Boolean(scheduler?.status().running) || (state?.lastStartedAt?.getTime() ?? 0) > outcome,
    lastSuccessAt: iso(state?.lastSuccessAt),
    lastFullSyncAt: iso(marks.lastFullAt),
    fullPending: marks.fullRequestedAt !== null && marks.fullRequestedAt.getTime() > lastFull,
    lastFetched: typeof state?.counts?.fetched === "number" ? state.counts.fetched : null,
  };
}

/**
 * Asks for a full run: records the request, then starts it in this process
 * when it runs the sync scheduler (after a run in progress here; skipped
 * when another process holds the lock, which then picks the request up).
 * Does not wait for the run, which may take minutes; its outcome goes to the
 * log and `/health/server`.
 * @returns `run`: the run started here (never rejects), or null without a scheduler.
 * @throws database errors (nothing was requested then).
 */
export async function startFullSync(
  options: AdminSyncOptions = {},
): Promise<{ run: Promise<SyncResult | null> | null }> {
  const database = options.database ?? getDb();
  const scheduler = options.scheduler === undefined ? getSyncScheduler() : options.scheduler;
  await requestFullSync(database.db, options.now);
  return { run: scheduler ? scheduler.runNow({ mode: "full" }) : null };
}
