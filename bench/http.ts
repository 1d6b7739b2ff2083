/**
 * List-page throughput (ADR 0012): the production
 * build served by `server/index.ts` in a child process, against a copy of the
 * bench PGlite or the bench PostgreSQL database, loaded by autocannon with 50
 * connections over the canonical `/todos-os-imoveis/…` URLs of the
 * combinations (one rotating list shared by every connection).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { summarize, type LatencySummary } from "./stats";

/** Where and how to start the server child. */
export interface ServerTarget {
  /** Repository root (the child runs there; `build/` must exist). */
  root: string;
  /** DATA_DIR of the child (its PGlite is `<dataDir>/pglite` unless `databaseUrl`). */
  dataDir: string;
  /** PostgreSQL URL of the read model (DATABASE_URL); undefined = PGlite in `dataDir`. */
  databaseUrl?: string;
  /** The Vista the child syncs from (the bench sandbox, same URL as the bench's own sync → a delta sync). */
  vista: { url: string; key: string };
  /** File receiving the child's stdout and stderr. */
  logFile: string;
  /** Lock file held (with `flock`) while the child runs, e.g. /tmp/e2e.lock; none when undefined. */
  lockFile?: string;
  /** Further settings of the child (e.g. `MAX_REQUESTS_QUEUED`). */
  env?: Record<string, string>;
}

/** A started server child. */
export interface RunningServer {
  /** e.g. "http://127.0.0.1:41234". */
  origin: string;
  /** Start until `/health/server` reported the first sync done, ms. */
  readyMs: number;
  /** Stops the child (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** Process group of the child (tsx and its node process), for memory sampling. */
  pgid: number;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

/** Copies a (closed) PGlite folder to `<dataDir>/pglite`, replacing what was there. */
export async function copyPglite(source: string, dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  await fsp.rm(target, { recursive: true, force: true });
  await fsp.mkdir(dataDir, { recursive: true });
  await fsp.cp(source, target, { recursive: true });
}

/**
 * Starts `NODE_ENV=production tsx server/index.ts` (the existing build, no
 * `--build`) and waits until `/health/server` shows a finished sync that began
 * after the start (the start-up sync, a delta when the source matches).
 * The sync interval is set to a day so no other sync runs during the load.
 * @throws when the child exits early or is not ready within `timeoutMs`.
 */
export async function startServer(target: ServerTarget, timeoutMs = 240_000): Promise<RunningServer> {
  const started = performance.now();
  const startedAt = Date.now();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: target.dataDir,
    VISTA_URL: target.vista.url,
    VISTA_KEY: target.vista.key,
    SYNC_INTERVAL_SECONDS: "86400",
    // Required in production with VISTA_URL: the child's own address.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...target.env,
  };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  const tsx = path.join(target.root, "node_modules/.bin/tsx");
  const command = target.lockFile ? "flock" : tsx;
  // Wait at most 2 minutes for the lock; flock then exits 1 and the start fails with a message.
  const args = target.lockFile ? ["-w", "120", target.lockFile, tsx, "server/index.ts"] : ["server/index.ts"];
  const log = fs.openSync(target.logFile, "w");
  // detached: its own process group, so stop() reaches tsx's node child too.
  const child = spawn(command, args, { cwd: target.root, env, stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  let exited: number | null | undefined;
  child.on("exit", (code) => {
    exited = code;
  });
  running.add(child);
  const stop = () => stopChild(child).finally(() => running.delete(child));
  const origin = `http://127.0.0.1:${port}`;
  try {
    while (performance.now() - started < timeoutMs) {
      if (exited !== undefined) throw new Error(`o servidor saiu com código ${exited} (veja ${target.logFile})`);
      if (await syncDone(origin, startedAt))
        return { origin, readyMs: performance.now() - started, stop, pgid: child.pid! };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`o servidor não ficou pronto em ${Math.round(timeoutMs / 1000)} s (veja ${target.logFile})`);
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Server children not stopped yet. */
const running = new Set<ChildProcess>();

/** Stops every server child still running (interrupted bench). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
  running.clear();
}

async function syncDone(origin: string, since: number): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/health/server`, { signal: AbortSignal.timeout(3_000) });
    const body = (await response.json()) as {
      sync?: { running?: boolean; lastSuccessAt?: string | null; activeListings?: number | null };
    };
    const success = body.sync?.lastSuccessAt ? Date.parse(body.sync.lastSuccessAt) : 0;
    return !body.sync?.running && success >= since - 1_000 && (body.sync?.activeListings ?? 0) > 0;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exit = once(child, "exit");
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exit;
  clearTimeout(timer);
}

/** Result of one autocannon run. */
export interface ThroughputResult {
  connections: number;
  /** Seconds the load lasted. */
  durationSeconds: number;
  /** Mean completed requests per second. */
  requestsPerSecond: number;
  /** Latency of each response (ms), computed from every response (autocannon's histogram has no p95). */
  latency: LatencySummary;
  /** The same, apart: answers ("served") and refusals of an overloaded server (503, "refused"). */
  latencyByKind: { served: LatencySummary; refused: LatencySummary };
  /**
   * First render of each distinct URL (ms), one request at a time, before the
   * load: what a visitor meets when neither the page cache (ADR 0013) nor a
   * CDN has the page yet.
   */
  cold: LatencySummary;
  requests: number;
  non2xx: number;
  /** Responses by status code. */
  statusCodes: Record<string, number>;
  /** Connection errors (timeouts included). */
  errors: number;
  timeouts: number;
  /** Distinct URLs in the rotation. */
  urls: number;
}

/**
 * Loads `origin` with `connections` clients for `seconds`, each request taking
 * the next URL of `paths` (shared rotation), after a 2-second warm-up that is
 * not counted.
 */
export async function loadTest(
  origin: string,
  paths: readonly string[],
  connections = 50,
  seconds = 10,
  options: { distinctClients?: boolean; skipCold?: boolean } = {},
): Promise<ThroughputResult> {
  let next = 0;
  const rotate = () => paths[next++ % paths.length];
  // Each connection as its own visitor (X-Forwarded-For from the loopback proxy the server trusts),
  // so the per-client queue (ADR 0062) does not serialize the crowd as one client.
  let clients = 0;
  const clientAddress = (context: Record<string, unknown>) =>
    (context.address ??= `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`) as string;
  // Only the measured run's responses, apart: answers and refusals of an overloaded server.
  let measuring = false;
  const servedLatencies: number[] = [];
  const refusedLatencies: number[] = [];
  const run = (duration: number, latencies?: number[], statusCodes?: Record<string, number>) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: origin,
          connections,
          duration,
          timeout: 30,
          headers: { "accept-encoding": "gzip", accept: "text/html" },
          requests: [
            {
              method: "GET",
              setupRequest: (request, context) =>
                options.distinctClients
                  ? {
                      ...request,
                      path: rotate(),
                      headers: {
                        ...request.headers,
                        "x-forwarded-for": clientAddress(context as Record<string, unknown>),
                      },
                    }
                  : { ...request, path: rotate() },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      (instance as unknown as NodeJS.EventEmitter).on(
        "response",
        (_client: unknown, status: number, _bytes: number, ms: number) => {
          latencies?.push(ms);
          if (measuring) (status === 503 ? refusedLatencies : servedLatencies).push(ms);
          if (statusCodes) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        },
      );
    });
  // Cold pass: every distinct URL once, sequentially (fills the page cache like real traffic would).
  const coldLatencies: number[] = [];
  for (const path of options.skipCold ? [] : new Set(paths)) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "gzip", accept: "text/html" } });
    await response.arrayBuffer();
    coldLatencies.push(performance.now() - started);
  }
  await run(2);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  measuring = true;
  const result = await run(seconds, latencies, statusCodes);
  return {
    connections,
    durationSeconds: result.duration,
    requestsPerSecond: latencies.length / result.duration,
    latency: summarize(latencies),
    latencyByKind: { served: summarize(servedLatencies), refused: summarize(refusedLatencies) },
    cold: summarize(coldLatencies),
    requests: latencies.length,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    urls: new Set(paths).size,
  };
}

/**
 * Builds the site (`npm run build` under `flock /tmp/e2e.lock`, so an e2e run
 * never sees a half-written `build/`) when `build/` is missing or `force`.
 * @throws when the build fails.
 */
export function ensureSiteBuild(root: string, force: boolean, say: (line: string) => void, label: string): void {
  if (fs.existsSync(path.join(root, "build/server/index.js")) && !force) return;
  say(`[${label}] compilando o site (flock /tmp/e2e.lock npm run build) …`);
  const result = spawnSync("flock", ["/tmp/e2e.lock", "npm", "run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build falhou (código ${result.status})`);
}
