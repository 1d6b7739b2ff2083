/**
 * The listings sync: `runSync` for one run,
 * `startSyncScheduler` for the leader-elected background loop,
 * `readSyncState` for its bookkeeping.
 */
export { runSync, codeChunks, type RunSyncOptions, type SyncResult } from "./run";
export {
  getSyncScheduler,
  startSyncScheduler,
  SYNC_LOCK_KEY,
  type SyncScheduler,
  type SyncSchedulerOptions,
  type SyncSchedulerStatus,
} from "./scheduler";
export { LISTINGS_JOB, readSyncState, sourceFingerprint, type SyncCounts, type SyncStateRow } from "./state";
