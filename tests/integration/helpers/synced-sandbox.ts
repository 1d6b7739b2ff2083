/**
 * The whole Vista sandbox catalogue synced by the real sync (`runSync`) into
 * the process database (a PGlite in a temporary DATA_DIR), as the site serves
 * it after its first sync.
 */
import type { Database } from "~/.server/db";
import { runSync } from "~/.server/sync";
import { openProcessDatabase } from "./process-database";
import { startTestSandbox } from "./sandbox";

/** What {@link syncSandboxIntoProcessDatabase} returns. */
export interface SyncedSandbox {
  database: Database;
  /** Closes the database, removes DATA_DIR and stops the sandbox. */
  close(): Promise<void>;
}

/**
 * Opens the process database (`openProcessDatabase(name, { pgliteOnly: true })`),
 * starts the sandbox and runs one full sync from it, silently.
 */
export async function syncSandboxIntoProcessDatabase(name: string): Promise<SyncedSandbox> {
  const processDb = await openProcessDatabase(name, { pgliteOnly: true });
  const sandbox = await startTestSandbox();
  const { database } = processDb;
  await runSync({ database, client: sandbox.client, log: () => {} });
  return {
    database,
    async close() {
      await processDb.close();
      await sandbox.close();
    },
  };
}
