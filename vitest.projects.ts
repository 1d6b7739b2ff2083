/**
 * The vitest projects of `vite.config.ts` (docs/decisions/0072-fast-test-feedback.md):
 * - `unit` (`npm run test:unit`): tests beside the code in app/, server/ and
 *   scripts/ that open no database; a set-up file makes opening one throw.
 * - `integration` (`npm run test:integration`): tests/integration/ and the app
 *   tests listed in {@link appTestsWithDatabase}; its global set-up migrates a
 *   template database once per run, which the helpers copy per file, and
 *   serves each file of protected routes an Auth emulator of its own.
 * `vitest run` (and `npm test`) runs both, in the order of {@link SlowFilesFirst}.
 *
 * This file is read by the app's build too (vite.config.ts), and the Docker
 * build context holds no tests/ folder: it imports nothing from there.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, type TestProjectInlineConfiguration } from "vitest/config";
import type { TestSequencer, TestSpecification, Vitest } from "vitest/node";

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
      // The bench's own helpers too: pure functions (the benchmarks themselves are not part of the suite).
      include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
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

/** Files started before all others, in this order (paths from the repository root). */
export const startFirst = [
  // Each syncs the whole sandbox catalogue itself: what the sync suite asserts. The PGlite one
  // claims the run's synced catalogue first and hands its full sync over as that catalogue.
  "tests/integration/sync.pglite.test.ts",
  "tests/integration/sync.postgres.test.ts",
  "tests/integration/outbox-hanging-smtp.test.ts",
  "tests/integration/detail.sandbox.test.ts",
  "tests/integration/behind-proxy.test.ts",
  "tests/integration/embedded-restart.test.ts",
  "tests/integration/leads.test.ts",
  // Reads the run's synced catalogue: started once the PGlite sync suite has most likely handed it
  // over, so it does not hold a worker while it waits (it builds it when run without the sync suite).
  "tests/integration/facets.test.ts",
];

/** Files started after all others: they copy the synced catalogue that `sync.pglite.test.ts` hands over. */
export const startLast = [
  "tests/integration/search-sync.test.ts",
  "tests/integration/search-words.test.ts",
  "tests/integration/search-purpose-counts.test.ts",
];

/**
 * The order vitest starts the test files in (`test.sequence.sequencer` of
 * vite.config.ts): vitest's own order (failed files first, then the longest by
 * the durations it cached in `node_modules/.vite`, or, on a fresh clone
 * without that cache, the largest files first), changed in two ways that must
 * not depend on that cache:
 * - {@link startFirst}: the files that take longest start first, so the run
 *   does not end with one core busy on one of them while the other idles (on
 *   a fresh clone the two sync suites, small files, would otherwise start last);
 * - {@link startLast}: the files that read the synced sandbox catalogue
 *   (`tests/integration/helpers/synced-sandbox.ts`) except facets start
 *   last, when it is built, instead of holding a worker while they wait for it.
 */
export class SlowFilesFirst implements TestSequencer {
  private base: Promise<TestSequencer> | undefined;

  constructor(private readonly ctx: Vitest) {}

  /** Vitest's own sequencer, loaded only when a run sorts: the app's build reads this module too. */
  private vitestOrder(): Promise<TestSequencer> {
    this.base ??= import("vitest/node").then(({ BaseSequencer }) => new BaseSequencer(this.ctx));
    return this.base;
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.vitestOrder()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.vitestOrder()).sort(files);
    const rank = (spec: TestSpecification) => {
      const file = path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join("/");
      const first = startFirst.indexOf(file);
      if (first >= 0) return first;
      return startLast.includes(file) ? startFirst.length + 1 : startFirst.length;
    };
    // Array#sort is stable: within a rank, vitest's order stays.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
