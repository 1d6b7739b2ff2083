/**
 * The login page's web SDK path (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md):
 * an ID token from the identity service exchanged for a session of the site.
 * The Auth emulator in this process issues the tokens; the backend is then
 * treated as a real project's (`emulator: false`), so firebase-admin's own
 * `verifyIdToken` with the revocation check runs on them (it skips only the
 * signature on the emulator), and every rule of the exchange is exercised.
 */
import { afterEach, describe, expect, it } from "vitest";
import { setIdentityBackend } from "~/.server/auth/firebase";
import { signInWithIdToken } from "~/.server/auth/id-token-sign-in";
import { signInWithPassword } from "~/.server/auth/identity";
import { createAuthRateLimiters } from "~/.server/auth/protection";
import { signInWithEmailPassword, type SignInRefused } from "~/.server/auth/sign-in";
import { TEST_ORIGIN, useAuthTestEnv } from "./helpers/auth-env";
import { answer } from "./helpers/loaders";

const env = useAuthTestEnv("id-token-sign-in", { uid: "agent-sdk", claims: { role: "agent" } });

/** The test's backend as a real project's: tokens are verified, never trusted as the emulator's. */
const realProject = () => ({ ...env.backend, emulator: false });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as SignInRefused,
  );
const idTokenOf = async (email: string, password: string) =>
  (await signInWithPassword(env.backend, email, password)).idToken;

afterEach(() => {
  setIdentityBackend(env.backend);
});

describe("exchanging the web SDK's ID token for a session (ADR 0070)", () => {
  it("opens a session for a fresh token of the typed e-mail", async () => {
    const token = await idTokenOf(env.agent.email, env.agent.password);
    const signedIn = await signInWithIdToken(realProject(), env.test.database.db, token, {
      email: env.agent.email.toUpperCase(),
      ip: "192.0.2.10",
      limiters: createAuthRateLimiters(),
    });
    expect(signedIn.user.role).toBe("agent");
    expect(signedIn.session.uid).toBe(env.agent.uid);
  });

  it("refuses a token under the emulator, another account's token, a forged one and a stale sign-in", async () => {
    const limiters = createAuthRateLimiters();
    const token = await idTokenOf(env.agent.email, env.agent.password);
    const options = { email: env.agent.email, ip: "192.0.2.11", limiters };
    // The emulator's tokens are unsigned: never exchanged there.
    expect((await refusal(signInWithIdToken(env.backend, env.test.database.db, token, options)))?.reason).toBe(
      "unknown",
    );
    const db = env.test.database.db;
    const other = await refusal(signInWithIdToken(realProject(), db, token, { ...options, email: env.admin.email }));
    expect(other?.reason).toBe("credentials");
    const forged = await refusal(signInWithIdToken(realProject(), db, "eyJhbGciOiJub25lIn0.e30.x", options));
    expect(forged?.reason).toBe("credentials");
    const later = Date.now() + 6 * 60_000;
    const stale = await refusal(signInWithIdToken(realProject(), db, token, { ...options, now: later }));
    expect(stale?.reason).toBe("credentials");
  });

  it("refuses a token whose account's tokens were revoked", async () => {
    const token = await idTokenOf(env.agent.email, env.agent.password);
    // Revocation compares whole seconds: the emulator's admin API sets "valid since" a minute ahead,
    // as a revocation a minute after this sign-in would (firebase-admin's revokeRefreshTokens sets it to now).
    const validSince = String(Math.floor(Date.now() / 1000) + 60);
    const update = await fetch(
      `${env.backend.identityToolkitUrl}/v1/projects/${env.backend.projectId}/accounts:update`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer owner" },
        body: JSON.stringify({ localId: env.agent.uid, validSince }),
      },
    );
    expect(update.status).toBe(200);
    const revoked = await refusal(
      signInWithIdToken(realProject(), env.test.database.db, token, {
        email: env.agent.email,
        ip: "192.0.2.12",
        limiters: createAuthRateLimiters(),
      }),
    );
    expect(revoked?.reason).toBe("credentials");
    // Tokens issued after "valid since" pass again (the other tests go on signing in).
    await fetch(`${env.backend.identityToolkitUrl}/v1/projects/${env.backend.projectId}/accounts:update`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ localId: env.agent.uid, validSince: "1" }),
    });
  });

  it("counts refused tokens in the sign-in limits: the sixth try from one address is refused with Retry-After", async () => {
    const limiters = createAuthRateLimiters();
    const options = { email: env.admin.email, ip: "192.0.2.13", limiters };
    const reasons = [];
    for (let i = 0; i < 6; i++)
      reasons.push(
        (await refusal(signInWithIdToken(realProject(), env.test.database.db, "x".repeat(40), options)))?.reason,
      );
    expect(reasons).toEqual(["credentials", "credentials", "credentials", "credentials", "credentials", "too-many"]);
  });

  it("with AUTH_ADMIN_MFA=required an administrator needs a second factor, on both paths; a broker does not", async () => {
    const db = env.test.database.db;
    const adminToken = await idTokenOf(env.admin.email, env.admin.password);
    const options = { email: env.admin.email, ip: "192.0.2.14", limiters: createAuthRateLimiters() };
    const required = { ...options, adminMfa: "required" as const };
    expect((await refusal(signInWithIdToken(realProject(), db, adminToken, required)))?.reason).toBe("second-factor");
    const password = await refusal(
      signInWithEmailPassword(realProject(), db, env.admin.email, env.admin.password, { adminMfa: "required" }),
    );
    expect(password?.reason).toBe("second-factor");
    expect((await signInWithIdToken(realProject(), db, adminToken, { ...options, adminMfa: "off" })).user.role).toBe(
      "admin",
    );
    const agentToken = await idTokenOf(env.agent.email, env.agent.password);
    const agent = await signInWithIdToken(realProject(), db, agentToken, {
      email: env.agent.email,
      ip: "192.0.2.15",
      adminMfa: "required",
      limiters: createAuthRateLimiters(),
    });
    expect(agent.user.role).toBe("agent");
  });

  it("with App Check on, a missing or invalid App Check token is refused and a valid one passes", async () => {
    const db = env.test.database.db;
    const token = await idTokenOf(env.agent.email, env.agent.password);
    const verifyAppCheck = async (value: string) => {
      if (value !== "valid-app-check") throw new Error("invalid");
    };
    const options = {
      email: env.agent.email,
      ip: "192.0.2.16",
      limiters: createAuthRateLimiters(),
      appCheck: true,
      verifyAppCheck,
    };
    expect((await refusal(signInWithIdToken(realProject(), db, token, options)))?.reason).toBe("unknown");
    const invalid = { ...options, appCheckToken: "forged" };
    expect((await refusal(signInWithIdToken(realProject(), db, token, invalid)))?.reason).toBe("unknown");
    const valid = { ...options, appCheckToken: "valid-app-check" };
    expect((await signInWithIdToken(realProject(), db, token, valid)).user.uid).toBe(env.agent.uid);
  });
});

describe("the login action's intent=id-token", () => {
  const post = async (body: Record<string, string>, clientIp: string) => {
    const { action } = await import("~/routes/login");
    return await answer(() =>
      action({
        request: new Request(`${TEST_ORIGIN}/login-corretores`, {
          method: "POST",
          headers: { Origin: TEST_ORIGIN },
          body: new URLSearchParams(body),
        }),
        params: {},
        context: { clientIp },
      }),
    );
  };

  it("signs in with a real project's token and redirects with the session cookie", async () => {
    setIdentityBackend(realProject());
    const idToken = await idTokenOf(env.agent.email, env.agent.password);
    const response = await post(
      { intent: "id-token", email: env.agent.email, idToken, redirectTo: "/painel" },
      "198.51.100.20",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/painel");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("session="))).toBe(true);
  });

  it("is refused under the emulator (400) and a bad token answers the login form's 401", async () => {
    const idToken = await idTokenOf(env.agent.email, env.agent.password);
    const emulator = await post({ intent: "id-token", email: env.agent.email, idToken }, "198.51.100.21");
    expect(emulator.status).toBe(400);
    expect(emulator.headers.getSetCookie()).toEqual([]);
    setIdentityBackend(realProject());
    const forged = await post({ intent: "id-token", email: env.agent.email, idToken: "y".repeat(50) }, "198.51.100.22");
    expect(forged.status).toBe(401);
    const body = (await forged.json()) as { result: { error: Record<string, string[]> } };
    expect(JSON.stringify(body)).toContain("E-mail ou senha incorretos.");
  });
});
