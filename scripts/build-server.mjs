/**
 * Compiles the Node server (`server/entry.ts` and what it imports) into
 * `build/node/` with esbuild, after `remix vite:build` (`npm run build`):
 * ESM for Node 20+, npm packages left as imports (`packages: "external"`, so
 * the image's production node_modules serves them), source maps for stack
 * traces. The Auth emulator and Vite stay behind dynamic imports: the bundle
 * runs without firebase-tools, tsx and vite
 * (docs/decisions/0025-production-process-and-image.md).
 *
 * Files the server reads beside its modules are copied where the bundled
 * `import.meta.url` points: the database migrations (`build/node/migrations`)
 * and the Vista sandbox's data set (`build/dataset`).
 */
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "build/node");
const started = performance.now();

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { server: "server/entry.ts" },
  outdir,
  bundle: true,
  // Chunks: the entry stays tiny, so it listens for stop signals before the server's imports load.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  // Stack traces name the TypeScript files (server/entry.ts turns source maps on).
  sourcemap: true,
  define: { __SERVER_BUNDLE__: "true" },
  logLevel: "warning",
  legalComments: "none",
});
await cp(path.join(root, "app/.server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
await cp(path.join(root, "server/vista-sandbox/dataset"), path.join(root, "build/dataset"), {
  recursive: true,
  filter: (source) => !source.endsWith(".md"),
});
console.info(`[build] servidor compilado em build/node/server.js (${Math.round(performance.now() - started)} ms)`);
