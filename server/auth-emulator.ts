/**
 * The Firebase Auth emulator (firebase-tools) in this process: the embedded
 * default when no Firebase project is configured (
 * docs/architecture.md "Embedded defaults"), and the identity service of the tests.
 *
 * It runs the emulator's own Express app (`firebase-tools/lib/emulator/auth/server`),
 * not the `firebase emulators:start` CLI: no Java, no network, no config
 * file, and it binds an ephemeral port when asked to. One change to its
 * start-up: the emulator validates requests against an OpenAPI document and
 * compiles every JSON schema of it up front, most of its start-up time; we
 * ask its validator (exegesis) to compile each schema on first use instead
 * (`lazyCompileValidationSchemas`), which makes the start short (ADR 0016 has
 * the timings). Both are firebase-tools internals, loaded through
 * app/lib/framework-internals.ts (docs/decisions/0078).
 *
 * The emulator keeps its users in memory. With `persistDir` they last across
 * restarts, crashes included (docs/decisions/0024-embedded-defaults-that-last.md):
 * the accounts are loaded into the emulator's project state at start, and
 * after every successful request that is not a read (GET/HEAD/OPTIONS) the
 * whole account list is written to `<persistDir>/accounts.json` (temporary
 * file, fsync, rename; mode 600) before the response is sent, when it changed.
 * The file has the shape of the emulator's own export (`accounts:batchGet`),
 * so `firebase emulators:start --import` can read it too. It holds the
 * emulator's fake password hashes, which contain the passwords in clear: a
 * demo and development convenience, never a production user store
 * (./auth-emulator-accounts).
 *
 * The emulator's REST API has no authentication (anyone may send
 * firebase-admin's "Bearer owner"), so it listens on loopback only and
 * answers only paths that start with an access key made at each start
 * (./auth-emulator-access; docs/decisions/0065-sign-in-abuse-and-enumeration.md).
 */
import fs from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import {
  ACCOUNTS_FILE,
  accountWriter,
  type EmulatorProjectState,
  type EmulatorUser,
  importAccounts,
  persistingHandler,
  readAccounts,
} from "./auth-emulator-accounts";
import {
  AUTH_EMULATOR_SERVER_MODULE,
  AUTH_EMULATOR_SINGLE_PROJECT_NO_WARNING,
  type AuthEmulatorInternals,
  loadAuthEmulatorInternals,
} from "../app/lib/framework-internals";
import { isLoopbackHost, keyedHandler, newAccessKey, writeAccessKey } from "./auth-emulator-access";
import { deferredListener, readyOrClosed } from "./deferred-listener";

export { ACCOUNTS_FILE } from "./auth-emulator-accounts";

/** Options of {@link startAuthEmulator}. */
export interface StartAuthEmulatorOptions {
  /** Firebase project id; must start with `demo-` (a demo project never reaches Google). Default `demo-imobiliaria`. */
  projectId?: string;
  /** TCP port; 0 (default) = an ephemeral port. */
  port?: number;
  /** Loopback interface to bind; default "127.0.0.1" (anything else is refused: the emulator has no authentication). */
  host?: string;
  /**
   * Folder where the emulator's accounts are kept across restarts (created
   * mode 700 if missing; the file inside is mode 600), and the current access
   * key (`access-key`, mode 600). Unset = in memory only.
   */
  persistDir?: string;
}

/** A running Auth emulator. */
export interface RunningAuthEmulator {
  /** The project id it answers for. */
  projectId: string;
  /**
   * `host:port/<access key>`, the value of `FIREBASE_AUTH_EMULATOR_HOST` for
   * firebase-admin (./auth-emulator-access). Holds the key: never log it.
   */
  hostPort: string;
  /** Where it listens, e.g. `http://127.0.0.1:9099`, without the key (safe to log; answers 404 to anything). */
  url: string;
  /** Base URL of the REST API, with the key (`http://127.0.0.1:9099/<key>`): a secret, never log it. */
  accessUrl: string;
  port: number;
  /** The accounts file (`<persistDir>/accounts.json`), or undefined when in memory only. */
  accountsFile?: string;
  /** The file holding the access key (`<persistDir>/access-key`), or undefined without `persistDir`. */
  accessKeyFile?: string;
  /** Accounts loaded from `accountsFile` at start (0 without `persistDir` or on a first start). */
  importedAccounts: number;
  /** Stops listening, drops open connections and waits for the last accounts write. */
  stop(): Promise<void>;
}

/** The demo project of the embedded default (ADR 0016: a project named `demo-…`). */
export const DEMO_PROJECT_ID = "demo-imobiliaria";

/** The emulator's app as firebase-tools makes it: a Node request listener. */
type EmulatorModules = AuthEmulatorInternals<EmulatorProjectState, (req: IncomingMessage, res: ServerResponse) => void>;

let modulesPromise: Promise<EmulatorModules> | undefined;

/** Loads the emulator's app factory (with lazily compiled schemas) and its project state class, once. */
function loadEmulator(): Promise<EmulatorModules> {
  modulesPromise ??= (async () => loadAuthEmulatorInternals(createRequire, import.meta.url))();
  return modulesPromise;
}

/** An Auth emulator whose port is bound and whose app may still be loading (see {@link bindAuthEmulator}). */
export interface BoundAuthEmulator {
  projectId: string;
  /**
   * `host:port/<access key>`, the value of `FIREBASE_AUTH_EMULATOR_HOST` for
   * firebase-admin (./auth-emulator-access). Holds the key: never log it.
   */
  hostPort: string;
  /** Where it listens, e.g. `http://127.0.0.1:9099`, without the key (safe to log; answers 404 to anything). */
  url: string;
  /** Base URL of the REST API, with the key (`http://127.0.0.1:9099/<key>`): a secret, never log it. */
  accessUrl: string;
  port: number;
  /**
   * Resolves once the emulator answers (its accounts imported); rejects when
   * it cannot load. Requests that arrive before wait for it; after a failure
   * they get 503.
   */
  ready: Promise<RunningAuthEmulator>;
  /** Stops listening, drops open connections and waits for the last accounts write. */
  stop(): Promise<void>;
}

/**
 * Binds the emulator's port at once and loads the emulator (firebase-tools'
 * modules, a noticeable cost in CPU) only when `loadAfter` settles, so a server can
 * answer its first pages before paying for it (ADR 0041). Its address is
 * known from the start: `FIREBASE_AUTH_EMULATOR_HOST` can be set before the
 * emulator answers, and its clients' requests wait for it meanwhile.
 *
 * It listens on loopback only and answers only requests carrying its access
 * key, made now (./auth-emulator-access): `hostPort` and `accessUrl` hold it.
 *
 * Checked before binding (cheap, so the caller fails early): the project
 * id, the interface, that firebase-tools is installed, and the accounts file.
 * @throws {Error} when the project id does not start with `demo-`, the host
 *   is not a loopback interface, the port is taken, the accounts file exists
 *   but cannot be read as an account list, or firebase-tools is not installed
 *   (code MODULE_NOT_FOUND).
 */
export async function bindAuthEmulator(
  options: StartAuthEmulatorOptions & { loadAfter?: Promise<unknown> } = {},
): Promise<BoundAuthEmulator> {
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  if (!projectId.startsWith("demo-"))
    throw new Error(`Auth emulator: the project id must start with "demo-" (got ${projectId})`);
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host))
    throw new Error(`Auth emulator: it has no authentication and listens on loopback only (got host ${host})`);
  createRequire(import.meta.url).resolve(AUTH_EMULATOR_SERVER_MODULE);
  let accountsFile: string | undefined;
  let saved: EmulatorUser[] = [];
  if (options.persistDir) {
    fs.mkdirSync(options.persistDir, { recursive: true, mode: 0o700 });
    accountsFile = path.join(options.persistDir, ACCOUNTS_FILE);
    saved = readAccounts(accountsFile);
  }
  const key = newAccessKey();
  const accessKeyFile = options.persistDir ? writeAccessKey(options.persistDir, key) : undefined;

  let idle: () => Promise<void> = async () => undefined;
  const handler = (async () => {
    await options.loadAfter?.catch(() => undefined);
    const { createApp, AgentProjectState } = await loadEmulator();
    const state = new AgentProjectState(projectId);
    const app = await createApp(projectId, AUTH_EMULATOR_SINGLE_PROJECT_NO_WARNING, new Map([[projectId, state]]));
    if (!accountsFile) return app;
    importAccounts(state, saved);
    const writer = accountWriter(accountsFile, state);
    idle = () => writer.idle();
    return persistingHandler(app, () => writer.persist());
  })();
  const server = createServer(
    keyedHandler(
      key,
      deferredListener(handler, (res) => {
        res.statusCode = 503;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: { code: 503, message: "EMULATOR_NOT_LOADED" } }));
      }),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const authority = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  let stopping: Promise<void> | undefined;
  const bound: BoundAuthEmulator = {
    projectId,
    hostPort: `${authority}/${key}`,
    url: `http://${authority}`,
    accessUrl: `http://${authority}/${key}`,
    port,
    ready: handler.then(() => ({
      projectId,
      hostPort: bound.hostPort,
      url: bound.url,
      accessUrl: bound.accessUrl,
      port,
      accountsFile,
      accessKeyFile,
      importedAccounts: saved.length,
      stop: bound.stop,
    })),
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await idle();
      })();
      return stopping;
    },
  };
  return bound;
}

/**
 * Starts an Auth emulator for `projectId`: empty, or with the accounts saved
 * in `persistDir` by an earlier run, which it then keeps up to date there.
 * Resolves once it answers.
 * @throws {Error} when the project id does not start with `demo-`, the port is
 *   taken, or the accounts file exists but cannot be read as an account list.
 */
export async function startAuthEmulator(options: StartAuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  const bound = await bindAuthEmulator(options);
  return readyOrClosed(bound.ready, () => bound.stop());
}
