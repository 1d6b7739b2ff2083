/**
 * The type of a loader's or action's answer built with `data()` from
 * `@remix-run/node`: the value the page reads (`useLoaderData`,
 * `useActionData`, a fetcher's `data`) with the status and headers of the
 * HTTP answer. With single fetch the value goes to the browser as
 * turbo-stream, not JSON (ADR 0079); React Router 7's `data()` is the same.
 * The type is read off `data` itself, the supported export, so it follows the
 * framework's own.
 */
import type { data } from "@remix-run/node";

/** What `data<T>(value, init)` returns: the value (`.data`) and its status and headers (`.init`). */
export type DataReply<T> = ReturnType<typeof data<T>>;
