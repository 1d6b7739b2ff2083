/**
 * When the new-deployment detection (`./build-polling`) polls. Apart from
 * the watcher so that every page's first load can schedule the first poll
 * without carrying the watcher's code (`./use-build-polling`).
 */

/** Polling period, ms: every few minutes (docs/spec.txt leaves the period open). */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

/** Minimum gap between two focus-triggered polls, ms (tab switching must not flood the server). */
export const BUILD_POLL_MIN_GAP_MS = 15 * 1000;
