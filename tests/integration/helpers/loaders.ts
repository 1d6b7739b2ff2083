/**
 * Calling route loaders and actions as Remix does in tests: their arguments
 * for a URL on {@link SITE_ORIGIN}, and the Response they returned or threw;
 * and the hidden fields of a public form that passes its guards, or whose
 * token has expired.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { DataReply } from "~/.server/data-reply";
import { checkStartedAt, FORM_TOKEN_MAX_AGE_MS, leadFormTokens, MIN_FILL_MS } from "~/.server/leads/form-guard";

/** The origin of the public-page test requests. */
export const SITE_ORIGIN = "http://site.test";

/** A GET (or `init`) request of `pathAndQuery` on {@link SITE_ORIGIN}. */
export function siteRequest(pathAndQuery: string, init?: RequestInit): Request {
  return new Request(`${SITE_ORIGIN}${pathAndQuery}`, init);
}

/** Loader arguments for `request` (or a GET of that path on {@link SITE_ORIGIN}) with route `params`. */
export function loaderArgs(request: Request | string, params: Record<string, string> = {}) {
  return { request: typeof request === "string" ? siteRequest(request) : request, params, context: {} };
}

/**
 * The Response a loader or action returned or threw (a guard's redirect, a
 * 403 …). An answer built with `data()` (or a plain object) comes as the
 * JSON Response the old `json()` made of it: same status and headers, the
 * data as JSON (`Date`s as strings), so a test reads every answer alike;
 * {@link settle} gives the data as the page receives it.
 */
export async function answer(run: () => unknown): Promise<Response> {
  // `run` inside the promise: what it throws, even at once, is settled like what it returns.
  const { status, headers, raw, data } = await settleRaw(Promise.resolve().then(run));
  if (raw) return raw;
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { status, headers });
}

/**
 * A loader's or action's answer as the page (or a client) receives it:
 * `status` and `headers` of the HTTP answer and its `data`.
 */
export interface Settled<T> {
  status: number;
  headers: Headers;
  /**
   * A Response's body (parsed when it is JSON, else its text); the value of
   * `data()` or a plain object as it is (with single fetch, turbo-stream
   * keeps `Date`s as `Date`s; ADR 0079).
   */
  data: T;
}

/**
 * Normalises what a loader or action returned or threw: a Response (a
 * redirect, a guard's 403, a 404 …), `data(value, init)` (status 200 and no
 * headers when `init` has none) or a plain object (200). Other errors are
 * thrown again. `T` types `data`; untyped by default, as a thrown Response's
 * body is not the loader's data type.
 */
export async function settle<T = any>(result: unknown): Promise<Settled<T>> {
  const { status, headers, raw, data } = await settleRaw(result);
  if (!raw) return { status, headers, data: data as T };
  const text = await raw.text();
  const isJson = (raw.headers.get("Content-Type") ?? "").startsWith("application/json");
  return { status, headers, data: isJson ? JSON.parse(text) : text };
}

/** {@link settle} without reading a Response's body (`raw`: the Response itself, if it was one). */
/** The class of `data()`'s answers, read off the supported export (the framework does not name it publicly). */
const DataReplyClass = data(null).constructor;

async function settleRaw(result: unknown): Promise<Settled<unknown> & { raw?: Response }> {
  let value: unknown;
  try {
    value = await result;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    value = error;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: undefined, raw: value };
  if (value instanceof DataReplyClass) {
    const { data: replied, init } = value as DataReply<unknown>;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: replied };
  }
  return { status: 200, headers: new Headers(), data: value };
}

/** Loader and action arguments for `request` sent from `clientIp` (what the server puts in `context.clientIp`). */
export function clientArgs(request: Request, clientIp: string) {
  return { request, params: {}, context: { clientIp } } as unknown as LoaderFunctionArgs & ActionFunctionArgs;
}

/**
 * The hidden fields of a public form rendered long enough ago to pass the
 * minimum fill time: an empty honeypot, the signed render time and the
 * form's idempotency key (`app/components/spam-guard-fields.tsx`).
 */
export function passingGuardFields(): { website: string; startedAt: string; idempotencyKey: string } {
  const tokens = leadFormTokens(Date.now() - MIN_FILL_MS - 1000);
  return { website: "", startedAt: tokens.startedAt, idempotencyKey: tokens.idempotencyKey };
}

/**
 * The expired-form case: `startedAt()`, the signed render time of a form left open a minute past
 * the token's lifetime; `checkAfterFill(startedAt)`, what the form guard says of a render time
 * (e.g. the fresh one an answer sent back) once the minimum fill time has passed ("ok": accepted).
 */
export const expiredForm = {
  startedAt: (): string => leadFormTokens(Date.now() - FORM_TOKEN_MAX_AGE_MS - 60_000).startedAt,
  checkAfterFill: (startedAt: string | undefined) => checkStartedAt(startedAt, Date.now() + MIN_FILL_MS),
};
