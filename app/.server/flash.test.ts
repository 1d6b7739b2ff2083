import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "./config";
import {
  createFlashStorage,
  createToastHeaders,
  FLASH_COOKIE_NAME,
  getSessionSecrets,
  getToast,
  redirectWithToast,
  SESSION_SECRET_FILE,
} from "./flash";

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flash-test-"));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function config(env: Record<string, string> = {}) {
  return parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
}

/** The `name=value` pair of a Set-Cookie header, as a browser would send it back. */
function cookiePair(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0];
}

describe("redirectWithToast → getToast round trip", () => {
  it("carries the toast to the next request, with the spec defaults filled in", async () => {
    const storage = createFlashStorage(config());
    const response = await redirectWithToast(
      "/obrigado",
      { type: "success", title: "Mensagem enviada" },
      undefined,
      storage,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/obrigado");
    const setCookie = response.headers.get("Set-Cookie");
    expect(setCookie).toContain(`${FLASH_COOKIE_NAME}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const request = new Request("http://site/obrigado", { headers: { Cookie: cookiePair(setCookie) } });
    const { toast, headers } = await getToast(request, storage);
    expect(toast).toMatchObject({ type: "success", title: "Mensagem enviada", description: "", duration: 3000 });
    expect(toast?.id).toMatch(/^[0-9a-f]{16}$/);
    // The cookie is cleared by the response that shows the toast.
    expect(headers?.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("keeps the caller's status and headers", async () => {
    const storage = createFlashStorage(config());
    const response = await redirectWithToast(
      "/",
      { type: "info", title: "Olá", description: "Bem-vindo", duration: 5000 },
      { status: 303, headers: { "X-Extra": "1", "Set-Cookie": "other=1; Path=/" } },
      storage,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("X-Extra")).toBe("1");
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("gives two equal toasts different ids so both show", async () => {
    const storage = createFlashStorage(config());
    const read = async () => {
      const headers = await createToastHeaders({ type: "info", title: "Igual" }, storage);
      const request = new Request("http://site/", { headers: { Cookie: cookiePair(headers.get("Set-Cookie")) } });
      return (await getToast(request, storage)).toast?.id;
    };
    expect(await read()).not.toBe(await read());
  });

  it("rejects a malformed toast", async () => {
    const storage = createFlashStorage(config());
    await expect(createToastHeaders({ type: "success", title: "  " }, storage)).rejects.toThrow();
    await expect(createToastHeaders({ type: "fatal" as "error", title: "x" }, storage)).rejects.toThrow();
  });
});

describe("getToast", () => {
  it("returns nothing and sets no cookie when there is no flash cookie", async () => {
    const storage = createFlashStorage(config());
    expect(await getToast(new Request("http://site/"), storage)).toEqual({ toast: null, headers: null });
    const other = new Request("http://site/", { headers: { Cookie: "a=1; b=2" } });
    expect(await getToast(other, storage)).toEqual({ toast: null, headers: null });
  });

  it("ignores a cookie signed with another secret, but still clears it", async () => {
    const signer = createCookieSessionStorage({
      cookie: { name: FLASH_COOKIE_NAME, secrets: ["x".repeat(40)] },
    });
    const session = await signer.getSession();
    session.flash("toast", { id: "1", type: "success", title: "Forjado", description: "", duration: 3000 });
    const forged = cookiePair(await signer.commitSession(session));
    const storage = createFlashStorage(config());
    const { toast, headers } = await getToast(new Request("http://site/", { headers: { Cookie: forged } }), storage);
    expect(toast).toBeNull();
    expect(headers?.get("Set-Cookie")).toContain(`${FLASH_COOKIE_NAME}=`);
  });

  it("ignores a validly signed toast of an outdated shape", async () => {
    const cfg = config({ SESSION_SECRET: "s".repeat(40) });
    const signer = createCookieSessionStorage({ cookie: { name: FLASH_COOKIE_NAME, secrets: ["s".repeat(40)] } });
    const session = await signer.getSession();
    session.flash("toast", { message: "old format" });
    const cookie = cookiePair(await signer.commitSession(session));
    const { toast } = await getToast(
      new Request("http://site/", { headers: { Cookie: cookie } }),
      createFlashStorage(cfg),
    );
    expect(toast).toBeNull();
  });
});

describe("session secret", () => {
  it("uses SESSION_SECRET when set, several separated by commas", () => {
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    expect(getSessionSecrets(config({ SESSION_SECRET: `${a}, ${b}` }))).toEqual([a, b]);
    expect(fs.existsSync(path.join(dataDir, SESSION_SECRET_FILE))).toBe(false);
  });

  it("generates one secret in DATA_DIR and reuses it (restarts, other processes)", () => {
    const first = getSessionSecrets(config());
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first[0]);
    expect(getSessionSecrets(config())).toEqual(first);
    expect(fs.readdirSync(dataDir)).toEqual([SESSION_SECRET_FILE]);
  });

  it("lets a cookie written by one process be read by another on the same data dir", async () => {
    const writer = createFlashStorage(config());
    const reader = createFlashStorage(config());
    const headers = await createToastHeaders({ type: "warning", title: "Compartilhado" }, writer);
    const request = new Request("http://site/", { headers: { Cookie: cookiePair(headers.get("Set-Cookie")) } });
    expect((await getToast(request, reader)).toast?.title).toBe("Compartilhado");
  });

  it("creates the data folder when missing", () => {
    const nested = path.join(dataDir, "a", "b");
    const secrets = getSessionSecrets(parseConfig({ NODE_ENV: "test", DATA_DIR: nested }));
    expect(fs.readFileSync(path.join(nested, SESSION_SECRET_FILE), "utf8").trim()).toBe(secrets[0]);
  });

  it("warns in production without SESSION_SECRET, never printing a secret", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [secret] = getSessionSecrets(config({ NODE_ENV: "production" }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("SESSION_SECRET");
    expect(String(warn.mock.calls[0][0])).not.toContain(secret);
  });

  it("marks the cookie Secure in production", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const storage = createFlashStorage(config({ NODE_ENV: "production" }));
    const headers = await createToastHeaders({ type: "info", title: "x" }, storage);
    expect(headers.get("Set-Cookie")).toMatch(/Secure/);
  });
});
