/**
 * Rate limiters for the sign-in and contact forms (ADR 0015, ADR 0016) on
 * rate-limiter-flexible, counted where every server process sees the same
 * counts (docs/decisions/0026-several-servers.md):
 *
 * - on PostgreSQL (`DATABASE_URL`): `RateLimiterPostgres` on the shared `pg`
 *   pool, in the table {@link RATE_LIMIT_TABLE} (key, points, expire), which
 *   is created with `CREATE TABLE IF NOT EXISTS` on first use (not a drizzle
 *   migration: the library owns its shape, and a table missing after a
 *   restore is re-created). Expired rows are deleted by the library every
 *   5 minutes. When a query fails (database down, table missing) the
 *   limiter falls back to an in-memory `insuranceLimiter` with the same rule,
 *   so an outage never blocks sign-ins and still limits each process;
 * - on PGlite (one process): `RateLimiterMemory`.
 *
 * Keys pass through `limiterKey`: every address of one IPv6 /64 counts as
 * one client, since a home connection may pick any address of its /64
 * (docs/decisions/0062-bounded-work-per-request.md).
 */
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from "rate-limiter-flexible";
import { limiterKey } from "~/lib/client-address";
import { getConfig } from "./config";
import { type Database, getDb } from "./db";
import { singleton } from "./singleton";

/** Table of the shared counters (one row per limiter prefix and key). */
export const RATE_LIMIT_TABLE = "rate_limits";

/** Longest key stored as is; longer ones (a long e-mail) are hashed to fit the `varchar(255)` column. */
const MAX_PLAIN_KEY = 160;

/** Where counts are kept: the PostgreSQL of the given database, or null for this process's memory. */
export type RateLimitStore = Database | null;

/**
 * The store for the app's limiters: the process database when it is
 * PostgreSQL (`DATABASE_URL`), else null (memory). Does not open PGlite.
 */
export function defaultRateLimitStore(): RateLimitStore {
  return getConfig().DATABASE_URL ? getDb() : null;
}

/** What the forms need of a limiter (a subset of rate-limiter-flexible's). */
export interface Limiter {
  /**
   * Counts one point for `key`.
   * @throws {import("rate-limiter-flexible").RateLimiterRes} when over the limit.
   */
  consume(key: string): Promise<unknown>;
  /** Gives `points` back to `key`. */
  reward(key: string, points: number): Promise<unknown>;
  /** Forgets `key`. */
  delete(key: string): Promise<unknown>;
  /** The points counted for `key` in its current window and the ms until that window ends; null when none. */
  get(key: string): Promise<LimiterState | null>;
  /** Refuses `key` for `seconds` from now (its count is set past the limit). */
  block(key: string, seconds: number): Promise<unknown>;
}

/** What {@link Limiter.get} reports of a key. */
export interface LimiterState {
  consumedPoints: number;
  msBeforeNext: number;
}

const tables = new WeakMap<Database, Promise<void>>();

/** Creates the counters table once per database (concurrent creators: the loser's duplicate-type error is ignored). */
function ensureTable(database: Database): Promise<void> {
  let ready = tables.get(database);
  if (!ready) {
    ready = database
      .pool!.query(
        `create table if not exists "${RATE_LIMIT_TABLE}" (key varchar(255) primary key, points integer not null default 0, expire bigint)`,
      )
      .then(
        () => undefined,
        (error: { code?: string; message?: string }) => {
          if (error.code === "23505" || error.code === "42P07") return;
          // Forget the failure so the next request tries again; this one uses the insurance limiter.
          tables.delete(database);
          console.error(`[rate-limit] tabela ${RATE_LIMIT_TABLE} indisponível: ${error.message}`);
        },
      );
    tables.set(database, ready);
  }
  return ready;
}

/**
 * The memory limiter with its keys made client keys ({@link limiterKey}:
 * every address of an IPv6 /64 counts as one client).
 */
function clientKeyed(memory: RateLimiterMemory): Limiter {
  return {
    consume: (key) => memory.consume(limiterKey(key)),
    reward: (key, points) => memory.reward(limiterKey(key), points),
    delete: (key) => memory.delete(limiterKey(key)),
    get: (key) => memory.get(limiterKey(key)),
    block: (key, seconds) => memory.block(limiterKey(key), seconds),
  };
}

function storedKey(key: string): string {
  const plain = key || "unknown";
  return plain.length <= MAX_PLAIN_KEY ? plain : `sha256:${createHash("sha256").update(plain).digest("hex")}`;
}

/**
 * A limiter of `points` per `durationSeconds` under `keyPrefix`, shared
 * through `store` when given (PostgreSQL), else in memory.
 */
export function createLimiter(
  rule: { keyPrefix: string; points: number; durationSeconds: number },
  store: RateLimitStore,
): Limiter {
  const memory = new RateLimiterMemory({
    keyPrefix: rule.keyPrefix,
    points: rule.points,
    duration: rule.durationSeconds,
  });
  if (!store?.pool) return clientKeyed(memory);
  const database = store;
  const shared: RateLimiterAbstract = new RateLimiterPostgres({
    storeClient: store.pool,
    storeType: "pool",
    tableName: RATE_LIMIT_TABLE,
    // Created by ensureTable() before the first query (the library's own
    // creation would throw an unhandled rejection when the database is down).
    tableCreated: true,
    keyPrefix: rule.keyPrefix,
    points: rule.points,
    duration: rule.durationSeconds,
    insuranceLimiter: memory,
  });
  // Each call makes sure the table exists, then passes the stored form of the key.
  const onTable =
    <Rest extends unknown[], R>(call: (key: string, ...rest: Rest) => Promise<R>) =>
    async (key: string, ...rest: Rest): Promise<R> => {
      await ensureTable(database);
      return call(storedKey(limiterKey(key)), ...rest);
    };
  return {
    consume: onTable((key) => shared.consume(key)),
    reward: onTable((key, points: number) => shared.reward(key, points)),
    delete: onTable((key) => shared.delete(key)),
    get: onTable((key) => shared.get(key)),
    block: onTable((key, seconds: number) => shared.block(key, seconds)),
  };
}

/**
 * The process's one limiter named `name` (a {@link singleton}, so tests
 * replace it with `setSingleton(name, …)`), created at first use with
 * {@link createLimiter} on the {@link defaultRateLimitStore}.
 */
export function processLimiter(
  name: string,
  rule: { keyPrefix: string; points: number; durationSeconds: number },
): Limiter {
  return singleton(name, () => createLimiter(rule, defaultRateLimitStore()));
}
