/**
 * The process database (`getDb()`, what the route loaders read) for an
 * integration test file: a PGlite in a throw-away DATA_DIR, migrated, with
 * `PUBLIC_URL` unset so pages use the request's origin.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getDb, migrate, type Database } from "~/.server/db";

/** What {@link openProcessDatabase} returns. */
export interface ProcessDatabase {
  database: Database;
  dataDir: string;
  /** Closes the database and removes DATA_DIR. */
  close(): Promise<void>;
}

/**
 * Points DATA_DIR at a new temporary folder (`imobiliaria-<name>-…`), unsets
 * `PUBLIC_URL` (and `DATABASE_URL` with `pgliteOnly`), then opens and
 * migrates the process database.
 */
export async function openProcessDatabase(
  name: string,
  options: { pgliteOnly?: boolean } = {},
): Promise<ProcessDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `imobiliaria-${name}-`));
  process.env.DATA_DIR = dataDir;
  if (options.pgliteOnly) delete process.env.DATABASE_URL;
  delete process.env.PUBLIC_URL;
  const database = getDb();
  await migrate(database);
  return {
    database,
    dataDir,
    async close() {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
