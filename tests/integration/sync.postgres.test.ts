/**
 * Sync integration into a real PostgreSQL (a database created for this file on
 * the server of `TEST_DATABASE_URL`, dropped after): see helpers/sync-suite.ts.
 * Without `TEST_DATABASE_URL` it is skipped locally and fails under `CI`.
 */
import { describe, it } from "vitest";
import { postgresTestUrl } from "./helpers/database";
import { defineSyncSuite } from "./helpers/sync-suite";

if (postgresTestUrl()) {
  defineSyncSuite("postgres");
} else {
  // Skipped only on a developer machine without PostgreSQL: postgresTestUrl() throws under CI instead.
  describe.skip("sync into PostgreSQL (set TEST_DATABASE_URL to run)", () => {
    it("needs TEST_DATABASE_URL", () => {});
  });
}
