/**
 * When the sync reads everything again, and when a follower takes over
 * (docs/decisions/0068-sync-faults.md):
 * - **Full reconciliation**: a delta run only sees listings whose update
 *   date moved, so anything it missed (a bad date, a refused value, a change
 *   Vista made without touching the date) stays wrong until a full run. One
 *   runs every night after {@link RECONCILE_HOUR}:00 in São Paulo, and when
 *   an admin asks for one ("Sincronizar tudo agora" on `/admin`).
 * - **Takeover**: a follower checks `sync_state` on a short period and tries
 *   the leader lock when a run was left unfinished (its leader died), is
 *   overdue, or a full run was asked for.
 *
 * Marks beside the `listings` row of `sync_state` (no schema change), each
 * its own job row:
 * - {@link FULL_SYNC_JOB}: `last_success_at` = start of the last successful
 *   full run; `last_started_at` = when an admin last asked for one.
 * - {@link FETCHED_JOB}: `last_success_at` = end of the last successful run
 *   that received at least one listing (`GET /health/server` watches it).
 */
import { inArray } from "drizzle-orm";
import { addDays, saoPauloDate, saoPauloTime } from "~/lib/sao-paulo-time";
import type { Db } from "../db";
import { syncState } from "../db/schema";
import { LISTINGS_JOB, writeSyncState, type SyncStateRow } from "./state";

/** Job row of the full-reconciliation marks. */
export const FULL_SYNC_JOB = "listings:full";

/** Job row of the last run that received listings. */
export const FETCHED_JOB = "listings:fetched";

/** Hour (0–23, São Paulo time) after which each night's full reconciliation is due: a quiet hour for the agency and Vista. */
export const RECONCILE_HOUR = 3;

/** How often a process checks whether it should take over the sync, ms. */
export const TAKEOVER_CHECK_MS = 20_000;

/** How late past its interval a run may be before a follower takes over, ms (timers of one leader drift a little). */
export const TAKEOVER_GRACE_MS = 30_000;

/** The marks kept beside the sync state. */
export interface SyncMarks {
  /** Start of the last successful full run, or null when none is recorded. */
  lastFullAt: Date | null;
  /** When an admin last asked for a full run, or null. */
  fullRequestedAt: Date | null;
  /** End of the last successful run that received at least one listing, or null. */
  lastFetchedAt: Date | null;
}

/** The `listings` sync state and its marks, in one query. */
export async function readSyncOverview(db: Db): Promise<{ state: SyncStateRow | null; marks: SyncMarks }> {
  const rows = await db
    .select()
    .from(syncState)
    .where(inArray(syncState.job, [LISTINGS_JOB, FULL_SYNC_JOB, FETCHED_JOB]));
  const byJob = new Map(rows.map((row) => [row.job, row]));
  const full = byJob.get(FULL_SYNC_JOB);
  return {
    state: byJob.get(LISTINGS_JOB) ?? null,
    marks: {
      lastFullAt: full?.lastSuccessAt ?? null,
      fullRequestedAt: full?.lastStartedAt ?? null,
      lastFetchedAt: byJob.get(FETCHED_JOB)?.lastSuccessAt ?? null,
    },
  };
}

/** Records an admin's request for a full run; the next run of any process is full. */
export async function requestFullSync(db: Db, at = new Date()): Promise<void> {
  await writeSyncState(db, { lastStartedAt: at }, FULL_SYNC_JOB);
}

/**
 * Records a successful run: a full run's start in {@link FULL_SYNC_JOB}, and
 * `finishedAt` in {@link FETCHED_JOB} when it received listings.
 */
export async function recordRunMarks(
  db: Db,
  run: { mode: "full" | "delta"; startedAt: Date; finishedAt: Date; fetched: number },
): Promise<void> {
  if (run.mode === "full") await writeSyncState(db, { lastSuccessAt: run.startedAt, lastMode: "full" }, FULL_SYNC_JOB);
  if (run.fetched > 0) await writeSyncState(db, { lastSuccessAt: run.finishedAt }, FETCHED_JOB);
}

/**
 * The latest instant at or before `now` when the São Paulo clock read
 * `hour`:00 (`~/lib/sao-paulo-time`): when the current night's
 * reconciliation became due.
 */
export function lastReconcileBoundary(now: Date, hour = RECONCILE_HOUR): Date {
  const today = saoPauloDate(now);
  const boundary = saoPauloTime(today, hour);
  return boundary.getTime() > now.getTime() ? saoPauloTime(addDays(today, -1), hour) : boundary;
}

/**
 * Why the next run must be full, or null: an admin's request newer than the
 * last full run ("requested"), or no full run since `reconcileAfter`
 * ("nightly"; null disables the nightly rule).
 */
export function fullSyncReason(marks: SyncMarks, reconcileAfter: Date | null): "requested" | "nightly" | null {
  const lastFull = marks.lastFullAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (marks.fullRequestedAt && marks.fullRequestedAt.getTime() > lastFull) return "requested";
  if (reconcileAfter && reconcileAfter.getTime() > lastFull) return "nightly";
  return null;
}

/**
 * Whether a process that is not running the sync should try the leader lock
 * now, and why:
 * - "unfinished": a run started after the last outcome (success or
 *   failure); if its leader is alive the lock attempt fails at once, if it
 *   died the lock went with its connection and this process takes over;
 * - "overdue": no run finished within `intervalMs` plus {@link TAKEOVER_GRACE_MS};
 * - "requested": an admin asked for a full run that has not happened;
 * - null: nothing to do.
 */
export function takeoverReason(
  state: SyncStateRow | null,
  marks: SyncMarks,
  now: Date,
  intervalMs: number,
): "unfinished" | "overdue" | "requested" | null {
  if (fullSyncReason(marks, null) === "requested") return "requested";
  if (!state) return null;
  const outcome = Math.max(state.lastSuccessAt?.getTime() ?? 0, state.lastErrorAt?.getTime() ?? 0);
  const started = state.lastStartedAt?.getTime() ?? 0;
  if (started > outcome) return "unfinished";
  if (outcome > 0 && now.getTime() - outcome > intervalMs + TAKEOVER_GRACE_MS) return "overdue";
  return null;
}
