/**
 * Requests to route modules as a browser sends them: a GET, or a form POST
 * (`application/x-www-form-urlencoded`) with an `Origin` header, both with
 * the session cookie of the user they are sent as.
 */
import { TEST_ORIGIN } from "./auth-env";

/**
 * A GET of `pathAndQuery` on {@link TEST_ORIGIN}, or a POST of `form` when
 * given (its `Origin` is `origin`, this site by default; pass another to test
 * the Origin check). `cookie` is the value of the `session` cookie, or null.
 */
export function pageRequest(
  cookie: string | null,
  pathAndQuery: string,
  form?: Record<string, string>,
  origin = TEST_ORIGIN,
): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", `session=${cookie}`);
  if (!form) return new Request(`${TEST_ORIGIN}${pathAndQuery}`, { headers });
  headers.set("Origin", origin);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${TEST_ORIGIN}${pathAndQuery}`, { method: "POST", headers, body: new URLSearchParams(form) });
}
