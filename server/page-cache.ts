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
 * response's `s-maxage` (else `max-age`) and `maxTtlMs`.
 *
 * The key ({@link pageCacheKey}) is the trusted origin (`res.locals.origin`,
 * set by the request guards: never a client's Host header), the path, the
 * query parameters that can change the page, and the request's consent
 * variant (`consentVariant` of `app/lib/consent.ts`: no choice, crawler,
 * analytics granted or denied), since the page differs by it (the consent
 * banner, the Google tag): a stored page is only replayed to a visitor in the
 * same state (docs/decisions/0029-consent-and-google-analytics.md). The query
 * (ADR 0063), parameter by parameter, in the request's order and spelling:
 * - parameters a public route reads ({@link KEYED_PARAMS}: the filters, `q`,
 *   `pagina`, `codigos`…), Remix's `_routes`, `_data` and `index`, and `utm_*` (pages
 *   copy them into their WhatsApp links) are part of the key;
 * - the other tracking parameters (`gclid`, `fbclid`… as `isTrackingParam` of
 *   the filters lists them) are left out: such a request is served the page
 *   of the URL without them, and its own render, which may echo them, is
 *   never stored;
 * - any other parameter makes the request bypass the cache (no route reads
 *   it, but a route may echo it, and a name missing from the list must cost
 *   caching, never a wrong page);
 * - `/robots.txt`, `/sitemap….xml`, `/favicon…` and `/manifest…` read no
 *   query: theirs is ignored.
 *
 * Bounds (ADR 0063): at most {@link PageCacheOptions.maxEntries} entries and
 * {@link PageCacheOptions.maxTotalBytes} in total, each entry counted by
 * {@link pageCacheEntryBytes} (key, every stored header, body and a fixed
 * overhead); expired entries are purged every
 * {@link PageCacheOptions.purgeIntervalMs} even when nothing asks for them.
 * Each body is a copy of its own, so a small one never pins a larger shared
 * buffer.
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
import { ALL_UNITS_PARAM } from "../app/lib/condominium-units";
import { consentVariant } from "../app/lib/consent";
import { isTrackingParam, QUERY_FACETS } from "../app/lib/filters/facets";
import { MAIN_PARAMS } from "../app/lib/filters/types";
import { SIMULATION_PARAMS } from "../app/lib/financing-form";

/** Options of {@link createPageCache}. */
export interface PageCacheOptions {
  /** Longest time an entry is served (ms). Default 60,000. */
  maxTtlMs?: number;
  /** Largest body stored (bytes). Default 2 MB. */
  maxEntryBytes?: number;
  /** Total of all entries as {@link pageCacheEntryBytes} counts them (bytes). Default 64 MB. */
  maxTotalBytes?: number;
  /** Most entries kept. Default 2,000. */
  maxEntries?: number;
  /** How often expired entries are dropped (ms). Default 10,000. */
  purgeIntervalMs?: number;
  /** Cookie names whose presence on a request bypasses the cache (the page depends on the visitor). */
  personalCookies: readonly string[];
  /** The clock of the entries' lifetimes (ms, monotonic). Default `performance.now`; tests pass a fake one. */
  now?: () => number;
}

/** A stored response. */
export interface PageCacheEntry {
  /** HTTP status (always 200 today). */
  status: number;
  /** Response headers replayed on a hit, as name and value (lists joined with ", "). */
  headers: [string, string][];
  /** The uncompressed body, in an allocation of its own. */
  body: Buffer;
  /** The CSP nonce written into `body`, if any. */
  nonce?: string;
}

/** The middleware plus cache controls. */
export interface PageCache {
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** Forgets every entry. */
  clear(): void;
  /** Forgets every entry and stops the purge timer (the cache still works, without the timer). */
  close(): void;
  /** Entries stored now. */
  readonly size: number;
  /** Total size of the stored entries (bytes, as {@link pageCacheEntryBytes} counts them). */
  readonly totalBytes: number;
}

/** How a request's URL maps to the cache: its key part and whether its own render may be stored. */
export interface PageCacheUrl {
  /** Path plus the keyed parameters (`/busca?q=casa`). */
  url: string;
  /** False when a tracking parameter was left out: the render may echo it, so it is not stored. */
  storable: boolean;
}

/**
 * Fixed bytes counted per entry besides its strings and body: the cache's
 * slots, the entry and header objects, the Buffer object (measured in ADR
 * 0063).
 */
export const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * Query parameters a public route reads and that are part of the key: the
 * listing filters (`finalidade`, `tipo`, `cidade`, `bairro`, `local`, the
 * query facets with `ordem` and `pagina`), `q` (search, suggestions), `area`
 * (map), `imovel` (map points, thank-you page), `assunto`, `enviado` (thank-you
 * and alert pages), `codigos` (favourites, comparison), `unidades`
 * (condominium units), the financing simulation's fields, and Remix's own
 * `_routes` (single fetch: which loaders a `/path.data` request runs), `_data`
 * (the older data requests, still answered in JSON) and `index`. Names are
 * matched exactly.
 */
export const KEYED_PARAMS: ReadonlySet<string> = new Set([
  "_routes",
  "_data",
  "index",
  ...Object.values(MAIN_PARAMS),
  ...QUERY_FACETS.map((facet) => facet.param),
  "q",
  "area",
  "imovel",
  "assunto",
  "enviado",
  "codigos",
  ALL_UNITS_PARAM,
  ...Object.values(SIMULATION_PARAMS),
]);

/** `utm_*` names the pages copy into their WhatsApp links (`whatsAppContactPath`): they change the page. */
const RENDERED_UTM = /^utm_[a-z_]{1,30}$/;

/** Paths whose responses read no query: the query is ignored. */
const QUERYLESS_PATH = /^\/(?:robots\.txt|sitemap[^/]*\.xml|favicon[^/]*|manifest[^/]*)$/;

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

/** A query parameter's name as `URLSearchParams` decodes it (the raw text when malformed). */
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/**
 * The part of a request URL (path + query, as `req.originalUrl`) that keys the
 * cache, or null when the request must bypass it (a parameter that is neither
 * keyed nor tracking). See the module comment for the rules.
 */
export function pageCacheUrl(originalUrl: string): PageCacheUrl | null {
  const mark = originalUrl.indexOf("?");
  const path = mark < 0 ? originalUrl : originalUrl.slice(0, mark);
  if (mark < 0 || QUERYLESS_PATH.test(path)) return { url: path, storable: true };
  const kept: string[] = [];
  let storable = true;
  for (const part of originalUrl.slice(mark + 1).split("&")) {
    if (!part) continue;
    const equals = part.indexOf("=");
    const name = decodeName(equals < 0 ? part : part.slice(0, equals));
    if (KEYED_PARAMS.has(name) || RENDERED_UTM.test(name)) kept.push(part);
    else if (isTrackingParam(name)) storable = false;
    else return null;
  }
  return { url: kept.length ? `${path}?${kept.join("&")}` : path, storable };
}

/**
 * The cache key of a request: trusted origin, {@link pageCacheUrl} and consent
 * variant (`none`, `bot`, `granted`, `denied`), with whether the request's own
 * render may be stored under it; null when the request bypasses the cache.
 */
export function pageCacheKey(
  origin: string,
  url: string,
  cookieHeader: string | undefined,
  userAgent: string | undefined,
): { key: string; storable: boolean } | null {
  const keyed = pageCacheUrl(url);
  if (!keyed) return null;
  return { key: `${origin} ${keyed.url} ${consentVariant(cookieHeader, userAgent)}`, storable: keyed.storable };
}

/**
 * Size an entry counts for against {@link PageCacheOptions.maxTotalBytes}
 * (bytes): {@link ENTRY_OVERHEAD_BYTES}, the key, every stored header name and
 * value and the nonce (one byte per character: these strings are Latin-1,
 * which V8 stores one byte per character), and the body.
 */
export function pageCacheEntryBytes(key: string, entry: PageCacheEntry): number {
  let bytes = ENTRY_OVERHEAD_BYTES + key.length + entry.body.length + (entry.nonce?.length ?? 0);
  for (const [name, value] of entry.headers) bytes += name.length + value.length;
  return bytes;
}

/** One allocation holding exactly the chunks (never a slice of Node's shared buffer pool). */
function ownCopy(chunks: readonly Buffer[], bytes: number): Buffer {
  const body = Buffer.allocUnsafeSlow(bytes);
  let offset = 0;
  for (const chunk of chunks) offset += chunk.copy(body, offset);
  return body;
}

/** Creates the cache and its Express middleware (see the module comment). */
export function createPageCache(options: PageCacheOptions): PageCache {
  const maxTtlMs = options.maxTtlMs ?? 60_000;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const personal = new Set(options.personalCookies);
  const now = options.now;
  const cache = new LRUCache<string, PageCacheEntry>({
    max: options.maxEntries ?? 2_000,
    maxSize: options.maxTotalBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry, key) => pageCacheEntryBytes(key, entry),
    ttl: maxTtlMs,
    ...(now ? { perf: { now } } : {}),
  });
  let purgeTimer: ReturnType<typeof setInterval> | undefined = setInterval(
    () => cache.purgeStale(),
    options.purgeIntervalMs ?? 10_000,
  );
  purgeTimer.unref();

  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (cookieNames(req.headers.cookie).some((name) => personal.has(name))) return next();
    const keyed = pageCacheKey(
      (res.locals.origin as string | undefined) ?? "",
      req.originalUrl,
      req.headers.cookie,
      req.headers["user-agent"],
    );
    if (!keyed) return next();
    const { key, storable } = keyed;
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
    res.setHeader("X-Page-Cache", "miss");
    if (!storable) return next();

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
        const body = ownCopy(chunks, bytes);
        const stored: PageCacheEntry = { status: 200, headers, body };
        if (nonce && body.includes(nonce)) stored.nonce = nonce;
        cache.set(key, stored, { ttl: lifetime });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return {
    middleware,
    clear: () => cache.clear(),
    close: () => {
      if (purgeTimer) clearInterval(purgeTimer);
      purgeTimer = undefined;
      cache.clear();
    },
    get size() {
      return cache.size;
    },
    get totalBytes() {
      return cache.calculatedSize;
    },
  };
}
