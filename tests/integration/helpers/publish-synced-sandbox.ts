/**
 * The PGlite sync suite (`../sync.pglite.test.ts`) hands its full sync of the
 * sandbox catalogue to the files that read the run's synced catalogue
 * (`./synced-sandbox.ts`), so a run pays for one full sync into PGlite, not two.
 *
 * The sync suite starts before those files (`startFirst` of vitest.projects.ts)
 * and claims the run's shared folder at once (`./templates.ts` `sharedFolder`);
 * once its full sync has passed its assertions, and before any later test
 * changes that database, it writes a copy of it there. That copy holds what
 * `./synced-sandbox.ts` would build itself: a copy of the migrated template,
 * one full `runSync` from a fresh sandbox. A file that asks meanwhile waits for
 * the folder, as it would for that builder. When the suite's full sync fails
 * (or never runs), the claim fails, and the waiting files fail with that cause.
 */
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { SYNCED_SANDBOX_FOLDER } from "./synced-sandbox";
import { sharedFolder } from "./templates";

/** What {@link claimSyncedSandbox} returns. */
export interface SyncedSandboxClaim {
  /**
   * Writes a copy of `database` (an open PGlite holding the catalogue just
   * synced) as the run's synced catalogue when this file claimed it; resolves
   * once the copy is in place (nothing to do otherwise).
   * @throws when the copy cannot be written.
   */
  publish(database: Database): Promise<void>;
  /** Fails the claim, if this file holds it and has not published: the waiting files fail with `reason`. */
  abandon(reason: string): Promise<void>;
}

/** Copies the open PGlite `database` into the new folder `folder`, as a closed PGlite data folder. */
async function copyPglite(database: Database, folder: string): Promise<void> {
  if (database.kind !== "pglite") throw new Error("only a PGlite database can be published as the synced catalogue");
  // Every page on disk, so the dump is the database as committed (PGlite's dump does not checkpoint itself).
  await database.db.execute(sql`checkpoint`);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  // The extensions the app's PGlite loads (app/.server/db), which the copied schema uses.
  const copy = new PGlite(folder, { loadDataDir: dump, extensions: { btree_gist, pg_trgm, unaccent } });
  await copy.waitReady;
  await copy.close();
}

/**
 * Claims the run's synced catalogue for this file (when no other file has):
 * call it before the full sync starts.
 * @returns how to publish the synced database, or to give the claim up.
 */
export function claimSyncedSandbox(): SyncedSandboxClaim {
  let state: "deciding" | "building" | "settled" = "deciding";
  let hand!: (database: Database) => void;
  let refuse!: (error: Error) => void;
  const handed = new Promise<Database>((resolve, reject) => {
    hand = resolve;
    refuse = reject;
  });
  // Refused while nothing waits for it (this file lost the claim): not an unhandled rejection.
  handed.catch(() => undefined);
  // Called only when this file's claim won, at once: the claim is one mkdir.
  const built = sharedFolder(SYNCED_SANDBOX_FOLDER, async (folder) => {
    if (state === "settled")
      throw new Error("the PGlite sync suite won the synced catalogue's claim after its full sync");
    state = "building";
    await copyPglite(await handed, folder);
  });
  // A file that lost the claim waits for the folder there; its failures are the builder's to report.
  const result = built.then(
    () => undefined,
    (error: unknown) => error,
  );
  const settle = async (give: () => void): Promise<unknown> => {
    const building = state === "building";
    state = "settled";
    give();
    return building ? result : undefined;
  };
  return {
    async publish(database) {
      const error = await settle(() => hand(database));
      if (error) throw error;
    },
    async abandon(reason) {
      if (state === "settled") return;
      await settle(() => refuse(new Error(reason)));
    },
  };
}
