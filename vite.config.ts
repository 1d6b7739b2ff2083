/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

export default defineConfig({
  plugins: [
    vanillaExtractPlugin(),
    // Vitest loads this file too; the Remix plugin only runs for the app build / dev server.
    !process.env.VITEST && remix(remixConfig),
    tsconfigPaths(),
  ],
  server: { port: 3000 },
  build: { target: "es2022", reportCompressedSize: false },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
