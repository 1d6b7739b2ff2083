/**
 * The login page's sign-in through the Firebase web SDK, with a real
 * project (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md):
 * e-mail and password go to the identity service from the browser, so the
 * project's password policy, reCAPTCHA, App Check and multi-factor sign-in
 * apply; the ID token it gives is then handed to the server, which opens the
 * site's own session. The steps are written against {@link FirebaseAuthApi}
 * (the few SDK calls used), which {@link loadFirebaseAuthApi} builds from the
 * `firebase` package, imported only when a visitor signs in.
 */
import { SIGN_IN_MESSAGES } from "./sign-in-messages";

/** Id of the element the SDK draws the invisible reCAPTCHA of an SMS second factor in. */
export const RECAPTCHA_CONTAINER_ID = "login-recaptcha";

/** What the login page needs of the project (all public: the web SDK's own configuration). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** reCAPTCHA Enterprise site key of App Check, or null when App Check is not used. */
  appCheckSiteKey: string | null;
}

/** A second factor asked for by the identity service. */
export interface SecondFactorChallenge {
  /** "totp": a code from an authenticator app; "phone": a code sent by SMS. */
  factor: "totp" | "phone";
  /** What the account named the factor, or the masked phone number. */
  label: string;
  /** Phone: sends the SMS (after the SDK's invisible reCAPTCHA); TOTP: nothing to send. */
  send(): Promise<void>;
  /** Completes the sign-in with the code; resolves to the ID token. */
  resolve(code: string): Promise<string>;
}

/** The SDK calls the steps use. */
export interface FirebaseAuthApi {
  /** Signs in; resolves to the ID token. Rejects with the SDK's error (a `code` such as "auth/invalid-credential"). */
  signIn(email: string, password: string): Promise<string>;
  /** For the error "auth/multi-factor-auth-required": the challenge of the account's first factor. */
  secondFactor(error: unknown): SecondFactorChallenge;
  /** A fresh App Check token, or null without App Check. */
  appCheckToken(): Promise<string | null>;
  /** Forgets the SDK's own session: the site's session is the server's cookie. */
  signOut(): Promise<void>;
}

/** Where a sign-in stands after a step. */
export type WebSignInStep =
  | { kind: "done"; idToken: string; appCheckToken: string | null }
  | {
      kind: "code";
      factor: SecondFactorChallenge["factor"];
      label: string;
      /** Sends the code; the next step ("done", "code" again after a wrong code, or "error"). */
      submit(code: string): Promise<WebSignInStep>;
      /** pt-BR, after a wrong or expired code. */
      message?: string;
    }
  | { kind: "error"; message: string };

/** pt-BR messages of the SDK's refusals that are not the server's. */
export const WEB_SIGN_IN_MESSAGES = {
  wrongCode: "Código incorreto. Confira o código e tente de novo.",
  expiredCode: "O código expirou. Volte e entre de novo para receber outro.",
  robot: "Não foi possível confirmar que você não é um robô. Recarregue a página e tente de novo.",
  policy: "Sua senha não atende às regras de senha atuais. Use “Esqueci minha senha” para criar uma nova.",
} as const;

const CREDENTIAL_CODES = new Set([
  "auth/invalid-credential",
  "auth/invalid-login-credentials",
  "auth/wrong-password",
  "auth/user-not-found",
  "auth/invalid-email",
  "auth/missing-password",
  // As on the server path: a disabled account is told only once the password proved who is asking.
  "auth/user-disabled",
]);

/** The SDK error's `code`, or "". */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** The pt-BR message for an SDK error (wrong password and unknown e-mail alike). */
export function webSignInMessage(error: unknown): string {
  const code = errorCode(error);
  if (CREDENTIAL_CODES.has(code)) return SIGN_IN_MESSAGES.INVALID_LOGIN_CREDENTIALS;
  switch (code) {
    case "auth/too-many-requests":
      return SIGN_IN_MESSAGES.TOO_MANY_ATTEMPTS_TRY_LATER;
    case "auth/network-request-failed":
    case "auth/timeout":
      return SIGN_IN_MESSAGES.NETWORK;
    case "auth/password-does-not-meet-requirements":
      return WEB_SIGN_IN_MESSAGES.policy;
    case "auth/invalid-verification-code":
    case "auth/missing-code":
      return WEB_SIGN_IN_MESSAGES.wrongCode;
    case "auth/code-expired":
    case "auth/invalid-multi-factor-session":
      return WEB_SIGN_IN_MESSAGES.expiredCode;
    case "auth/captcha-check-failed":
    case "auth/invalid-app-credential":
    case "auth/missing-app-credential":
    case "auth/firebase-app-check-token-is-invalid":
      return WEB_SIGN_IN_MESSAGES.robot;
    default:
      return SIGN_IN_MESSAGES.UNKNOWN;
  }
}

async function finish(api: FirebaseAuthApi, idToken: string): Promise<WebSignInStep> {
  const appCheckToken = await api.appCheckToken();
  await api.signOut();
  return { kind: "done", idToken, appCheckToken };
}

/** The code step of `challenge`; a wrong code keeps the step with a message, anything else ends it. */
function codeStep(api: FirebaseAuthApi, challenge: SecondFactorChallenge, message?: string): WebSignInStep {
  return {
    kind: "code",
    factor: challenge.factor,
    label: challenge.label,
    message,
    async submit(code) {
      try {
        return await finish(api, await challenge.resolve(code.trim()));
      } catch (error) {
        const code = errorCode(error);
        if (code === "auth/invalid-verification-code" || code === "auth/missing-code")
          return codeStep(api, challenge, WEB_SIGN_IN_MESSAGES.wrongCode);
        return { kind: "error", message: webSignInMessage(error) };
      }
    },
  };
}

/**
 * Signs in with e-mail and password through the SDK.
 * @returns "done" with the ID token (and App Check token) for the server,
 *   "code" when the account's second factor is asked for (the SMS already
 *   sent for a phone), or "error" with the pt-BR message. Never rejects.
 */
export async function startWebSignIn(api: FirebaseAuthApi, email: string, password: string): Promise<WebSignInStep> {
  try {
    return await finish(api, await api.signIn(email, password));
  } catch (error) {
    if (errorCode(error) !== "auth/multi-factor-auth-required")
      return { kind: "error", message: webSignInMessage(error) };
    try {
      const challenge = api.secondFactor(error);
      await challenge.send();
      return codeStep(api, challenge);
    } catch (challengeError) {
      return { kind: "error", message: webSignInMessage(challengeError) };
    }
  }
}
