/**
 * The Node process: Express serving the Remix app (security headers,
 * compression, static files), the embedded Vista sandbox when no Vista tenant
 * is configured, the database (PGlite by default), the background sync job,
 * and a graceful shutdown (docs/architecture.md, "server/").
 *
 * Run with tsx: `NODE_ENV=production tsx server/index.ts --build` builds the app
 * (`remix vite:build`, in a child process, while the sandbox and the database
 * start) and serves it — what `npm start` does; without `--build` it serves the
 * existing `build/`. `tsx server/index.ts` in development serves through Vite's
 * middleware with hot reload (`npm run dev`).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { ConfigError, getConfig, mapTileImageSource } from "../app/.server/config";
import { getDb, migrate } from "../app/.server/db";
import { setBuildId } from "../app/.server/build-info";
import { startSyncScheduler } from "../app/.server/sync";
import { startLeadWorker } from "../app/.server/leads/worker";
import { mailerFromConfig } from "../app/.server/mail/transport";
import { createVistaClient } from "../app/.server/vista";
import { getVistaTarget, setVistaTarget } from "../app/.server/vista/target";
import { FLASH_COOKIE_NAME } from "../app/.server/flash";
import { createPageCache } from "./page-cache";
import { startVistaSandbox } from "./vista-sandbox";
import { startAuthEmulator, type RunningAuthEmulator } from "./auth-emulator";
import { getIdentityBackend, SESSION_COOKIE_NAMES } from "../app/.server/auth";
import { seedAdmin } from "../app/.server/auth/seed";
import { onPublicContentChanged } from "../app/.server/admin/content-changed";
import { loadAppearance } from "../app/.server/appearance";
import { loadRedirects } from "../app/.server/redirects";
import { redirectMiddleware } from "./redirects";
import { createRemixHandler, type RemixHandler, requestGuards } from "./remix-handler";
import { securityHeaders } from "./security-headers";

const startedAt = performance.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

function loadConfig() {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();

/** Express "trust proxy" from TRUST_PROXY: booleans and hop counts as such, else the list of trusted networks. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}
const production = config.NODE_ENV === "production";

/** Runs `remix vite:build` in a child process (a second core); rejects when it fails. */
function buildApp(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/remix"), ["vite:build"], { cwd: root, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`remix vite:build saiu com código ${code}`)),
    );
  });
}
const appBuilt = production && process.argv.includes("--build") ? buildApp() : Promise.resolve();
// Surfaced by the `await` below; this keeps Node from reporting it as unhandled meanwhile.
appBuilt.catch(() => undefined);

// 0. Identity: a real Firebase project, or the embedded Auth emulator (ADR 0016),
// started while the app builds; its admin is seeded once the database is migrated.
let authEmulator: RunningAuthEmulator | undefined;
if (!config.FIREBASE_PROJECT_ID) {
  authEmulator = await startAuthEmulator({ port: config.FIREBASE_AUTH_EMULATOR_PORT });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator.hostPort;
  console.log(
    `[auth] emulador do Firebase Auth em ${authEmulator.url} (projeto ${authEmulator.projectId}) (${elapsed()})`,
  );
} else {
  console.log(`[auth] usando o projeto Firebase ${config.FIREBASE_PROJECT_ID}`);
}

// 1. Vista: the configured tenant, or the embedded sandbox over the demo catalogue.
let closeSandbox: (() => Promise<void>) | undefined;
if (!config.VISTA_URL) {
  const sandbox = await startVistaSandbox({
    port: config.VISTA_SANDBOX_PORT,
    dataDir: config.dataDir,
    // Every row of the data set is published in the demo (ADR 0002); tests hide listings explicitly.
    hiddenShare: 0,
  });
  setVistaTarget({ baseUrl: sandbox.url, key: sandbox.key });
  closeSandbox = () => sandbox.close();
  console.log(`[vista] sandbox Vista embutido em ${sandbox.url} (${elapsed()})`);
} else {
  console.log(`[vista] usando a API do Vista configurada em VISTA_URL`);
}

// 2. Database and migrations.
const database = getDb();
await migrate(database);
console.log(
  `[db] ${database.kind === "pglite" ? `PGlite em ${path.join(config.dataDir, "pglite")}` : "PostgreSQL (DATABASE_URL)"} pronto (${elapsed()})`,
);
if (authEmulator) {
  const admin = await seedAdmin(getIdentityBackend(), database.db, {
    email: config.AUTH_SEED_ADMIN_EMAIL,
    dataDir: config.dataDir,
  });
  console.log(
    `[auth] entre em /login-corretores como ${admin.email} com a senha ${admin.password} (guardada em ${path.join(config.dataDir, "auth-admin-password")})`,
  );
}

// Admin settings (ADR 0017): route rules and the saved appearance, kept in memory.
await Promise.all([loadRedirects(database.db), loadAppearance(database.db)]);

// 3. HTTP server. The request guards run first: trusted origin, CSP nonce, clean targets,
// same-origin writes (docs/decisions/0021-trusted-origin-and-input-hygiene.md).
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));
// Assigned once the build is loaded; the guard registered before it reads it when it exists.
// eslint-disable-next-line prefer-const
let remix: RemixHandler | undefined;
app.use(
  requestGuards({
    publicUrl: config.PUBLIC_URL,
    reject: (req, res, rejection) => {
      if (remix) return remix.reject(req, res, rejection);
      res
        .status(rejection.status)
        .set("Cache-Control", "private, no-store")
        .type("text/plain; charset=utf-8")
        .send(rejection.message);
    },
  }),
);
app.use(
  securityHeaders({
    https: Boolean(config.PUBLIC_URL?.startsWith("https:")),
    production,
    imageSources: [mapTileImageSource(config)].filter((source): source is string => source !== null),
  }),
);
app.use(compression());
// Public pages rendered once per minute at most (ADR 0013); pages for a visitor with a toast bypass it.
const pageCache = createPageCache({ personalCookies: [FLASH_COOKIE_NAME, ...SESSION_COOKIE_NAMES] });

let build: ServerBuild | (() => Promise<ServerBuild>);
await appBuilt.catch((error: unknown) => {
  console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
if (production) {
  const buildPath = path.join(root, "build/server/index.js");
  build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  setBuildId(build.assets.version);
  app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
  app.use(
    morgan("short", {
      skip: (req, res) => res.statusCode < 400 && (req.url?.startsWith("/imagens") || req.url === "/health/server"),
    }),
  );
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  setBuildId("dev");
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
}

// Route rules before the page cache and routing (docs/spec.txt §2); a saved rule or appearance empties the cache.
app.use(redirectMiddleware());
onPublicContentChanged(() => pageCache.clear());
if (production) app.use(pageCache.middleware);
// `use`, not `all("*")`: every method and path reaches Remix (its "*" route answers unknown paths).
remix = createRemixHandler({
  build,
  mode: config.NODE_ENV,
  // The client IP as Express derived it under TRUST_PROXY (keys the per-IP rate limits).
  getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
});
app.use(remix.handle);

const server = app.listen(config.PORT, () => {
  console.log(`[http] site pronto em http://localhost:${config.PORT} (${elapsed()})`);
});

// 4. Background sync from Vista into the read model (one leader among processes).
const scheduler = startSyncScheduler({
  intervalSeconds: config.SYNC_INTERVAL_SECONDS,
  getClient: () => createVistaClient(getVistaTarget()),
  database,
  onChange: () => pageCache.clear(),
});

// 4b. Lead outbox: e-mails and Vista leads, retried until delivered (ADR 0014).
const mailer = mailerFromConfig(config);
const leadWorker = startLeadWorker({
  database,
  mailer,
  getVista: () => createVistaClient(getVistaTarget()),
  onError: (error: unknown) => console.error("[leads] erro no envio de contatos", error),
  onFailure: ({ channel, attempts, error }) =>
    console.warn(`[leads] falha no envio (${channel}, tentativa ${attempts}): ${error}`),
});

// 5. Graceful shutdown: stop taking requests, finish the sync step, close the database.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[http] ${signal} recebido, encerrando…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections?.();
  await scheduler.stop().catch((error: unknown) => console.error("[sync] erro ao parar", error));
  await leadWorker.stop({ timeoutMs: 5000 }).catch((error: unknown) => console.error("[leads] erro ao parar", error));
  mailer.close();
  await closeSandbox?.().catch(() => undefined);
  await authEmulator?.stop().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
