/**
 * Recording the browser's analytics beacons (`POST /api/eventos`,
 * docs/decisions/0030-first-party-analytics.md): bots and requests without a
 * User-Agent are answered 204 and nothing is stored; the body (text/plain,
 * as `navigator.sendBeacon` sends a string, or application/json) is at most
 * {@link MAX_BEACON_BYTES} and validated with `beaconSchema`; each IP may
 * send {@link ANALYTICS_LIMIT} beacons per window (counted in PostgreSQL with
 * `DATABASE_URL`, shared by every process; `../rate-limit`). Cross-site posts
 * never get here: the request guards refuse a foreign `Origin` or
 * `Sec-Fetch-Site` (server/request-guards.ts).
 *
 * A page view also yields the events its address implies: `listing_view` on a
 * listing page, `search` (the normalised term; `detail_key` "q_empty" when the
 * beacon says the page found nothing, ADR 0084) on the first page of `/busca`,
 * one `filter` per filter value on the first page of a listings URL, and
 * `map_search` on `/mapa?area=…`.
 */
import { isbot } from "isbot";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db";
import { getDb } from "../db";
import { analyticsEvents } from "../db/schema";
import { getVocabulary } from "../catalogue/vocabulary";
import { apiError, API_HEADERS, methodNotAllowed } from "../api/http";
import { retryAfterText } from "../leads/form-guard";
import { siteOrigin } from "../origin";
import { type Limiter, processLimiter } from "../rate-limit";
import { dailySalt, deviceClass, saoPauloDay, visitorHash } from "./visitor";
import {
  type AnalyticsEventType,
  type BeaconBody,
  beaconSchema,
  EMPTY_SEARCH_DETAIL_KEY,
  isUntrackedPath,
  MAX_BEACON_BYTES,
  SEARCH_DETAIL_KEY,
} from "~/lib/analytics-events";
import type { FilterVocabulary, ListingFilters } from "~/lib/filters";
import { parseFilters } from "~/lib/filters";
import { LISTINGS_PATH, MAP_PATH, SEARCH_PATH } from "~/lib/paths";

/** Beacons per IP per window: generous for a person browsing fast, tight for a script. */
export const ANALYTICS_LIMIT = { points: 120, durationSeconds: 60 } as const;

/** Longest stored path, search term, filter value or UTM value, characters. */
const MAX_STORED = { path: 300, term: 100, value: 100, host: 200 } as const;

/** A listing page: `/detalhes/{condominio or slug}/{codigo}` (docs/decisions/0005-listing-url-scheme.md). */
const LISTING_PAGE = /^\/detalhes\/[^/]+\/([^/]+)\/?$/;

/** A listing code as the site writes it. */
const LISTING_CODE = /^[A-Za-z0-9._-]{1,40}$/;

/** The row shape inserted into `analytics_events`. */
export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** Who sent a beacon, as far as the analytics may know it. */
export interface BeaconSender {
  /** The site's origin (part of the visitor hash; decides whether a referrer is foreign). */
  origin: string;
  /** Client IP (hashed, never stored). */
  ip: string;
  /** User-Agent (hashed and reduced to a device class, never stored). */
  userAgent: string;
}

/** Options of {@link recordBeacon}. */
export interface RecordOptions {
  db?: Db;
  /** Time of the event (default now). */
  now?: Date;
  /** The filter vocabulary used to read listings URLs (default: the catalogue's). */
  vocabulary?: () => Promise<FilterVocabulary>;
}

/** `text` trimmed and cut to `max` characters, or null when empty. */
function clip(text: string | null | undefined, max: number): string | null {
  const trimmed = (text ?? "").trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

/**
 * A search term as stored: lower case, NFC, inner whitespace collapsed, at
 * most 100 characters; null when empty.
 */
export function normalizeSearchTerm(raw: string): string | null {
  return clip(raw.normalize("NFC").toLowerCase().replace(/\s+/g, " "), MAX_STORED.term);
}

/** The listing code of a listing page's pathname, or null. */
export function listingCodeOfPath(pathname: string): string | null {
  const match = LISTING_PAGE.exec(pathname);
  if (!match) return null;
  try {
    const code = decodeURIComponent(match[1]!);
    return LISTING_CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** One (key, value) per filter value; arrays give one pair per element; the page number is left out. */
export function filterPairs(filters: ListingFilters): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (key === "page" || value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) pairs.push([key, String(one === true ? "sim" : one).slice(0, MAX_STORED.value)]);
  }
  return pairs;
}

/** Whether a query string asks for a page after the first (`pagina` ≥ 2). */
function isLaterPage(search: URLSearchParams): boolean {
  const page = Number(search.get("pagina") ?? "1");
  return Number.isFinite(page) && page > 1;
}

/**
 * The rows a beacon stands for (see the module comment); empty for an
 * address of an untracked area.
 * @throws {RangeError} when `body.path` does not resolve on the site's origin.
 */
export async function beaconRows(
  body: BeaconBody,
  sender: BeaconSender,
  options: RecordOptions = {},
): Promise<AnalyticsEventRow[]> {
  const url = new URL(body.path, sender.origin);
  if (url.origin !== sender.origin) throw new RangeError("beacon path leaves the site");
  const pathname = url.pathname;
  if (isUntrackedPath(pathname)) return [];
  const db = options.db ?? getDb().db;
  const now = options.now ?? new Date();
  const salt = await dailySalt(db, saoPauloDay(now));
  let referrerHost: string | null = null;
  if (body.type === "pageview" && body.referrer) {
    try {
      const referrer = new URL(body.referrer);
      if (/^https?:$/.test(referrer.protocol) && referrer.origin !== sender.origin)
        referrerHost = clip(referrer.hostname.toLowerCase(), MAX_STORED.host);
    } catch {
      // Not a URL: no referrer.
    }
  }
  const base = {
    occurredAt: now,
    path: pathname.slice(0, MAX_STORED.path),
    referrerHost,
    utmSource: clip(url.searchParams.get("utm_source"), MAX_STORED.value),
    utmMedium: clip(url.searchParams.get("utm_medium"), MAX_STORED.value),
    utmCampaign: clip(url.searchParams.get("utm_campaign"), MAX_STORED.value),
    device: deviceClass(sender.userAgent),
    visitorHash: visitorHash({ salt, origin: sender.origin, ip: sender.ip, userAgent: sender.userAgent }),
  } satisfies Partial<AnalyticsEventRow>;
  const row = (type: AnalyticsEventType, extra: Partial<AnalyticsEventRow> = {}): AnalyticsEventRow => ({
    ...base,
    type,
    listingCode: null,
    detailKey: null,
    detailValue: null,
    ...extra,
  });

  const pageListing = listingCodeOfPath(pathname);
  if (body.type !== "pageview") {
    const form = body.type === "form_start" || body.type === "form_submit";
    return [
      row(body.type, {
        listingCode: body.listing ?? pageListing,
        ...(form ? { detailKey: "form", detailValue: body.form ?? "form" } : {}),
      }),
    ];
  }

  const rows = [row("pageview", { listingCode: pageListing })];
  if (pageListing) rows.push(row("listing_view", { listingCode: pageListing }));
  if (pathname === SEARCH_PATH && !isLaterPage(url.searchParams)) {
    const term = normalizeSearchTerm(url.searchParams.get("q") ?? "");
    const detailKey = body.results === 0 ? EMPTY_SEARCH_DETAIL_KEY : SEARCH_DETAIL_KEY;
    if (term) rows.push(row("search", { detailKey, detailValue: term }));
  }
  if (pathname === MAP_PATH && url.searchParams.get("area")) rows.push(row("map_search"));
  if ((pathname === LISTINGS_PATH || pathname.startsWith(`${LISTINGS_PATH}/`)) && !isLaterPage(url.searchParams)) {
    let segment: string | undefined;
    try {
      segment =
        pathname.length > LISTINGS_PATH.length + 1
          ? decodeURIComponent(pathname.slice(LISTINGS_PATH.length + 1))
          : undefined;
    } catch {
      segment = undefined;
    }
    const vocabulary = await (options.vocabulary ?? (() => getVocabulary({ db })))();
    const parsed = parseFilters(segment, url.searchParams, vocabulary);
    if (!("notFound" in parsed)) {
      for (const [key, value] of filterPairs(parsed.filters))
        rows.push(row("filter", { detailKey: key, detailValue: value }));
    }
  }
  return rows;
}

/**
 * Stores the rows of one beacon (see {@link beaconRows}).
 * @returns how many rows were inserted.
 * @throws {RangeError} for a path off the site; database errors.
 */
export async function recordBeacon(
  body: BeaconBody,
  sender: BeaconSender,
  options: RecordOptions = {},
): Promise<number> {
  const rows = await beaconRows(body, sender, options);
  if (rows.length) await (options.db ?? getDb().db).insert(analyticsEvents).values(rows);
  return rows.length;
}

/**
 * Records a listing event the server saw itself (a heart pressed without JavaScript posts its
 * form, not a beacon), under the beacon's rules: nothing for a bot, a request without
 * User-Agent, one that asks not to be tracked (`DNT: 1`, `Sec-GPC: 1`) or one over the beacon
 * limit. Never throws: statistics never break the visitor's action (a failure is logged).
 */
export async function recordListingEvent(
  request: Request,
  clientIp: string | undefined,
  type: "favourite_add",
  listing: string,
  options: HandleOptions = {},
): Promise<void> {
  const userAgent = request.headers.get("User-Agent")?.trim() ?? "";
  if (!userAgent || isbot(userAgent)) return;
  if (request.headers.get("DNT") === "1" || request.headers.get("Sec-GPC") === "1") return;
  const ip = clientIp || "unknown";
  try {
    await (options.limiter ?? analyticsLimiter()).consume(ip);
    const referrer = request.headers.get("Referer");
    const origin = siteOrigin(request);
    const path = referrer?.startsWith(`${origin}/`) ? referrer.slice(origin.length) : "/";
    await recordBeacon({ type, path, listing }, { origin, ip, userAgent }, options);
  } catch (error) {
    if (error instanceof RateLimiterRes) return;
    console.error("[analytics] evento não registrado", error instanceof Error ? error.message : error);
  }
}

/** The process's beacon limiter (PostgreSQL with `DATABASE_URL`, else memory). */
export function analyticsLimiter(): Limiter {
  return processLimiter("analytics-rate-limiter", { keyPrefix: "analytics", ...ANALYTICS_LIMIT });
}

/** Content types a beacon may carry: `sendBeacon` with a string sends text/plain. */
const BEACON_TYPES = new Set(["text/plain", "application/json"]);

/** 204, never cached. */
function noContent(): Response {
  return new Response(null, { status: 204, headers: API_HEADERS });
}

/** Options of {@link handleAnalyticsBeacon} (tests inject them). */
export interface HandleOptions extends RecordOptions {
  limiter?: Limiter;
}

/**
 * Handles `POST /api/eventos`.
 * @returns 204 (stored, or ignored for a bot, a request without User-Agent
 *   or an untracked area), 400 (malformed JSON, invalid body or path), 405,
 *   413 (body over {@link MAX_BEACON_BYTES}), 415 (another content type) or
 *   429 (over {@link ANALYTICS_LIMIT}, with `Retry-After`).
 */
export async function handleAnalyticsBeacon(
  request: Request,
  clientIp: string | undefined,
  options: HandleOptions = {},
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const userAgent = request.headers.get("User-Agent")?.trim() ?? "";
  if (!userAgent || isbot(userAgent)) return noContent();
  const ip = clientIp || "unknown";
  try {
    await (options.limiter ?? analyticsLimiter()).consume(ip);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return apiError(429, `Muitos eventos seguidos. ${retryAfterText(seconds)}`, undefined, {
      "Retry-After": String(seconds),
    });
  }
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!BEACON_TYPES.has(type)) return apiError(415, "Envie o evento como JSON.");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BEACON_BYTES)
    return apiError(413, "Evento grande demais.");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BEACON_BYTES) return apiError(413, "Evento grande demais.");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return apiError(400, "JSON malformado.");
  }
  const parsed = beaconSchema.safeParse(raw);
  if (!parsed.success) return apiError(400, "Evento inválido.");
  try {
    await recordBeacon(parsed.data, { origin: siteOrigin(request), ip, userAgent }, options);
  } catch (error) {
    if (error instanceof RangeError) return apiError(400, "Evento inválido.");
    throw error;
  }
  return noContent();
}
