/**
 * The frame of the benches that measure a production server child
 * (`bench:abuse`, `bench:load`): the build (`--build` rebuilds it), the
 * bench's Vista sandbox, the bench's PGlite synced from it (`--fresh` syncs
 * it again), what the bench reads from that database, then a server started
 * on a copy of it. The server, every other child and the sandbox are stopped
 * afterwards, also when the bench fails. Also the command line the benches
 * share: `--name` flags, `--name=value` options, and the report's lines on
 * stdout; and the start of a server child on a bench database.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../app/.server/db";
import { preparePglite, startBenchSandbox, type BenchDatabase } from "./catalogue";
import { copyPglite, ensureSiteBuild, type RunningServer, startServer, stopAllServers } from "./http";

/** The repository's root folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The benches' cache: the sandbox, the PGlite, the server's copy and its log. */
const cacheDir = path.join(root, ".cache/bench");
const args = process.argv.slice(2);

/** Whether `--name` is on the command line. */
export const flag = (name: string) => args.includes(`--${name}`);

/** The value of `--name=value` on the command line, or undefined. */
export const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** Writes one line of the report (an empty one without `line`). */
export const say = (line = "") => process.stdout.write(`${line}\n`);

/** What {@link benchAgainstServer} needs. */
export interface ServerBench<T> {
  /** Names the server's folder and log (`server-<name>`) and the build check (`bench:<name>`). */
  name: string;
  /** Further settings of the server child. */
  env?: Record<string, string>;
  /** Reads what the bench needs from the synced database (closed afterwards). */
  prepare: (db: Db) => Promise<T>;
  /** The measurements, against the running server. */
  measure: (server: RunningServer, prepared: T) => Promise<void>;
}

/** Runs one bench against a server child (see the module comment). */
export async function benchAgainstServer<T>(bench: ServerBench<T>): Promise<void> {
  const { name } = bench;
  ensureSiteBuild(root, flag("build"), say, `bench:${name}`);
  const sandbox = await startBenchSandbox(path.join(cacheDir, "sandbox"));
  try {
    const pglite = await preparePglite(path.join(cacheDir, "pglite"), flag("fresh"), {
      sandbox,
      log: (line) => say(`  [PGlite] ${line}`),
    });
    const prepared = await bench.prepare(pglite.database.db);
    await pglite.close();
    const dataDir = path.join(cacheDir, `server-${name}`);
    await copyPglite(path.join(cacheDir, "pglite"), dataDir);
    const server = await startServer({
      root,
      dataDir,
      vista: sandbox,
      logFile: path.join(cacheDir, `server-${name}.log`),
      env: bench.env,
    });
    try {
      await bench.measure(server, prepared);
    } finally {
      await server.stop();
    }
  } finally {
    await stopAllServers().catch(() => undefined);
    await sandbox.close().catch(() => undefined);
  }
}

/** Options of {@link startServerOn}: the child's `flock` file, and what to tell before each step. */
export interface ServerOnOptions {
  lockFile?: string;
  /** Called before the PGlite is copied (not for PostgreSQL). */
  onCopy?: () => void;
  /** Called before the child starts. */
  onStart?: () => void;
}

/**
 * Starts a production server child on `bench`'s database with its data folder `dataDir` and its
 * log beside it (`<dataDir>.log`). PGlite has one owner: the bench's is closed and the child opens
 * a copy (the bench's folder stays as synced). PostgreSQL is shared: the folder only holds the
 * child's own files.
 */
export async function startServerOn(
  bench: BenchDatabase,
  dataDir: string,
  vista: { url: string; key: string },
  options: ServerOnOptions = {},
): Promise<RunningServer> {
  if (bench.label === "PGlite") {
    await bench.close();
    options.onCopy?.();
    await copyPglite(bench.dataDir!, dataDir);
  } else await fsp.mkdir(dataDir, { recursive: true });
  options.onStart?.();
  return startServer({
    root,
    dataDir,
    databaseUrl: bench.url,
    vista,
    logFile: `${dataDir}.log`,
    lockFile: options.lockFile,
  });
}
