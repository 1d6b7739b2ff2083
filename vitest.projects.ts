/**
 * The vitest projects of `vite.config.ts` (docs/decisions/0072-fast-test-feedback.md):
 * - `unit` (`npm run test:unit`): tests beside the code in app/, server/ and
 *   scripts/ that open no database; a set-up file makes opening one throw.
 * - `integration` (`npm run test:integration`): tests/integration/ and the app
 *   tests listed in {@link appTestsWithDatabase}; its global set-up migrates a
 *   template database once per run, which the helpers copy per file.
 * `vitest run` (and `npm test`) runs both.
 */
import { availableParallelism } from "node:os";
import { configDefaults, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Test files run at once: one per core. Vitest's default leaves a core to its
 * own process, which mostly waits while the files run.
 */
export const testWorkers = availableParallelism();

/** Tests beside the app's code that open a database (PGlite or PostgreSQL): they run with the integration project. */
export const appTestsWithDatabase = [
  "app/.server/analytics/visitor.test.ts",
  "app/.server/broker/owner-access.test.ts",
  "app/.server/db/index.test.ts",
  "app/.server/health.test.ts",
  "app/.server/image-catalogue.test.ts",
  "app/.server/outbox.test.ts",
  "app/.server/sync/price-history.test.ts",
  "app/.server/sync/run.test.ts",
  "app/routes/health.test.ts",
];

/** `test.projects` of vite.config.ts; each extends the root `test` options (timeouts, pool). */
export const testProjects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: "unit",
      include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
      exclude: [...configDefaults.exclude, ...appTestsWithDatabase],
      setupFiles: ["tests/setup/unit-no-database.ts"],
    },
  },
  {
    extends: true,
    test: {
      name: "integration",
      include: ["tests/integration/**/*.test.ts", ...appTestsWithDatabase],
      globalSetup: ["tests/integration/helpers/global-setup.ts"],
      setupFiles: ["tests/integration/helpers/setup-data-dir.ts", "tests/integration/helpers/setup-pglite.ts"],
    },
  },
];
