/**
 * Protection of the sign-in, sign-out and password-reset posts (ADR 0016,
 * docs/decisions/0065-sign-in-abuse-and-enumeration.md): an Origin check
 * against cross-site form posts (CSRF) and rate limits on rate-limiter-flexible
 * after its "login endpoint protection" pattern — failures counted per
 * (e-mail, IP) pair and per IP, a higher per-e-mail ceiling with back-off that
 * never keeps a correct password out, and reset codes counted the same for
 * addresses with and without an account. Counted in PostgreSQL when
 * `DATABASE_URL` is set, so several server processes share one count, in
 * memory on PGlite (`../rate-limit`; docs/decisions/0026-several-servers.md).
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { type Config, getConfig } from "../config";
import {
  createLimiter,
  defaultRateLimitStore,
  type Limiter,
  type LimiterState,
  type RateLimitStore,
} from "../rate-limit";
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

/**
 * Failed sign-ins per (e-mail, client IP): the lock that stops one source
 * guessing one account's password. Only this pair's own failures can keep a
 * correct password out; a correct password forgets them.
 */
export const LOGIN_PAIR_LIMIT: LimitRule = { points: 5, durationSeconds: 15 * 60 };
/** Failed sign-ins per client IP, whatever the e-mail (a shared office IP needs headroom; successes are given back). */
export const LOGIN_IP_LIMIT: LimitRule = { points: 30, durationSeconds: 15 * 60 };
/**
 * Failed sign-ins per e-mail from every IP together: the ceiling against a
 * guess spread over many IPs. Past it the e-mail is "under attack" for a
 * back-off period ({@link LOGIN_BACKOFF}): a pair that already failed in its
 * window is refused before the password is checked, a pair without failures
 * still gets its answer (so the owner, with the right password, gets in).
 */
export const LOGIN_EMAIL_LIMIT: LimitRule = { points: 50, durationSeconds: 60 * 60 };
/** Back-off of {@link LOGIN_EMAIL_LIMIT}: the first period, doubled each time the ceiling is reached again within a day, up to the maximum. */
export const LOGIN_BACKOFF = { baseSeconds: 60 * 60, maxSeconds: 24 * 60 * 60 };
/**
 * Length of the `period`-th back-off of an e-mail within a day (1 = the
 * first): `baseSeconds`, doubled each time, at most `maxSeconds`.
 */
export function backoffSeconds(period: number, backoff: { baseSeconds: number; maxSeconds: number } = LOGIN_BACKOFF) {
  return Math.min(backoff.maxSeconds, backoff.baseSeconds * 2 ** Math.min(Math.max(period, 1) - 1, 20));
}

/** Password-reset requests and code attempts per client IP. */
export const RESET_IP_LIMIT: LimitRule = { points: 20, durationSeconds: 15 * 60 };
/** Password-reset e-mails per address. */
export const RESET_EMAIL_LIMIT: LimitRule = { points: 3, durationSeconds: 15 * 60 };
/** Wrong reset codes per (e-mail, client IP); counted the same for addresses with and without an account. */
export const RESET_CODE_PAIR_LIMIT: LimitRule = { points: 5, durationSeconds: 15 * 60 };
/**
 * Wrong reset codes per e-mail from every IP together (a code lives
 * 15 minutes: at most 20 guesses of a million); past it every code attempt
 * for the address is refused until the window ends, with or without an account.
 */
export const RESET_CODE_EMAIL_LIMIT: LimitRule = { points: 20, durationSeconds: 15 * 60 };

/** A refused check: seconds until the next attempt is allowed. */
export interface Limited {
  retryAfterSeconds: number;
}

/**
 * How an attempt that passed its check ended: "success" (right password or
 * code), "failure" (wrong password, unknown e-mail, wrong or no code: they
 * count) or "other" (the identity service failed, a disabled account: the
 * attempt's points are given back, nothing is counted).
 */
export type AttemptOutcome = "success" | "failure" | "other";

/** The auth limiters (of a process, or shared through PostgreSQL). */
export interface AuthRateLimiters {
  /**
   * Before the password is checked: counts the attempt against its (e-mail,
   * IP) pair and its IP, and refuses (null when allowed) when either is over
   * its limit, or when the e-mail is past its ceiling and this pair has
   * failed already. Follow every allowed attempt with {@link settleLogin}.
   */
  consumeLogin(ip: string, email: string): Promise<Limited | null>;
  /** After the password was checked: see {@link AttemptOutcome}; a success forgets the pair's failures. */
  settleLogin(ip: string, email: string, outcome: AttemptOutcome): Promise<void>;
  /**
   * Seconds until the (e-mail, IP) pair's current window ends: the
   * `Retry-After` these limits give when they refuse the pair (the whole
   * window of {@link LOGIN_PAIR_LIMIT} when nothing is counted for it).
   */
  loginPairRetryAfter(ip: string, email: string): Promise<number>;
  /** Counts a password-reset request by `ip` for `email`; null when allowed. */
  consumeReset(ip: string, email: string, kind: "request" | "confirm"): Promise<Limited | null>;
  /**
   * Before a reset code is checked (after `consumeReset(…, "confirm")`, which
   * counts the IP): counts it against the e-mail's ceiling
   * ({@link RESET_CODE_EMAIL_LIMIT}) and the (e-mail, IP) pair, and refuses
   * when either is over. Both are taken before the code is checked, so
   * concurrent guesses from many IPs cannot all pass the ceiling. The same for
   * any address. Follow an allowed attempt with {@link settleResetCode}.
   */
  consumeResetCode(ip: string, email: string): Promise<Limited | null>;
  /**
   * After a reset code was checked: a "failure" (any refusal of the code,
   * whether or not the account exists) stays counted; a "success" forgets the
   * pair's and the e-mail's counts; "other" gives the attempt's points back.
   */
  settleResetCode(ip: string, email: string, outcome: AttemptOutcome): Promise<void>;
}

/** The rules of {@link createAuthRateLimiters} (defaults: the exported constants). */
export interface AuthLimitRules {
  loginPair?: LimitRule;
  loginIp?: LimitRule;
  loginEmail?: LimitRule;
  loginBackoff?: { baseSeconds: number; maxSeconds: number };
  resetIp?: LimitRule;
  resetEmail?: LimitRule;
  codePair?: LimitRule;
  codeEmail?: LimitRule;
}

function refusal(state: { msBeforeNext: number }): Limited {
  return { retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
}

/** Consumes one point of `key`; the limiter's state, or a {@link Limited} when over. */
async function take(limiter: Limiter, key: string): Promise<LimiterState | Limited> {
  try {
    return (await limiter.consume(key || "unknown")) as LimiterState;
  } catch (error) {
    if (error instanceof RateLimiterRes) return refusal(error);
    throw error;
  }
}

const isLimited = (value: LimiterState | Limited): value is Limited => "retryAfterSeconds" in value;

/**
 * Fresh limiters with the given rules (tests); the app uses {@link authRateLimiters}.
 * @param store PostgreSQL database whose table holds the counts (shared by
 *   every process on it), or null/omitted for this process's memory.
 */
export function createAuthRateLimiters(rules: AuthLimitRules = {}, store: RateLimitStore = null): AuthRateLimiters {
  const make = (prefix: string, rule: LimitRule) =>
    createLimiter({ keyPrefix: prefix, points: rule.points, durationSeconds: rule.durationSeconds }, store);
  const emailRule = rules.loginEmail ?? LOGIN_EMAIL_LIMIT;
  const backoff = rules.loginBackoff ?? LOGIN_BACKOFF;
  const loginPair = make("login-pair", rules.loginPair ?? LOGIN_PAIR_LIMIT);
  const loginIp = make("login-ip", rules.loginIp ?? LOGIN_IP_LIMIT);
  const loginEmail = make("login-email", emailRule);
  // How many back-off periods an e-mail has had in the last day (never refuses: only counts).
  const loginBlocks = make("login-email-blocks", { points: 1_000_000, durationSeconds: 24 * 60 * 60 });
  const resetIp = make("reset-ip", rules.resetIp ?? RESET_IP_LIMIT);
  const resetEmail = make("reset-email", rules.resetEmail ?? RESET_EMAIL_LIMIT);
  const codePair = make("reset-code-pair", rules.codePair ?? RESET_CODE_PAIR_LIMIT);
  const codeEmail = make("reset-code-email", rules.codeEmail ?? RESET_CODE_EMAIL_LIMIT);
  const pairKey = (ip: string, email: string) => `${email.toLowerCase()}|${ip || "unknown"}`;

  /** Counts an attempt on each limiter in turn; on a refusal the points already taken are given back. */
  const takeAll = async (...checks: [Limiter, string][]): Promise<LimiterState[] | Limited> => {
    const taken: [Limiter, string, LimiterState][] = [];
    for (const [limiter, key] of checks) {
      const state = await take(limiter, key);
      if (isLimited(state)) {
        for (const [done, doneKey] of taken) await done.reward(doneKey || "unknown", 1);
        return state;
      }
      taken.push([limiter, key, state]);
    }
    return taken.map(([, , state]) => state);
  };

  /** A failed sign-in for the e-mail's ceiling; reaching it starts (or doubles) the back-off. */
  const countEmailFailure = async (email: string) => {
    const state = await take(loginEmail, email);
    if (isLimited(state)) return;
    if (state.consumedPoints < emailRule.points) return;
    const periods = await take(loginBlocks, email);
    await loginEmail.block(email, backoffSeconds(isLimited(periods) ? 1 : periods.consumedPoints, backoff));
  };

  return {
    async consumeLogin(ip, email) {
      const key = pairKey(ip, email);
      const taken = await takeAll([loginPair, key], [loginIp, ip]);
      if (!Array.isArray(taken)) return taken;
      const pair = taken[0]!;
      const ceiling = await loginEmail.get(email.toLowerCase());
      // Past the ceiling a pair that already failed is refused (the refused attempt is not counted).
      if (ceiling && ceiling.consumedPoints >= emailRule.points && pair.consumedPoints > 1) {
        await loginPair.reward(key, 1);
        await loginIp.reward(ip || "unknown", 1);
        return refusal(pair);
      }
      return null;
    },
    async settleLogin(ip, email, outcome) {
      const key = pairKey(ip, email);
      if (outcome === "failure") return countEmailFailure(email.toLowerCase());
      if (outcome === "success") await loginPair.delete(key);
      else await loginPair.reward(key, 1);
      await loginIp.reward(ip || "unknown", 1);
    },
    async loginPairRetryAfter(ip, email) {
      const pair = await loginPair.get(pairKey(ip, email));
      return refusal(pair ?? { msBeforeNext: (rules.loginPair ?? LOGIN_PAIR_LIMIT).durationSeconds * 1000 })
        .retryAfterSeconds;
    },
    async consumeReset(ip, email, kind) {
      const taken =
        kind === "request"
          ? await takeAll([resetIp, ip], [resetEmail, email.toLowerCase()])
          : await takeAll([resetIp, ip]);
      return Array.isArray(taken) ? null : taken;
    },
    async consumeResetCode(ip, email) {
      // The ceiling is taken (not only read) first: each concurrent guess holds its point before any code is checked.
      const taken = await takeAll([codeEmail, email.toLowerCase()], [codePair, pairKey(ip, email)]);
      return Array.isArray(taken) ? null : taken;
    },
    async settleResetCode(ip, email, outcome) {
      // A failure was counted on both when the attempt was taken.
      if (outcome === "failure") return;
      if (outcome === "success") {
        await codePair.delete(pairKey(ip, email));
        await codeEmail.delete(email.toLowerCase());
      } else {
        await codePair.reward(pairKey(ip, email), 1);
        await codeEmail.reward(email.toLowerCase(), 1);
      }
    },
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
