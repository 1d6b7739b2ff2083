/**
 * The sync panel of `/admin` and its "Sincronizar tudo agora" action
 * (docs/decisions/0068-sync-faults.md): a full run that reads every listing
 * from Vista again, for when the site shows something the CRM no longer says.
 * The request is recorded in `sync_state`, so whichever process holds the
 * sync next runs it in full (this one at once when it can, another within
 * its takeover check); the action never waits for the run.
 *
 * The panel also shows removals the sync's safety valve holds back
 * (docs/decisions/0073-sync-safety-valve.md), with "Confirmar remoções": the
 * admin's confirmation is recorded in `sync_state`, and the next run, started
 * here at once when this process runs the scheduler, applies them.
 */
import { getDb, type Database } from "../db";
import { readSyncOverview, requestFullSync } from "../sync/reconcile";
import { confirmRemovalHold, readRemovalHold, valveSettingsFromConfig } from "../sync/removal-valve";
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
  /** Removals held back by the safety valve, or null when none. */
  held: HeldRemovalsPanel | null;
}

/** What the panel shows of a hold (see `RemovalHold` in `../sync/removal-valve`). */
export interface HeldRemovalsPanel {
  /** Listings the last holding run would have removed. */
  removals: number;
  /** Active listings then. */
  active: number;
  /** The most one run may remove. */
  limit: number;
  /** Consecutive agreeing runs so far, and how many apply the removals without a confirmation. */
  runs: number;
  confirmRuns: number;
  /** Start of the hold (ISO): its identity, sent back by the confirmation form. */
  since: string;
  /** When an admin confirmed (ISO), or null. */
  confirmedAt: string | null;
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
  const [{ state, marks }, hold] = await Promise.all([
    readSyncOverview(database.db),
    readRemovalHold(database.db, { codes: false }),
  ]);
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  const outcome = Math.max(state?.lastSuccessAt?.getTime() ?? 0, state?.lastErrorAt?.getTime() ?? 0);
  const lastFull = marks.lastFullAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return {
    running: Boolean(scheduler?.status().running) || (state?.lastStartedAt?.getTime() ?? 0) > outcome,
    lastSuccessAt: iso(state?.lastSuccessAt),
    lastFullSyncAt: iso(marks.lastFullAt),
    fullPending: marks.fullRequestedAt !== null && marks.fullRequestedAt.getTime() > lastFull,
    lastFetched: typeof state?.counts?.fetched === "number" ? state.counts.fetched : null,
    held: hold
      ? {
          removals: hold.removals,
          active: hold.active,
          limit: hold.limit,
          runs: hold.runs,
          confirmRuns: valveSettingsFromConfig().confirmRuns,
          since: hold.since.toISOString(),
          confirmedAt: iso(hold.confirmedAt),
        }
      : null,
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

/**
 * Confirms the held removals the admin saw (`since`, the hold's start from
 * the panel), then starts a run in this process when it runs the scheduler
 * (another process's leader applies them at its next run). Does not wait for
 * the run.
 * @returns "confirmed" with the run started here (or null); "none" when
 *   nothing is held; "changed" when the hold is not the one the admin saw
 *   (nothing recorded, no run).
 * @throws database errors (nothing was confirmed then).
 */
export async function confirmHeldRemovals(
  since: Date | null,
  options: AdminSyncOptions = {},
): Promise<{ outcome: "confirmed" | "none" | "changed"; run: Promise<SyncResult | null> | null }> {
  const database = options.database ?? getDb();
  const scheduler = options.scheduler === undefined ? getSyncScheduler() : options.scheduler;
  const outcome = await confirmRemovalHold(database.db, since, options.now);
  const run = outcome === "confirmed" && scheduler ? scheduler.runNow() : null;
  return { outcome, run };
}
