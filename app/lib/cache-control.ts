/**
 * HTTP caching of public pages (docs/architecture.md "Scale": CDN-cacheable public
 * pages with `s-maxage` and `stale-while-revalidate`; anything that depends on
 * the visitor is `private`).
 */
import type { HeadersFunction } from "@remix-run/node";

/** Cache-Control of a public catalogue page: 60 s in browsers, 5 min in shared caches, 10 min stale. */
export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

/**
 * The `headers` export of a public page. Precedence: an error's own
 * Cache-Control; then an action's (a page rendered after a form POST shows
 * the visitor's own data: `private, no-store`); then a `private`/`no-store` set by a parent (the root loader
 * sets it when the response carries a flash toast, which must never reach a
 * shared cache); then the loader's own value; else {@link PUBLIC_PAGE_CACHE}.
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders, actionHeaders }) => {
  const error = errorHeaders?.get("Cache-Control");
  if (error) return { "Cache-Control": error };
  const action = actionHeaders?.get("Cache-Control");
  if (action) return { "Cache-Control": action };
  const parent = parentHeaders.get("Cache-Control");
  if (parent && /private|no-store/.test(parent)) return { "Cache-Control": parent };
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? PUBLIC_PAGE_CACHE };
};

/** Cache-Control of anything that depends on who asks (admin, broker area, sign-in, form answers): never stored. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Headers of a private answer: `Cache-Control: private, no-store`, plus any
 * given. Use it for every loader, action and redirect of a signed-in or
 * per-visitor page (a shared cache must never keep them).
 */
export function privatePage(init?: Record<string, string>): Record<string, string> {
  return { ...init, "Cache-Control": PRIVATE_NO_STORE };
}

/** The `headers` export of a private page: the loader's or action's own Cache-Control, `private, no-store` by default. */
export const privatePageHeaders: HeadersFunction = ({ errorHeaders, actionHeaders, loaderHeaders }) => ({
  "Cache-Control":
    errorHeaders?.get("Cache-Control") ??
    actionHeaders?.get("Cache-Control") ??
    loaderHeaders.get("Cache-Control") ??
    PRIVATE_NO_STORE,
});

/**
 * Referrer-Policy of a page whose URL carries a secret token: `same-origin`.
 * The token never leaves the site in a Referer, and the page's own form posts
 * keep their `Origin` (under `no-referrer` a browser sends `Origin: null`,
 * which the same-origin write guard refuses).
 */
export const TOKEN_PAGE_REFERRER_POLICY = "same-origin";

/** Headers of a page reached with a token in its URL: never stored, not indexed, {@link TOKEN_PAGE_REFERRER_POLICY}. */
export const TOKEN_PAGE_HEADERS = {
  "Cache-Control": PRIVATE_NO_STORE,
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": TOKEN_PAGE_REFERRER_POLICY,
} as const;

/**
 * The `headers` export of a page reached with a token in its URL: the HTML
 * document and its error screen get {@link TOKEN_PAGE_HEADERS}, as its data
 * answers do (its links carry the token too).
 */
export const tokenPageHeaders: HeadersFunction = () => TOKEN_PAGE_HEADERS;
