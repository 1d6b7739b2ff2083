/**
 * A separate server process for e2e specs that need their own settings or
 * need to stop a server (consent.spec.ts, shutdown.spec.ts,
 * multi-server.spec.ts): `node build/node/server.js` (or `tsx server/index.ts`
 * when the bundle was not built) on a free loopback port and a DATA_DIR, its
 * output kept for assertions and error messages, stopped with a signal.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { formMinFillMs } from "../../playwright.config";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Variables that configure a server (the main e2e server's or the developer's
 * shell's): removed from the inherited environment unless
 * `inheritServerSettings` is set, so a spawned server runs with the embedded
 * defaults plus what its spec passes.
 */
export const SERVER_SETTINGS =
  /^(FIREBASE_|VISTA_|DATABASE_URL|PUBLIC_URL|SMTP_URL|SESSION_SECRET|DATA_DIR|PORT$|GA_|GTM_)/;

/**
 * The embedded back-ends on ports chosen by the system (Vista sandbox and
 * Firebase Auth emulator in the server process), no second sync within a
 * test (interval 1 h) and the main e2e server's minimum form fill time.
 */
export const EMBEDDED_ENV: Readonly<Record<string, string>> = {
  VISTA_SANDBOX_PORT: "0",
  FIREBASE_AUTH_EMULATOR_PORT: "0",
  SYNC_INTERVAL_SECONDS: "3600",
  FORM_MIN_FILL_MS: String(formMinFillMs),
};

/** How a spawned server process ended: the exit code, or the signal that killed it (the other is null). */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running (or ended) server process started by {@link spawnServer}. */
export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far, interleaved as received. */
  output(): string;
  /** Resolves once the process has ended (listened for from the spawn, so never missed). */
  exited: Promise<ServerExit>;
}

/** Options of {@link spawnServer}. */
export interface SpawnOptions {
  /** Added to the environment after NODE_ENV=production; PORT and DATA_DIR are set by the helper. */
  env?: Record<string, string>;
  /** Port to listen on; default a {@link freePort}. */
  port?: number;
  /** DATA_DIR to use and keep (e.g. for a restart on the same folder); default a new temporary folder removed when the process exits. */
  dataDir?: string;
  /** Name prefix of the temporary DATA_DIR; default "spawned-server-". */
  dataDirPrefix?: string;
  /** Keep {@link SERVER_SETTINGS} variables of this process's environment; default false. */
  inheritServerSettings?: boolean;
}

/** A free TCP port on 127.0.0.1 (bound then released; rejects when none can be bound). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The command that starts a server: the compiled bundle when built, else the source through tsx. */
function serverCommand(): { command: string; args: string[] } {
  const bundle = path.join(projectRoot, "build/node/server.js");
  return fs.existsSync(bundle)
    ? { command: process.execPath, args: [bundle] }
    : { command: path.join(projectRoot, "node_modules/.bin/tsx"), args: ["server/index.ts"] };
}

/**
 * Starts a server process with NODE_ENV=production, PORT, DATA_DIR and
 * `options.env`, from the project root. Does not wait for it to listen: see
 * {@link waitUntil} and {@link waitForHealth}.
 */
export async function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix ?? "spawned-server-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!options.inheritServerSettings) {
    for (const key of Object.keys(env)) if (SERVER_SETTINGS.test(key)) delete env[key];
  }
  Object.assign(env, { NODE_ENV: "production" }, options.env, { PORT: String(port), DATA_DIR: dataDir });
  const { command, args } = serverCommand();
  const child = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) =>
    child.once("exit", (code, signal) => {
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, dataDir, output: () => text, exited };
}

/**
 * Polls `check` every `intervalMs` until it returns true; a rejection counts
 * as false. Throws when the process has exited, or after `timeoutMs`, with
 * `what` (read when throwing) and the server's output.
 */
export async function waitUntil(
  server: SpawnedServer,
  check: () => Promise<boolean>,
  {
    timeoutMs = 120_000,
    intervalMs = 100,
    what = "condition",
  }: { timeoutMs?: number; intervalMs?: number; what?: string | (() => string) } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const described = typeof what === "function" ? what() : what;
  throw new Error(`${described} not reached in ${timeoutMs} ms\n${server.output()}`);
}

/** The parts of the `GET /health/server` body the specs read (app/.server/health.ts). */
export interface Health {
  database?: { ok?: boolean };
  sync?: { running?: boolean; lastSuccessAt?: string | null; activeListings?: number };
}

/**
 * Polls `/health/server` every 100 ms until its JSON body (whatever the
 * status, 503 included) satisfies `accept`; returns that body. Throws when the
 * process has exited, or after `timeoutMs`, with the last answer and the
 * server's output.
 */
export async function waitForHealth(
  server: SpawnedServer,
  accept: (health: Health) => boolean,
  timeoutMs = 120_000,
): Promise<Health> {
  let last = "";
  let matched: Health | undefined;
  await waitUntil(
    server,
    async () => {
      try {
        const health = (await (await fetch(`${server.url}/health/server`)).json()) as Health;
        last = JSON.stringify(health);
        if (accept(health)) matched = health;
      } catch (error) {
        last = String(error);
      }
      return matched !== undefined;
    },
    { timeoutMs, what: () => `health matching (last: ${last})` },
  );
  return matched!;
}

/** Options of {@link stopServer}. */
export interface StopOptions {
  /** Signal sent first; default SIGTERM. */
  signal?: NodeJS.Signals;
  /** When set, SIGKILL is sent if the process still runs this many ms after `signal`. */
  killAfterMs?: number;
}

/**
 * Sends `signal` (default SIGTERM) unless the process has already ended, and
 * resolves with how it ended (undefined when no server was given, e.g. an
 * `afterAll` after a failed `beforeAll`). The signal is sent before this
 * returns its promise.
 */
export function stopServer(server: SpawnedServer, options?: StopOptions): Promise<ServerExit>;
export function stopServer(server: SpawnedServer | undefined, options?: StopOptions): Promise<ServerExit | undefined>;
export async function stopServer(
  server: SpawnedServer | undefined,
  { signal = "SIGTERM", killAfterMs }: StopOptions = {},
): Promise<ServerExit | undefined> {
  if (!server) return undefined;
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => server.child.kill("SIGKILL"), killAfterMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** A database of a spawned server's own on a PostgreSQL server: its URL, and `drop()` to remove it (with force). */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement as the server's admin (`adminUrl`). */
async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Creates `{prefix}_{random}` on the server of `adminUrl` (empty: the spawned server migrates it). */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
}
