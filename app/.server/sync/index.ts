/**
 * The listings sync: `runSync` for one run,
 * `startSyncScheduler` for the leader-elected background loop,
 * `readSyncState` / `readSyncOverview` for its bookkeeping,
 * `requestFullSync` for the admin's "Sincronizar tudo agora",
 * `readRemovalHold` / `confirmRemovalHold` for the safety valve's hold.
 */
export { runSync, codeChunks, type RunSyncOptions, type SyncResult } from "./run";
export {
  getSyncScheduler,
  startSyncScheduler,
  SYNC_LOCK_KEY,
  type SchedulerTimers,
  type SyncScheduler,
  type SyncSchedulerOptions,
  type SyncSchedulerStatus,
} from "./scheduler";
export { LISTINGS_JOB, readSyncState, sourceFingerprint, type SyncCounts, type SyncStateRow } from "./state";
export {
  FETCHED_JOB,
  FULL_SYNC_JOB,
  lastReconcileBoundary,
  readSyncOverview,
  requestFullSync,
  type SyncMarks,
} from "./reconcile";
export { SyncInterruptedError } from "./faults";
export {
  confirmRemovalHold,
  readRemovalHold,
  valveSettingsFromConfig,
  type RemovalHold,
  type RemovalNotifier,
  type ValveSettings,
} from "./removal-valve";
