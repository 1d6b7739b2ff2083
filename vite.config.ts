/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";
import { buildFacts } from "./scripts/build-facts";
import { shellChunks } from "./scripts/client-chunks";
import { assetFileNames, isClientRouteEntry } from "./scripts/framework-internals";
import { SlowFilesFirst, testProjects, testWorkers } from "./vitest.projects";

/** The browser build's entries every page loads: the browser entry and the root route (ADR 0047). */
const alwaysLoadedEntries: Record<string, (entryId: string) => boolean> = {
  "browser entry": (entryId) => entryId.endsWith("/app/entry.client.tsx"),
  root: isClientRouteEntry("app/root.tsx"),
};
const alwaysLoaded = (entryId: string) => Object.values(alwaysLoadedEntries).some((accepts) => accepts(entryId));

/**
 * The catalogue's page types, by route module: what a visitor's site's own modules are shared by (ADR 0051).
 * `npm run build` fails when one of them matches no entry (scripts/check-build.ts).
 */
const cataloguePageEntries: Record<string, (entryId: string) => boolean> = Object.fromEntries(
  ["home", "listings", "search", "map", "listing", "condominium"].map((route) => [
    route,
    isClientRouteEntry(`app/routes/${route}.tsx`),
  ]),
);

/** Small modules most catalogue page types share: cheaper in `shell` than as files of their own (ADR 0057). */
const smallSharedModules = { minPages: 4, maxCodeChars: 2_500 };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    vanillaExtractPlugin(),
    // Vitest loads this file too; the Remix plugin only runs for the app build / dev server.
    !process.env.VITEST && remix(remixConfig),
    tsconfigPaths(),
    // What the build check needs to know of the bundle: the predicates' matches, Leaflet's stylesheet (ADR 0078).
    !process.env.VITEST &&
      buildFacts(
        isSsrBuild ? "server" : "client",
        isSsrBuild ? {} : { ...alwaysLoadedEntries, ...cataloguePageEntries },
      ),
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
  // The map's clustering worker is a module worker (ADR 0049).
  worker: { format: "es" as const, plugins: () => [tsconfigPaths()] },
  build: {
    target: "es2022",
    reportCompressedSize: false,
    // What every page loads in two chunks, not twenty-odd (ADR 0047).
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks: shellChunks(alwaysLoaded, Object.values(cataloguePageEntries), smallSharedModules),
            // Leaflet's stylesheet named as the server build names it (why: scripts/framework-internals.ts).
            assetFileNames,
          },
        },
  },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: testWorkers,
    // The longest files start first, those waiting for the synced catalogue last (vitest.projects.ts).
    sequence: { sequencer: SlowFilesFirst },
    // `unit` (no database) and `integration` (databases copied from per-run templates): vitest.projects.ts.
    projects: testProjects,
  },
}));
