/**
 * Sync integration into PGlite (temporary folder): see helpers/sync-suite.ts.
 * Its full sync, once asserted, is also the run's synced sandbox catalogue
 * that the search and facet files copy (helpers/publish-synced-sandbox.ts).
 */
import { afterAll, beforeAll } from "vitest";
import { claimSyncedSandbox, type SyncedSandboxClaim } from "./helpers/publish-synced-sandbox";
import { defineSyncSuite } from "./helpers/sync-suite";

let claim: SyncedSandboxClaim | undefined;

beforeAll(() => {
  claim = claimSyncedSandbox();
});
afterAll(async () => {
  await claim?.abandon(
    "the PGlite sync suite ended without a passing full sync (it failed or was filtered out): no synced catalogue to hand over",
  );
});

defineSyncSuite("pglite", async (database) => {
  const started = performance.now();
  await claim!.publish(database);
  // Measured times go to the test output, to compare runs.
  console.info(`[pglite] synced catalogue handed over: ${Math.round(performance.now() - started)} ms`);
});
