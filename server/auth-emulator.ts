/**
 * The Firebase Auth emulator (firebase-tools) in this process: the embedded
 * default when no Firebase project is configured (
 * docs/architecture.md "Embedded defaults"), and the identity service of the tests.
 *
 * It runs the emulator's own Express app (`firebase-tools/lib/emulator/auth/server`),
 * not the `firebase emulators:start` CLI: no Java, no network, no config
 * file, and it binds an ephemeral port when asked to. One change to its
 * start-up: the emulator validates requests against an OpenAPI document and
 * compiles every JSON schema of it up front (about 11 s of CPU on a 2-core
 * machine); we ask its validator (exegesis) to compile each schema on first
 * use instead (`lazyCompileValidationSchemas`), which brings the start to
 * about 1 s (ADR 0016). The emulator keeps its users in memory: a restart
 * starts empty, so the seed (`app/.server/auth/seed.ts`) runs at every start.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

/** Options of {@link startAuthEmulator}. */
export interface StartAuthEmulatorOptions {
  /** Firebase project id; must start with `demo-` (a demo project never reaches Google). Default `demo-imobiliaria`. */
  projectId?: string;
  /** TCP port; 0 (default) = an ephemeral port. */
  port?: number;
  /** Interface to bind; default "127.0.0.1" (this machine only). */
  host?: string;
}

/** A running Auth emulator. */
export interface RunningAuthEmulator {
  /** The project id it answers for. */
  projectId: string;
  /** `host:port`, the value of `FIREBASE_AUTH_EMULATOR_HOST` for firebase-admin. */
  hostPort: string;
  /** Base URL, e.g. `http://127.0.0.1:9099` (no trailing slash). */
  url: string;
  port: number;
  /** Stops listening and drops open connections. */
  stop(): Promise<void>;
}

/** The demo project of the embedded default (ADR 0016: a project named `demo-…`). */
export const DEMO_PROJECT_ID = "demo-imobiliaria";

type CreateApp = (projectId: string) => Promise<{ listen(port: number, host: string, callback: () => void): Server }>;

let createAppPromise: Promise<CreateApp> | undefined;

/** Loads the emulator's app factory once, with lazily compiled request/response schemas. */
function loadCreateApp(): Promise<CreateApp> {
  createAppPromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const serverPath = require.resolve("firebase-tools/lib/emulator/auth/server.js");
    const fromEmulator = createRequire(serverPath);
    // Same module instance as the emulator's own `require("exegesis-express")`.
    const exegesisExpress = fromEmulator("exegesis-express") as {
      middleware: (spec: unknown, options: Record<string, unknown>) => Promise<unknown>;
      __lazyPatched?: boolean;
    };
    if (!exegesisExpress.__lazyPatched) {
      const original = exegesisExpress.middleware;
      exegesisExpress.middleware = (spec, options) =>
        original(spec, { ...options, lazyCompileValidationSchemas: true });
      exegesisExpress.__lazyPatched = true;
    }
    const server = fromEmulator(serverPath) as { createApp: CreateApp };
    return server.createApp;
  })();
  return createAppPromise;
}

/**
 * Starts an Auth emulator for `projectId` with no users.
 * @throws {Error} when the project id does not start with `demo-`, or the port is taken.
 */
export async function startAuthEmulator(options: StartAuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  if (!projectId.startsWith("demo-"))
    throw new Error(`Auth emulator: the project id must start with "demo-" (got ${projectId})`);
  const host = options.host ?? "127.0.0.1";
  const createApp = await loadCreateApp();
  const app = await createApp(projectId);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening: Server = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | undefined;
  return {
    projectId,
    hostPort: `${host}:${port}`,
    url: `http://${host}:${port}`,
    port,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
      return stopping;
    },
  };
}
