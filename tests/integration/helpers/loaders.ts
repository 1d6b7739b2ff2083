/**
 * Calling route loaders and actions as Remix does in tests: their arguments
 * for a URL on {@link SITE_ORIGIN}, and the Response they returned or threw.
 */

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
