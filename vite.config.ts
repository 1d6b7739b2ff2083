/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    vanillaExtractPlugin(),
    // Vitest loads this file too; the Remix plugin only runs for the app build / dev server.
    !process.env.VITEST && remix(remixConfig),
    tsconfigPaths(),
    // The browser build's scripts, styles and SVGs also written as .br and .gz (best levels), served
    // as they are by the server (express-static-gzip): no compression per request (ADR 0042).
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|json|webmanifest)$/,
        algorithms: ["brotliCompress", "gzip"],
        logLevel: "silent",
      }),
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
}));
