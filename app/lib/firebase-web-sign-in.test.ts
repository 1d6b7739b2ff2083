import { describe, expect, it } from "vitest";
import {
  type FirebaseAuthApi,
  type SecondFactorChallenge,
  startWebSignIn,
  WEB_SIGN_IN_MESSAGES,
  webSignInMessage,
  type WebSignInStep,
} from "./firebase-web-sign-in";
import { SIGN_IN_MESSAGES } from "./sign-in-messages";

const sdkError = (code: string) => Object.assign(new Error(code), { code });

/** A stand-in for the SDK: `signIn` answers as told; the challenge accepts "123456". */
function fakeApi(signIn: () => Promise<string>, challenge?: Partial<SecondFactorChallenge>) {
  const calls = { signOut: 0, sent: 0, codes: [] as string[] };
  const api: FirebaseAuthApi = {
    signIn,
    secondFactor: () => ({
      factor: "totp",
      label: "Celular",
      send: async () => void calls.sent++,
      resolve: async (code) => {
        calls.codes.push(code);
        if (code !== "123456") throw sdkError("auth/invalid-verification-code");
        return "id-token-mfa";
      },
      ...challenge,
    }),
    appCheckToken: async () => "app-check-token",
    signOut: async () => void calls.signOut++,
  };
  return { api, calls };
}

describe("the login page's web SDK sign-in (ADR 0070)", () => {
  it("hands the ID token and the App Check token on, and leaves no SDK session behind", async () => {
    const { api, calls } = fakeApi(async () => "id-token-1");
    expect(await startWebSignIn(api, "ana@exemplo.com.br", "segredo")).toEqual({
      kind: "done",
      idToken: "id-token-1",
      appCheckToken: "app-check-token",
    });
    expect(calls.signOut).toBe(1);
  });

  it.each([
    ["auth/invalid-credential", SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS],
    ["auth/user-not-found", SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS],
    // A disabled account is answered as a wrong password, as the server's path does.
    ["auth/user-disabled", SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS],
    ["auth/too-many-requests", SIGN_IN_MESSAGES.TOO_MANY_ATTEMPTS_TRY_LATER],
    ["auth/network-request-failed", SIGN_IN_MESSAGES.NETWORK],
    ["auth/password-does-not-meet-requirements", WEB_SIGN_IN_MESSAGES.policy],
    ["auth/captcha-check-failed", WEB_SIGN_IN_MESSAGES.robot],
    ["auth/firebase-app-check-token-is-invalid", WEB_SIGN_IN_MESSAGES.robot],
    ["auth/operation-not-allowed", SIGN_IN_MESSAGES.UNKNOWN],
  ])("answers the SDK's %s with its pt-BR message", async (code, message) => {
    const { api, calls } = fakeApi(() => Promise.reject(sdkError(code)));
    expect(await startWebSignIn(api, "ana@exemplo.com.br", "x")).toEqual({ kind: "error", message });
    expect(calls.signOut).toBe(0);
  });

  it("asks for the second factor's code, keeps the step after a wrong code, and finishes with the right one", async () => {
    const { api, calls } = fakeApi(() => Promise.reject(sdkError("auth/multi-factor-auth-required")));
    const step = await startWebSignIn(api, "admin@exemplo.com.br", "segredo");
    expect(step).toMatchObject({ kind: "code", factor: "totp", label: "Celular" });
    expect(calls.sent).toBe(1);
    const wrong = await (step as Extract<WebSignInStep, { kind: "code" }>).submit("000000");
    expect(wrong).toMatchObject({ kind: "code", message: WEB_SIGN_IN_MESSAGES.wrongCode });
    const right = await (wrong as Extract<WebSignInStep, { kind: "code" }>).submit(" 123456 ");
    expect(right).toEqual({ kind: "done", idToken: "id-token-mfa", appCheckToken: "app-check-token" });
    expect(calls.codes).toEqual(["000000", "123456"]);
    expect(calls.signOut).toBe(1);
  });

  it("ends the step when the code expired, and when the SMS cannot be sent", async () => {
    const expired = fakeApi(() => Promise.reject(sdkError("auth/multi-factor-auth-required")), {
      resolve: () => Promise.reject(sdkError("auth/code-expired")),
    });
    const step = (await startWebSignIn(expired.api, "a@b.com", "x")) as Extract<WebSignInStep, { kind: "code" }>;
    expect(await step.submit("123456")).toEqual({ kind: "error", message: WEB_SIGN_IN_MESSAGES.expiredCode });
    const unsent = fakeApi(() => Promise.reject(sdkError("auth/multi-factor-auth-required")), {
      factor: "phone",
      send: () => Promise.reject(sdkError("auth/captcha-check-failed")),
    });
    expect(await startWebSignIn(unsent.api, "a@b.com", "x")).toEqual({
      kind: "error",
      message: WEB_SIGN_IN_MESSAGES.robot,
    });
  });

  it("never shows an SDK's English text", () => {
    expect(webSignInMessage(new Error("Firebase: Error (auth/weird)."))).toBe(SIGN_IN_MESSAGES.UNKNOWN);
    expect(webSignInMessage(null)).toBe(SIGN_IN_MESSAGES.UNKNOWN);
  });
});
