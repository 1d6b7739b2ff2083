import { describe, expect, it } from "vitest";
import type { Db } from "../db";
import type { IdentityBackend } from "./firebase";
import { createAuthRateLimiters } from "./protection";
import { FAILED_SIGN_IN_FLOOR_MS, signInProtected, SignInRefused } from "./sign-in";

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
});
