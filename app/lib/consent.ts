/**
 * Cookie consent (LGPD art. 7, I and art. 8; ANPD's cookie guide, 2022): the
 * visitor's choice about non-essential cookies, kept in a first-party cookie
 * for 6 months. See docs/decisions/0029-consent-and-google-analytics.md.
 *
 * Cookie `consentimento`, value `v{version}:analytics={0|1}` (e.g.
 * `v1:analytics=0`). A value of another version, or malformed, counts as no
 * choice, so raising {@link CONSENT_VERSION} asks everyone again. Isomorphic:
 * the server reads it, the page cache keys on it (server/page-cache.ts).
 */
import { isbot } from "isbot";

/** Name of the consent cookie. */
export const CONSENT_COOKIE_NAME = "consentimento";

/** Version of the consent text; a cookie of another version is ignored (the banner asks again). */
export const CONSENT_VERSION = 1;

/** Lifetime of the choice, seconds: 6 months of 30 days (ANPD's guide suggests asking again periodically). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Name of the form field the banner's buttons submit. */
export const CONSENT_CHOICE_FIELD = "escolha";

/** Name of the hidden field carrying the page to return to (a same-site path). */
export const CONSENT_RETURN_FIELD = "voltar";

/**
 * Name of the hidden field, present only once the page is hydrated, that
 * tells the action a fetcher sent the form (answer JSON instead of a
 * redirect). Remix's own data-request form (`/path.data`) never reaches the action's URL.
 */
export const CONSENT_FETCHER_FIELD = "via-fetcher";

/** What a fetcher submission of the consent form receives (`/preferencias-de-cookies`). */
export interface ConsentActionData {
  ok: boolean;
  /** The recorded analytics choice (absent for "configurar" or an error). */
  analytics?: boolean;
}

/**
 * The banner's and the preferences form's choices: accept every optional
 * category, reject them, open the settings (`/lgpd#cookies`), or save the
 * switches of the settings form (`analytics` checkbox "on" or absent).
 */
export type ConsentChoice = "aceitar" | "rejeitar" | "configurar" | "salvar";

/** A visitor's recorded choice: one flag per optional category. */
export interface ConsentState {
  /** Statistics through Google Analytics / Tag Manager allowed. */
  analytics: boolean;
}

/**
 * The consent state a page is rendered for, also the page cache's variant:
 * `none` (no valid choice yet: the banner shows), `bot` (no choice, a crawler:
 * no banner), `granted` or `denied` (analytics allowed or not: no banner).
 */
export type ConsentVariant = "none" | "bot" | "granted" | "denied";

/** One category shown in the preferences form. */
export interface ConsentCategory {
  /** `necessary` is always on; `analytics` maps to {@link ConsentState.analytics}. */
  id: "necessary" | "analytics";
  /** pt-BR label of the switch. */
  label: string;
  /** pt-BR explanation under the switch. */
  description: string;
}

/** The categories of the preferences form, in order (the analytics one only when Google's tag is configured). */
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = [
  {
    id: "necessary",
    label: "Necessários",
    description:
      "Sempre ativos: guardam esta escolha, as mensagens de confirmação dos formulários e a sessão da área do corretor. Sem eles o site não funciona.",
  },
  {
    id: "analytics",
    label: "Estatísticas (Google Analytics)",
    description:
      "Cookies do Google Analytics que medem visitas e uso das páginas, de forma agregada, para melhorarmos o site. Só são carregados com a sua permissão.",
  },
];

const VALUE_PATTERN = /^v(\d{1,4}):analytics=([01])$/;

/** The cookie value for `state` at the current version, e.g. `v1:analytics=0`. */
export function consentCookieValue(state: ConsentState): string {
  return `v${CONSENT_VERSION}:analytics=${state.analytics ? 1 : 0}`;
}

/**
 * Parses a cookie value; null when malformed or of another version than
 * {@link CONSENT_VERSION} (the visitor is asked again).
 */
export function parseConsentValue(value: string | null | undefined): ConsentState | null {
  if (!value) return null;
  let decoded = value.trim();
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    return null;
  }
  const match = VALUE_PATTERN.exec(decoded);
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return { analytics: match[2] === "1" };
}

/**
 * The consent state in a `Cookie` request header; null when there is no
 * valid consent cookie. With duplicates the first valid one wins.
 */
export function readConsent(cookieHeader: string | null | undefined): ConsentState | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0 || pair.slice(0, index).trim() !== CONSENT_COOKIE_NAME) continue;
    const state = parseConsentValue(pair.slice(index + 1));
    if (state) return state;
  }
  return null;
}

/**
 * The `Set-Cookie` value recording `state`: Max-Age 6 months
 * ({@link CONSENT_MAX_AGE_SECONDS}), Path=/, SameSite=Lax, HttpOnly (only the
 * server reads it), and Secure when the site is served over https.
 */
export function serializeConsentCookie(state: ConsentState, options: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE_NAME}=${consentCookieValue(state)}`,
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    "Path=/",
    "SameSite=Lax",
    "HttpOnly",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The variant a request is rendered for (see {@link ConsentVariant}): a valid
 * cookie decides; without one, a crawler's User-Agent (isbot) gets `bot`.
 */
export function consentVariant(
  cookieHeader: string | null | undefined,
  userAgent: string | null | undefined,
): ConsentVariant {
  const state = readConsent(cookieHeader);
  if (state) return state.analytics ? "granted" : "denied";
  return userAgent && isbot(userAgent) ? "bot" : "none";
}

/** The dummy origin {@link safeReturnPath} resolves against (`.invalid` never resolves). */
const RETURN_BASE = "http://return.invalid";

/**
 * `value` percent-decoded until it stops changing (at most 4 times); null when
 * `value` itself has a malformed escape (a decoded `%` that starts no escape,
 * as in `/10%25`, just ends the decoding).
 */
function fullyDecoded(value: string): string | null {
  let text = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(text);
    } catch {
      return i === 0 ? null : text;
    }
    if (next === text) return text;
    text = next;
  }
  return text;
}

/** Whether a resolved path could reach another host or scheme once decoded: `//…`, `/\…`, a control character. */
function leavesTheSite(path: string): boolean {
  const decoded = fullyDecoded(path);
  return decoded === null || /^[/\\]{2}/.test(decoded) || /[\u0000-\u001f\u007f]/.test(decoded);
}

/**
 * A safe place to send the visitor back to after the consent form (and the
 * favourite toggle): a path of this site, with its query and hash; anything
 * else, or nothing, is `fallback` ("/"). Prevents an open redirect through the
 * return field.
 *
 * Refused: anything but a string of 1–2000 characters starting with one "/";
 * a backslash or a control character (browsers drop tabs and newlines, so
 * `/\t/evil.example` would become `//evil.example`); anything that, resolved
 * as a URL against a dummy origin, lands on another origin, or whose path
 * after dot-segments (`/.//evil.example`, `/a/..//evil.example`) or after
 * percent-decoding (`/%2F/evil.example`, `/%5Cevil.example`, twice-encoded
 * too) starts with `//` or `/\`. The answer is the resolved path, query and
 * hash, which resolves to itself again.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== RETURN_BASE || leavesTheSite(url.pathname)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The answer is used as a Location: it must mean the same path when a browser resolves it again.
  if (!path.startsWith("/") || path.startsWith("//") || new URL(path, RETURN_BASE).href !== url.href) return fallback;
  return path;
}

/**
 * The state a submitted choice records: `aceitar` grants every optional
 * category, `rejeitar` none, `salvar` what the switches say (`analytics`
 * field "on"); `configurar` records nothing (null: the visitor goes to the
 * settings). Unknown values yield undefined (a bad request).
 */
export function stateForChoice(choice: unknown, analyticsField: unknown): ConsentState | null | undefined {
  switch (choice) {
    case "aceitar":
      return { analytics: true };
    case "rejeitar":
      return { analytics: false };
    case "salvar":
      return { analytics: analyticsField === "on" || analyticsField === "1" };
    case "configurar":
      return null;
    default:
      return undefined;
  }
}

/** Google tag settings made public to the page (both ids are visible in any page that loads the tag). */
export interface GoogleTagSettings {
  /** GA4 measurement id `G-XXXXXXX`, or null. */
  measurementId: string | null;
  /** Tag Manager container id `GTM-XXXXXXX`, or null. */
  containerId: string | null;
}

/** The consent part of the root loader data. */
export interface ConsentView {
  /** The render variant (page cache key part). */
  variant: ConsentVariant;
  /** Google's tag settings, or null when neither GA_MEASUREMENT_ID nor GTM_ID is set. */
  google: GoogleTagSettings | null;
}
