/**
 * Embedded defaults that last across restarts
 * (docs/decisions/0024-embedded-defaults-that-last.md):
 * - the Auth emulator with `persistDir` keeps accounts, passwords, custom
 *   claims, disabled flags and deletions across a crash (the emulator runs in
 *   a child process killed with SIGKILL right after the last change was
 *   answered) and across a clean stop; the seeded admin is neither duplicated
 *   nor reset by a later seed;
 * - the Vista sandbox started with port 0 keeps its origin across restarts of
 *   one data folder, and reports the old origin when it had to move;
 * - both can bind their port first and load later: requests made meanwhile
 *   wait and are answered once they load.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createIdentityBackend, type IdentityBackend } from "~/.server/auth/firebase";
import { SEED_ADMIN_UID, seedAdmin } from "~/.server/auth/seed";
import { ACCOUNTS_FILE, bindAuthEmulator, startAuthEmulator } from "../../server/auth-emulator";
import { SANDBOX_KEY, SANDBOX_PORT_FILE, bindVistaSandbox, startVistaSandbox } from "../../server/vista-sandbox";
import { createTestPglite, type TestDatabase } from "./helpers/database";

const CHILD = path.resolve("tests/integration/helpers/auth-emulator-child.ts");

interface ChildInfo {
  hostPort: string;
  url: string;
  accessUrl: string;
  importedAccounts: number;
  startMs: number;
}

let tmp: string;
const children: ChildProcess[] = [];
const backends: IdentityBackend[] = [];

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-embedded-restart-"));
});

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const backend of backends.splice(0)) await backend.close();
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

/** Starts the emulator in a child process on `persistDir` and waits for its JSON line. */
function startChild(persistDir: string): Promise<{ child: ChildProcess; info: ChildInfo }> {
  // `node --import tsx` (not the tsx binary, which runs node as a grandchild
  // that SIGKILL would not reach): the killed process is the emulator itself.
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, persistDir], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, info: JSON.parse(line) as ChildInfo });
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code, signal) =>
      reject(new Error(`child exited (${code ?? signal}) before listening: ${err}`)),
    );
  });
}

/** Kills the child the hard way and waits until it is gone. */
async function killHard(child: ChildProcess): Promise<void> {
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await gone;
}

function backendFor(hostPort: string): IdentityBackend {
  const backend = createIdentityBackend({ emulatorHost: hostPort });
  backends.push(backend);
  return backend;
}

/** `accounts:signInWithPassword` through the emulator's REST API: status and error message. */
async function signIn(url: string, email: string, password: string): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: body.error?.message };
}

describe("Auth emulator with persistDir", () => {
  it("keeps accounts, passwords, claims, disabled flags and deletions across a SIGKILL", async () => {
    const persistDir = path.join(tmp, "kill");
    const first = await startChild(persistDir);
    expect(first.info.importedAccounts).toBe(0);
    const auth = backendFor(first.info.hostPort).auth;

    await auth.createUser({ uid: "ana", email: "ana@exemplo.com.br", password: "senha-antiga" });
    await auth.setCustomUserClaims("ana", { role: "agent", brokerCode: "7" });
    await auth.createUser({ uid: "bia", email: "bia@exemplo.com.br", password: "senha-bia" });
    await auth.updateUser("bia", { disabled: true });
    await auth.createUser({ uid: "caio", email: "caio@exemplo.com.br", password: "senha-caio" });
    await auth.deleteUser("caio");
    const validSince = (await auth.getUser("ana")).tokensValidAfterTime;
    // The last change: killed right after its answer, with no chance to flush anything.
    await auth.updateUser("ana", { password: "senha-nova" });
    await killHard(first.child);

    const file = path.join(persistDir, ACCOUNTS_FILE);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    const second = await startChild(persistDir);
    expect(second.info.importedAccounts).toBe(2);
    const again = backendFor(second.info.hostPort).auth;
    expect(await signIn(second.info.accessUrl, "ana@exemplo.com.br", "senha-nova")).toEqual({ status: 200 });
    expect((await signIn(second.info.accessUrl, "ana@exemplo.com.br", "senha-antiga")).status).toBe(400);
    expect(await signIn(second.info.accessUrl, "bia@exemplo.com.br", "senha-bia")).toEqual({
      status: 400,
      message: "USER_DISABLED",
    });
    const ana = await again.getUser("ana");
    expect(ana.customClaims).toEqual({ role: "agent", brokerCode: "7" });
    expect(ana.disabled).toBe(false);
    // The password change moved validSince; the import keeps it as it was, so
    // sessions created after it are not taken for revoked.
    expect(new Date(ana.tokensValidAfterTime!).getTime()).toBeGreaterThanOrEqual(new Date(validSince!).getTime());
    expect((await again.getUser("bia")).disabled).toBe(true);
    await expect(again.getUser("caio")).rejects.toMatchObject({ code: "auth/user-not-found" });
    expect((await again.listUsers()).users.map((user) => user.uid).sort()).toEqual(["ana", "bia"]);
  });

  it("restores every field as it was (clean stop), and an unchanged account is not rewritten by reads", async () => {
    const persistDir = path.join(tmp, "clean");
    const emulator = await startAuthEmulator({ persistDir });
    const auth = backendFor(emulator.hostPort).auth;
    await auth.createUser({ uid: "davi", email: "davi@exemplo.com.br", password: "senha-davi", displayName: "Davi" });
    await auth.setCustomUserClaims("davi", { role: "admin" });
    const before = await auth.getUser("davi");
    const file = path.join(persistDir, ACCOUNTS_FILE);
    const written = (await fs.stat(file)).mtimeMs;
    await auth.getUser("davi"); // a POST (accounts:lookup) that changes nothing
    expect((await fs.stat(file)).mtimeMs).toBe(written);
    await emulator.stop();

    const restarted = await startAuthEmulator({ persistDir });
    expect(restarted.importedAccounts).toBe(1);
    const after = await backendFor(restarted.hostPort).auth.getUser("davi");
    expect(after.toJSON()).toEqual(before.toJSON());
    await restarted.stop();
  });

  it("refuses to start on an accounts file that is not an account list, and leaves it alone", async () => {
    const persistDir = path.join(tmp, "broken");
    await fs.mkdir(persistDir, { recursive: true });
    const file = path.join(persistDir, ACCOUNTS_FILE);
    await fs.writeFile(file, "{not json");
    await expect(startAuthEmulator({ persistDir })).rejects.toThrow(/not valid JSON/);
    await fs.writeFile(file, JSON.stringify({ users: [{ email: "sem-uid@exemplo.com.br" }] }));
    await expect(startAuthEmulator({ persistDir })).rejects.toThrow(/not an account list/);
    expect(await fs.readFile(file, "utf8")).toContain("sem-uid");
  });

  describe("the seeded admin after an import", () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestPglite();
    });
    afterAll(async () => {
      await test.cleanup();
    });

    it("is neither duplicated nor reset: a changed password stays, the session's validSince stays", async () => {
      const dataDir = path.join(tmp, "seed");
      const persistDir = path.join(dataDir, "auth-emulator");
      const email = "admin@imobiliaria.localhost";

      const first = await startAuthEmulator({ persistDir });
      const seeded = await seedAdmin(backendFor(first.hostPort), test.database.db, { email, dataDir });
      expect(seeded.created).toBe(true);
      expect((await signIn(first.accessUrl, email, seeded.password)).status).toBe(200);
      await backendFor(first.hostPort).auth.updateUser(SEED_ADMIN_UID, { password: "trocada-pelo-admin" });
      const validSince = (await backendFor(first.hostPort).auth.getUser(SEED_ADMIN_UID)).tokensValidAfterTime;
      await first.stop();

      const second = await startAuthEmulator({ persistDir });
      const backend = backendFor(second.hostPort);
      const again = await seedAdmin(backend, test.database.db, { email, dataDir });
      expect(again).toMatchObject({ created: false, uid: SEED_ADMIN_UID, email, password: seeded.password });
      expect((await signIn(second.accessUrl, email, "trocada-pelo-admin")).status).toBe(200);
      expect((await signIn(second.accessUrl, email, seeded.password)).status).toBe(400);
      const users = (await backend.auth.listUsers()).users;
      expect(users.filter((user) => user.email === email).map((user) => user.uid)).toEqual([SEED_ADMIN_UID]);
      const admin = await backend.auth.getUser(SEED_ADMIN_UID);
      expect(admin.tokensValidAfterTime).toBe(validSince);
      expect(admin.customClaims).toMatchObject({ role: "admin" });
      await second.stop();
    });
  });
});

describe("Vista sandbox with port 0", () => {
  it("keeps its origin across restarts of one data folder, and moves (reporting the old one) when the port is taken", async () => {
    const dataDir = path.join(tmp, "sandbox");
    const first = await startVistaSandbox({ port: 0, dataDir });
    expect(first.previousUrl).toBeUndefined();
    await first.close();
    const portFile = path.join(dataDir, "vista-sandbox", SANDBOX_PORT_FILE);
    expect((await fs.readFile(portFile, "utf8")).trim()).toBe(String(first.port));

    const second = await startVistaSandbox({ port: 0, dataDir });
    expect(second.url).toBe(first.url);
    expect(second.previousUrl).toBeUndefined();
    await second.close();

    // Someone else takes the port in between.
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(first.port, "127.0.0.1", resolve));
    try {
      const third = await startVistaSandbox({ port: 0, dataDir });
      expect(third.url).not.toBe(first.url);
      expect(third.previousUrl).toBe(first.url);
      const answer = await fetch(`${third.url}/`).catch(() => null);
      expect(answer).not.toBeNull();
      await third.close();
      expect((await fs.readFile(portFile, "utf8")).trim()).toBe(String(third.port));
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });

  it("a fixed port is used as given and never written down", async () => {
    const dataDir = path.join(tmp, "sandbox-fixed");
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const sandbox = await startVistaSandbox({ port, dataDir });
    expect(sandbox.port).toBe(port);
    await sandbox.close();
    await expect(fs.stat(path.join(dataDir, "vista-sandbox", SANDBOX_PORT_FILE))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});

describe("bound at once, loaded later (a restart answers its first page sooner)", () => {
  /** A promise and the function that settles it. */
  function gate(): { opened: Promise<void>; open: () => void } {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }
  /** Whether `promise` is still pending after `ms` milliseconds. */
  async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
    const still = Symbol("pending");
    const outcome = await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(still), ms))]);
    return outcome === still;
  }

  it("the Auth emulator holds requests until it loads, then answers them with its saved accounts", async () => {
    const persistDir = path.join(tmp, "deferred-auth");
    const first = await startAuthEmulator({ persistDir });
    await backendFor(first.hostPort).auth.createUser({
      uid: "ana",
      email: "ana@exemplo.com.br",
      password: "senha-da-ana",
    });
    await first.stop();

    const { opened, open } = gate();
    const bound = await bindAuthEmulator({ persistDir, loadAfter: opened });
    const early = signIn(bound.accessUrl, "ana@exemplo.com.br", "senha-da-ana");
    expect(await pendingAfter(early, 300)).toBe(true);
    expect(await pendingAfter(bound.ready, 0)).toBe(true);
    open();
    const running = await bound.ready;
    expect(running.importedAccounts).toBe(1);
    expect(running.hostPort).toBe(bound.hostPort);
    expect((await early).status).toBe(200);
    await bound.stop();
  });

  it("refuses a broken accounts file before binding, without waiting for the load", async () => {
    const persistDir = path.join(tmp, "deferred-broken");
    await fs.mkdir(persistDir, { recursive: true });
    await fs.writeFile(path.join(persistDir, ACCOUNTS_FILE), "{not json");
    await expect(bindAuthEmulator({ persistDir, loadAfter: new Promise(() => undefined) })).rejects.toThrow(
      /not valid JSON/,
    );
  });

  it("the Vista sandbox holds requests until its catalogue is built, then answers them", async () => {
    const { opened, open } = gate();
    const bound = await bindVistaSandbox({ port: 0, dataDir: path.join(tmp, "deferred-sandbox"), loadAfter: opened });
    expect(bound.key).toBe(SANDBOX_KEY);
    const pesquisa = JSON.stringify({ fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 1 } });
    const early = fetch(`${bound.url}/imoveis/listar?key=${bound.key}&pesquisa=${encodeURIComponent(pesquisa)}`, {
      headers: { Accept: "application/json" },
    });
    expect(await pendingAfter(early, 300)).toBe(true);
    open();
    const running = await bound.ready;
    expect(running.url).toBe(bound.url);
    const response = await early;
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toHaveLength(1);
    await bound.close();
  });
});
