/**
 * Protection of the sign-in, sign-out and password-reset posts (ADR 0016):
 * an Origin check against cross-site form posts (CSRF) and rate
 * limits per client IP and per e-mail (rate-limiter-flexible, as the contact
 * forms do; ADR 0016): counted in PostgreSQL when `DATABASE_URL` is set, so
 * several server processes share one count, in memory on PGlite
 * (`../rate-limit`; docs/decisions/0026-several-servers.md).
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { type Config, getConfig } from "../config";
import { createLimiter, defaultRateLimitStore, type Limiter, type RateLimitStore } from "../rate-limit";
import { singleton } from "../singleton";
import { privatePage } from "~/lib/cache-control";

/**
 * Whether a POST comes from this site: its `Origin` (else the origin of its
 * `Referer`) equals the request's own origin or `PUBLIC_URL`'s. A request
 * without either header is refused (every browser sends `Origin` on a POST).
 */
export function isSameOriginPost(request: Request, config: Pick<Config, "PUBLIC_URL"> = getConfig()): boolean {
  let origin = request.headers.get("Origin");
  if (!origin || origin === "null") {
    const referer = request.headers.get("Referer");
    if (!referer) return false;
    try {
      origin = new URL(referer).origin;
    } catch {
      return false;
    }
  }
  const allowed = new Set([new URL(request.url).origin]);
  if (config.PUBLIC_URL) allowed.add(new URL(config.PUBLIC_URL).origin);
  return allowed.has(origin);
}

/**
 * Throws 403 unless {@link isSameOriginPost}.
 * @throws {Response} 403 "Origem da requisição não permitida."
 */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginPost(request)) {
    throw new Response("Origem da requisição não permitida.", {
      status: 403,
      headers: privatePage({ "Content-Type": "text/plain; charset=utf-8" }),
    });
  }
}

/** A rule: `points` attempts per `durationSeconds`. */
export interface LimitRule {
  points: number;
  durationSeconds: number;
}

/** Failed sign-in attempts per client IP (a shared office IP needs headroom; successes are given back). */
export const LOGIN_IP_LIMIT: LimitRule = { points: 30, durationSeconds: 15 * 60 };
/** Sign-in attempts per e-mail (guessing one account's password). */
export const LOGIN_EMAIL_LIMIT: LimitRule = { points: 5, durationSeconds: 15 * 60 };
/** Password-reset requests and code attempts per client IP. */
export const RESET_IP_LIMIT: LimitRule = { points: 20, durationSeconds: 15 * 60 };
/** Password-reset e-mails per address. */
export const RESET_EMAIL_LIMIT: LimitRule = { points: 3, durationSeconds: 15 * 60 };

/** A refused check: seconds until the next attempt is allowed. */
export interface Limited {
  retryAfterSeconds: number;
}

/** The auth limiters (of a process, or shared through PostgreSQL). */
export interface AuthRateLimiters {
  /** Counts a sign-in attempt by `ip` for `email`; null when allowed. */
  consumeLogin(ip: string, email: string): Promise<Limited | null>;
  /** After a successful sign-in: forgets the e-mail's attempts and gives the IP its point back (only failures accumulate). */
  resetLogin(ip: string, email: string): Promise<void>;
  /** Counts a password-reset request or code attempt by `ip` for `email`; null when allowed. */
  consumeReset(ip: string, email: string, kind: "request" | "confirm"): Promise<Limited | null>;
}

/**
 * Fresh limiters with the given rules (tests); the app uses {@link authRateLimiters}.
 * @param store PostgreSQL database whose table holds the counts (shared by
 *   every process on it), or null/omitted for this process's memory.
 */
export function createAuthRateLimiters(
  rules: { loginIp?: LimitRule; loginEmail?: LimitRule; resetIp?: LimitRule; resetEmail?: LimitRule } = {},
  store: RateLimitStore = null,
): AuthRateLimiters {
  const make = (prefix: string, rule: LimitRule) =>
    createLimiter({ keyPrefix: prefix, points: rule.points, durationSeconds: rule.durationSeconds }, store);
  const loginIp = make("login-ip", rules.loginIp ?? LOGIN_IP_LIMIT);
  const loginEmail = make("login-email", rules.loginEmail ?? LOGIN_EMAIL_LIMIT);
  const resetIp = make("reset-ip", rules.resetIp ?? RESET_IP_LIMIT);
  const resetEmail = make("reset-email", rules.resetEmail ?? RESET_EMAIL_LIMIT);
  const consume = async (...checks: [Limiter, string][]): Promise<Limited | null> => {
    for (const [limiter, key] of checks) {
      try {
        await limiter.consume(key || "unknown");
      } catch (error) {
        if (error instanceof RateLimiterRes)
          return { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
        throw error;
      }
    }
    return null;
  };
  return {
    consumeLogin: (ip, email) => consume([loginIp, ip], [loginEmail, email.toLowerCase()]),
    resetLogin: async (ip, email) => {
      await loginEmail.delete(email.toLowerCase());
      await loginIp.reward(ip || "unknown", 1);
    },
    consumeReset: (ip, email, kind) =>
      kind === "request" ? consume([resetIp, ip], [resetEmail, email.toLowerCase()]) : consume([resetIp, ip]),
  };
}

/** The process's limiters (counted in PostgreSQL with `DATABASE_URL`, else in memory). */
export function authRateLimiters(): AuthRateLimiters {
  return singleton("auth-rate-limiters", () => createAuthRateLimiters({}, defaultRateLimitStore()));
}

/** "Muitas tentativas. Tente novamente em 7 minutos." (pt-BR, shown beside the form). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    return `Muitas tentativas. Tente novamente em ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "segundo" : "segundos"}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}
