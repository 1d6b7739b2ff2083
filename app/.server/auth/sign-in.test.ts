import { describe, expect, it } from "vitest";
import type { Db } from "../db";
import type { IdentityBackend } from "./firebase";
import { createAuthRateLimiters } from "./protection";
import { FAILED_SIGN_IN_FLOOR_MS, SIGN_IN_STATUS, signInProtected, SignInRefused } from "./sign-in";

/** A real-project backend whose Identity Toolkit refuses as Firebase does: the message tells nothing of the account. */
const backend = {
  apiKey: "secret-key",
  identityToolkitUrl: "https://identity.example",
  emulator: false,
} as IdentityBackend;

function identity(calls: string[]): typeof fetch {
  return (async (_url: string, init: RequestInit) => {
    const { email } = JSON.parse(String(init.body)) as { email: string };
    calls.push(email);
    const message = email.startsWith("dono") ? "INVALID_PASSWORD" : "EMAIL_NOT_FOUND";
    return new Response(JSON.stringify({ error: { code: 400, message } }), { status: 400 });
  }) as typeof fetch;
}

describe("signInProtected", () => {
  it("asks the identity service for every e-mail and answers an unknown one exactly as a wrong password, after the same floor", async () => {
    const calls: string[] = [];
    const waits: number[] = [];
    const options = {
      ip: "192.0.2.1",
      limiters: createAuthRateLimiters(),
      fetchImpl: identity(calls),
      wait: async (ms: number) => void waits.push(ms),
    };
    const refusals = [];
    for (const email of ["dono@exemplo.com.br", "ninguem@exemplo.com.br"]) {
      const error = await signInProtected(backend, {} as Db, email, "errada", options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SignInRefused);
      refusals.push([(error as SignInRefused).reason, (error as SignInRefused).userMessage]);
    }
    expect(calls).toEqual(["dono@exemplo.com.br", "ninguem@exemplo.com.br"]);
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[0]).toEqual(["credentials", "E-mail ou senha incorretos."]);
    // Each refusal waited out the rest of the floor (the fake service answers at once).
    expect(waits).toHaveLength(2);
    for (const ms of waits) {
      expect(ms).toBeGreaterThan(FAILED_SIGN_IN_FLOOR_MS / 2);
      expect(ms).toBeLessThanOrEqual(FAILED_SIGN_IN_FLOOR_MS);
    }
  });

  it("refuses the sixth attempt of one (e-mail, IP) pair with Retry-After, before asking the service", async () => {
    const calls: string[] = [];
    const options = {
      ip: "192.0.2.2",
      limiters: createAuthRateLimiters(),
      fetchImpl: identity(calls),
      wait: async () => {},
    };
    for (let i = 0; i < 5; i++)
      await signInProtected(backend, {} as Db, "dono@exemplo.com.br", "x", options).catch(() => null);
    const error = (await signInProtected(backend, {} as Db, "dono@exemplo.com.br", "x", options).catch(
      (e: unknown) => e,
    )) as SignInRefused;
    expect(error.reason).toBe("too-many");
    expect(error.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(calls).toHaveLength(5);
  });

  it("adds no floor on the emulator (it answers both alike)", async () => {
    const waits: number[] = [];
    await signInProtected({ ...backend, emulator: true } as IdentityBackend, {} as Db, "dono@exemplo.com.br", "x", {
      ip: "192.0.2.3",
      limiters: createAuthRateLimiters(),
      fetchImpl: identity([]),
      wait: async (ms: number) => void waits.push(ms),
    }).catch(() => null);
    expect(waits).toEqual([]);
  });

  it("answers the identity service's own lockout (existing accounts only) exactly as this site's limits, and counts it as a failure", async () => {
    const calls: string[] = [];
    const lockout = (async (_url: string, init: RequestInit) => {
      const { email } = JSON.parse(String(init.body)) as { email: string };
      calls.push(email);
      const message = email.startsWith("dono")
        ? "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts."
        : "EMAIL_NOT_FOUND";
      return new Response(JSON.stringify({ error: { code: 400, message } }), { status: 400 });
    }) as typeof fetch;
    const waits: number[] = [];
    const options = {
      limiters: createAuthRateLimiters(),
      fetchImpl: lockout,
      wait: async (ms: number) => void waits.push(ms),
    };
    const answer = async (email: string, ip: string) => {
      const error = (await signInProtected(backend, {} as Db, email, "x", { ...options, ip }).catch(
        (e: unknown) => e,
      )) as SignInRefused;
      expect(error).toBeInstanceOf(SignInRefused);
      return {
        status: SIGN_IN_STATUS[error.reason],
        reason: error.reason,
        message: error.userMessage,
        retryAfter: error.retryAfterSeconds,
      };
    };
    // This site's own refusal: the sixth attempt of a pair, the first five wrong.
    for (let i = 0; i < 5; i++) expect((await answer("ninguem@exemplo.com.br", "192.0.2.4")).status).toBe(401);
    const site = await answer("ninguem@exemplo.com.br", "192.0.2.4");
    expect(site.status).toBe(429);
    waits.length = 0;
    const service = await answer("dono@exemplo.com.br", "192.0.2.5");
    expect(service).toEqual(site);
    expect(service.message).toBe("Muitas tentativas. Tente novamente em 15 minutos.");
    expect(waits).toEqual([]);
    // Counted as a failure on the pair: four more are answered, the fifth is refused before the service is asked.
    for (let i = 0; i < 4; i++) await answer("dono@exemplo.com.br", "192.0.2.5");
    const asked = calls.length;
    expect(await answer("dono@exemplo.com.br", "192.0.2.5")).toEqual(site);
    expect(calls).toHaveLength(asked);
  });
});
