/**
 * `GET /health/server` (docs/spec.txt §7 "Health API"; docs/product.md "Defaults"):
 * the state of the database and of the listings sync, for load
 * balancers, the Docker HEALTHCHECK and operators.
 *
 * - 200 "ok": database answers, the last sync succeeded recently.
 * - 200 "degraded": database answers, but the sync is stale or its last run
 *   failed. Stale (`sync.staleReason`, docs/decisions/0068-sync-faults.md):
 *   no success within {@link staleAfterMs} ("no-success"); no run received a
 *   listing within {@link fetchStaleAfterMs} ("nothing-fetched": the nightly
 *   full reconciliation reads every listing, so a day without one means the
 *   sync runs but sees nothing); or a watermark after tomorrow
 *   ("future-watermark", which would make every incremental run empty).
 *   Or the sync's safety valve holds removals back (`sync.heldReason`
 *   "removals-held", docs/decisions/0073-sync-safety-valve.md): the catalogue
 *   is kept while an answer that would unpublish too much of it is checked.
 * - 503 "error": the database does not answer.
 *
 * The body never contains the Vista key nor a URL carrying it: error messages
 * are the sync's (already redacted by the Vista client) and are redacted again.
 *
 * Who sees what (docs/decisions/0066-logs-exports-and-health-without-secrets.md):
 * anyone gets only `{ status }` ({@link publicHealth}) with the same HTTP
 * status, which is all the Docker HEALTHCHECK and Caddy's active check read;
 * the full {@link HealthReport} (database kind, sync dates, counts, last
 * error) goes to a signed-in admin and to a request made on this host
 * ({@link isDirectLocalRequest}), such as an operator's `curl` or the tests.
 *
 * Cost: the route reads {@link getCachedHealth}, one report shared for about
 * two seconds with a single round in flight, so a flood of health requests
 * costs at most one database round per {@link HEALTH_CACHE_TTL_MS}.
 */
import { sql } from "drizzle-orm";
import { SESSION_COOKIE_NAMES } from "./auth/session";
import { getConfig } from "./config";
import { getDb, type Database } from "./db";
import { listings } from "./db/schema";
import { getSyncScheduler, readRemovalHold, readSyncOverview, type SyncScheduler } from "./sync";
import { agencyDay, FUTURE_TOLERANCE_DAYS } from "./sync/wire-check";
import { redactSecrets } from "./vista/errors";
import { getVistaTarget } from "./vista/target";

/** The JSON body of `GET /health/server`. Dates are ISO strings, durations ms. */
export interface HealthReport {
  status: "ok" | "degraded" | "error";
  database: {
    ok: boolean;
    kind: "pglite" | "postgres" | null;
    /** Round trip of `select 1`, ms; null when it failed. */
    latencyMs: number | null;
  };
  sync: {
    /** A run is in progress (in this process, or per `sync_state` in the leader). */
    running: boolean;
    lastStartedAt: string | null;
    lastSuccessAt: string | null;
    lastErrorAt: string | null;
    /** Message of the last failure (redacted); kept after a later success, compare the dates. */
    lastError: string | null;
    /** Counts of the last successful run ({ fetched, upserted, removed, total, durationMs, … }). */
    counts: Record<string, number> | null;
    /** Listings the public site shows now (`removed_at is null`). */
    activeListings: number | null;
    /** The sync is stale: see `staleReason`. */
    stale: boolean;
    /**
     * Why it is stale: "no-success" (none within {@link staleAfterMs}),
     * "nothing-fetched" (no run received a listing within
     * {@link fetchStaleAfterMs}), "future-watermark"; null when not stale.
     */
    staleReason: "no-success" | "nothing-fetched" | "future-watermark" | null;
    /** End of the last successful run that received at least one listing. */
    lastFetchedAt: string | null;
    /** Start of the last successful full run (the nightly reconciliation, or one an admin asked for). */
    lastFullSyncAt: string | null;
    /** Where the next incremental run starts (ISO date). */
    watermark: string | null;
    /** "removals-held": the safety valve holds removals back (see `heldRemovals`); null otherwise. */
    heldReason: "removals-held" | null;
    /**
     * The hold: removals held (listings), active listings and the limit when
     * the last run decided, consecutive agreeing runs, when it started, and
     * whether an admin confirmed it; null when nothing is held.
     */
    heldRemovals: {
      removals: number;
      active: number;
      limit: number;
      runs: number;
      since: string;
      confirmed: boolean;
    } | null;
  };
  uptimeSeconds: number;
}

/** Options of {@link getHealth} (all defaulted from the process; injectable for tests). */
export interface HealthOptions {
  database?: Database;
  scheduler?: SyncScheduler | null;
  /** Sync interval in seconds (default: the scheduler's, else `SYNC_INTERVAL_SECONDS`). */
  intervalSeconds?: number;
  /** Database round-trip budget, ms (default 3000). */
  timeoutMs?: number;
  now?: Date;
}

/**
 * How old the last successful sync may be before health says "degraded":
 * three intervals, at least 15 minutes (ms).
 */
export function staleAfterMs(intervalSeconds: number): number {
  return Math.max(3 * intervalSeconds * 1000, 15 * 60 * 1000);
}

/**
 * How long the sync may go without receiving a single listing before health
 * says "degraded": a day (the nightly full reconciliation reads them all)
 * plus {@link staleAfterMs} (ms).
 */
export function fetchStaleAfterMs(intervalSeconds: number): number {
  return 24 * 60 * 60 * 1000 + staleAfterMs(intervalSeconds);
}

/**
 * Checks the database and reads the sync state.
 * @returns the HTTP status (200 or 503) and the body; never throws.
 */
export async function getHealth(options: HealthOptions = {}): Promise<{ httpStatus: number; body: HealthReport }> {
  const now = options.now ?? new Date();
  const scheduler = options.scheduler === undefined ? getSyncScheduler() : options.scheduler;
  const schedulerStatus = scheduler?.status();
  const intervalSeconds = options.intervalSeconds ?? schedulerStatus?.intervalSeconds ?? safeInterval();
  const body: HealthReport = {
    status: "ok",
    database: { ok: false, kind: null, latencyMs: null },
    sync: {
      running: schedulerStatus?.running ?? false,
      lastStartedAt: null,
      lastSuccessAt: null,
      lastErrorAt: null,
      lastError: null,
      counts: null,
      activeListings: null,
      stale: true,
      staleReason: "no-success",
      lastFetchedAt: null,
      lastFullSyncAt: null,
      watermark: null,
      heldReason: null,
      heldRemovals: null,
    },
    uptimeSeconds: Math.round(process.uptime()),
  };

  let database: Database;
  try {
    database = options.database ?? getDb();
    body.database.kind = database.kind;
    const started = performance.now();
    await withTimeout(database.db.execute(sql`select 1`), options.timeoutMs ?? 3000);
    body.database.latencyMs = Math.round((performance.now() - started) * 10) / 10;
    body.database.ok = true;
  } catch {
    body.status = "error";
    return { httpStatus: 503, body };
  }

  try {
    const [{ state, marks }, active, hold] = await Promise.all([
      readSyncOverview(database.db),
      database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${listings} where ${listings.removedAt} is null`,
      ),
      readRemovalHold(database.db, { codes: false }),
    ]);
    if (hold) {
      body.sync.heldReason = "removals-held";
      body.sync.heldRemovals = {
        removals: hold.removals,
        active: hold.active,
        limit: hold.limit,
        runs: hold.runs,
        since: hold.since.toISOString(),
        confirmed: hold.confirmedAt !== null,
      };
    }
    body.sync.activeListings = Number(active.rows[0]?.n ?? 0);
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    body.sync.lastFetchedAt = iso(marks.lastFetchedAt);
    body.sync.lastFullSyncAt = iso(marks.lastFullAt);
    if (state) {
      body.sync.lastStartedAt = iso(state.lastStartedAt);
      body.sync.lastSuccessAt = iso(state.lastSuccessAt);
      body.sync.lastErrorAt = iso(state.lastErrorAt);
      body.sync.lastError = state.lastError ? redact(state.lastError) : null;
      body.sync.counts = state.counts ?? null;
      body.sync.watermark = state.watermark ?? null;
      const window = staleAfterMs(intervalSeconds);
      body.sync.staleReason = staleReasonOf(state, marks.lastFetchedAt, now, intervalSeconds);
      body.sync.stale = body.sync.staleReason !== null;
      // Another process may be the leader: a start newer than its last outcome, recent enough.
      const lastOutcome = Math.max(state.lastSuccessAt?.getTime() ?? 0, state.lastErrorAt?.getTime() ?? 0);
      const startedAt = state.lastStartedAt?.getTime() ?? 0;
      if (startedAt > lastOutcome && now.getTime() - startedAt < window) body.sync.running = true;
    }
    const failedLast =
      body.sync.lastErrorAt !== null &&
      (body.sync.lastSuccessAt === null || body.sync.lastErrorAt > body.sync.lastSuccessAt);
    if (body.sync.stale || failedLast || body.sync.heldReason) body.status = "degraded";
  } catch {
    // Tables missing (not migrated yet) or a query failed: the database answers, the sync state is unknown.
    body.status = "degraded";
  }
  return { httpStatus: 200, body };
}

/**
 * Why the sync is stale at `now`, or null (see {@link HealthReport}
 * `sync.staleReason`). A missing `lastFetchedAt` (state written before it was
 * kept) is not held against the sync.
 */
export function staleReasonOf(
  state: { lastSuccessAt: Date | null; watermark: string | null },
  lastFetchedAt: Date | null,
  now: Date,
  intervalSeconds: number,
): HealthReport["sync"]["staleReason"] {
  if (!state.lastSuccessAt || now.getTime() - state.lastSuccessAt.getTime() > staleAfterMs(intervalSeconds)) {
    return "no-success";
  }
  if (lastFetchedAt && now.getTime() - lastFetchedAt.getTime() > fetchStaleAfterMs(intervalSeconds)) {
    return "nothing-fetched";
  }
  const tomorrow = agencyDay(new Date(now.getTime() + FUTURE_TOLERANCE_DAYS * 24 * 60 * 60 * 1000));
  if (state.watermark && state.watermark > tomorrow) return "future-watermark";
  return null;
}

/** What {@link getHealth} resolves to. */
export type HealthResult = Awaited<ReturnType<typeof getHealth>>;

/** How long a health report is reused, ms. */
export const HEALTH_CACHE_TTL_MS = 2000;

/** Options of {@link createHealthCache}. */
export interface HealthCacheOptions {
  /** How long a report is reused, counted from the start of its round (default {@link HEALTH_CACHE_TTL_MS}). */
  ttlMs?: number;
  /** Current time in ms (default `Date.now`; injectable for tests). */
  clock?: () => number;
}

/**
 * Memoises `load` (default {@link getHealth}): callers within `ttlMs` of the
 * start of the last round share its result, and concurrent callers share the
 * one round in flight, so at most one round starts per `ttlMs` and never two
 * at once. A rejected round is not kept (the next call starts another).
 * @returns a function that answers the current (possibly shared) report.
 */
export function createHealthCache(
  load: () => Promise<HealthResult> = () => getHealth(),
  options: HealthCacheOptions = {},
): () => Promise<HealthResult> {
  const ttlMs = options.ttlMs ?? HEALTH_CACHE_TTL_MS;
  const clock = options.clock ?? Date.now;
  let current: { startedAt: number; result: Promise<HealthResult> } | null = null;
  return () => {
    const now = clock();
    if (current && now - current.startedAt < ttlMs) return current.result;
    const round = { startedAt: now, result: load() };
    current = round;
    round.result.catch(() => {
      if (current === round) current = null;
    });
    return round.result;
  };
}

/** The process's shared health report (see {@link createHealthCache}); what `GET /health/server` answers. */
export const getCachedHealth = createHealthCache();

function safeInterval(): number {
  try {
    return getConfig().SYNC_INTERVAL_SECONDS;
  } catch {
    return 300;
  }
}

function redact(message: string): string {
  let key: string | undefined;
  try {
    key = getVistaTarget().key;
  } catch {
    key = undefined;
  }
  return redactSecrets(message, key);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The answer of `GET /health/server` for anyone: the status only. */
export interface PublicHealth {
  status: HealthReport["status"];
}

/** The part of a report anyone may read. */
export function publicHealth(report: HealthReport): PublicHealth {
  return { status: report.status };
}

/** Whether `address` (a socket's remote address) is a loopback address: 127.0.0.0/8 or ::1, IPv4-mapped too. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:/, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/** Whether a header is one a reverse proxy adds (`Forwarded`, `Via`, `X-Real-IP`, `X-Forwarded-*`). */
function isForwardingHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "forwarded" || lower === "via" || lower === "x-real-ip" || lower.startsWith("x-forwarded-");
}

/**
 * Whether a request was made on this host itself: its socket's remote
 * address (never `X-Forwarded-For`, which a client chooses) is loopback, and
 * it carries no header a reverse proxy adds. The second condition matters
 * when nginx or Caddy runs on the same host: every visitor then arrives from
 * 127.0.0.1, with the proxy's `X-Forwarded-For`.
 */
export function isDirectLocalRequest(peerAddress: string | null | undefined, headers: Headers): boolean {
  if (!isLoopbackAddress(peerAddress)) return false;
  for (const [name] of headers) if (isForwardingHeader(name)) return false;
  return true;
}

/** Whether the `Cookie` header carries a cookie named one of `names` (with a non-empty value). */
export function hasCookieNamed(cookieHeader: string | null, names: readonly string[]): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (names.includes(part.slice(0, index).trim()) && part.slice(index + 1).trim() !== "") return true;
  }
  return false;
}

/**
 * Whether the requester may read the full report: a request made on this
 * host, or one with a credential that `isAdmin` accepts. `isAdmin` is asked
 * only when the request carries the session cookie (one of
 * `sessionCookieNames`) or an `Authorization` header, so load balancers'
 * checks and visitors with unrelated cookies never touch the sessions
 * table. A failing `isAdmin` counts as no.
 */
export async function mayReadHealthDetails(
  request: Request,
  peerAddress: string | null | undefined,
  isAdmin: (request: Request) => Promise<boolean>,
  sessionCookieNames: readonly string[] = SESSION_COOKIE_NAMES,
): Promise<boolean> {
  if (isDirectLocalRequest(peerAddress, request.headers)) return true;
  const hasCredential =
    request.headers.has("authorization") || hasCookieNamed(request.headers.get("cookie"), sessionCookieNames);
  if (!hasCredential) return false;
  return isAdmin(request).catch(() => false);
}
