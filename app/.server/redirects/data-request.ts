/**
 * The route rules for Remix's client data requests (single fetch, ADR 0079).
 * A client navigation asks `GET /path.data` (`/_root.data` for `/`), with
 * `_routes` when only some loaders run. The Express middleware answers
 * document requests (`server/redirects.ts`); a data request goes through
 * Remix, and `handleDataRequest` (app/entry.server.tsx) swaps its answer for
 * a `redirect()`, which Remix turns into its own single-fetch redirect (202,
 * turbo-stream). `X-Remix-Reload-Document` on an external target makes the
 * browser navigate fully.
 */
import { redirect } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/lib/cache-control";
import type { RedirectDecision } from "./rules";
import { lookupRedirect } from "./store";

/** Remix's own query parameter on a data request (the routes whose loaders run). */
const ROUTES_PARAM = "_routes";

/**
 * The page a data request is for: `/a/b.data?x=1&_routes=…` → `/a/b` and
 * `?x=1`; `/_root.data` → `/`. Null for any other request (not GET/HEAD, or
 * not a `.data` path).
 */
export function dataRequestTarget(request: Request): { pathname: string; search: string } | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return null;
  url.searchParams.delete(ROUTES_PARAM);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return { pathname, search: url.search };
}

/**
 * The redirect a route rule makes of a data request, or null (no rule, or not
 * a data request). `lookup` defaults to the process's cached rules.
 */
export function dataRequestRedirect(
  request: Request,
  lookup: (pathname: string, search: string) => RedirectDecision | null = lookupRedirect,
): Response | null {
  const target = dataRequestTarget(request);
  if (!target) return null;
  const decision = lookup(target.pathname, target.search);
  if (!decision) return null;
  const headers: Record<string, string> = { "Cache-Control": PRIVATE_NO_STORE };
  if (decision.external) headers["X-Remix-Reload-Document"] = "true";
  return redirect(decision.location, { status: decision.status, headers });
}
