/**
 * The set-up every test of protected routes shares (the route guards, the
 * admin pages and the API): a real Firebase Auth emulator of the file's own
 * (`./shared-auth-emulator.ts`: from the run's emulator service), a PGlite
 * read model installed as the process database, a throw-away DATA_DIR, the
 * seeded admin and one agent (its `users` row written as the admin area
 * would: on the emulator a custom claim alone gives no role), each signed in once with a browser session
 * (the signed cookie, for pages) and an API session (the bearer token of
 * `POST /api/auth/session`). One per test file; `close()` in afterAll.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createIdentityBackend, type IdentityBackend, setIdentityBackend } from "~/.server/auth/firebase";
import { seedAdmin } from "~/.server/auth/seed";
import { signedSessionCookieValue } from "~/.server/auth/session";
import { signInWithEmailPassword } from "~/.server/auth/sign-in";
import { isRoleName, mirrorUser } from "~/.server/auth/users";
import { setSingleton } from "~/.server/singleton";
import { createTestPglite, type TestDatabase } from "./database";
import { startTestAuthEmulator } from "./shared-auth-emulator";

/** The site origin the test requests use (and the Origin header of their posts). */
export const TEST_ORIGIN = "http://localhost:3000";

/** A signed-in test user. */
export interface TestUser {
  uid: string;
  email: string;
  password: string;
  /** The signed session cookie's value, as a browser sends it: `Cookie: session=<cookie>`. */
  cookie: string;
  /** An API session token, for `Authorization: Bearer <apiToken>`. */
  apiToken: string;
}

/** What {@link startAuthTestEnv} gives a test file. */
export interface AuthTestEnv {
  backend: IdentityBackend;
  test: TestDatabase;
  dataDir: string;
  admin: TestUser;
  agent: TestUser;
  /** Stops the emulator, closes the database and removes DATA_DIR. */
  close(): Promise<void>;
}

async function signIn(
  env: Pick<AuthTestEnv, "backend" | "test">,
  uid: string,
  email: string,
  password: string,
): Promise<TestUser> {
  const browser = await signInWithEmailPassword(env.backend, env.test.database.db, email, password, {
    kind: "browser",
    ip: "127.0.0.1",
    userAgent: "vitest",
  });
  const api = await signInWithEmailPassword(env.backend, env.test.database.db, email, password, {
    kind: "api",
    ip: "127.0.0.1",
    userAgent: "vitest",
  });
  return { uid, email, password, cookie: await signedSessionCookieValue(browser.token), apiToken: api.token };
}

/**
 * Writes the `users` row that gives `uid` the role (and broker code) named in
 * `claims`, as the admin area does; without a role in `claims` nothing is written.
 */
export async function grantRoleRow(
  backend: IdentityBackend,
  test: TestDatabase,
  uid: string,
  claims: Record<string, unknown>,
): Promise<void> {
  if (!isRoleName(claims.role)) return;
  const brokerCode = typeof claims.brokerCode === "string" ? claims.brokerCode : null;
  await mirrorUser(test.database.db, await backend.auth.getUser(uid), { grant: { role: claims.role, brokerCode } });
}

/**
 * Starts the shared set-up.
 * @param name part of the temporary folder's name.
 * @param agent the agent's uid and custom claims (e.g. `{ role: "agent", brokerCode: "7" }`).
 */
export async function startAuthTestEnv(
  name: string,
  agent: { uid: string; claims: Record<string, unknown> },
): Promise<AuthTestEnv> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `imobiliaria-${name}-`));
  process.env.DATA_DIR = dataDir;
  const emulator = await startTestAuthEmulator();
  const backend = setIdentityBackend(createIdentityBackend({ emulatorHost: emulator.hostPort }));
  const test = await createTestPglite();
  setSingleton("database", test.database);

  const seeded = await seedAdmin(backend, test.database.db, { email: "admin@imobiliaria.localhost", dataDir });
  const admin = await signIn({ backend, test }, "", seeded.email, seeded.password);
  admin.uid = (await backend.auth.getUserByEmail(seeded.email)).uid;
  await backend.auth.createUser({
    uid: agent.uid,
    email: "carla@exemplo.com.br",
    password: "senha-carla",
    displayName: "Carla Corretora",
  });
  await backend.auth.setCustomUserClaims(agent.uid, agent.claims);
  // On the emulator a role comes only from a `users` row (ADR 0065), as the admin area would write it.
  await grantRoleRow(backend, test, agent.uid, agent.claims);
  const agentUser = await signIn({ backend, test }, agent.uid, "carla@exemplo.com.br", "senha-carla");
  return {
    backend,
    test,
    dataDir,
    admin,
    agent: agentUser,
    async close() {
      await backend.close();
      await emulator.stop();
      await test.cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { answer } from "./loaders";

/** Who a test request is sent as: nobody signed in, the agent or the admin. */
export type Who = "anonymous" | "agent" | "admin";

/**
 * Each {@link Who}'s session in `env`: the browser session cookie (`"cookie"`)
 * or the API token (`"apiToken"`); null for anonymous.
 */
export function sessionsOf(env: AuthTestEnv, kind: "cookie" | "apiToken"): Record<Who, string | null> {
  return { anonymous: null, agent: env.agent[kind], admin: env.admin[kind] };
}

/** {@link AuthTestEnv} with each {@link Who}'s browser cookie and API token. */
export interface AuthTestContext extends AuthTestEnv {
  cookies: Record<Who, string | null>;
  tokens: Record<Who, string | null>;
}

/**
 * Registers the file's `beforeAll` that starts the shared set-up
 * ({@link startAuthTestEnv}) and the `afterAll` that closes it. The returned
 * object is filled in by that `beforeAll`; read its fields in hooks and tests only.
 */
export function useAuthTestEnv(name: string, agent: { uid: string; claims: Record<string, unknown> }): AuthTestContext {
  const context = {} as AuthTestContext;
  let env: AuthTestEnv | undefined;
  beforeAll(async () => {
    env = await startAuthTestEnv(name, agent);
    Object.assign(context, env, { cookies: sessionsOf(env, "cookie"), tokens: sessionsOf(env, "apiToken") });
  });
  afterAll(async () => {
    await env?.close();
  });
  return context;
}
