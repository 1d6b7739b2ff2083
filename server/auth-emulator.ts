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
 * about 1 s (ADR 0016).
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
 * demo and development convenience, never a production user store.
 */
import fs from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { deferredListener } from "./deferred-listener";

/** Options of {@link startAuthEmulator}. */
export interface StartAuthEmulatorOptions {
  /** Firebase project id; must start with `demo-` (a demo project never reaches Google). Default `demo-imobiliaria`. */
  projectId?: string;
  /** TCP port; 0 (default) = an ephemeral port. */
  port?: number;
  /** Interface to bind; default "127.0.0.1" (this machine only). */
  host?: string;
  /**
   * Folder where the emulator's accounts are kept across restarts (created
   * mode 700 if missing; the file inside is mode 600). Unset = in memory only.
   */
  persistDir?: string;
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
  /** The accounts file (`<persistDir>/accounts.json`), or undefined when in memory only. */
  accountsFile?: string;
  /** Accounts loaded from `accountsFile` at start (0 without `persistDir` or on a first start). */
  importedAccounts: number;
  /** Stops listening, drops open connections and waits for the last accounts write. */
  stop(): Promise<void>;
}

/** The demo project of the embedded default (ADR 0016: a project named `demo-…`). */
export const DEMO_PROJECT_ID = "demo-imobiliaria";

/** Name of the accounts file inside `persistDir`. */
export const ACCOUNTS_FILE = "accounts.json";

/** One account as the emulator keeps it (its `UserInfo`); only `localId` is relied upon here. */
type EmulatorUser = { localId: string; providerUserInfo?: Array<{ providerId?: string }> } & Record<string, unknown>;

/** The part of the emulator's `AgentProjectState` this module uses. */
interface EmulatorProjectState {
  users: Map<string, EmulatorUser>;
  overwriteUserWithLocalId(localId: string, props: Record<string, unknown>): unknown;
}

interface EmulatorModules {
  createApp: (
    projectId: string,
    singleProjectMode: number,
    projectStateForId: Map<string, EmulatorProjectState>,
  ) => Promise<(req: IncomingMessage, res: ServerResponse) => void>;
  AgentProjectState: new (projectId: string) => EmulatorProjectState;
}

/** The emulator's app factory inside firebase-tools. */
const EMULATOR_SERVER_MODULE = "firebase-tools/lib/emulator/auth/server.js";

let modulesPromise: Promise<EmulatorModules> | undefined;

/** Loads the emulator's app factory (with lazily compiled schemas) and its project state class, once. */
function loadEmulator(): Promise<EmulatorModules> {
  modulesPromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const serverPath = require.resolve(EMULATOR_SERVER_MODULE);
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
    const server = fromEmulator(serverPath) as Pick<EmulatorModules, "createApp">;
    const state = fromEmulator("./state.js") as Pick<EmulatorModules, "AgentProjectState">;
    return { createApp: server.createApp, AgentProjectState: state.AgentProjectState };
  })();
  return modulesPromise;
}

/** `SingleProjectMode.NO_WARNING` of the emulator: requests for other project ids are served silently. */
const SINGLE_PROJECT_NO_WARNING = 0;

/** Providers the emulator derives from `email`/`passwordHash`/`phoneNumber`; never imported as such. */
const DERIVED_PROVIDERS = new Set(["password", "phone"]);

/**
 * Reads `file` (the shape of `accounts:batchGet`: `{ users: [...] }`).
 * @returns the accounts, or [] when the file does not exist.
 * @throws {Error} when the file is unreadable or not an account list (it is never overwritten then).
 */
function readAccounts(file: string): EmulatorUser[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Auth emulator: ${file} is not valid JSON; fix or remove it`);
  }
  const users = (parsed as { users?: unknown } | null)?.users ?? [];
  if (
    !Array.isArray(users) ||
    !users.every(
      (user): user is EmulatorUser =>
        typeof user === "object" && user !== null && typeof (user as { localId?: unknown }).localId === "string",
    )
  )
    throw new Error(`Auth emulator: ${file} is not an account list (users[].localId); fix or remove it`);
  return users;
}

/**
 * Loads saved accounts into the emulator's state as they were: password
 * hash and salt, custom claims, disabled flag, `validSince` (so sessions
 * created before the restart are not taken for revoked), creation and
 * last sign-in times.
 */
function importAccounts(state: EmulatorProjectState, users: readonly EmulatorUser[]): void {
  for (const { localId, providerUserInfo, ...fields } of users) {
    state.overwriteUserWithLocalId(localId, {
      ...fields,
      providerUserInfo: providerUserInfo
        ?.filter((info) => !DERIVED_PROVIDERS.has(String(info.providerId)))
        .map((info) => ({ ...info })),
    });
  }
}

/** The accounts of `state` as the file's text (sorted by uid, like `accounts:batchGet`). */
function serializeAccounts(state: EmulatorProjectState): string {
  const users = [...state.users.values()].sort((a, b) => (a.localId < b.localId ? -1 : a.localId > b.localId ? 1 : 0));
  return JSON.stringify({ kind: "identitytoolkit#DownloadAccountResponse", users });
}

/**
 * Writes `text` to `file` so that a crash leaves either the old or the new
 * content: a temporary file beside it (mode 600), fsync, rename, then fsync of
 * the folder so the rename itself is on disk.
 */
async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await fs.promises.open(temporary, "w", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
  let folder: fs.promises.FileHandle | undefined;
  try {
    folder = await fs.promises.open(path.dirname(file), "r");
    await folder.sync();
  } catch {
    // Some platforms cannot fsync a folder; the rename is still atomic there.
  } finally {
    await folder?.close();
  }
}

/**
 * Serialised, coalesced writes of the account list: `persist()` resolves once
 * a write that started after the call has finished (a write already under
 * way may predate the caller's change, so the caller waits for the next one;
 * all callers arriving meanwhile share that next write). A write is skipped
 * when the text equals the last one written, so reads sent as POST
 * (`accounts:lookup`, `accounts:query`) cost a serialisation, not a disk write.
 */
function accountWriter(file: string, state: EmulatorProjectState) {
  let lastWritten = serializeAccounts(state);
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const writeNow = async () => {
    const text = serializeAccounts(state);
    if (text === lastWritten) return;
    await writeFileAtomic(file, text);
    lastWritten = text;
  };
  const start = (): Promise<void> => {
    queued = undefined;
    const current: Promise<void> = writeNow().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return {
    persist(): Promise<void> {
      if (queued) return queued;
      if (!running) return start();
      queued = running.then(start, start);
      return queued;
    },
    /** Resolves when no write is under way or queued. */
    async idle(): Promise<void> {
      while (running || queued) await (queued ?? running)?.catch(() => undefined);
    },
  };
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Wraps the emulator's handler so that a successful (status < 400) request
 * other than GET/HEAD/OPTIONS sends its response only after the accounts are
 * on disk: the body written with `res.write` (the emulator streams its JSON
 * replies) is held with `res.end` until `persist()` resolves, then replayed.
 * Nothing reaches the client before that, because Node sends the headers
 * with the first body bytes. When the write fails, the client gets a 500 and
 * the change stays in memory only until the next successful write.
 */
function persistingHandler(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  persist: () => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (!READ_METHODS.has(req.method ?? "GET")) {
      type Call = (...args: unknown[]) => unknown;
      const write = res.write.bind(res) as Call;
      const end = res.end.bind(res) as Call;
      const held: unknown[][] = [];
      (res as unknown as { write: Call }).write = (...args) => {
        held.push(args);
        return true;
      };
      (res as unknown as { end: Call }).end = (...args) => {
        const replay = () => {
          for (const chunk of held) write(...chunk);
          end(...args);
        };
        if (res.statusCode >= 400) {
          replay();
          return res;
        }
        persist().then(replay, (error: unknown) => {
          console.error(`[auth] falha ao gravar as contas do emulador: ${(error as Error).message}`);
          res.statusCode = 500;
          res.setHeader("content-type", "application/json");
          res.removeHeader("content-length");
          end(JSON.stringify({ error: { code: 500, message: "ACCOUNTS_NOT_SAVED" } }));
        });
        return res;
      };
    }
    handler(req, res);
  };
}

/** An Auth emulator whose port is bound and whose app may still be loading (see {@link bindAuthEmulator}). */
export interface BoundAuthEmulator {
  projectId: string;
  /** `host:port`, the value of `FIREBASE_AUTH_EMULATOR_HOST` for firebase-admin. */
  hostPort: string;
  /** Base URL, e.g. `http://127.0.0.1:9099` (no trailing slash). */
  url: string;
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
 * Binds the emulator's port at once and loads the emulator (about 1 s of CPU:
 * firebase-tools' modules) only when `loadAfter` settles, so a server can
 * answer its first pages before paying for it (ADR 0041). Its address is
 * known from the start: `FIREBASE_AUTH_EMULATOR_HOST` can be set before the
 * emulator answers, and its clients' requests wait for it meanwhile.
 *
 * Checked before binding (cheap, so the caller fails early): the project
 * id, that firebase-tools is installed, and the accounts file.
 * @throws {Error} when the project id does not start with `demo-`, the port is
 *   taken, the accounts file exists but cannot be read as an account list, or
 *   firebase-tools is not installed (code MODULE_NOT_FOUND).
 */
export async function bindAuthEmulator(
  options: StartAuthEmulatorOptions & { loadAfter?: Promise<unknown> } = {},
): Promise<BoundAuthEmulator> {
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  if (!projectId.startsWith("demo-"))
    throw new Error(`Auth emulator: the project id must start with "demo-" (got ${projectId})`);
  const host = options.host ?? "127.0.0.1";
  createRequire(import.meta.url).resolve(EMULATOR_SERVER_MODULE);
  let accountsFile: string | undefined;
  let saved: EmulatorUser[] = [];
  if (options.persistDir) {
    fs.mkdirSync(options.persistDir, { recursive: true, mode: 0o700 });
    accountsFile = path.join(options.persistDir, ACCOUNTS_FILE);
    saved = readAccounts(accountsFile);
  }

  let idle: () => Promise<void> = async () => undefined;
  const handler = (async () => {
    await options.loadAfter?.catch(() => undefined);
    const { createApp, AgentProjectState } = await loadEmulator();
    const state = new AgentProjectState(projectId);
    const app = await createApp(projectId, SINGLE_PROJECT_NO_WARNING, new Map([[projectId, state]]));
    if (!accountsFile) return app;
    importAccounts(state, saved);
    const writer = accountWriter(accountsFile, state);
    idle = () => writer.idle();
    return persistingHandler(app, () => writer.persist());
  })();
  const server = createServer(
    deferredListener(handler, (res) => {
      res.statusCode = 503;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: { code: 503, message: "EMULATOR_NOT_LOADED" } }));
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | undefined;
  const bound: BoundAuthEmulator = {
    projectId,
    hostPort: `${host}:${port}`,
    url: `http://${host}:${port}`,
    port,
    ready: handler.then(() => ({
      projectId,
      hostPort: bound.hostPort,
      url: bound.url,
      port,
      accountsFile,
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
  try {
    return await bound.ready;
  } catch (error) {
    await bound.stop();
    throw error;
  }
}
