/**
 * Calling route loaders and actions as Remix does in tests: their arguments
 * for a URL on {@link SITE_ORIGIN}, and the Response they returned or threw;
 * and the hidden fields of a public form that passes its guards, or whose
 * token has expired.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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

/** The Response a loader or action returned or threw (a guard's redirect, a 403 …). */
export async function answer(run: () => unknown): Promise<Response> {
  try {
    const result = await run();
    if (!(result instanceof Response)) throw new Error("expected a Response");
    return result;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
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
