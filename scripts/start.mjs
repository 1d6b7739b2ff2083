/**
 * `npm start`: serves the production build, building it first only when it is
 * missing or older than its sources (docs/decisions/0025-production-process-and-image.md).
 *
 * "Older" compares modification times: the newest file among the sources
 * (app/, server/, public/, the build configuration and package-lock.json;
 * tests excluded) against `build/node/server.js`, which `npm run build` writes
 * last. The server then runs in this process (NODE_ENV=production), so stop
 * signals reach it directly; during a build, a signal stops the build and this
 * script exits 0.
 *
 * Plain Node ESM (no tsx): it must run where only production dependencies exist.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBundle = path.join(root, "build/node/server.js");

/** Inputs of `npm run build`: folders walked recursively and single files. */
const SOURCES = [
  "app",
  "server",
  "public",
  "scripts/build-server.mjs",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "remix.config.js",
  "tsconfig.json",
];
/** Files that do not reach the build: unit tests. */
const NOT_BUILT = /\.test\.tsx?$/;

/** Newest modification time (ms since the epoch) under `entry`; 0 when it does not exist. */
function newestMtime(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return NOT_BUILT.test(entry) ? 0 : stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Why a build is needed, or null when `build/` is up to date. */
function staleReason() {
  if (!existsSync(serverBundle) || !existsSync(path.join(root, "build/server/index.js"))) return "build/ ausente";
  const built = statSync(serverBundle).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(path.join(root, source)) > built);
  return changed ? `${changed} mudou depois do último build` : null;
}

/** Runs `npm run build`; resolves with true when it succeeded, false when a stop signal ended it. */
function runBuild() {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    let stopped = false;
    const forward = (signal) => {
      stopped = true;
      child.kill(signal);
    };
    process.on("SIGTERM", forward);
    process.on("SIGINT", forward);
    child.on("error", reject);
    child.on("exit", (code) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", forward);
      if (stopped) resolve(false);
      else if (code === 0) resolve(true);
      else reject(new Error(`npm run build saiu com código ${code}`));
    });
  });
}

const reason = staleReason();
if (reason) {
  console.info(`[build] ${reason}: compilando (npm run build)…`);
  try {
    if (!(await runBuild())) {
      console.info("[build] interrompido por sinal; nada a servir (exit 0)");
      process.exit(0);
    }
  } catch (error) {
    console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
} else {
  console.info("[build] build/ em dia com o código: servindo sem recompilar");
}

process.env.NODE_ENV = "production";
await import(pathToFileURL(serverBundle).href);
