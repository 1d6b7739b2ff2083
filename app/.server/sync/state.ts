/**
 * Sync bookkeeping in `sync_state` (one row per job): watermark, source
 * fingerprint, last start/success/error and the counts of the last run.
 * `GET /health/server` reads it.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { syncState } from "../db/schema";

/** The job name of the listings sync. */
export const LISTINGS_JOB = "listings";

/** A `sync_state` row. */
export type SyncStateRow = typeof syncState.$inferSelect;

/** Counts of one run (see {@link import("./run").SyncResult}). */
export type SyncCounts = Record<string, number>;

/**
 * Fingerprint of a Vista source: SHA-256 (hex) of its base URL, lower-cased,
 * without query string and trailing slashes. Never the key, so it may be stored
 * and shown.
 */
export function sourceFingerprint(baseUrl: string): string {
  const normalized = baseUrl
    .trim()
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "")
    .toLowerCase();
  return createHash("sha256").update(normalized).digest("hex");
}

/** The state of `job`, or null before its first run. */
export async function readSyncState(db: Db, job = LISTINGS_JOB): Promise<SyncStateRow | null> {
  const [row] = await db.select().from(syncState).where(eq(syncState.job, job)).limit(1);
  return row ?? null;
}

/** Upserts part of the state of `job`. */
export async function writeSyncState(
  db: Db,
  values: Partial<Omit<SyncStateRow, "job">>,
  job = LISTINGS_JOB,
): Promise<void> {
  await db
    .insert(syncState)
    .values({ job, ...values })
    .onConflictDoUpdate({ target: syncState.job, set: values });
}
