/**
 * Graceful stop of the compiled server (docs/decisions/0025-production-process-and-image.md):
 * each test starts its own `node build/node/server.js` (built by `npm run
 * test:e2e` before Playwright runs) on a free port and a temporary DATA_DIR,
 * with the embedded defaults, and sends it SIGTERM:
 *
 * - during start-up: the process exits 0;
 * - under 20 keep-alive connections sending requests back to back, while the
 *   first sync runs: every request either gets a whole response or is refused
 *   a connection once the server stopped listening; none is reset; exit 0 with
 *   the shutdown line, within SHUTDOWN_TIMEOUT_SECONDS;
 * - a restart on the same DATA_DIR (stopped mid-sync) opens the database and
 *   syncs again, and stops with exit 0 during that sync.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

test.describe.configure({ mode: "serial" });

const SHUTDOWN_TIMEOUT_SECONDS = 8;
const SHUTDOWN_LINE = /\[http\] encerrado em [\d.]+ s \(exit 0\)/;

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** A server process with its collected output. */
interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ["build/node/server.js"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      VISTA_SANDBOX_PORT: "0",
      FIREBASE_AUTH_EMULATOR_PORT: "0",
      SYNC_INTERVAL_SECONDS: "3600",
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, port, output: () => text, exited };
}

interface Health {
  database?: { ok?: boolean };
  sync?: { running?: boolean; lastSuccessAt?: string | null };
}

/** Polls /health/server until `accept` holds; throws with the server's output after `timeoutMs`. */
async function waitForHealth(server: Started, accept: (health: Health) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/health/server`);
      const health = (await response.json()) as Health;
      last = JSON.stringify(health);
      if (accept(health)) return health;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`health never matched (last: ${last})\n${server.output()}`);
}

/** One GET over `agent`: "ok" for a whole response, "refused" when no connection could be made, else the error. */
function get(agent: http.Agent, port: number, pathname: string): Promise<"ok" | "refused" | string> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.complete ? "ok" : "incomplete body"));
      response.once("aborted", () => resolve("aborted response"));
      response.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    request.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" ? "refused" : (error.code ?? error.message)),
    );
  });
}

const dataDirs: string[] = [];
test.afterAll(() => {
  for (const folder of dataDirs) rmSync(folder, { recursive: true, force: true });
});

/** DATA_DIR shared by the drain test and the restart test. */
let sharedDataDir = "";

test("SIGTERM during start-up exits 0", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutdown-startup-"));
  dataDirs.push(dataDir);
  const server = startServer(dataDir, await freePort());
  // The entry's first line: its signal handlers are in place, the server module not loaded yet.
  // (A signal before Node runs any JavaScript keeps its default action: nothing can catch it.)
  await expect.poll(() => server.output(), { timeout: 10_000, intervals: [5] }).toContain("[server] iniciando");
  server.child.kill("SIGTERM");
  const { code, signal } = await server.exited;
  expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(SHUTDOWN_LINE);
});

test("SIGTERM under 20 keep-alive connections during the first sync: no reset, exit 0", async () => {
  test.setTimeout(180_000);
  sharedDataDir = mkdtempSync(path.join(os.tmpdir(), "shutdown-drain-"));
  dataDirs.push(sharedDataDir);
  const server = startServer(sharedDataDir, await freePort());
  await waitForHealth(server, (health) => health.sync?.running === true);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const results: string[] = [];
  const loops = Array.from({ length: 20 }, async (_, index) => {
    const pathname = index % 2 === 0 ? "/health/server" : "/robots.txt";
    for (;;) {
      const result = await get(agent, server.port, pathname);
      results.push(result);
      if (result !== "ok") return;
    }
  });
  // Until every connection is in use and busy (60 answers), however slow the machine.
  await expect.poll(() => results.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
  const signalled = Date.now();
  server.child.kill("SIGTERM");
  await Promise.all(loops);
  const { code, signal } = await server.exited;
  const stopSeconds = (Date.now() - signalled) / 1000;
  agent.destroy();

  const failures = results.filter((result) => result !== "ok" && result !== "refused");
  console.log(
    `[shutdown] ${results.filter((result) => result === "ok").length} answers, ` +
      `${results.filter((result) => result === "refused").length} refused after close, ${failures.length} resets; ` +
      `exit ${code} after ${stopSeconds.toFixed(2)} s`,
  );
  expect(failures, server.output()).toEqual([]);
  expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(SHUTDOWN_LINE);
  expect(stopSeconds).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS);
});

test("a restart on a DATA_DIR stopped mid-sync opens the database; SIGTERM during its sync exits 0", async () => {
  test.setTimeout(180_000);
  expect(sharedDataDir, "the drain test ran first").not.toBe("");
  const server = startServer(sharedDataDir, await freePort());
  const health = await waitForHealth(server, (report) => report.sync?.running === true);
  expect(health.database?.ok).toBe(true);
  server.child.kill("SIGTERM");
  const { code, signal } = await server.exited;
  expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(SHUTDOWN_LINE);
  expect(server.output()).not.toMatch(/falha ao iniciar|erro ao encerrar/);
});
