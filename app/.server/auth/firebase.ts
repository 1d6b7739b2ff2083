/**
 * The identity service (docs/spec.txt §7 "Identity provider"):
 * firebase-admin for users and (real project only) ID token verification,
 * and the Identity Toolkit REST API for signing in with e-mail and password
 * on the server. Sessions are the site's own (docs/decisions/0020-server-side-sessions.md).
 *
 * Two modes, chosen by configuration (ADR 0016):
 * - a real Firebase project: `FIREBASE_PROJECT_ID` + `FIREBASE_API_KEY` +
 *   service-account credentials (`FIREBASE_SERVICE_ACCOUNT` JSON or
 *   `GOOGLE_APPLICATION_CREDENTIALS`); the emulator is never used then;
 * - the embedded default: the Firebase Auth emulator that `server/index.ts`
 *   (or a test) started, announced by `FIREBASE_AUTH_EMULATOR_HOST`, for the
 *   project `demo-imobiliaria`.
 */
import { randomUUID } from "node:crypto";
import { cert, deleteApp, initializeApp, applicationDefault, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import type { FirebaseWebConfig } from "~/lib/firebase-web-sign-in";
import { type Config, getConfig } from "../config";
import { setSingleton, singleton } from "../singleton";

/** Project id of the embedded Auth emulator (a `demo-…` project: the emulator then needs no credentials). */
export const EMULATOR_PROJECT_ID = "demo-imobiliaria";

/** The identity service as the rest of `~/.server/auth` uses it. */
export interface IdentityBackend {
  /** firebase-admin Auth of this backend's app. */
  auth: Auth;
  projectId: string;
  /**
   * True when talking to the Auth emulator. firebase-admin then accepts
   * unsigned ID tokens, so nothing may trust an ID token a client sent.
   */
  emulator: boolean;
  /** Web API key for the Identity Toolkit REST calls ("demo-key" on the emulator, which accepts any). */
  apiKey: string;
  /** Base of the Identity Toolkit REST API, without trailing slash and without `/v1`. */
  identityToolkitUrl: string;
  /** Releases the firebase-admin app. */
  close(): Promise<void>;
}

/** Options of {@link createIdentityBackend}. */
export type IdentityBackendOptions =
  | {
      /** The Auth emulator's `host:port`; sets `FIREBASE_AUTH_EMULATOR_HOST` for firebase-admin (process-wide). */
      emulatorHost: string;
      projectId?: string;
    }
  | {
      emulatorHost?: undefined;
      projectId: string;
      apiKey: string;
      /** Service-account JSON; when absent, Google's application default credentials. */
      serviceAccountJson?: string;
    };

/**
 * A backend for the emulator or a real project.
 * @throws {Error} for a real project while `FIREBASE_AUTH_EMULATOR_HOST` is set (the emulator must never be used then).
 */
export function createIdentityBackend(options: IdentityBackendOptions): IdentityBackend {
  const name = `identity-${randomUUID()}`;
  let app: App;
  if (options.emulatorHost !== undefined) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
    const projectId = options.projectId ?? EMULATOR_PROJECT_ID;
    app = initializeApp({ projectId }, name);
    return {
      auth: getAuth(app),
      projectId,
      emulator: true,
      apiKey: "demo-key",
      identityToolkitUrl: `http://${options.emulatorHost}/identitytoolkit.googleapis.com`,
      close: () => deleteApp(app),
    };
  }
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      "FIREBASE_AUTH_EMULATOR_HOST está definida junto com FIREBASE_PROJECT_ID: remova-a para usar o projeto real",
    );
  }
  const credential = options.serviceAccountJson
    ? cert(JSON.parse(options.serviceAccountJson) as Record<string, string>)
    : applicationDefault();
  app = initializeApp({ projectId: options.projectId, credential }, name);
  return {
    auth: getAuth(app),
    projectId: options.projectId,
    emulator: false,
    apiKey: options.apiKey,
    identityToolkitUrl: "https://identitytoolkit.googleapis.com",
    close: () => deleteApp(app),
  };
}

/**
 * The backend described by the configuration: the real project when
 * `FIREBASE_PROJECT_ID` is set, else the emulator at `FIREBASE_AUTH_EMULATOR_HOST`.
 * @throws {Error} when neither is available (the server starts the emulator before serving).
 */
export function backendFromConfig(config: Config = getConfig()): IdentityBackend {
  if (config.FIREBASE_PROJECT_ID) {
    return createIdentityBackend({
      projectId: config.FIREBASE_PROJECT_ID,
      apiKey: config.FIREBASE_API_KEY ?? "",
      serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT,
    });
  }
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    throw new Error(
      "Nenhum serviço de identidade: defina FIREBASE_PROJECT_ID ou inicie o emulador (FIREBASE_AUTH_EMULATOR_HOST)",
    );
  }
  return createIdentityBackend({ emulatorHost });
}

/** The process-wide backend (created on first use, see {@link backendFromConfig}). */
export function getIdentityBackend(): IdentityBackend {
  return singleton("identity-backend", () => backendFromConfig());
}

/** Replaces the process-wide backend (server start-up and tests); returns it. */
export function setIdentityBackend(backend: IdentityBackend): IdentityBackend {
  setSingleton("identity-backend", backend);
  return backend;
}

/**
 * The web SDK's configuration for the login page, or null when the page
 * signs in on the server only: under the embedded emulator (its ID tokens
 * are unsigned, so none is ever exchanged for a session) and without a real
 * project. Everything in it is public by design (the web API key included).
 */
export function webSignInConfig(
  backend: Pick<IdentityBackend, "emulator" | "projectId" | "apiKey">,
  config: Pick<Config, "FIREBASE_AUTH_DOMAIN" | "FIREBASE_APP_CHECK_SITE_KEY"> = getConfig(),
): FirebaseWebConfig | null {
  if (backend.emulator) return null;
  return {
    apiKey: backend.apiKey,
    authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${backend.projectId}.firebaseapp.com`,
    projectId: backend.projectId,
    appCheckSiteKey: config.FIREBASE_APP_CHECK_SITE_KEY ?? null,
  };
}
