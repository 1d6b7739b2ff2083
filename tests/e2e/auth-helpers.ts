/**
 * Auth state for e2e tests, seeded directly (docs/style.md §11): the seeded
 * admin's credentials (the server keeps the password in its data folder),
 * brokers invited through the site's admin API (the `users` row holds role
 * and Vista broker code) with their password set in the server's Firebase
 * Auth emulator with firebase-admin, and sign-in through the login form's POST to
 * get a session cookie (the signed cookie of a server-side session, ADR 0020)
 * for page and API requests.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, request as playwrightRequest } from "@playwright/test";
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { authEmulatorPort, baseURL, dataDir } from "../../playwright.config";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** E-mail of the seeded admin (default `AUTH_SEED_ADMIN_EMAIL`). */
export const ADMIN_EMAIL = "admin@imobiliaria.localhost";

/** The seeded admin's password, as printed by the server at start. */
export function adminPassword(): string {
  return fs.readFileSync(path.resolve(projectRoot, dataDir, "auth-admin-password"), "utf8").trim();
}

/**
 * firebase-admin on the server's Auth emulator: its REST API answers only
 * under the access key the server wrote to its data folder (mode 600; ADR 0065).
 */
function emulatorAuth() {
  const key = fs.readFileSync(path.resolve(projectRoot, dataDir, "auth-emulator", "access-key"), "utf8").trim();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authEmulatorPort}/${key}`;
  const app =
    getApps().find((candidate) => candidate.name === "e2e") ?? initializeApp({ projectId: "demo-imobiliaria" }, "e2e");
  return getAuth(app);
}

/** What the login form asks for: an account's e-mail and password. */
export interface Credentials {
  email: string;
  password: string;
}

/** A broker account in the emulator. */
export interface TestBroker extends Credentials {
  uid: string;
  displayName: string;
  brokerCode: string;
}

let adminToken: Promise<string> | undefined;

/** An API session of the seeded admin (`POST /api/auth/session`), made once per worker. */
function adminApiToken(): Promise<string> {
  adminToken ??= (async () => {
    const request = await playwrightRequest.newContext({ baseURL });
    try {
      const response = await request.post("/api/auth/session", {
        data: { email: ADMIN_EMAIL, password: adminPassword() },
      });
      if (response.status() !== 201) throw new Error(`admin API session: HTTP ${response.status()}`);
      return ((await response.json()) as { token: string }).token;
    } finally {
      await request.dispose();
    }
  })();
  return adminToken;
}

/**
 * Creates (or resets) a broker with role `agent`: the site's admin API
 * invites the user (`POST /api/auth`: the `users` row with the role and the
 * Vista broker code, and the Firebase account; on the embedded emulator a
 * role comes only from that row, never from a custom claim anyone local
 * could set — docs/decisions/0065-sign-in-abuse-and-enumeration.md), then the
 * password is set in the server's Auth emulator with firebase-admin.
 * `brokerCode` is a Vista broker code of the sandbox ("meus imóveis"). The
 * returned `uid` is the one the site gave the account; `options.uid` names
 * the e-mail.
 */
export async function createBroker(options: {
  uid: string;
  brokerCode?: string;
  displayName?: string;
}): Promise<TestBroker> {
  const auth = emulatorAuth();
  const broker: TestBroker = {
    uid: options.uid,
    email: `${options.uid}@corretores.example`,
    password: `senha-${options.uid}`,
    displayName: options.displayName ?? "Carla Corretora",
    brokerCode: options.brokerCode ?? "1",
  };
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await request.post("/api/auth", {
      headers: { Authorization: `Bearer ${await adminApiToken()}` },
      data: { email: broker.email, displayName: broker.displayName, role: "agent", brokerCode: broker.brokerCode },
    });
    // 409: made by an earlier attempt of this test (a retry); the account is reset below.
    if (response.status() !== 201 && response.status() !== 409)
      throw new Error(`invite of ${broker.email}: HTTP ${response.status()} ${await response.text()}`);
  } finally {
    await request.dispose();
  }
  broker.uid = (await auth.getUserByEmail(broker.email)).uid;
  await auth.updateUser(broker.uid, { password: broker.password, displayName: broker.displayName, disabled: false });
  return broker;
}

/**
 * Revokes the Firebase refresh tokens of `uid` in the emulator (as an
 * operator with firebase-admin would): the site then refuses the user's
 * sessions where revocation is checked (ADR 0020).
 */
export async function revokeSessions(uid: string): Promise<void> {
  await emulatorAuth().revokeRefreshTokens(uid);
}

/** Name of the session cookie on the e2e server (plain http: no `__Host-` prefix). */
export const SESSION_COOKIE = "session";

/**
 * Signs `context` in with a session cookie from {@link sessionCookieFor}
 * (`url`: the site's origin, the e2e `baseURL`), as the browser would keep it.
 */
export async function addSessionCookie(context: BrowserContext, url: string, value: string): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value, url, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Signs in through `POST /login-corretores` (in a throw-away request context,
 * so no other context's cookie jar picks the session up) and returns the
 * signed session cookie's value as the server set it; send it as
 * `Cookie: session=<value>` or add it to a browser context.
 * @throws {Error} when the sign-in is refused.
 */
export async function sessionCookieFor(email: string, password: string): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL });
  const response = await request.post("/login-corretores", {
    form: { email, password, redirectTo: "/painel" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  await request.dispose();
  const cookie = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(header.value)?.[1])
    .find(Boolean);
  if (response.status() !== 302 || !cookie) throw new Error(`sign-in of ${email} failed: HTTP ${response.status()}`);
  return cookie;
}

/**
 * Signs `context` in as `account` with a fresh session of its own (the login
 * form's POST, {@link sessionCookieFor}); `url` is the e2e `baseURL`.
 * @throws {Error} when the sign-in is refused.
 */
export async function signIn(context: BrowserContext, url: string, account: Credentials): Promise<void> {
  await addSessionCookie(context, url, await sessionCookieFor(account.email, account.password));
}

/** Signs `context` in as the seeded admin ({@link signIn}; `url` is the e2e `baseURL`). */
export async function signInAsAdmin(context: BrowserContext, url: string): Promise<void> {
  await signIn(context, url, { email: ADMIN_EMAIL, password: adminPassword() });
}

/**
 * Sends one request in a throw-away context (an empty cookie jar: only the
 * cookies in `headers` go out, and nothing the answer sets is kept).
 */
export async function isolatedRequest(
  method: "GET" | "POST",
  path: string,
  options: { headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<{ status: number; location: string | undefined; cacheControl: string | undefined; text: string }> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const response =
      method === "GET"
        ? await request.get(path, { headers: options.headers, maxRedirects: 0 })
        : await request.post(path, { headers: options.headers, form: options.form ?? {}, maxRedirects: 0 });
    return {
      status: response.status(),
      location: response.headers().location,
      cacheControl: response.headers()["cache-control"],
      text: await response.text(),
    };
  } finally {
    await request.dispose();
  }
}

/** The e-mails in the server's outbox (file transport) addressed to `to`, oldest first. */
export function outboxMessagesTo(to: string): string[] {
  const folder = path.resolve(projectRoot, dataDir, "outbox");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => fs.readFileSync(path.join(folder, name), "utf8"))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "im").test(raw));
}
