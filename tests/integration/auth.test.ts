/**
 * Authentication against the REAL Firebase Auth emulator (ADR 0016),
 * in this process, with PGlite: sign-in, wrong password, sign-out (the old
 * cookie no longer works), revoked session, roles and guards, the password
 * reset end to end with the code read from a real SMTP peer, a rate-limited
 * login through the route's action, and the Origin check. The database
 * parts run on PGlite, and on PostgreSQL too when `TEST_DATABASE_URL` is set.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityBackend, type IdentityBackend, setIdentityBackend } from "~/.server/auth/firebase";
import { getOptionalUser, requireRole, requireUser } from "~/.server/auth/guards";
import { confirmPasswordReset, confirmResetCode, requestPasswordReset } from "~/.server/auth/password-reset";
import { createAuthRateLimiters } from "~/.server/auth/protection";
import { seedAdmin } from "~/.server/auth/seed";
import { readSessionToken, serializeSessionCookie, signedSessionCookieValue } from "~/.server/auth/session";
import { signInWithEmailPassword, SignInRefused, signOut, type SignedIn } from "~/.server/auth/sign-in";
import { listRoles, mirrorUser } from "~/.server/auth/users";
import { setSingleton } from "~/.server/singleton";
import { createMailer } from "~/.server/mail/transport";
import { ROLE_DEFINITIONS } from "~/lib/auth";
import { createTestDatabase, createTestPglite, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { startSmtpSink } from "./helpers/smtp-sink";
import { startTestAuthEmulator, type TestAuthEmulator } from "./helpers/shared-auth-emulator";
import { answer } from "./helpers/loaders";

const ORIGIN = "http://localhost:3000";
let emulator: TestAuthEmulator;
let backend: IdentityBackend;
let test: TestDatabase;
let dataDir: string;
const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

/** A request carrying the session cookie (its signed value, as a browser sends it). */
function withSession(cookie: string | null, url = `${ORIGIN}/painel`): Request {
  return new Request(url, { headers: cookie ? { Cookie: `session=${cookie}` } : {} });
}

/** The signed cookie value of a browser sign-in. */
function cookieOf(signedIn: SignedIn): Promise<string> {
  return signedSessionCookieValue(signedIn.token);
}

/** Waits until the wall clock enters the next second (Firebase revocation has a one-second resolution). */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-auth-"));
  process.env.DATA_DIR = dataDir;
  emulator = await startTestAuthEmulator();
  backend = setIdentityBackend(createIdentityBackend({ emulatorHost: emulator.hostPort }));
  test = await createTestPglite();
  // The route modules use the process database.
  setSingleton("database", test.database);
});

afterAll(async () => {
  await backend?.close();
  await emulator?.stop();
  await test?.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe.each(kinds)("on %s", (kind) => {
  /** uid and e-mail prefix: both kinds share one emulator. */
  const p = kind === "pglite" ? "" : "pg-";
  let kdb: TestDatabase;
  beforeAll(async () => {
    kdb = kind === "pglite" ? test : await createTestDatabase("postgres");
  });
  afterAll(async () => {
    if (kind === "postgres") await kdb?.cleanup();
  });
  /** What signing in with `email` and `password` throws here (or, should it not throw, what it returns). */
  const signInRefusal = (email: string, password: string) =>
    signInWithEmailPassword(backend, kdb.database.db, email, password).catch(
      (e: unknown) => e,
    ) as Promise<SignInRefused>;

  describe("roles", () => {
    it("the migration stores the roles of ROLE_DEFINITIONS with Portuguese labels", async () => {
      const rows = await listRoles(kdb.database.db);
      expect(rows).toEqual([ROLE_DEFINITIONS.admin, ROLE_DEFINITIONS.agent]);
      expect(rows.map((row) => row.label)).toEqual(["Administrador", "Corretor"]);
    });
  });

  describe("sign-in, guards and sign-out", () => {
    it("the seeded admin signs in, gets a session cookie and passes both middlewares", async () => {
      const admin = await seedAdmin(backend, kdb.database.db, { email: "admin@imobiliaria.localhost", dataDir });
      // Idempotent: a second seed keeps the same password (kept in DATA_DIR).
      expect(
        (await seedAdmin(backend, kdb.database.db, { email: "admin@imobiliaria.localhost", dataDir })).password,
      ).toBe(admin.password);
      const signedIn = await signInWithEmailPassword(backend, kdb.database.db, admin.email, admin.password);
      expect(signedIn.user).toMatchObject({
        uid: "demo-admin",
        email: admin.email,
        role: "admin",
        emailVerified: true,
      });
      const cookie = await cookieOf(signedIn);
      const request = withSession(cookie);
      expect(await readSessionToken(request)).toBe(signedIn.token);
      expect(signedIn.session).toMatchObject({ uid: "demo-admin", kind: "browser" });
      await expect(requireRole(request, "admin", { db: kdb.database.db, checkRevoked: true })).resolves.toMatchObject({
        role: "admin",
      });
      await expect(requireRole(withSession(cookie), "agent", { db: kdb.database.db })).resolves.toMatchObject({
        role: "admin",
      });
      const claims = (await backend.auth.getUser("demo-admin")).customClaims;
      expect(claims?.role).toBe("admin");
    });

    it("a wrong password and an unknown e-mail give the same Portuguese message", async () => {
      for (const [email, password] of [
        ["admin@imobiliaria.localhost", "senha-errada"],
        ["ninguem@exemplo.com.br", "qualquer-senha"],
      ]) {
        const error = await signInRefusal(email!, password!);
        expect(error).toBeInstanceOf(SignInRefused);
        expect(error.reason).toBe("credentials");
        expect(error.userMessage).toBe("E-mail ou senha incorretos.");
      }
    });

    it("an agent (role in its users row) signs in and its claim is mirrored; admin routes answer 403; a user without role has no access", async () => {
      await backend.auth.createUser({
        uid: `${p}agent-1`,
        email: `${p}carla@exemplo.com.br`,
        password: "senha-carla",
        displayName: "Carla Corretora",
      });
      await mirrorUser(kdb.database.db, await backend.auth.getUser(`${p}agent-1`), {
        grant: { role: "agent", brokerCode: "7" },
      });
      const agent = await signInWithEmailPassword(backend, kdb.database.db, `${p}carla@exemplo.com.br`, "senha-carla");
      expect(agent.user).toMatchObject({ role: "agent", brokerCode: "7", displayName: "Carla Corretora" });
      await expect(
        requireRole(withSession(await cookieOf(agent)), "agent", { db: kdb.database.db }),
      ).resolves.toMatchObject({ uid: `${p}agent-1` });
      const forbidden = await requireRole(withSession(await cookieOf(agent)), "admin", { db: kdb.database.db }).catch(
        (e: unknown) => e,
      );
      expect((forbidden as Response).status).toBe(403);

      await backend.auth.createUser({
        uid: `${p}stranger`,
        email: `${p}estranho@exemplo.com.br`,
        password: "senha-estranho",
      });
      const refused = await signInRefusal(`${p}estranho@exemplo.com.br`, "senha-estranho");
      expect(refused.reason).toBe("no-access");
      expect((await backend.auth.getUser(`${p}agent-1`)).customClaims).toEqual({ role: "agent", brokerCode: "7" });
    });

    it("an account disabled in the identity service is refused like a wrong password, right password or not", async () => {
      await backend.auth.createUser({
        uid: `${p}agent-off`,
        email: `${p}inativo@exemplo.com.br`,
        password: "senha-inativo",
        disabled: true,
      });
      await mirrorUser(kdb.database.db, await backend.auth.getUser(`${p}agent-off`), { grant: { role: "agent" } });
      // The service says USER_DISABLED before it checks the password: telling it would reveal the account.
      for (const password of ["senha-inativo", "senha-errada"]) {
        const error = await signInRefusal(`${p}inativo@exemplo.com.br`, password);
        expect([error.reason, error.userMessage]).toEqual(["credentials", "E-mail ou senha incorretos."]);
      }
    });

    it("anonymous: a page redirects to the login with redirectTo, a resource route answers 401", async () => {
      const page = await requireUser(withSession(null, `${ORIGIN}/painel?x=1`), { db: kdb.database.db }).catch(
        (e: unknown) => e,
      );
      expect((page as Response).status).toBe(302);
      expect((page as Response).headers.get("Location")).toBe("/login-corretores?redirectTo=%2Fpainel%3Fx%3D1");
      const resource = await requireUser(withSession(null), { db: kdb.database.db, resource: true }).catch(
        (e: unknown) => e,
      );
      expect((resource as Response).status).toBe(401);
      expect((resource as Response).headers.get("Cache-Control")).toBe("private, no-store");
      expect(
        await getOptionalUser(withSession("not-a-valid-session-cookie-value"), { db: kdb.database.db }),
      ).toBeNull();
    });

    it("after sign-out the old cookie no longer works, whatever the clock", async () => {
      const admin = await seedAdmin(backend, kdb.database.db, { email: "admin@imobiliaria.localhost", dataDir });
      const signedIn = await signInWithEmailPassword(backend, kdb.database.db, admin.email, admin.password);
      const cookie = await cookieOf(signedIn);
      expect(await getOptionalUser(withSession(cookie), { db: kdb.database.db })).not.toBeNull();
      await signOut(backend, kdb.database.db, signedIn.token, admin.uid);
      expect(await getOptionalUser(withSession(cookie), { db: kdb.database.db })).toBeNull();
      expect(await getOptionalUser(withSession(cookie), { db: kdb.database.db, checkRevoked: true })).toBeNull();
    });

    it("a revoked session is rejected where revocation is checked", async () => {
      const agent = await signInWithEmailPassword(backend, kdb.database.db, `${p}carla@exemplo.com.br`, "senha-carla");
      await nextSecond();
      await backend.auth.revokeRefreshTokens(`${p}agent-1`);
      const cookie = await cookieOf(agent);
      // Without the revocation check the session still counts; with it, it is refused and deleted.
      await expect(requireRole(withSession(cookie), "agent", { db: kdb.database.db })).resolves.toMatchObject({
        uid: `${p}agent-1`,
      });
      const checked = await requireRole(withSession(cookie), "agent", {
        db: kdb.database.db,
        checkRevoked: true,
        resource: true,
      }).catch((e: unknown) => e);
      expect((checked as Response).status).toBe(401);
      expect(await getOptionalUser(withSession(cookie), { db: kdb.database.db })).toBeNull();
    });
  });

  describe("password reset", () => {
    it("mails a code (read from a real SMTP peer); wrong codes count; the right one sets the password once", async () => {
      const smtp = await startSmtpSink();
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        outboxDir: dataDir,
        from: "site@exemplo.com.br",
      });
      const deps = { backend, db: kdb.database.db, secrets: ["s".repeat(40)] };
      const request = {
        mailer,
        resetPageUrl: `${ORIGIN}/login-corretores/reset-de-senha?etapa=codigo`,
        siteTitle: "Horizonte Imobiliária",
      };
      try {
        expect(await requestPasswordReset(deps, { ...request, email: "ninguem@exemplo.com.br" })).toBe(false);
        expect(smtp.messages).toHaveLength(0);

        expect(await requestPasswordReset(deps, { ...request, email: `${p}Carla@Exemplo.com.br` })).toBe(true);
        expect(smtp.messages).toHaveLength(1);
        const raw = smtp.messages[0]!;
        expect(raw).toMatch(new RegExp(`^To: ${p}carla@exemplo\\.com\\.br`, "im"));
        const code = /Seu c=C3=B3digo: (\d{6})|Seu código: (\d{6})/.exec(raw);
        const value = code?.[1] ?? code?.[2];
        expect(value).toMatch(/^\d{6}$/);
        const wrong = value === "000000" ? "000001" : "000000";

        const before = await cookieOf(
          await signInWithEmailPassword(backend, kdb.database.db, `${p}carla@exemplo.com.br`, "senha-carla"),
        );
        expect(await getOptionalUser(withSession(before), { db: kdb.database.db })).not.toBeNull();
        expect(
          await confirmPasswordReset(deps, {
            email: `${p}carla@exemplo.com.br`,
            code: wrong,
            newPassword: "nova-senha-1",
          }),
        ).toBe("invalid");
        expect(await getOptionalUser(withSession(before), { db: kdb.database.db })).not.toBeNull();
        expect(
          await confirmPasswordReset(deps, {
            email: `${p}carla@exemplo.com.br`,
            code: value!,
            newPassword: "nova-senha-1",
          }),
        ).toBe("ok");
        // A new password ends the user's sessions.
        expect(await getOptionalUser(withSession(before), { db: kdb.database.db })).toBeNull();
        // Single use.
        expect(
          await confirmPasswordReset(deps, {
            email: `${p}carla@exemplo.com.br`,
            code: value!,
            newPassword: "outra-senha",
          }),
        ).toBe("invalid");

        await expect(
          signInWithEmailPassword(backend, kdb.database.db, `${p}carla@exemplo.com.br`, "nova-senha-1"),
        ).resolves.toBeTruthy();
        const old = await signInRefusal(`${p}carla@exemplo.com.br`, "senha-carla");
        expect(old.reason).toBe("credentials");
      } finally {
        mailer.close();
        await smtp.close();
      }
    });

    it("wrong codes count per e-mail and IP the same with and without an account, and never cancel the code", async () => {
      const sent: string[] = [];
      const mailer = { kind: "file" as const, send: async (m: { text: string }) => void sent.push(m.text), close() {} };
      const limiters = createAuthRateLimiters();
      const deps = { backend, db: kdb.database.db, secrets: ["s".repeat(40)], limiters };
      const base = {
        mailer,
        resetPageUrl: `${ORIGIN}/r`,
        siteTitle: "Horizonte Imobiliária",
        email: `${p}carla@exemplo.com.br`,
      };
      await requestPasswordReset(deps, base);
      const code = /Seu código: (\d{6})/.exec(sent[0]!)![1]!;
      const wrong = code === "111111" ? "222222" : "111111";
      const attempts = async (email: string, ip: string) => {
        const outcomes = [];
        for (let i = 0; i < 6; i++) {
          const outcome = await confirmResetCode(deps, { ip, email, code: wrong, newPassword: "x-senha-1" });
          outcomes.push(outcome.limited ? "limited" : outcome.result);
        }
        return outcomes;
      };
      const existing = await attempts(base.email, "10.1.0.1");
      const unknown = await attempts(`${p}ninguem-reset@exemplo.com.br`, "10.1.0.1");
      expect(existing).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "limited"]);
      expect(unknown).toEqual(existing);
      // The guesses cancelled nothing: the owner's code still works from their own IP.
      const owner = await confirmResetCode(deps, { ip: "10.1.0.2", email: base.email, code, newPassword: "x-senha-1" });
      expect(owner).toEqual({ result: "ok" });
      await backend.auth.updateUser(`${p}agent-1`, { password: "senha-carla" });

      await requestPasswordReset(deps, { ...base, now: new Date(Date.now() - 16 * 60_000) });
      const late = /Seu código: (\d{6})/.exec(sent[1]!)![1]!;
      expect(await confirmPasswordReset(deps, { email: base.email, code: late, newPassword: "x-senha-1" })).toBe(
        "invalid",
      );
    });
  });
});

describe("login route", () => {
  function post(body: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }): Request {
    return new Request(`${ORIGIN}/login-corretores`, { method: "POST", headers, body: new URLSearchParams(body) });
  }

  it("refuses a cross-site post (Origin check)", async () => {
    const { action } = await import("~/routes/login");
    const response = await action({
      request: post({ email: "a@b.com", password: "x" }, { Origin: "https://evil.example" }),
      params: {},
      context: {},
    }).catch((e: unknown) => e);
    expect((response as Response).status).toBe(403);
  });

  it("signs in with a session cookie and redirects to redirectTo (same-site only)", async () => {
    const { action } = await import("~/routes/login");
    const admin = await seedAdmin(backend, test.database.db, { email: "admin@imobiliaria.localhost", dataDir });
    const ok = await answer(() =>
      action({
        request: post({ email: admin.email, password: admin.password, redirectTo: "/painel/imovel/1" }),
        params: {},
        context: { clientIp: "10.0.0.1" },
      }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/painel/imovel/1");
    const cookies = ok.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("session="))).toMatch(/HttpOnly; SameSite=Lax/);
    const evil = await answer(() =>
      action({
        request: post({ email: admin.email, password: admin.password, redirectTo: "//evil.example/x" }),
        params: {},
        context: { clientIp: "10.0.0.1" },
      }),
    );
    // An unsafe redirectTo is ignored: the role's landing page (admins: /admin).
    expect(evil.headers.get("Location")).toBe("/admin");
    // Signed value; Max-Age is the absolute lifetime (30 days), the row enforces the 5-day idle expiry.
    expect(await serializeSessionCookie("a".repeat(43))).toMatch(
      /^session=[^;]+\.[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it("answers 429 with a Portuguese message after 5 failed attempts for one e-mail", async () => {
    const { action } = await import("~/routes/login");
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 6; i++) {
      const response = await answer(() =>
        action({
          request: post({ email: "admin@imobiliaria.localhost", password: `errada-${i}` }),
          params: {},
          context: { clientIp: "10.0.0.2" },
        }),
      );
      statuses.push(response.status);
      last = await response.json();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(JSON.stringify(last)).toMatch(/Muitas tentativas\. Tente novamente em 1[45] minutos\./);
  });
});
