/**
 * The Node process: Express serving the Remix app (security headers,
 * compression, static files), the embedded Vista sandbox when no Vista tenant
 * is configured, the database (PGlite by default), the background sync job,
 * and a graceful shutdown (docs/architecture.md, "server/").
 *
 * Production runs this module compiled: `npm run build` bundles it with esbuild
 * into `build/node/server.js` (scripts/build-server.mjs), started with
 * `node build/node/server.js` (NODE_ENV defaults to production there) or by
 * `npm start` (scripts/start.mjs, which builds first when `build/` is stale).
 * `tsx server/index.ts` in development serves through Vite's middleware with
 * hot reload (`npm run dev`). The Auth emulator (firebase-tools) and Vite are
 * imported only when used, so the production image has neither
 * (docs/decisions/0025-production-process-and-image.md).
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { ConfigError, getConfig, mapTileImageSource } from "../app/.server/config";
import { type Database, getDb, migrate } from "../app/.server/db";
import { setVistaTarget } from "../app/.server/vista/target";
import { FLASH_COOKIE_NAME } from "../app/.server/flash";
import { FAVOURITES_COOKIE } from "../app/lib/favourites";
import { LOGIN_PATH } from "../app/lib/paths";
import { createPageCache } from "./page-cache";
import { bindVistaSandbox } from "./vista-sandbox";
import type { BoundAuthEmulator } from "./auth-emulator";
import { getIdentityBackend, SESSION_COOKIE_NAMES } from "../app/.server/auth";
import { seedAdmin } from "../app/.server/auth/seed";
import { onPublicContentChanged } from "../app/.server/admin/content-changed";
import { loadAppearance } from "../app/.server/appearance";
import { loadRedirects } from "../app/.server/redirects";
import { startClusterEvents } from "../app/.server/cluster-events";
import { mountBuild } from "./app-build";
import { startBackgroundWork } from "./background-work";
import { createBoundedServer, SLOW_CLIENT_DEFAULTS } from "./connection-limit";
import { trackConnections, type HttpDrain } from "./http-drain";
import { redirectMiddleware } from "./redirects";
import { createRemixHandler, type RemixHandler, requestGuards } from "./remix-handler";
import { handlerTakingTurns } from "./request-turns";
import { securityHeaders } from "./security-headers";
import { onStopSignal } from "./stop-signal";

/** `true` in the esbuild bundle (`define` in scripts/build-server.mjs); not defined when tsx runs the source. */
declare const __SERVER_BUNDLE__: boolean | undefined;
const bundled = typeof __SERVER_BUNDLE__ !== "undefined" && __SERVER_BUNDLE__;

const startedAt = performance.now();
const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository (or image) root: `server/..` from source, `build/node/../..` from the bundle. */
const root = path.resolve(here, bundled ? "../.." : "..");
/** The Remix build: `build/server/index.js` and `build/client/`, beside the bundle. */
const buildDir = bundled ? path.resolve(here, "..") : path.join(root, "build");
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

// The compiled server only serves the compiled app: `node build/node/server.js` is production.
if (bundled) process.env.NODE_ENV ??= "production";

// 0. Stop signals first of all, so a SIGTERM during start-up (Docker's PID 1, an
// orchestrator's rollout) stops the process cleanly instead of being ignored.
// Everything started below registers its closer here; shutdown() waits for the
// start-up step in progress, then closes in the order of `shutdown`.
interface Running {
  drain?: HttpDrain;
  scheduler?: { stop(): Promise<void> };
  leadWorker?: { stop(options?: { timeoutMs?: number }): Promise<void> };
  alertWorker?: { stop(options?: { timeoutMs?: number }): Promise<void> };
  alertDigest?: { stop(): Promise<void> };
  leadSla?: { stop(): Promise<void> };
  mailer?: { close(): void };
  closeSandbox?: () => Promise<void>;
  authEmulator?: BoundAuthEmulator;
  database?: { close(): Promise<void> };
  clusterEvents?: { stop(): Promise<void> };
  privacy?: { stop(): Promise<void> };
  analytics?: { stop(): Promise<void> };
  ownerReports?: { stop(options?: { timeoutMs?: number }): Promise<void> };
  visitMails?: { stop(options?: { timeoutMs?: number }): Promise<void> };
  closeVite?: () => Promise<void>;
}
const running: Running = {};
/** Set by the first stop signal; start-up checks it between steps. */
let stopSignal: string | undefined;
/** Default until the configuration is read (SHUTDOWN_TIMEOUT_SECONDS). */
let shutdownTimeoutSeconds = 8;

/** Thrown by a start-up step that sees a stop signal: start-up ends there, shutdown() takes over. */
class StartupStopped extends Error {}
function checkpoint(): void {
  if (stopSignal) throw new StartupStopped(stopSignal);
}

let startup: Promise<void> = Promise.resolve();

/**
 * Work no visitor waits for (loading the Auth emulator and the Vista sandbox,
 * seeding the admin, the sync and the outboxes) starts once the site has
 * answered its first request, 1 s after it listens, or at a stop signal,
 * whichever comes first: on one CPU it would otherwise delay the first page
 * of a restart (ADR 0041 has the timings). Requests to the emulator or the
 * sandbox made before they load wait for them.
 */
let backgroundStarted = false;
let startBackground: () => void = () => undefined;
const backgroundStart = new Promise<void>((resolve) => {
  startBackground = () => {
    backgroundStarted = true;
    resolve();
  };
});

/** Logs and closes everything that started, in dependency order; exits 0, or 1 past the timeout. */
async function shutdown(signal: string): Promise<void> {
  if (stopSignal) return;
  stopSignal = signal;
  const began = performance.now();
  const timeoutMs = shutdownTimeoutSeconds * 1000;
  console.log(`[http] ${signal} recebido, encerrando (limite ${shutdownTimeoutSeconds} s)…`);
  const force = setTimeout(() => {
    console.error(`[http] encerramento passou de ${shutdownTimeoutSeconds} s: saindo à força (exit 1)`);
    process.exit(1);
  }, timeoutMs);
  force.unref();
  const quietly = (what: string) => (error: unknown) => console.error(`[${what}] erro ao encerrar`, error);

  // The start-up step in progress ends first (a half-open database is not closed under its feet);
  // one turn of the event loop first, in case the signal came before start-up began.
  await new Promise((resolve) => setImmediate(resolve));
  startBackground();
  await startup.catch(() => undefined);
  // Requests in flight finish (they need the database), cut at the deadline; the sync stops
  // at its next safe point and the outbox worker after its current delivery, meanwhile.
  const drained = running.drain
    ?.drain({ deadlineMs: Math.max(1000, timeoutMs - 2000) })
    .then(({ forced }) => forced && console.warn("[http] respostas em andamento interrompidas no limite"));
  await Promise.all([
    drained?.catch(quietly("http")),
    running.scheduler?.stop().catch(quietly("sync")),
    running.privacy?.stop().catch(quietly("privacidade")),
    running.analytics?.stop().catch(quietly("analytics")),
    running.leadWorker?.stop({ timeoutMs: Math.max(1000, timeoutMs - 3000) }).catch(quietly("leads")),
    running.alertWorker?.stop({ timeoutMs: Math.max(1000, timeoutMs - 3000) }).catch(quietly("alertas")),
    running.alertDigest?.stop().catch(quietly("alertas")),
    running.leadSla?.stop().catch(quietly("leads")),
    running.ownerReports?.stop({ timeoutMs: Math.max(1000, timeoutMs - 3000) }).catch(quietly("proprietarios")),
    running.visitMails?.stop({ timeoutMs: Math.max(1000, timeoutMs - 3000) }).catch(quietly("visitas")),
  ]);
  running.mailer?.close();
  await Promise.all([
    running.closeSandbox?.().catch(quietly("vista")),
    running.authEmulator?.stop().catch(quietly("auth")),
    running.closeVite?.().catch(quietly("vite")),
  ]);
  await running.clusterEvents?.stop().catch(quietly("cluster"));
  await running.database?.close().catch(quietly("db"));
  const seconds = ((performance.now() - began) / 1000).toFixed(2);
  console.log(`[http] encerrado em ${seconds} s (exit 0)`);
  process.exit(0);
}
onStopSignal((signal) => void shutdown(signal));

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
shutdownTimeoutSeconds = config.SHUTDOWN_TIMEOUT_SECONDS;

/** Express "trust proxy" from TRUST_PROXY: booleans and hop counts as such, else the list of trusted networks. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}
const production = config.NODE_ENV === "production";

/**
 * Identity: a real Firebase project, or the embedded Auth emulator (ADR 0016), loaded only
 * here (firebase-tools is not in the production image). The emulator's port is bound now
 * and the emulator itself loads with the background work. An emulator named by
 * FIREBASE_AUTH_EMULATOR_HOST (without a project) is used as is, not started: several
 * servers share one (docs/decisions/0026-several-servers.md).
 */
async function startIdentity(): Promise<void> {
  if (!config.FIREBASE_PROJECT_ID && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const { bindAuthEmulator } = await import("./auth-emulator");
    const authEmulator = await bindAuthEmulator({
      port: config.FIREBASE_AUTH_EMULATOR_PORT,
      persistDir: path.join(config.dataDir, "auth-emulator"),
      loadAfter: backgroundStart,
    });
    running.authEmulator = authEmulator;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator.hostPort;
  } else if (config.FIREBASE_PROJECT_ID) {
    console.log(`[auth] usando o projeto Firebase ${config.FIREBASE_PROJECT_ID}`);
  } else {
    // Host and port only: what follows them is the emulator's access key (ADR 0065).
    const emulatorAddress = (process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "").split("/")[0];
    console.log(`[auth] usando o emulador do Firebase Auth em ${emulatorAddress}`);
  }
}

/** Once the embedded emulator answers: its first administrator (ADR 0016), told on the console. */
async function seedEmbeddedAdmin(authEmulator: BoundAuthEmulator, database: Database): Promise<void> {
  await authEmulator.ready;
  console.log(
    `[auth] emulador do Firebase Auth em ${authEmulator.url} (projeto ${authEmulator.projectId}) (${elapsed()})`,
  );
  const admin = await seedAdmin(getIdentityBackend(), database.db, {
    email: config.AUTH_SEED_ADMIN_EMAIL,
    dataDir: config.dataDir,
  });
  const passwordFile = path.join(config.dataDir, "auth-admin-password");
  console.log(
    admin.created
      ? `[auth] entre em /login-corretores como ${admin.email} com a senha ${admin.password} (guardada em ${passwordFile})`
      : `[auth] administrador ${admin.email} mantido; a senha inicial está em ${passwordFile} (se ainda não foi trocada)`,
  );
}

/** Vista: the configured tenant, or the embedded sandbox over the demo catalogue (its port bound now, its catalogue loaded with the background work). */
async function startVista(): Promise<void> {
  if (!config.VISTA_URL) {
    const sandbox = await bindVistaSandbox({
      port: config.VISTA_SANDBOX_PORT,
      dataDir: config.dataDir,
      // Every row of the data set is published in the demo (ADR 0002); tests hide listings explicitly.
      hiddenShare: 0,
      loadAfter: backgroundStart,
    });
    setVistaTarget({ baseUrl: sandbox.url, key: sandbox.key });
    running.closeSandbox = () => sandbox.close();
    // Logged when loaded; a failure to load ends the process like any start-up failure.
    sandbox.ready.then(
      () => console.log(`[vista] sandbox Vista embutido em ${sandbox.url} (${elapsed()})`),
      (error: unknown) => failedToStart(error),
    );
  } else {
    console.log(`[vista] usando a API do Vista configurada em VISTA_URL`);
  }
}

/** Database and migrations. */
async function startDatabase(): Promise<Database> {
  const database = getDb();
  running.database = database;
  await migrate(database);
  console.log(
    `[db] ${database.kind === "pglite" ? `PGlite em ${path.join(config.dataDir, "pglite")}` : "PostgreSQL (DATABASE_URL)"} pronto (${elapsed()})`,
  );
  return database;
}

/**
 * Starts every part of the process; each step ends with a {@link checkpoint}. Identity,
 * Vista and the database do not depend on each other and start together (a restart
 * answers sooner); each records itself in `running` as soon as it is up, so a stop
 * signal meanwhile closes what started. The site listens as soon as the database and the
 * Remix build are ready; the rest waits for {@link backgroundStart}.
 */
async function start(): Promise<void> {
  checkpoint();
  const [, , database] = await Promise.all([startIdentity(), startVista(), startDatabase()]);
  checkpoint();

  // Admin settings (ADR 0017): route rules and the saved appearance, kept in memory.
  await Promise.all([loadRedirects(database.db), loadAppearance(database.db)]);
  // Changes saved by other processes reach this one (docs/decisions/0026-several-servers.md).
  running.clusterEvents = await startClusterEvents({ database });
  checkpoint();

  // 4. HTTP server. The request guards run first: trusted origin, CSP nonce, clean targets,
  // same-origin writes (docs/decisions/0021-trusted-origin-and-input-hygiene.md).
  const app = express();
  app.disable("x-powered-by");
  // Only until the background work has started: no listener per request after that.
  app.use((_req, res, next) => {
    if (!backgroundStarted) res.once("finish", startBackground);
    next();
  });
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
      googleTag: { analytics: Boolean(config.GA_MEASUREMENT_ID), tagManager: Boolean(config.GTM_ID) },
      // A real project's login page signs in through the Firebase web SDK (ADR 0070).
      firebaseAuthPaths: config.FIREBASE_PROJECT_ID ? [LOGIN_PATH] : [],
    }),
  );
  app.use(compression());
  // Public pages rendered once per minute at most (ADR 0013); pages for a visitor with a toast bypass it.
  // The favourites cookie fills the hearts of every page (ADR 0032).
  const pageCache = createPageCache({
    personalCookies: [FLASH_COOKIE_NAME, ...SESSION_COOKIE_NAMES, FAVOURITES_COOKIE],
  });

  // The build and its static files (server/app-build.ts).
  const { build, closeVite } = await mountBuild(app, { production, buildDir, root });
  running.closeVite = closeVite;
  checkpoint();

  // Route rules before the page cache and routing (docs/spec.txt §2); a saved rule or appearance empties the cache.
  app.use(redirectMiddleware());
  onPublicContentChanged(() => pageCache.clear());
  if (production) app.use(pageCache.middleware);
  // `use`, not `all("*")`: every method and path reaches Remix (its "*" route answers unknown paths).
  remix = createRemixHandler({
    build,
    mode: config.NODE_ENV,
    // The client IP as Express derived it under TRUST_PROXY (keys the per-IP rate limits), and the
    // socket's own peer, which no header can change (health details for this host, ADR 0066).
    getLoadContext: (req) => ({
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      peerAddress: req.socket.remoteAddress,
    }),
  });
  // Per-client turns (ADR 0062) and the process-wide admission gate (ADR 0071): server/request-turns.ts.
  app.use(handlerTakingTurns(remix, config));

  // Slow clients: header, body and keep-alive timeouts, and a cap of open connections per visitor
  // address that trusted proxies (TRUST_PROXY) are exempt from (server/connection-limit.ts, ADR 0067).
  const trustProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const server = createBoundedServer(app, {
    ...SLOW_CLIENT_DEFAULTS,
    isTrustedProxy: (address) => trustProxy(address, 0),
  });
  server.listen(config.PORT);
  // Tracked from the first request, so a stop drains it (server/http-drain.ts).
  running.drain = trackConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  console.log(`[http] site pronto em http://localhost:${config.PORT} (${elapsed()})`);
  setTimeout(startBackground, 1000).unref();
  await backgroundStart;
  checkpoint();
  if (running.authEmulator) await seedEmbeddedAdmin(running.authEmulator, database);
  checkpoint();

  // 5. The sync, the outboxes and the maintenance jobs (server/background-work.ts).
  Object.assign(running, startBackgroundWork({ database, config, onCatalogueChange: () => pageCache.clear() }));
}

startup = start();
startup.catch(failedToStart);

/** Ends the process (exit 1) after a start-up failure, with an operator's explanation when there is one. */
function failedToStart(error: unknown): void {
  // A stop signal during start-up: shutdown() closes what started and exits 0.
  if (error instanceof StartupStopped || stopSignal) return;
  if (isMissingModule(error, "firebase-tools"))
    console.error(
      "[auth] FIREBASE_PROJECT_ID não definido e o emulador do Firebase Auth (firebase-tools) não está instalado " +
        "(imagem de produção): defina FIREBASE_PROJECT_ID e as credenciais do Firebase, ou use a imagem demo.",
    );
  else console.error("[server] falha ao iniciar", error);
  process.exit(1);
}

/** Whether `error` is Node's "cannot find module" for `name` (an optional part not installed). */
function isMissingModule(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" &&
    error.message.includes(name)
  );
}
