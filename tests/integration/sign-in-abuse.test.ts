/**
 * The penetration test's findings on sign-in abuse and account enumeration
 * (docs/decisions/0065-sign-in-abuse-and-enumeration.md), against the real
 * Firebase Auth emulator in this process and the route actions: wrong
 * passwords from one IP never keep the owner out, wrong reset codes answer
 * the same for existing and unknown addresses and cancel nothing, and a role
 * claim set in the emulator gives no access without a `users` row.
 */
import { describe, expect, it } from "vitest";
import { confirmResetCode, requestPasswordReset } from "~/.server/auth/password-reset";
import { createAuthRateLimiters, RESET_CODE_EMAIL_LIMIT } from "~/.server/auth/protection";
import { signInWithEmailPassword, type SignInRefused } from "~/.server/auth/sign-in";
import { findUser } from "~/.server/auth/users";
import { getSessionSecrets } from "~/.server/flash";
import { TEST_ORIGIN, useAuthTestEnv } from "./helpers/auth-env";
import { answer } from "./helpers/loaders";

const env = useAuthTestEnv("sign-in-abuse", { uid: "agent-abuse", claims: { role: "agent" } });

function form(path: string, body: Record<string, string>): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN },
    body: new URLSearchParams(body),
  });
}

describe("the emulator's claims (ADR 0065)", () => {
  it("on the emulator a role claim without a users row gives no access (anyone local can set claims)", async () => {
    // What any local process can do through the emulator's REST API: an account and an admin claim.
    await env.backend.auth.createUser({
      uid: "intruso",
      email: "intruso@exemplo.com.br",
      password: "senha-intruso",
    });
    await env.backend.auth.setCustomUserClaims("intruso", { role: "admin" });
    const refused = await signInWithEmailPassword(
      env.backend,
      env.test.database.db,
      "intruso@exemplo.com.br",
      "senha-intruso",
    ).catch((e: unknown) => e);
    expect((refused as SignInRefused).reason).toBe("no-access");
    expect(await findUser(env.test.database.db, "intruso")).toBeNull();
    // Nor does the claim get a reset code mailed.
    const sent: unknown[] = [];
    const mailer = { kind: "file" as const, send: async (m: unknown) => void sent.push(m), close() {} };
    const deps = { backend: env.backend, db: env.test.database.db, secrets: ["s".repeat(40)] };
    const request = { mailer, resetPageUrl: `${TEST_ORIGIN}/r`, siteTitle: "Horizonte Imobiliária" };
    expect(await requestPasswordReset(deps, { ...request, email: "intruso@exemplo.com.br" })).toBe(false);
    expect(sent).toHaveLength(0);
  });
});

describe("sign-in abuse (ADR 0065)", () => {
  it("five wrong passwords from one IP do not keep the owner out: the right password from another IP signs in", async () => {
    const { action } = await import("~/routes/login");
    const admin = env.admin;
    const login = async (password: string, clientIp: string) =>
      await answer(() =>
        action({
          request: form("/login-corretores", { email: admin.email, password }),
          params: {},
          context: { clientIp },
        }),
      );
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(`errada-${i}`, "192.0.2.66")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const attacker = await login(admin.password, "192.0.2.66");
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    const owner = await login(admin.password, "198.51.100.77");
    expect(owner.status).toBe(302);
    expect(owner.headers.getSetCookie().some((cookie) => cookie.startsWith("session="))).toBe(true);
  });

  it("the API session answers the same way (429 only for the guessing pair)", async () => {
    const { action } = await import("~/routes/api-auth-session");
    const admin = env.admin;
    const session = async (password: string, clientIp: string) =>
      await answer(() =>
        action({
          request: new Request(`${TEST_ORIGIN}/api/auth/session`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: admin.email, password }),
          }),
          params: {},
          context: { clientIp },
        }),
      );
    for (let i = 0; i < 5; i++) expect((await session(`errada-${i}`, "192.0.2.67")).status).toBe(401);
    expect((await session(admin.password, "192.0.2.67")).status).toBe(429);
    expect((await session(admin.password, "198.51.100.78")).status).toBe(201);
  });

  it("after a reset request, wrong codes get the same answers for an existing and an unknown address, and the real code still works", async () => {
    const { action } = await import("~/routes/password-reset");
    const admin = env.admin;
    const email = admin.email;
    const sent: { text: string }[] = [];
    const mailer = { kind: "file" as const, send: async (m: { text: string }) => void sent.push(m), close() {} };
    const deps = { backend: env.backend, db: env.test.database.db, secrets: getSessionSecrets() };
    const request = { mailer, resetPageUrl: `${TEST_ORIGIN}/r`, siteTitle: "Horizonte Imobiliária" };
    expect(await requestPasswordReset(deps, { ...request, email })).toBe(true);
    expect(await requestPasswordReset(deps, { ...request, email: "ninguem-aqui@exemplo.com.br" })).toBe(false);
    const code = /Seu código: (\d{6})/.exec(sent.at(-1)!.text)![1]!;
    const wrong = code === "123456" ? "654321" : "123456";
    const answers = async (address: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) {
        const response = await answer(() =>
          action({
            request: form("/login-corretores/reset-de-senha", {
              intent: "confirm",
              email: address,
              code: wrong,
              newPassword: "senha-nova-123",
              confirmPassword: "senha-nova-123",
            }),
            params: {},
            context: { clientIp: "192.0.2.88" },
          }),
        );
        const body = (await response.json()) as { result?: { error?: Record<string, string[]> } };
        seen.push(`${response.status} ${JSON.stringify(body.result?.error ?? {})}`);
      }
      return seen;
    };
    const existing = await answers(email);
    const unknown = await answers("ninguem-aqui@exemplo.com.br");
    expect(unknown).toEqual(existing);
    expect(existing[0]).toContain("Código inválido ou expirado");
    expect(existing[5]).toMatch(/^429 .*Muitas tentativas\. Tente novamente em/);
    // Nothing was cancelled: the owner's code works from their own IP.
    const owner = await answer(() =>
      action({
        request: form("/login-corretores/reset-de-senha", {
          intent: "confirm",
          email,
          code,
          newPassword: "senha-nova-123",
          confirmPassword: "senha-nova-123",
        }),
        params: {},
        context: { clientIp: "198.51.100.88" },
      }),
    );
    expect(owner.status).toBe(302);
    await env.backend.auth.updateUser(admin.uid, { password: admin.password });
  });

  it("concurrent wrong codes for one e-mail from many IPs: no more than the e-mail's ceiling are checked", async () => {
    const email = env.admin.email;
    const sent: { text: string }[] = [];
    const mailer = { kind: "file" as const, send: async (m: { text: string }) => void sent.push(m), close() {} };
    const deps = { backend: env.backend, db: env.test.database.db, secrets: getSessionSecrets() };
    const request = { mailer, resetPageUrl: `${TEST_ORIGIN}/r`, siteTitle: "Horizonte Imobiliária" };
    expect(await requestPasswordReset(deps, { ...request, email })).toBe(true);
    const code = /Seu código: (\d{6})/.exec(sent.at(-1)!.text)![1]!;
    const wrong = code === "123456" ? "654321" : "123456";
    const limiters = createAuthRateLimiters();
    const outcomes = await Promise.all(
      Array.from({ length: 3 * RESET_CODE_EMAIL_LIMIT.points }, async (_, i) => {
        const outcome = await confirmResetCode(
          { ...deps, limiters },
          { ip: `203.0.113.${i + 1}`, email, code: wrong, newPassword: "senha-nova-123" },
        );
        return outcome.limited ? "too-many" : outcome.result;
      }),
    );
    expect(outcomes.filter((outcome) => outcome !== "too-many")).toHaveLength(RESET_CODE_EMAIL_LIMIT.points);
    expect(outcomes.filter((outcome) => outcome !== "too-many" && outcome !== "invalid")).toEqual([]);
  });
});
