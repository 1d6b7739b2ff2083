/**
 * Set-up file of the integration project (vite.config.ts): a PGlite that
 * would run initdb (in memory, or in a folder that holds no database yet)
 * starts from the run's freshly initialised cluster instead (PGlite's
 * `loadDataDir`, a dump the global set-up made once), which is the same empty
 * database without the seconds initdb takes. Anything the test does next
 * (migrating, asserting an empty schema) sees what a new PGlite gives.
 */
import fs from "node:fs";
import path from "node:path";
import type * as Pglite from "@electric-sql/pglite";
import type { PGliteOptions } from "@electric-sql/pglite";
import { inject, vi } from "vitest";

/** Whether a PGlite opened on `dataDir` (undefined: in memory) with `options` would initialise a new cluster we can load instead. */
function wouldInitialise(dataDir: string | undefined, options: PGliteOptions): boolean {
  // Another user, database or a dump of its own: not what the run's cluster holds.
  if (options.loadDataDir || options.username || options.database) return false;
  if (dataDir === undefined) return true;
  // Only plain folders: `memory://`, `idb://` and the like keep PGlite's own behaviour.
  return !dataDir.includes("://") && !fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

vi.mock("@electric-sql/pglite", async (importOriginal) => {
  const actual = await importOriginal<typeof Pglite>();
  const dump = inject("testTemplates")?.freshCluster;
  if (!dump) return actual;
  const bytes = fs.readFileSync(dump);
  class PGlite extends actual.PGlite {
    constructor(dataDirOrOptions?: string | PGliteOptions, maybeOptions?: PGliteOptions) {
      const dataDir = typeof dataDirOrOptions === "string" ? dataDirOrOptions : dataDirOrOptions?.dataDir;
      const options = (typeof dataDirOrOptions === "string" ? maybeOptions : dataDirOrOptions) ?? {};
      const loaded = wouldInitialise(dataDir, options) ? { ...options, loadDataDir: new Blob([bytes]) } : options;
      if (typeof dataDirOrOptions === "string") super(dataDirOrOptions, loaded);
      else super(loaded);
    }
  }
  return { ...actual, PGlite };
});
