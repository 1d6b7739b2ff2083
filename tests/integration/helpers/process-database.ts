/**
 * The process database (`getDb()`, what the route loaders read) for an
 * integration test file: a PGlite in a throw-away DATA_DIR, migrated, with
 * `PUBLIC_URL` unset so pages use the request's origin. The PGlite folder
 * starts as a copy of the run's migrated template when there is one
 * (`./templates.ts`).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getConfig } from "~/.server/config";
import { getDb, migrate, type Database } from "~/.server/db";
import { copyFolder, copyMigratedPglite } from "./templates";

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
export function openProcessDatabase(name: string, options: { pgliteOnly?: boolean } = {}): Promise<ProcessDatabase> {
  return openProcessDatabaseFrom(name, options, null);
}

/**
 * {@link openProcessDatabase} whose PGlite folder starts as a copy of
 * `pgliteFolder` (a closed PGlite data folder, e.g. a synced catalogue), or
 * of the run's migrated template when null.
 */
export async function openProcessDatabaseFrom(
  name: string,
  options: { pgliteOnly?: boolean },
  pgliteFolder: string | null,
): Promise<ProcessDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `imobiliaria-${name}-`));
  process.env.DATA_DIR = dataDir;
  if (options.pgliteOnly) delete process.env.DATABASE_URL;
  delete process.env.PUBLIC_URL;
  // Where getDb() will open PGlite: the configuration it reads, not the environment just set.
  const config = getConfig();
  if (!config.DATABASE_URL) {
    const target = path.join(config.dataDir, "pglite");
    if (pgliteFolder) await copyFolder(pgliteFolder, target);
    else await copyMigratedPglite(target);
  }
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
