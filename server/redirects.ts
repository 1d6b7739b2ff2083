/**
 * Applies the route rules (docs/spec.txt §2 "route-rules lookup") to
 * every GET/HEAD request before routing: a plain 301/302 with `Location`.
 * A Remix client navigation fetches loader data with `GET /path.data` (single
 * fetch, ADR 0079); such a request goes on to Remix, whose answer the same
 * rules replace with Remix's own redirect (`handleDataRequest` in
 * app/entry.server.tsx), so an internal target goes through the router and an
 * external one becomes a full page navigation. Protected paths (/admin, /login-corretores, /health, /assets, /build…) are
 * never redirected (`isProtectedPath`).
 */
import type { NextFunction, Request, Response } from "express";
import { lookupRedirect, type RedirectDecision } from "../app/.server/redirects";
import { PRIVATE_NO_STORE } from "../app/lib/cache-control";

/** How a 301 may be kept by browsers and shared caches (s); a 302 is never stored. */
const PERMANENT_REDIRECT_MAX_AGE = 300;

/**
 * The Express middleware. `lookup` (default: the process's cached rules) takes
 * a path and its query.
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
    if (url.pathname.endsWith(".data")) return next();
    const decision = lookup(url.pathname, url.search);
    if (!decision) return next();
    const cacheControl = decision.status === 301 ? `public, max-age=${PERMANENT_REDIRECT_MAX_AGE}` : PRIVATE_NO_STORE;
    res.set("Cache-Control", cacheControl);
    res.redirect(decision.status, decision.location);
  };
}
