/**
 * Server-side sessions (docs/decisions/0020-server-side-sessions.md) against
 * the REAL Firebase Auth emulator and PGlite, through the guards and the
 * routes that use them (admin page, JSON API, token check, sign-out):
 *
 * - forged credentials are refused everywhere: an unsigned JWT (`alg: none`)
 *   naming the seeded admin and a JWT signed with another RSA key, as the
 *   cookie and as a bearer; even a genuine emulator ID token; an unsigned or
 *   tampered cookie, one signed with another secret; a token of the other
 *   kind (browser token as bearer, API token in a cookie);
 * - with a real project (its verifier stood in for by an RS256 check against
 *   one "Google" key) only a verified ID token of a user with an enabled row passes;
 * - idle and absolute expiry, renewal at most once a minute, the sweep;
 * - disabled and deleted users (on this site and in the identity service),
 *   a role change, sign-out, `DELETE /api/auth/session`;
 * - `POST /api/auth/session`: token shape, only its hash stored, IP and
 *   User-Agent recorded, pt-BR errors, rate limit;
 * - the admin's list of a user's sessions with "Encerrar" and
 *   "Encerrar todas as sessões", ending one's own session signs one out.
 */
import { createHash, createSign, createVerify, generateKeyPairSync } from "node:crypto";
import { type ActionFunctionArgs, createCookie, type LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import type { Auth, DecodedIdToken } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthenticatedSession, getOptionalUser, getSession, requireRole } from "~/.server/auth/guards";
import type { IdentityBackend } from "~/.server/auth/firebase";
import { signInWithPassword } from "~/.server/auth/identity";
import {
  createSession,
  readSessionToken,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
  sessionCookie,
  sessionTokenHash,
  signedSessionCookieValue,
} from "~/.server/auth/session";
import { signInWithEmailPassword } from "~/.server/auth/sign-in";
import { parseConfig } from "~/.server/config";
import { sessions, users } from "~/.server/db/schema";
import { deleteUser, setUserEnabled, updateUser } from "~/.server/users/manage";
import * as adminUsers from "~/routes/admin-users";
import * as apiAuth from "~/routes/api-auth";
import * as apiSession from "~/routes/api-auth-session";
import * as apiUsers from "~/routes/api-auth-users";
import * as apiTokenCheck from "~/routes/api-token-check";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import { answer, grantRoleRow, startAuthTestEnv, TEST_ORIGIN, type AuthTestEnv } from "./helpers/auth-env";

const ORIGIN = TEST_ORIGIN;
const CLIENT_IP = "203.0.113.7";
let env: AuthTestEnv;

beforeAll(async () => {
  env = await startAuthTestEnv("sessions", { uid: "agent-s", claims: { role: "agent" } });
});

afterAll(async () => {
  await env?.close();
});

const db = () => env.test.database.db;
const deps = () => ({ backend: env.backend, db: db() });
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { clientIp: CLIENT_IP } }) as unknown as LoaderFunctionArgs & ActionFunctionArgs;

function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers });
}

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}

function json(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const cookieHeader = (value: string) => ({ Cookie: `session=${value}` });
const bearerHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Creates an agent in the emulator (role claim) and signs in once with a browser and once with an API session. */
async function newAgent(uid: string) {
  const email = `${uid}@exemplo.com.br`;
  const password = `senha-${uid}`;
  await env.backend.auth.createUser({ uid, email, password, displayName: `Corretor ${uid}` });
  await env.backend.auth.setCustomUserClaims(uid, { role: "agent" });
  await grantRoleRow(env.backend, env.test, uid, { role: "agent" });
  const browser = await signInWithEmailPassword(env.backend, db(), email, password, { kind: "browser" });
  const api = await signInWithEmailPassword(env.backend, db(), email, password, { kind: "api" });
  return { uid, email, password, browser, api, cookie: await signedSessionCookieValue(browser.token) };
}

async function sessionRow(id: string) {
  const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
  return row ?? null;
}

// --- Forged tokens --------------------------------------------------------

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function idTokenClaims(uid: string, email: string, projectId: string, lifetimeSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + lifetimeSeconds,
    email,
    email_verified: true,
    firebase: { identities: { email: [email] }, sign_in_provider: "password" },
  };
}

/** A JWT with `alg: none` and an empty signature: what the emulator issues, and what anyone can write. */
function unsignedJwt(uid: string, email: string, projectId: string): string {
  return `${b64({ alg: "none", typ: "JWT" })}.${b64(idTokenClaims(uid, email, projectId))}.`;
}

/** An RS256 JWT signed with `privateKey` (PEM or KeyObject). */
function rsaJwt(claims: object, privateKey: Parameters<ReturnType<typeof createSign>["sign"]>[0], kid: string): string {
  const input = `${b64({ alg: "RS256", kid, typ: "JWT" })}.${b64(claims)}`;
  return `${input}.${createSign("RSA-SHA256").update(input).sign(privateKey).toString("base64url")}`;
}

const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 });

describe("forged and foreign credentials are refused", () => {
  const cases: { name: string; headers: () => Promise<Record<string, string>> }[] = [
    {
      name: "unsigned JWT (alg none) naming the admin, as the cookie",
      headers: async () => cookieHeader(unsignedJwt("demo-admin", env.admin.email, env.backend.projectId)),
    },
    {
      name: "unsigned JWT (alg none) naming the admin, as a bearer",
      headers: async () => bearerHeader(unsignedJwt("demo-admin", env.admin.email, env.backend.projectId)),
    },
    {
      name: "JWT signed with another RSA key, as the cookie",
      headers: async () =>
        cookieHeader(
          rsaJwt(idTokenClaims("demo-admin", env.admin.email, env.backend.projectId), otherKey.privateKey, "forged"),
        ),
    },
    {
      name: "JWT signed with another RSA key, as a bearer",
      headers: async () =>
        bearerHeader(
          rsaJwt(idTokenClaims("demo-admin", env.admin.email, env.backend.projectId), otherKey.privateKey, "forged"),
        ),
    },
    {
      name: "a genuine emulator ID token of the admin, as a bearer",
      headers: async () =>
        bearerHeader((await signInWithPassword(env.backend, env.admin.email, env.admin.password)).idToken),
    },
    {
      name: "an unsigned cookie holding a real browser token of the admin",
      headers: async () => {
        const { token } = await signInWithEmailPassword(env.backend, db(), env.admin.email, env.admin.password);
        return cookieHeader(encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64")));
      },
    },
    {
      name: "the admin's cookie with a tampered signature",
      headers: async () => {
        const raw = decodeURIComponent(env.admin.cookie);
        const last = raw.at(-1) === "A" ? "B" : "A";
        return cookieHeader(encodeURIComponent(`${raw.slice(0, -1)}${last}`));
      },
    },
    {
      name: "the admin's token in a cookie signed with another secret",
      headers: async () => {
        const { token } = await signInWithEmailPassword(env.backend, db(), env.admin.email, env.admin.password);
        const foreign = await createCookie("session", { secrets: ["x".repeat(40)] }).serialize(token);
        return cookieHeader(foreign.slice("session=".length, foreign.indexOf(";")));
      },
    },
    {
      name: "the admin's browser token as a bearer (wrong kind)",
      headers: async () =>
        bearerHeader(
          (await signInWithEmailPassword(env.backend, db(), env.admin.email, env.admin.password, { kind: "browser" }))
            .token,
        ),
    },
    {
      name: "the admin's API token inside a signed cookie (wrong kind)",
      headers: async () => cookieHeader(await signedSessionCookieValue(env.admin.apiToken)),
    },
    { name: "a well-formed but unknown API token", headers: async () => bearerHeader("A".repeat(43)) },
  ];

  it("precondition: firebase-admin itself accepts the unsigned JWT while the emulator runs", async () => {
    const decoded = await env.backend.auth.verifyIdToken(
      unsignedJwt("demo-admin", env.admin.email, env.backend.projectId),
    );
    expect(decoded.uid).toBe("demo-admin");
  });

  it.each(cases)("$name", async ({ headers: make }) => {
    const headers = await make();
    expect(await getOptionalUser(get("/painel", headers))).toBeNull();
    expect(await getOptionalUser(get("/painel", headers), { checkRevoked: true })).toBeNull();

    const page = await answer(() => adminUsers.loader(args(get("/admin/usuarios", headers))));
    expect([page.status, page.headers.get("Location")]).toEqual([
      302,
      "/login-corretores?redirectTo=%2Fadmin%2Fusuarios",
    ]);
    expect((await answer(() => apiUsers.loader(args(get("/api/auth/users", headers))))).status).toBe(401);
    expect((await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", headers))))).status).toBe(401);
    const panel = await answer(() =>
      requireRole(get("/painel/imovel/1/dados", headers), "agent", { checkRevoked: true, resource: true }),
    );
    expect(panel.status).toBe(401);

    const email = `forjado-${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
    const created = await answer(() =>
      apiAuth.action(
        args(
          json("POST", "/api/auth", { email, displayName: "Forjado", role: "admin" }, { ...headers, Origin: ORIGIN }),
        ),
      ),
    );
    expect(created.status).toBe(401);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("the genuine credentials pass the same routes (the cases above differ only in the credential)", async () => {
    for (const headers of [cookieHeader(env.admin.cookie), bearerHeader(env.admin.apiToken)]) {
      expect((await answer(() => adminUsers.loader(args(get("/admin/usuarios", headers))))).status).toBe(200);
      expect((await answer(() => apiUsers.loader(args(get("/api/auth/users", headers))))).status).toBe(200);
      const check = await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", headers))));
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({
        firebaseAuth: {
          uid: "demo-admin",
          name: "Administrador",
          email: "admin@imobiliaria.localhost",
          email_verified: true,
          phone_number: "",
          application: { role: "admin" },
        },
      });
    }
  });

  it("session secrets rotate: a cookie signed with the old secret verifies while the old secret is still listed", async () => {
    const token = "T".repeat(43);
    const base = { ...process.env, NODE_ENV: "test" };
    const old = parseConfig({ ...base, SESSION_SECRET: "o".repeat(40) });
    const rotated = parseConfig({ ...base, SESSION_SECRET: `${"n".repeat(40)},${"o".repeat(40)}` });
    const dropped = parseConfig({ ...base, SESSION_SECRET: "n".repeat(40) });
    const value = await signedSessionCookieValue(token, old);
    const request = get("/", cookieHeader(value));
    expect(await readSessionToken(request, rotated)).toBe(token);
    expect(await readSessionToken(request, dropped)).toBeNull();
    // New cookies are signed with the first secret.
    expect(
      await readSessionToken(get("/", cookieHeader(await signedSessionCookieValue(token, rotated))), dropped),
    ).toBe(token);
    expect(sessionCookie(rotated).isSigned).toBe(true);
  });
});

describe("a Firebase ID token as bearer with a real project", () => {
  const google = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const checkRevokedArgs: (boolean | undefined)[] = [];

  /** The process's emulator backend posing as a real project whose verifier trusts only `google`'s key (kid "google"). */
  function realProject(): IdentityBackend {
    const verifyIdToken = async (token: string, checkRevoked?: boolean): Promise<DecodedIdToken> => {
      checkRevokedArgs.push(checkRevoked);
      const refuse = (code: string) => Object.assign(new Error(code), { code });
      const [header, payload, signature] = token.split(".");
      const head = JSON.parse(Buffer.from(header ?? "", "base64url").toString()) as { alg?: string; kid?: string };
      if (head.alg !== "RS256" || head.kid !== "google") throw refuse("auth/argument-error");
      const valid = createVerify("RSA-SHA256")
        .update(`${header}.${payload}`)
        .verify(google.publicKey, Buffer.from(signature ?? "", "base64url"));
      if (!valid) throw refuse("auth/argument-error");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as DecodedIdToken;
      if (claims.exp < Date.now() / 1000) throw refuse("auth/id-token-expired");
      return { ...claims, uid: claims.sub };
    };
    const auth = { verifyIdToken, getUser: (uid: string) => env.backend.auth.getUser(uid) } as unknown as Auth;
    return { ...env.backend, emulator: false, auth };
  }

  const withToken = (token: string) => get("/api/auth/token/check", bearerHeader(token));

  it("a token signed by the project's key passes, verified with revocation checked", async () => {
    checkRevokedArgs.length = 0;
    const token = rsaJwt(
      idTokenClaims(env.agent.uid, env.agent.email, "imobiliaria-prod"),
      google.privateKey,
      "google",
    );
    const session = (await getSession(withToken(token), { backend: realProject() })) as AuthenticatedSession;
    expect(session).toMatchObject({
      credential: "id-token",
      session: null,
      user: { uid: env.agent.uid, role: "agent", emailVerified: true },
    });
    expect(checkRevokedArgs).toEqual([true]);
  });

  it.each([
    ["alg none", () => unsignedJwt(env.agent.uid, env.agent.email, "imobiliaria-prod")],
    [
      "another RSA key",
      () => rsaJwt(idTokenClaims(env.agent.uid, env.agent.email, "imobiliaria-prod"), otherKey.privateKey, "google"),
    ],
    [
      "expired",
      () => rsaJwt(idTokenClaims(env.agent.uid, env.agent.email, "imobiliaria-prod", -60), google.privateKey, "google"),
    ],
    [
      "a uid without a user row",
      () => rsaJwt(idTokenClaims("nobody", "nobody@exemplo.com.br", "imobiliaria-prod"), google.privateKey, "google"),
    ],
  ])("refused: %s", async (_name, make) => {
    expect(await getSession(withToken(make()), { backend: realProject() })).toBeNull();
  });

  it("refused for a disabled user row", async () => {
    const agent = await newAgent("idtoken-off");
    await db().update(users).set({ disabled: true }).where(eq(users.uid, agent.uid));
    const token = rsaJwt(idTokenClaims(agent.uid, agent.email, "imobiliaria-prod"), google.privateKey, "google");
    expect(await getSession(withToken(token), { backend: realProject() })).toBeNull();
  });
});

describe("expiry and renewal", () => {
  it("an idle-expired browser session and API token are refused and deleted", async () => {
    const past = new Date(Date.now() - SESSION_IDLE_MS - 60_000);
    const browser = await createSession(db(), { uid: env.agent.uid, kind: "browser", now: past });
    const api = await createSession(db(), { uid: env.agent.uid, kind: "api", now: past });
    // The sweep at the next sign-in would take them: look at them before.
    expect(
      await getOptionalUser(get("/painel", cookieHeader(await signedSessionCookieValue(browser.token)))),
    ).toBeNull();
    expect(
      (await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(api.token)))))).status,
    ).toBe(401);
    expect(await sessionRow(browser.session.id)).toBeNull();
    expect(await sessionRow(api.session.id)).toBeNull();
  });

  it("a session past its 30-day lifetime is refused even when recently used", async () => {
    const created = await createSession(db(), {
      uid: env.agent.uid,
      kind: "browser",
      now: new Date(Date.now() - SESSION_LIFETIME_MS - 60_000),
    });
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_IDLE_MS) })
      .where(eq(sessions.id, created.session.id));
    expect(
      await getOptionalUser(get("/painel", cookieHeader(await signedSessionCookieValue(created.token)))),
    ).toBeNull();
    expect(await sessionRow(created.session.id)).toBeNull();
  });

  it("use renews the idle expiry at most once a minute, never past the lifetime", async () => {
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const created = await createSession(db(), { uid: env.agent.uid, kind: "browser", now: twoMinutesAgo });
    const cookie = cookieHeader(await signedSessionCookieValue(created.token));
    const before = Date.now();
    expect(await getOptionalUser(get("/painel", cookie))).not.toBeNull();
    const renewed = (await sessionRow(created.session.id))!;
    expect(renewed.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(renewed.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS);
    // Within the minute nothing is written.
    expect(await getOptionalUser(get("/painel", cookie))).not.toBeNull();
    expect((await sessionRow(created.session.id))!.lastSeenAt).toEqual(renewed.lastSeenAt);

    const old = await createSession(db(), {
      uid: env.agent.uid,
      kind: "api",
      now: new Date(Date.now() - SESSION_LIFETIME_MS + 3600_000),
    });
    await db()
      .update(sessions)
      .set({ lastSeenAt: twoMinutesAgo, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, old.session.id));
    // (Not through a revocation-checked route: the backdated session predates the account.)
    expect(await getOptionalUser(get("/api/auth/users", bearerHeader(old.token)))).not.toBeNull();
    expect((await sessionRow(old.session.id))!.expiresAt.getTime()).toBe(
      old.session.createdAt.getTime() + SESSION_LIFETIME_MS,
    );
  });

  it("a sign-in sweeps everyone's expired rows", async () => {
    const stale = await createSession(db(), {
      uid: env.agent.uid,
      kind: "browser",
      now: new Date(Date.now() - SESSION_IDLE_MS - 1000),
    });
    expect(await sessionRow(stale.session.id)).not.toBeNull();
    await signInWithEmailPassword(env.backend, db(), env.admin.email, env.admin.password);
    expect(await sessionRow(stale.session.id)).toBeNull();
  });
});

describe("disabled and deleted users, role change, new password", () => {
  it("disabling a user deletes their sessions; enabling again does not revive them", async () => {
    const agent = await newAgent("desativado");
    await setUserEnabled(deps(), agent.uid, false, { uid: "demo-admin" });
    expect(await sessionRow(agent.browser.session.id)).toBeNull();
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
    expect(
      (await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(agent.api.token))))))
        .status,
    ).toBe(401);
    await setUserEnabled(deps(), agent.uid, true, { uid: "demo-admin" });
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
  });

  it("a session of a user whose row is disabled is refused (whatever disabled it)", async () => {
    const agent = await newAgent("linha-desativada");
    await db().update(users).set({ disabled: true }).where(eq(users.uid, agent.uid));
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
    expect(
      (await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(agent.api.token))))))
        .status,
    ).toBe(401);
  });

  it("an account disabled only in the identity service is refused where revocation is checked, and the session deleted", async () => {
    const agent = await newAgent("firebase-desativado");
    await env.backend.auth.updateUser(agent.uid, { disabled: true });
    const request = () => get("/painel", cookieHeader(agent.cookie));
    expect(await getOptionalUser(request())).not.toBeNull();
    expect(await getOptionalUser(request(), { checkRevoked: true })).toBeNull();
    expect(await sessionRow(agent.browser.session.id)).toBeNull();
    expect(await getOptionalUser(request())).toBeNull();
  });

  it("deleting a user deletes their sessions", async () => {
    const agent = await newAgent("excluido");
    await deleteUser(deps(), agent.uid, { uid: "demo-admin" });
    expect(await sessionRow(agent.browser.session.id)).toBeNull();
    expect(await sessionRow(agent.api.session.id)).toBeNull();
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
  });

  it("an account deleted only in the identity service is refused where revocation is checked", async () => {
    const agent = await newAgent("firebase-excluido");
    await env.backend.auth.deleteUser(agent.uid);
    expect(
      (await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(agent.api.token))))))
        .status,
    ).toBe(401);
    expect(await sessionRow(agent.api.session.id)).toBeNull();
  });

  it("a role change ends the user's sessions; a name change does not", async () => {
    const agent = await newAgent("papel");
    await updateUser(deps(), agent.uid, { displayName: "Novo Nome" }, { uid: "demo-admin" });
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toMatchObject({
      displayName: "Novo Nome",
    });
    await updateUser(deps(), agent.uid, { role: "admin" }, { uid: "demo-admin" });
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
    expect(await sessionRow(agent.api.session.id)).toBeNull();
  });
});

describe("signing out", () => {
  it("the sign-out post deletes the row and clears the cookie; the user's other sessions go on", async () => {
    const agent = await newAgent("saindo");
    const other = await signInWithEmailPassword(env.backend, db(), agent.email, agent.password);
    const response = await answer(() =>
      logout.action(args(post("/login-corretores/sair", {}, cookieHeader(agent.cookie)))),
    );
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/"]);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(
      /^session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(await sessionRow(agent.browser.session.id)).toBeNull();
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
    expect(
      await getOptionalUser(get("/painel", cookieHeader(await signedSessionCookieValue(other.token)))),
    ).not.toBeNull();
  });

  it("DELETE /api/auth/session ends the calling API session (204); anonymous → 401", async () => {
    const agent = await newAgent("api-saindo");
    const ended = await answer(() =>
      apiSession.action(
        args(new Request(`${ORIGIN}/api/auth/session`, { method: "DELETE", headers: bearerHeader(agent.api.token) })),
      ),
    );
    expect(ended.status).toBe(204);
    expect(await sessionRow(agent.api.session.id)).toBeNull();
    expect(
      (await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(agent.api.token))))))
        .status,
    ).toBe(401);
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).not.toBeNull();
    const anonymous = await answer(() =>
      apiSession.action(args(new Request(`${ORIGIN}/api/auth/session`, { method: "DELETE" }))),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/auth/session", () => {
  it("gives an opaque token (only its hash stored; IP and User-Agent recorded) that the API accepts", async () => {
    const agent = await newAgent("api-token");
    const response = await answer(() =>
      apiSession.action(
        args(
          json(
            "POST",
            "/api/auth/session",
            { email: agent.email, password: agent.password },
            { "User-Agent": `cli/${"x".repeat(400)}` },
          ),
        ),
      ),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as { token: string; expiresAt: string };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(SESSION_IDLE_MS);

    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash("sha256").update(body.token).digest("hex")));
    expect(row).toMatchObject({ uid: agent.uid, kind: "api", ip: CLIENT_IP });
    expect(row!.userAgent).toHaveLength(300);
    expect(row!.tokenHash).toBe(sessionTokenHash(body.token));
    expect(JSON.stringify(await db().select().from(sessions))).not.toContain(body.token);

    const check = await answer(() =>
      apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(body.token)))),
    );
    expect(check.status).toBe(200);
    expect(((await check.json()) as { firebaseAuth: { uid: string } }).firebaseAuth.uid).toBe(agent.uid);
  });

  it("refuses wrong credentials, bad bodies and GET with pt-BR JSON errors", async () => {
    const wrong = await answer(() =>
      apiSession.action(
        args(json("POST", "/api/auth/session", { email: "ninguem@exemplo.com.br", password: "errada" })),
      ),
    );
    expect([wrong.status, await wrong.json()]).toEqual([401, { error: "E-mail ou senha incorretos." }]);
    const missing = await answer(() =>
      apiSession.action(args(json("POST", "/api/auth/session", { email: "ninguem@exemplo.com.br" }))),
    );
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.password).toEqual([
      "Informe a sua senha.",
    ]);
    const form = await answer(() =>
      apiSession.action(args(post("/api/auth/session", { email: "a@b.com", password: "x" }))),
    );
    expect(form.status).toBe(415);
    const read = await answer(() => apiSession.loader());
    expect(read.status).toBe(405);
  });

  it("shares the login form's rate limit: the 6th attempt for one e-mail → 429 with Retry-After", async () => {
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 6; i++) {
      last = await answer(() =>
        apiSession.action(
          args(json("POST", "/api/auth/session", { email: "limite-api@exemplo.com.br", password: `errada-${i}` })),
        ),
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await last!.json()) as { error: string }).error).toMatch(
      /^Muitas tentativas\. Tente novamente em 1[45] minutos\.$/,
    );
  });
});

describe("the login form records the session", () => {
  it("creates a browser session with the client's IP and the first 300 characters of its User-Agent", async () => {
    const response = await answer(() =>
      login.action(
        args(
          post(
            "/login-corretores",
            { email: env.admin.email, password: env.admin.password },
            { "User-Agent": `Mozilla/5.0 ${"y".repeat(400)}` },
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    const token = await readSessionToken(get("/", { Cookie: setCookie.split(";")[0]! }));
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sessionTokenHash(token!)));
    expect(row).toMatchObject({ uid: "demo-admin", kind: "browser", ip: CLIENT_IP });
    expect(row!.userAgent).toBe(`Mozilla/5.0 ${"y".repeat(400)}`.slice(0, 300));
  });
});

describe("/admin/usuarios: a user's sessions", () => {
  const page = (uid: string) => `/admin/usuarios?editar=${encodeURIComponent(uid)}`;

  it("lists the active sessions of the user being edited", async () => {
    const agent = await newAgent("listado");
    const response = await answer(() => adminUsers.loader(args(get(page(agent.uid), cookieHeader(env.admin.cookie)))));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { sessions: { id: string; kind: string; ip: string; current: boolean }[] };
    expect(data.sessions.map((s) => [s.id, s.kind, s.current]).sort()).toEqual(
      [
        [agent.browser.session.id, "browser", false],
        [agent.api.session.id, "api", false],
      ].sort(),
    );
    const own = await answer(() => adminUsers.loader(args(get(page("demo-admin"), cookieHeader(env.admin.cookie)))));
    const ownSessions = ((await own.json()) as { sessions: { current: boolean }[] }).sessions;
    expect(ownSessions.filter((s) => s.current)).toHaveLength(1);
  });

  it("only an admin from this site may end sessions", async () => {
    const agent = await newAgent("protegido");
    const form = { intent: "end-sessions", uid: agent.uid };
    const anonymous = await answer(() => adminUsers.action(args(post(page(agent.uid), form))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login-corretores\?redirectTo=/);
    expect(
      (await answer(() => adminUsers.action(args(post(page(agent.uid), form, cookieHeader(agent.cookie)))))).status,
    ).toBe(403);
    expect(
      (
        await answer(() =>
          adminUsers.action(
            args(post(page(agent.uid), form, { ...cookieHeader(env.admin.cookie), Origin: "https://evil.example" })),
          ),
        )
      ).status,
    ).toBe(403);
    const forged = cookieHeader(unsignedJwt("demo-admin", env.admin.email, env.backend.projectId));
    expect((await answer(() => adminUsers.action(args(post(page(agent.uid), form, forged))))).status).toBe(302);
    expect(await sessionRow(agent.browser.session.id)).not.toBeNull();
    expect(await sessionRow(agent.api.session.id)).not.toBeNull();
  });

  it("“Encerrar” ends one session; “Encerrar todas as sessões” ends the rest", async () => {
    const agent = await newAgent("encerrado");
    const admin = cookieHeader(env.admin.cookie);
    const one = await answer(() =>
      adminUsers.action(
        args(
          post(page(agent.uid), { intent: "end-session", uid: agent.uid, sessionId: agent.browser.session.id }, admin),
        ),
      ),
    );
    expect([one.status, one.headers.get("Location")]).toEqual([302, page(agent.uid)]);
    expect(await getOptionalUser(get("/painel", cookieHeader(agent.cookie)))).toBeNull();
    expect(await sessionRow(agent.api.session.id)).not.toBeNull();

    // A session id of another user is not touched through this user.
    const other = await newAgent("outro");
    await answer(() =>
      adminUsers.action(
        args(
          post(page(agent.uid), { intent: "end-session", uid: agent.uid, sessionId: other.browser.session.id }, admin),
        ),
      ),
    );
    expect(await sessionRow(other.browser.session.id)).not.toBeNull();

    const all = await answer(() =>
      adminUsers.action(args(post(page(agent.uid), { intent: "end-sessions", uid: agent.uid }, admin))),
    );
    expect([all.status, all.headers.get("Location")]).toEqual([302, page(agent.uid)]);
    expect(
      (await answer(() => apiTokenCheck.loader(args(get("/api/auth/token/check", bearerHeader(agent.api.token))))))
        .status,
    ).toBe(401);
    expect(await getOptionalUser(get("/admin/usuarios", admin))).not.toBeNull();
  });

  it("ending one's own current session signs one out", async () => {
    const mine = await signInWithEmailPassword(env.backend, db(), env.admin.email, env.admin.password);
    const cookie = cookieHeader(await signedSessionCookieValue(mine.token));
    const response = await answer(() =>
      adminUsers.action(
        args(
          post(page("demo-admin"), { intent: "end-session", uid: "demo-admin", sessionId: mine.session.id }, cookie),
        ),
      ),
    );
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/login-corretores"]);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/^session=; Max-Age=0/);
    expect(await getOptionalUser(get("/admin/usuarios", cookie))).toBeNull();
    // The admin's other sessions go on.
    expect(await getOptionalUser(get("/admin/usuarios", cookieHeader(env.admin.cookie)))).not.toBeNull();
  });
});
