/**
 * The benchmark's read models (ADR 0012): the Vista
 * sandbox in-process over the full demo catalogue, synced once into
 * a PGlite kept in `.cache/bench/pglite` (reused across runs; `--fresh`
 * rebuilds it) and, when `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` is set,
 * into a throw-away PostgreSQL database created for the run and dropped after.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrate, openDatabase, type Database } from "../app/.server/db";
import { runSync, type SyncResult } from "../app/.server/sync";
import { createVistaClient } from "../app/.server/vista";
import { startVistaSandbox, type RunningVistaSandbox } from "../server/vista-sandbox";

/**
 * Preferred port of the bench's sandbox. The sync records which Vista it read
 * (a fingerprint of its URL) and runs a full sync when that changes, so a
 * stable port keeps the cached PGlite reusable with a quick delta sync.
 */
export const DEFAULT_SANDBOX_PORT = 8797;

/**
 * Starts the Vista sandbox with every listing published (`hiddenShare: 0`, as
 * `npm start` does), on `BENCH_SANDBOX_PORT` or {@link DEFAULT_SANDBOX_PORT},
 * or on any free port when that one is taken; `multiply` serves the
 * catalogue that many times (growth, `npm run bench:growth`), `port` another
 * preferred port (0 = the one kept in `dataDir`).
 * @throws when the data set is missing.
 */
export async function startBenchSandbox(
  dataDir: string,
  options: { multiply?: number; port?: number } = {},
): Promise<RunningVistaSandbox> {
  await fs.mkdir(dataDir, { recursive: true });
  const preferred = options.port ?? Number(process.env.BENCH_SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT);
  const { multiply } = options;
  try {
    return await startVistaSandbox({ port: preferred, dataDir, hiddenShare: 0, multiply });
  } catch {
    return startVistaSandbox({ port: 0, dataDir, hiddenShare: 0, multiply });
  }
}

/** One filled read model. */
export interface BenchDatabase {
  /** "PGlite" or "PostgreSQL" (table label). */
  label: "PGlite" | "PostgreSQL";
  database: Database;
  /** Connection URL of the PostgreSQL database (for the server child); undefined for PGlite. */
  url?: string;
  /** PGlite folder; undefined for PostgreSQL. */
  dataDir?: string;
  /** The sync run by this bench (full, or a delta over a reused PGlite). */
  sync: SyncResult;
  /** Whether an existing PGlite folder was reused. */
  reused: boolean;
  /** Wall time to open, migrate and sync, ms. */
  prepareMs: number;
  /** Closes the connection (PGlite) or closes and drops the database (PostgreSQL). Idempotent. */
  close(): Promise<void>;
}

/** Options of {@link preparePglite}/{@link preparePostgres}. */
export interface PrepareOptions {
  sandbox: RunningVistaSandbox;
  /** Where sync progress lines go. */
  log: (line: string) => void;
  /**
   * Run `VACUUM ANALYZE` on the read-model tables after the sync (`--vacuum`):
   * what the database looks like once maintenance has run. Without it the
   * model is as a server leaves it right after its sync (PGlite has no
   * autovacuum: no statistics, no hint bits, no visibility map).
   */
  vacuum?: boolean;
}

/** `VACUUM ANALYZE` of the read-model tables (listings, condominiums, brokers). */
export async function vacuumAnalyze(database: Database): Promise<void> {
  for (const table of ["listings", "condominiums", "brokers"]) {
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** Runs the sync from the bench sandbox into `database` ("auto": full on an empty model, else delta). */
function syncInto(database: Database, options: PrepareOptions): Promise<SyncResult> {
  const client = createVistaClient({ baseUrl: options.sandbox.url, key: options.sandbox.key, retries: 2 });
  return runSync({ database, client, log: options.log, source: options.sandbox.url });
}

/**
 * Opens (or creates, when missing or `fresh`) the PGlite in `dir`, migrates
 * it and syncs it: a full sync the first time, a delta over a reused folder
 * (new migrations that reset the watermark make it a full one again).
 * @throws when the sync fails.
 */
export async function preparePglite(dir: string, fresh: boolean, options: PrepareOptions): Promise<BenchDatabase> {
  const started = performance.now();
  // A folder vacuumed by `--vacuum` no longer looks like a production one: rebuild it unless asked again.
  const marker = `${dir}.vacuumed`;
  if (fresh || (!options.vacuum && (await exists(marker)))) {
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(marker, { force: true });
  }
  const reused = await exists(path.join(dir, "PG_VERSION"));
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database);
    const sync = await syncInto(database, options);
    if (options.vacuum) {
      await vacuumAnalyze(database);
      await fs.writeFile(marker, `${new Date().toISOString()}\n`);
    }
    return {
      label: "PGlite",
      database,
      dataDir: dir,
      sync,
      reused,
      prepareMs: performance.now() - started,
      close: () => database.close(),
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Creates the database `bench_<pid>_<random>` on the server of `adminUrl`
 * (a role allowed to CREATE DATABASE), migrates it and runs a full sync into
 * it; `close()` drops it (with force).
 * @throws when the server is unreachable or the sync fails (the database is dropped).
 */
export async function preparePostgres(adminUrl: string, options: PrepareOptions): Promise<BenchDatabase> {
  const started = performance.now();
  const name = `bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = withDatabase(adminUrl, name);
  let database: Database | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await database?.close().catch(() => undefined);
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    })());
  try {
    database = await openDatabase({ url, poolSize: 10 });
    await migrate(database);
    const sync = await syncInto(database, options);
    if (options.vacuum) await vacuumAnalyze(database);
    return { label: "PostgreSQL", database, url, sync, reused: false, prepareMs: performance.now() - started, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** The admin URL of the PostgreSQL to benchmark: `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else undefined. */
export function postgresAdminUrl(): string | undefined {
  const url = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "").trim();
  return url || undefined;
}

/** `url` with its password replaced by "***" (for printing). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(URL inválida)";
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: "imobiliaria-bench" });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
