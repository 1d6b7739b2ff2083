/**
 * The whole Vista sandbox catalogue synced by the real sync (`runSync`) into
 * the process database (a PGlite in a temporary DATA_DIR), as the site serves
 * it after its first sync.
 *
 * The sync runs once per vitest run: the PGlite sync suite hands its own full
 * sync over (`./publish-synced-sandbox.ts`), or, without it in the run, the
 * first test file to ask syncs into a copy of the migrated template and closes
 * it; every file then gets its own copy of that folder (`./templates.ts`
 * {@link sharedFolder}). The sync's own behaviour is asserted by the sync
 * suite (`./sync-suite.ts`), which still syncs for real.
 */
import { isNull } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { afterAll, beforeAll } from "vitest";
import { clearCaches } from "~/.server/cache";
import { migrate, openDatabase, type Database } from "~/.server/db";
import { listings } from "~/.server/db/schema";
import { runSync } from "~/.server/sync";
import { openProcessDatabaseFrom } from "./process-database";
import { startTestSandbox } from "./sandbox";
import { copyMigratedPglite, sharedFolder } from "./templates";

/** The run's shared folder of the synced catalogue (`./templates.ts` `sharedFolder`), also claimed by `./publish-synced-sandbox.ts`. */
export const SYNCED_SANDBOX_FOLDER = "synced-sandbox-pglite";

/** What {@link syncSandboxIntoProcessDatabase} returns. */
export interface SyncedSandbox {
  database: Database;
  /** Closes the database, removes DATA_DIR and stops the sandbox. */
  close(): Promise<void>;
}

/** Starts the sandbox and runs one full sync from it into `database`, silently; stops the sandbox. */
async function syncSandboxInto(database: Database): Promise<void> {
  const sandbox = await startTestSandbox();
  try {
    await runSync({ database, client: sandbox.client, log: () => {} });
  } finally {
    await sandbox.close();
  }
}

/** Builds the run's synced catalogue at `folder`: a migrated PGlite, synced, closed. */
async function buildSyncedFolder(folder: string): Promise<void> {
  await copyMigratedPglite(folder);
  const database = await openDatabase({ dataDir: folder });
  try {
    await migrate(database);
    await syncSandboxInto(database);
  } finally {
    await database.close();
  }
}

/**
 * Opens the process database (as `openProcessDatabase(name, { pgliteOnly: true })`)
 * holding the whole sandbox catalogue after one full sync from it: a copy of
 * the run's synced catalogue, or, without the integration project's global
 * set-up, a sync of its own.
 */
export async function syncSandboxIntoProcessDatabase(name: string): Promise<SyncedSandbox> {
  const synced = await sharedFolder(SYNCED_SANDBOX_FOLDER, buildSyncedFolder);
  const processDb = await openProcessDatabaseFrom(name, { pgliteOnly: true }, synced);
  const { database } = processDb;
  if (!synced) await syncSandboxInto(database);
  return {
    database,
    close: () => processDb.close(),
  };
}

/**
 * The active listings (`removed_at is null`) of a synced catalogue, with the columns `columns`:
 * what a test compares the site's answers with. Clears the caches after reading, so that the
 * site's code reads this catalogue and not what an earlier test left in them.
 */
export async function activeListingRows<Fields extends SelectedFields>(database: Database, columns: Fields) {
  const rows = await database.db.select(columns).from(listings).where(isNull(listings.removedAt));
  clearCaches();
  return rows;
}

/**
 * Registers, in the enclosing suite (or file), a `beforeAll` that opens the
 * synced catalogue as process database `name` ({@link syncSandboxIntoProcessDatabase})
 * and reads its active listings' `columns` ({@link activeListingRows}), and an
 * `afterAll` that closes it. Call it before the suite's own hooks that read
 * the catalogue (its vocabulary, say): hooks run in the order they are registered.
 * @returns the rows, filled in once that `beforeAll` has run; read them in hooks and tests only.
 */
export function useSyncedListingRows<Fields extends SelectedFields>(name: string, columns: Fields) {
  const rows: Awaited<ReturnType<typeof activeListingRows<Fields>>> = [];
  let synced: SyncedSandbox | undefined;
  beforeAll(async () => {
    synced = await syncSandboxIntoProcessDatabase(name);
    rows.push(...(await activeListingRows(synced.database, columns)));
  }, 600_000);
  afterAll(async () => {
    await synced?.close();
  });
  return rows;
}
