/**
 * Applies the route rules (docs/spec.txt §2 "route-rules lookup") to
 * every GET/HEAD request before routing. A document request gets a plain
 * 301/302 with `Location`. A Remix client navigation fetches loader data with
 * `?_data=…`; it gets Remix's own redirect answer (204 with `X-Remix-Redirect`
 * and `X-Remix-Status`, as `@remix-run/server-runtime` answers a loader's
 * redirect), so an internal target goes through the router, and an external
 * one carries `X-Remix-Reload-Document` and becomes a full page navigation.
 * Protected paths (/admin, /login-corretores, /health, /assets, /build…) are
 * never redirected (`isProtectedPath`).
 */
import type { NextFunction, Request, Response } from "express";
import { lookupRedirect, type RedirectDecision } from "../app/.server/redirects";
import { PRIVATE_NO_STORE } from "../app/lib/cache-control";

/** How a 301 may be kept by browsers and shared caches (s); a 302 is never stored. */
const PERMANENT_REDIRECT_MAX_AGE = 300;

/**
 * The Express middleware. `lookup` (default: the process's cached rules) takes
 * a path and its query (without `_data`).
 */
export function redirectMiddleware(
  lookup: (pathname: string, search: string) => RedirectDecision | null = lookupRedirect,
) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let url: URL;
    try {
      url = new URL(req.originalUrl, "http://site.invalid");
    } catch {
      return next();
    }
    const isData = url.searchParams.has("_data");
    url.searchParams.delete("_data");
    const decision = lookup(url.pathname, url.search);
    if (!decision) return next();
    const cacheControl = decision.status === 301 ? `public, max-age=${PERMANENT_REDIRECT_MAX_AGE}` : PRIVATE_NO_STORE;
    if (isData) {
      res.status(204);
      res.set({
        "X-Remix-Redirect": decision.location,
        "X-Remix-Status": String(decision.status),
        "Cache-Control": PRIVATE_NO_STORE,
      });
      if (decision.external) res.set("X-Remix-Reload-Document", "true");
      res.end();
      return;
    }
    res.set("Cache-Control", cacheControl);
    res.redirect(decision.status, decision.location);
  };
}
