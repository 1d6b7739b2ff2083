/**
 * The site under measurement for `npm run bench:web`: the production build
 * started on the embedded defaults (its own data directory in the cache, the
 * sandbox on a stable port) and a local map tile server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/** The repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the benchmark keeps its data directory, logs and reports. */
export const cacheDir = path.join(root, ".cache/bench-web");

/** A port nothing listens on now (127.0.0.1). */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The embedded Vista sandbox's port, the same at every run (kept in the cache
 * directory): photo URLs carry the sandbox's origin, and a catalogue synced
 * from another port would answer its photos with 400.
 */
async function sandboxPort(): Promise<number> {
  const file = path.join(cacheDir, "sandbox-port");
  const saved = Number(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : NaN);
  if (saved > 0 && (await isFree(saved))) return saved;
  const port = await freePort();
  fs.writeFileSync(file, String(port));
  return port;
}

/** Whether nothing listens on `port` (127.0.0.1). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A map tile server on this machine (`/{z}/{x}/{y}.png`, blank 256 px tiles
 * like the tile servers' standard ones): the machine has no internet, and
 * tiles failing to load would count as console errors against the map's
 * best-practices score. A blank tile weighs far less than a real one: the
 * map's figures leave the tiles' download out.
 */
export async function startTileServer(): Promise<{ url: string; close: () => void }> {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 236, g: 236, b: 232 } },
  })
    .png()
    .toBuffer();
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" });
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => server.close() };
}

/** Starts the production build on the embedded defaults and waits for a finished sync. */
export async function startSite(tileUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production" };
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(FIREBASE_|VISTA_|DATABASE_URL|PUBLIC_URL|SMTP_URL|GA_|GTM_|DATA_DIR|PORT$)/.test(name)) env[name] = value;
  }
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: path.join(cacheDir, "data"),
    VISTA_SANDBOX_PORT: String(await sandboxPort()),
    FIREBASE_AUTH_EMULATOR_PORT: "0",
    SYNC_INTERVAL_SECONDS: "86400",
    MAP_TILE_URL: tileUrl,
  });
  const log = fs.openSync(path.join(cacheDir, "server.log"), "w");
  const child = spawn(process.execPath, ["build/node/server.js"], { cwd: root, env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (veja ${cacheDir}/server.log)`);
    try {
      const health = (await (await fetch(`${origin}/health/server`)).json()) as { sync?: { lastSuccessAt?: string } };
      if (health.sync?.lastSuccessAt) return { origin, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  child.kill("SIGTERM");
  throw new Error("o catálogo não sincronizou em 20 minutos");
}
