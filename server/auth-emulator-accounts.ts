/**
 * The accounts of the embedded Auth emulator on disk
 * (docs/decisions/0024-embedded-defaults-that-last.md): read and loaded into
 * the emulator's project state at start, written atomically (mode 600) after
 * every successful change, before the change is answered. The file holds the
 * emulator's fake password hashes, which contain the passwords in clear: a
 * demo and development convenience, never a production user store. Used by
 * `./auth-emulator`.
 */
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** Name of the accounts file inside `persistDir`. */
export const ACCOUNTS_FILE = "accounts.json";

/** One account as the emulator keeps it (its `UserInfo`); only `localId` is relied upon here. */
export type EmulatorUser = { localId: string; providerUserInfo?: Array<{ providerId?: string }> } & Record<
  string,
  unknown
>;

/** The part of the emulator's `AgentProjectState` this module uses. */
export interface EmulatorProjectState {
  users: Map<string, EmulatorUser>;
  overwriteUserWithLocalId(localId: string, props: Record<string, unknown>): unknown;
}

/** Providers the emulator derives from `email`/`passwordHash`/`phoneNumber`; never imported as such. */
const DERIVED_PROVIDERS = new Set(["password", "phone"]);

/**
 * Reads `file` (the shape of `accounts:batchGet`: `{ users: [...] }`).
 * @returns the accounts, or [] when the file does not exist.
 * @throws {Error} when the file is unreadable or not an account list (it is never overwritten then).
 */
export function readAccounts(file: string): EmulatorUser[] {
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
export function importAccounts(state: EmulatorProjectState, users: readonly EmulatorUser[]): void {
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
export function accountWriter(file: string, state: EmulatorProjectState) {
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
export function persistingHandler(
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
