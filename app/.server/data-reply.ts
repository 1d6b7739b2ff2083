/**
 * The type of a loader's or action's answer built with `data()` from
 * `@remix-run/node`: the value the page reads (`useLoaderData`,
 * `useActionData`, a fetcher's `data`) with the status and headers of the
 * HTTP answer. With single fetch the value goes to the browser as
 * turbo-stream, not JSON (ADR 0079); React Router 7's `data()` is the same.
 *
 * The framework names the class `UNSAFE_DataWithResponseInit`, and `UNSAFE_*`
 * names stay behind the internals door (ADR 0078), so the type is read off
 * `data` itself.
 */
import type { data } from "@remix-run/node";

/** What `data<T>(value, init)` returns: `{ data: T, init: ResponseInit | null }`. */
export type DataReply<T> = ReturnType<typeof data<T>>;

/**
 * Sets `headers` on an action's answer, whichever form it has: a Response
 * (a redirect) or a `data()` answer; the answer itself is returned.
 */
export function withHeaders<T extends Response | DataReply<unknown>>(answer: T, headers: Record<string, string>): T {
  if (answer instanceof Response) {
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
    return answer;
  }
  const merged = new Headers(answer.init?.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  answer.init = { ...answer.init, headers: merged };
  return answer;
}
