/**
 * In-process shared cache of public responses ("microcaching", ADR 0013).
 *
 * Public catalogue pages say `Cache-Control: public, …, s-maxage=…` (see
 * `~/lib/cache-control`): any shared cache may keep them. A CDN in front of
 * the site does; this middleware does the same inside the Node process, so a
 * burst of visitors on one list page renders it once per
 * {@link PageCacheOptions.maxTtlMs} instead of once per request (ADR 0013:
 * list page p95 ≤ 150 ms at 50 concurrent clients).
 *
 * What is stored: GET responses with status 200, a `Cache-Control` that says
 * `public` (and neither `private` nor `no-store`), no `Set-Cookie`, no `ETag`
 * (such a response answers `If-None-Match` with 304 itself), and a body
 * under {@link PageCacheOptions.maxEntryBytes}; kept for the smaller of the
 * response's `s-maxage` (else `max-age`) and `maxTtlMs`. The key is the
 * trusted origin (`res.locals.origin`, set by the request guards: never a
 * client's Host header) plus the full URL (path + query, so Remix `?_data=`
 * requests are separate entries) plus the request's consent variant
 * (`consentVariant` of `app/lib/consent.ts`: no choice, crawler, analytics
 * granted or denied), since the page differs by it (the consent banner, the
 * Google tag): a stored page is only replayed to a visitor in the same state
 * (docs/decisions/0029-consent-and-google-analytics.md).
 *
 * CSP nonces: a stored page carries the nonce of the request that rendered
 * it. A hit gets this request's own Content-Security-Policy header (never the
 * stored one), and the stored nonce in the body is replaced by this request's
 * (`res.locals.cspNonce`), so no two answers share a nonce.
 *
 * What is never served from it: requests other than GET/HEAD, and requests
 * that carry a cookie named in {@link PageCacheOptions.personalCookies} (the
 * flash toast cookie, the session cookie): those pages depend on the
 * visitor. `clear()` empties it (after a sync changed the catalogue).
 *
 * Sits after `compression()`: it stores the uncompressed body and lets
 * compression encode each answer for the client's `Accept-Encoding`.
 */
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { consentVariant } from "../app/lib/consent";

/** Options of {@link createPageCache}. */
export interface PageCacheOptions {
  /** Longest time an entry is served (ms). Default 60,000. */
  maxTtlMs?: number;
  /** Largest body stored (bytes). Default 2 MB. */
  maxEntryBytes?: number;
  /** Total size of all bodies (bytes). Default 64 MB. */
  maxTotalBytes?: number;
  /** Cookie names whose presence on a request bypasses the cache (the page depends on the visitor). */
  personalCookies: readonly string[];
}

/** A stored response. */
interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce written into `body`, if any. */
  nonce?: string;
}

/** The middleware plus cache controls. */
export interface PageCache {
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** Forgets every entry. */
  clear(): void;
  /** Entries stored now. */
  readonly size: number;
}

/** Response headers never replayed from the cache (hop-by-hop or recomputed by compression). */
const SKIPPED_HEADERS = new Set([
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "vary",
  "etag",
  // Per request: each answer carries its own nonce.
  "content-security-policy",
  "x-page-cache",
]);

/**
 * Lifetime (ms) a shared cache may keep a response with this `Cache-Control`,
 * or 0 when it must not keep it: `s-maxage` wins over `max-age`; `private`,
 * `no-store`, `no-cache` or no `public` mean 0.
 */
export function sharedCacheLifetimeMs(cacheControl: string | null | undefined): number {
  if (!cacheControl) return 0;
  const directives = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(",")) {
    const [name, value = ""] = part.trim().split("=");
    if (name) directives.set(name, value.replace(/"/g, ""));
  }
  if (
    !directives.has("public") ||
    directives.has("private") ||
    directives.has("no-store") ||
    directives.has("no-cache")
  ) {
    return 0;
  }
  const seconds = Number(directives.get("s-maxage") ?? directives.get("max-age") ?? "0");
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** Names of the cookies a `Cookie` request header carries. */
export function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

/**
 * The cache key of a request: trusted origin, full URL and consent variant
 * (`none`, `bot`, `granted`, `denied`).
 */
export function pageCacheKey(
  origin: string,
  url: string,
  cookieHeader: string | undefined,
  userAgent: string | undefined,
): string {
  return `${origin} ${url} ${consentVariant(cookieHeader, userAgent)}`;
}

/** Creates the cache and its Express middleware (see the module comment). */
export function createPageCache(options: PageCacheOptions): PageCache {
  const maxTtlMs = options.maxTtlMs ?? 60_000;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const personal = new Set(options.personalCookies);
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxTotalBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 512,
    ttl: maxTtlMs,
  });

  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (cookieNames(req.headers.cookie).some((name) => personal.has(name))) return next();
    const key = pageCacheKey(
      (res.locals.origin as string | undefined) ?? "",
      req.originalUrl,
      req.headers.cookie,
      req.headers["user-agent"],
    );
    const nonce = res.locals.cspNonce as string | undefined;

    const hit = cache.get(key);
    if (hit) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      if (req.method === "HEAD") return void res.end();
      const body =
        hit.nonce && nonce ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce), "utf8") : hit.body;
      res.end(body);
      return;
    }
    if (req.method === "HEAD") return next();

    // Collect the body as the app writes it; store it when the response qualifies.
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      if (bytes > maxEntryBytes) {
        tooBig = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const lifetime = Math.min(maxTtlMs, sharedCacheLifetimeMs(res.getHeader("Cache-Control")?.toString()));
      // A response with its own ETag answers revalidations (304) itself: a replay would lose that.
      const revalidates = res.getHeader("ETag") !== undefined;
      if (res.statusCode === 200 && !tooBig && lifetime > 0 && !res.getHeader("Set-Cookie") && !revalidates) {
        const headers: [string, string][] = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || SKIPPED_HEADERS.has(name.toLowerCase())) continue;
          headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
        }
        const body = Buffer.concat(chunks);
        const stored: Entry = { status: 200, headers, body };
        if (nonce && body.includes(nonce)) stored.nonce = nonce;
        cache.set(key, stored, { ttl: lifetime });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  return {
    middleware,
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
