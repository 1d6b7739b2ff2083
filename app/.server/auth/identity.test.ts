import { describe, expect, it } from "vitest";
import type { IdentityBackend } from "./firebase";
import {
  getPasswordPolicy,
  IdentityError,
  parsePasswordPolicy,
  SIGN_IN_MESSAGES,
  signInErrorCode,
  signInWithPassword,
} from "./identity";

const backend = { apiKey: "secret-key", identityToolkitUrl: "https://identity.example" } as IdentityBackend;

describe("identity errors", () => {
  it.each([
    ["INVALID_LOGIN_CREDENTIALS", "INVALID_LOGIN_CREDENTIALS"],
    ["INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS"],
    ["EMAIL_NOT_FOUND", "INVALID_LOGIN_CREDENTIALS"],
    [
      "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled",
      "TOO_MANY_ATTEMPTS_TRY_LATER",
    ],
    ["USER_DISABLED", "USER_DISABLED"],
    ["SOMETHING_ELSE", "UNKNOWN"],
  ])("%s → %s", (message, code) => {
    expect(signInErrorCode(message)).toBe(code);
  });

  it("has a Portuguese message for each code", () => {
    expect(SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS).toBe("E-mail ou senha incorretos.");
    expect(Object.values(SIGN_IN_MESSAGES).every((message) => message.endsWith("."))).toBe(true);
  });

  it("a network failure is NETWORK and never carries the API key", async () => {
    const failing = (() =>
      Promise.reject(new TypeError("fetch failed https://identity.example?key=secret-key"))) as typeof fetch;
    const error = await signInWithPassword(backend, "a@b.com", "x", failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe("NETWORK");
    expect(String((error as Error).message)).not.toContain("secret-key");
  });

  it("maps the service's refusal", async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ error: { code: 400, message: "USER_DISABLED" } }), {
        status: 400,
      })) as typeof fetch;
    const error = await signInWithPassword(backend, "a@b.com", "x", refusing).catch((e: unknown) => e);
    expect((error as IdentityError).code).toBe("USER_DISABLED");
  });
});

describe("an account with a second factor", () => {
  it("is told apart from a wrong password when the REST answer asks for the factor (ADR 0070)", async () => {
    const pending = (async () =>
      new Response(JSON.stringify({ mfaPendingCredential: "pending", mfaInfo: [{ mfaEnrollmentId: "x" }] }), {
        status: 200,
      })) as typeof fetch;
    const error = await signInWithPassword(backend, "a@b.com", "right", pending).catch((e: unknown) => e);
    expect((error as IdentityError).code).toBe("SECOND_FACTOR");
    expect(SIGN_IN_MESSAGES.SECOND_FACTOR).toMatch(/duas etapas/);
  });
});

describe("password policy", () => {
  it("reads customStrengthOptions", () => {
    expect(
      parsePasswordPolicy({ customStrengthOptions: { minPasswordLength: 10, containsNumericCharacter: true } }),
    ).toEqual({
      minLength: 10,
      maxLength: null,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: true,
      requireNonAlphanumeric: false,
    });
  });

  it("falls back to minimum 6 when the service has none (the emulator answers 501)", async () => {
    const unimplemented = (async () => new Response("{}", { status: 501 })) as typeof fetch;
    const policy = await getPasswordPolicy({ ...backend } as IdentityBackend, unimplemented);
    expect(policy.minLength).toBe(6);
  });
});
