import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityBackend } from "~/.server/auth/firebase";
import { bindAuthEmulator, type RunningAuthEmulator, startAuthEmulator } from "./auth-emulator";
import { ACCESS_KEY_FILE, isLoopbackHost } from "./auth-emulator-access";

let tmp: string;
let emulator: RunningAuthEmulator;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-auth-emulator-"));
  emulator = await startAuthEmulator({ persistDir: tmp });
});

afterAll(async () => {
  await emulator?.stop();
  await fs.rm(tmp, { recursive: true, force: true });
});

/** What any local process can send: the emulator's REST API with firebase-admin's well-known "Bearer owner". */
function rest(base: string, api: string, body: unknown): Promise<Response> {
  return fetch(`${base}/identitytoolkit.googleapis.com/v1/${api}?key=demo-key`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify(body),
  });
}

describe("embedded Auth emulator access", () => {
  it("refuses the REST API without its access key: no account, no claim, no password read back", async () => {
    const signUp = await rest(emulator.url, "accounts:signUp", {
      email: "intruso@exemplo.com",
      password: "senha-1234",
    });
    expect(signUp.status).toBe(404);
    const projectPath = `projects/${emulator.projectId}/accounts:batchGet`;
    const listing = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/${projectPath}`, {
      headers: { authorization: "Bearer owner" },
    });
    expect(listing.status).toBe(404);
    expect(await listing.text()).not.toContain("password");
    // Nothing was created: the site's own client (with the key) finds no such account.
    const backend = createIdentityBackend({ emulatorHost: emulator.hostPort });
    try {
      await expect(backend.auth.getUserByEmail("intruso@exemplo.com")).rejects.toMatchObject({
        code: "auth/user-not-found",
      });
    } finally {
      await backend.close();
    }
  });

  it("serves firebase-admin and the Identity Toolkit calls through FIREBASE_AUTH_EMULATOR_HOST (which carries the key)", async () => {
    const backend = createIdentityBackend({ emulatorHost: emulator.hostPort });
    try {
      await backend.auth.createUser({ uid: "dono", email: "dono@exemplo.com", password: "senha-do-dono" });
      const signIn = await rest(emulator.accessUrl, "accounts:signInWithPassword", {
        email: "dono@exemplo.com",
        password: "senha-do-dono",
        returnSecureToken: true,
      });
      expect(signIn.status).toBe(200);
    } finally {
      await backend.close();
    }
    expect(emulator.url).not.toContain(emulator.hostPort.split("/")[1]!);
  });

  it("keeps the key only in a mode-600 file of its data folder, new at each start", async () => {
    const file = path.join(tmp, ACCESS_KEY_FILE);
    const key = (await fs.readFile(file, "utf8")).trim();
    expect(emulator.hostPort).toBe(`127.0.0.1:${emulator.port}/${key}`);
    expect(key).toMatch(/^[\w-]{32}$/);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const other = await bindAuthEmulator({ persistDir: path.join(tmp, "outro"), loadAfter: new Promise(() => {}) });
    expect(other.hostPort.split("/")[1]).not.toBe(key);
    await other.stop();
  });

  it("listens on loopback only", async () => {
    await expect(bindAuthEmulator({ host: "0.0.0.0" })).rejects.toThrow(/loopback/);
    expect(["127.0.0.1", "localhost", "::1"].every(isLoopbackHost)).toBe(true);
    expect(["0.0.0.0", "192.168.0.10", "::"].some(isLoopbackHost)).toBe(false);
  });
});
