/**
 * Unit tests of the benchmark's own helpers, kept out of `npm test` (the bench
 * is not part of the suite): `npx vitest run --config bench/vitest.config.ts`.
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
