/**
 * Unit tests of the benchmark's own helpers alone:
 * `npx vitest run --config bench/vitest.config.ts`. They also run in the
 * suite's `unit` project (vitest.projects.ts); the benchmarks themselves do not.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["*.test.ts"],
  },
});
