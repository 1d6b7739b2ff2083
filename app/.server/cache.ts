/**
 * In-memory caches of the server, on `lru-cache`, one per name and process
 * (see `./singleton`), registered so that {@link clearCaches} empties them all
 * at once: when a sync has changed the read model, and between tests.
 */
import { LRUCache } from "lru-cache";
import type { Db } from "./db";
import { singleton } from "./singleton";

/** What the registry needs of a cache. */
interface Clearable {
  clear(): void;
}

/** Registered caches by name, shared by every copy of this module. */
const registry = singleton("caches:registry", () => new Map<string, Clearable>());

/**
 * The process-wide LRU cache `name`, created with `options` on first use and
 * registered for {@link clearCaches}.
 */
export function lruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>, FC = unknown>(
  name: string,
  options: LRUCache.Options<K, V, FC>,
): LRUCache<K, V, FC> {
  const cache = singleton(`cache:${name}`, () => new LRUCache<K, V, FC>(options));
  registry.set(name, cache);
  return cache;
}

/**
 * Empties the registered caches named in `names`, or every one when omitted.
 * Unknown names are ignored (their module has not been loaded yet, so nothing
 * is cached under them).
 */
export function clearCaches(names?: readonly string[]): void {
  for (const [name, cache] of registry) {
    if (!names || names.includes(name)) cache.clear();
  }
}

/** How long a value counted empty by `isEmpty` is kept (ms), unless `emptyTtlMs` says otherwise. */
export const EMPTY_VALUE_TTL_MS = 5_000;

/** Options of {@link databaseCache}. */
export interface DatabaseCacheOptions<V> {
  /** What the value is, for the error message ("vocabulary" → "vocabulary unavailable"). */
  what: string;
  /** How long a loaded value is served as fresh (ms); afterwards it is served stale while it reloads. */
  ttlMs: number;
  /**
   * Whether a loaded value counts as empty: it is then kept only `emptyTtlMs`,
   * so that an empty catalogue (first sync still running) is read again soon.
   */
  isEmpty?(value: V): boolean;
  /** Lifetime of an empty value (ms), default {@link EMPTY_VALUE_TTL_MS}. */
  emptyTtlMs?: number;
  /** Reads the value from the database. */
  load(db: Db): Promise<V>;
}

/** A value cached per database, see {@link databaseCache}. */
export interface DatabaseCache<V> {
  /**
   * The value for `db`, loaded on first use.
   * @throws `"<what> unavailable"` (or the load's error) when nothing is cached and the load fails.
   */
  get(db: Db): Promise<V>;
  /** Forgets the values of every database. */
  clear(): void;
}

/**
 * A value read from the database and cached per database (at most 8) under
 * the registered name `name`: fresh for `ttlMs`, then served stale while one
 * background load refreshes it (stale-while-revalidate); a failed refresh keeps
 * the stale value. Concurrent calls share one load.
 */
export function databaseCache<V extends NonNullable<unknown>>(
  name: string,
  options: DatabaseCacheOptions<V>,
): DatabaseCache<V> {
  const cache = lruCache<Db, V>(name, {
    max: 8,
    ttl: options.ttlMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (db, _stale, { options: fetchOptions }) => {
      const value = await options.load(db);
      if (options.isEmpty?.(value)) fetchOptions.ttl = options.emptyTtlMs ?? EMPTY_VALUE_TTL_MS;
      return value;
    },
  });
  return {
    async get(db) {
      const value = await cache.fetch(db);
      if (!value) throw new Error(`${options.what} unavailable`);
      return value;
    },
    clear: () => cache.clear(),
  };
}
