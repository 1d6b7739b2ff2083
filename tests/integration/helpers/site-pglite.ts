/**
 * A test file's own site database: a data folder (`DATA_DIR`) and a migrated
 * PGlite installed as the `database` singleton the routes and the server
 * modules read, for the whole file; both are removed after it.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { setSingleton } from "~/.server/singleton";
import { createTestPglite, type TestDatabase } from "./database";

/**
 * Registers the set-up (before every test of the file, before the file's own
 * `beforeAll` hooks registered after this call) and the clean-up.
 * @param name names the data folder (`imobiliaria-<name>-…` in the system's temporary folder).
 * @returns the database, filled in once the set-up has run.
 */
export function useSitePglite(name: string): TestDatabase {
  const test = {} as TestDatabase;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `imobiliaria-${name}-`));
    process.env.DATA_DIR = dataDir;
    Object.assign(test, await createTestPglite());
    setSingleton("database", test.database);
  }, 60_000);
  afterAll(async () => {
    await test.cleanup?.();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  return test;
}
