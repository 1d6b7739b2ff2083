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
 * - a restart on the same DATA_DIR (stopped mid-sync) listens before the Auth
 *   emulator and the sandbox load (a sign-in sent at once waits for the
 *   emulator and succeeds), opens the database and syncs again, and stops with
 *   exit 0 during that sync.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { EMBEDDED_ENV, spawnServer, stopServer, waitForHealth, waitUntil, type SpawnedServer } from "./spawned-server";

test.describe.configure({ mode: "serial" });

const SHUTDOWN_TIMEOUT_SECONDS = 8;
const SHUTDOWN_LINE = /\[http\] encerrado em [\d.]+ s \(exit 0\)/;

/** A server on `dataDir` with the embedded defaults and this spec's shutdown timeout. */
function startServer(dataDir: string): Promise<SpawnedServer> {
  return spawnServer({
    dataDir,
    // This process's whole environment, as a server started by hand would get it.
    inheritServerSettings: true,
    env: {
      ...EMBEDDED_ENV,
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      // Its own Auth emulator (and seeded admin), even when this worker pointed
      // FIREBASE_AUTH_EMULATOR_HOST at the main e2e server's for other specs.
      FIREBASE_AUTH_EMULATOR_HOST: "",
    },
  });
}

/**
 * One GET over `agent`: "ok" for a whole response, "refused" when no connection could be made,
 * else the error. A reset of a connection the request opened (not a kept-alive one) counts as
 * refused: a connection still waiting in the kernel's accept queue when the server stops
 * listening is reset instead of refused (Linux), and its request was never read, so a client may
 * send it again as after a refusal. A reset of a kept-alive connection, the race the drain exists
 * to avoid (ADR 0025), is still a failure.
 */
function get(agent: http.Agent, port: number, pathname: string): Promise<"ok" | "refused" | string> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.complete ? "ok" : "incomplete body"));
      response.once("aborted", () => resolve("aborted response"));
      response.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    request.once("error", (error: NodeJS.ErrnoException) => {
      const neverAccepted = error.code === "ECONNRESET" && !request.reusedSocket;
      resolve(error.code === "ECONNREFUSED" || neverAccepted ? "refused" : (error.code ?? error.message));
    });
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
  const server = await startServer(dataDir);
  // The entry's first line: its signal handlers are in place, the server module not loaded yet.
  // (A signal before Node runs any JavaScript keeps its default action: nothing can catch it.)
  await expect.poll(() => server.output(), { timeout: 10_000, intervals: [5] }).toContain("[server] iniciando");
  const { code, signal } = await stopServer(server);
  expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(SHUTDOWN_LINE);
});

test("SIGTERM under 20 keep-alive connections during the first sync: no reset, exit 0", async () => {
  test.setTimeout(180_000);
  sharedDataDir = mkdtempSync(path.join(os.tmpdir(), "shutdown-drain-"));
  dataDirs.push(sharedDataDir);
  const server = await startServer(sharedDataDir);
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
  const stopped = stopServer(server);
  await Promise.all(loops);
  const { code, signal } = await stopped;
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
  const server = await startServer(sharedDataDir);
  // The site answers before the Auth emulator and the sandbox load; a sign-in sent at once waits for them.
  await waitUntil(server, async () => server.output().includes("[http] site pronto"), {
    timeoutMs: 60_000,
    what: () => "the site listening",
  });
  const password = readFileSync(path.join(sharedDataDir, "auth-admin-password"), "utf8").trim();
  const signIn = await fetch(`${server.url}/login-corretores`, {
    method: "POST",
    headers: { Origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "admin@imobiliaria.localhost", password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  expect(signIn.status, server.output()).toBe(302);
  const output = server.output();
  const listening = output.indexOf("[http] site pronto");
  expect(output.indexOf("[auth] emulador do Firebase Auth em")).toBeGreaterThan(listening);
  expect(output.indexOf("[vista] sandbox Vista embutido em")).toBeGreaterThan(listening);

  const health = await waitForHealth(server, (report) => report.sync?.running === true);
  expect(health.database?.ok).toBe(true);
  const { code, signal } = await stopServer(server);
  expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(SHUTDOWN_LINE);
  expect(server.output()).not.toMatch(/falha ao iniciar|erro ao encerrar/);
});
