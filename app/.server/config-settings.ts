/**
 * Pieces of the process configuration (`./config.ts`): the value parsers the
 * settings share, with pt-BR messages, and the authentication settings
 * (ADR 0016, ADR 0070), kept here so the configuration module stays readable.
 */
import { z } from "zod";

/** An empty environment value counts as unset. */
export const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** An integer setting in [min, max] with pt-BR messages (env values are strings). */
export const integerSetting = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ invalid_type_error: "deve ser um número inteiro" })
      .int("deve ser um número inteiro")
      .min(min, `deve ser no mínimo ${min}`)
      .max(max, `deve ser no máximo ${max}`)
      .default(fallback),
  );

/** A CSS hex colour, `#rgb` or `#rrggbb`, normalised to lower case. */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "deve ser uma cor hexadecimal, por exemplo #e11d48 ou #000")
  .transform((value) => value.toLowerCase());

/** An image address: an absolute http(s) URL or a site path starting with a single "/". */
export const imageUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value),
    "deve ser uma URL http(s) absoluta ou um caminho começando com /, por exemplo /logo.svg",
  );

/**
 * A slippy-map tile URL template (Leaflet syntax): an absolute http(s) URL or a
 * site path starting with a single "/", containing `{z}`, `{x}` and `{y}`
 * (`MAP_TILE_URL`).
 */
export const tileUrlTemplate = z
  .string()
  .trim()
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value),
    "deve ser uma URL http(s) absoluta ou um caminho começando com /, por exemplo https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  )
  .refine(
    (value) => value.includes("{z}") && value.includes("{x}") && value.includes("{y}"),
    "deve conter {z}, {x} e {y}, por exemplo https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  );

/** The authentication settings (Firebase project or the embedded Auth emulator; ADR 0016, ADR 0070). */
export const authSettings = {
  /** Firebase project of a real deployment; unset = the embedded Auth emulator (project `demo-imobiliaria`). */
  FIREBASE_PROJECT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{4,29}$/, "deve ser o ID de um projeto Firebase, por exemplo imobiliaria-prod")
      .optional(),
  ),
  /** Web API key of the Firebase project (Identity Toolkit REST sign-in); required with `FIREBASE_PROJECT_ID`. */
  FIREBASE_API_KEY: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(10, "deve ser a chave de API web do projeto").optional(),
  ),
  /** Service-account JSON (the whole file's content) for firebase-admin; else `GOOGLE_APPLICATION_CREDENTIALS`. Secret. */
  FIREBASE_SERVICE_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const parsed = JSON.parse(value) as Record<string, unknown>;
          return typeof parsed.client_email === "string" && typeof parsed.private_key === "string";
        } catch {
          return false;
        }
      }, "deve ser o JSON da conta de serviço (com client_email e private_key)")
      .optional(),
  ),
  /**
   * Auth domain of the Firebase project for the web SDK on the login page
   * (default `<FIREBASE_PROJECT_ID>.firebaseapp.com`); only with `FIREBASE_PROJECT_ID`.
   */
  FIREBASE_AUTH_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "deve ser um domínio, por exemplo imobiliaria-prod.firebaseapp.com")
      .optional(),
  ),
  /**
   * reCAPTCHA Enterprise site key of the project's App Check; set, the login
   * page attests itself with App Check and the server checks that token
   * before it creates a session (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md).
   */
  FIREBASE_APP_CHECK_SITE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "deve ser a chave do site do reCAPTCHA Enterprise")
      .optional(),
  ),
  /**
   * "required": with a real project, administrators sign in only with a
   * second factor (the web SDK's multi-factor sign-in); "off" (default)
   * leaves it to each account. Ignored by the embedded emulator.
   */
  AUTH_ADMIN_MFA: z.preprocess(emptyToUndefined, z.enum(["off", "required"]).default("off")),
  /** Path of a service-account JSON file (Google's standard variable), read by firebase-admin. */
  GOOGLE_APPLICATION_CREDENTIALS: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  /** Port of the embedded Auth emulator (only without `FIREBASE_PROJECT_ID`); 0 = any free port. */
  FIREBASE_AUTH_EMULATOR_PORT: integerSetting(0, 65535, 0),
  /** E-mail of the admin seeded into the embedded Auth emulator. */
  AUTH_SEED_ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.string().trim().toLowerCase().email("deve ser um e-mail válido").default("admin@imobiliaria.localhost"),
  ),
};
