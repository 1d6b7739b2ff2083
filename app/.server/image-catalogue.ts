/**
 * Which image URLs the image route may fetch: only those the read model holds
 * (docs/decisions/0067-slow-clients-and-image-route-bounds.md). The photo
 * columns are listings' `cover_photo_url`, `data.photos[].url` /
 * `.thumbnailUrl` and `data.broker.photoUrl`, condominiums' `cover_photo_url`
 * and `data.photos[]`, and brokers' `data.photoUrl`.
 *
 * None of them is indexed for a lookup by URL, and the photos live inside
 * `data` (jsonb): one query per URL scans every listing, too slow for a
 * request. The process therefore keeps a set of 53-bit hashes of every photo
 * URL (a fraction of the memory the URL strings would take at Vista's URL
 * length; the ADR has the figures), loaded on the first
 * disk-cache miss of the image route, a page of listings per query so other
 * requests' queries run in between, then topped up with the rows synced since the last read (`synced_at`,
 * with an overlap that covers rows a running sync commits a little after
 * stamping them, and clocks a little apart). A URL not in the set waits for
 * the next top-up (paged the same way), shared by every request waiting, and is refused if still
 * absent. Top-ups start at most once per `refreshIntervalMs`, and never more
 * often than ten times their own duration (right after a full sync a top-up
 * reads the whole catalogue again); a URL arriving while the next top-up is
 * further away than `refreshIntervalMs` is refused at once. The hash is
 * seeded per process: a URL outside the catalogue passes only by chance
 * (the number of photo URLs over 2^53, per request). Photos removed from the
 * catalogue stay in the set until the process restarts (they were the
 * agency's photos).
 */
import { randomInt } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./db";

/** What the image route asks of the catalogue. */
export interface CatalogueImages {
  /**
   * Whether `href` (a URL as `new URL(…).href` writes it) is a photo URL of
   * the read model; an unknown one may wait for one shared refresh, at most
   * `refreshIntervalMs` (ms) plus its query.
   * @throws the database's error when that refresh fails.
   */
  has(href: string): Promise<boolean>;
  /** URLs (distinct hashes) known now. */
  readonly size: number;
}

/** Options of {@link createCatalogueImages}. */
export interface CatalogueImagesOptions {
  /** The read model (called at each refresh, so tests and restarts get the current one). */
  db: () => Db;
  /** Shortest time between two reads of the database (ms). Default 5000. */
  refreshIntervalMs?: number;
  /** Rows synced this long before the previous read are read again (ms). Default 30000. */
  overlapMs?: number;
}

/** Listings read per query of a full load (a short hold of PGlite's one thread each). */
const LISTINGS_PER_READ = 1_000;

/** Rows synced at or after `since` (null: every row) of `table`. */
const syncedSince = (table: string, since: string | null) =>
  since === null ? sql`true` : sql`${sql.raw(table)}.synced_at >= ${since}::timestamptz`;

/** One photo URL per row: the listings' photo columns for the listings `where` selects. */
function listingPhotoUrls(where: SQL) {
  return sql`
    select cover_photo_url as u from listings where ${where}
    union all select p->>'url' from listings, jsonb_array_elements(coalesce(data->'photos', '[]')) p where ${where}
    union all select p->>'thumbnailUrl' from listings, jsonb_array_elements(coalesce(data->'photos', '[]')) p where ${where}
    union all select data->'broker'->>'photoUrl' from listings where ${where}`;
}

/** One photo URL per row: the condominiums' and brokers' photo columns, for rows synced at or after `since`. */
function otherPhotoUrls(since: string | null) {
  return sql`
    select cover_photo_url as u from condominiums where ${syncedSince("condominiums", since)}
    union all select p->>'url' from condominiums, jsonb_array_elements(coalesce(data->'photos', '[]')) p where ${syncedSince("condominiums", since)}
    union all select p->>'thumbnailUrl' from condominiums, jsonb_array_elements(coalesce(data->'photos', '[]')) p where ${syncedSince("condominiums", since)}
    union all select data->>'photoUrl' from brokers where ${syncedSince("brokers", since)}`;
}

/**
 * The photo URLs of the rows synced at or after `since` (null: all), handed
 * to `add` a page of {@link LISTINGS_PER_READ} listings at a time (by code,
 * the primary key), with a turn of the event loop between pages: no single
 * query holds PGlite long, even when a full sync made every row recent.
 */
async function readPhotoUrls(db: Db, since: string | null, add: (rows: { u: string | null }[]) => void) {
  add((await db.execute<{ u: string | null }>(otherPhotoUrls(since))).rows);
  let after = "";
  for (;;) {
    const [last] = (
      await db.execute<{ code: string | null }>(
        sql`select max(code) as code from (select code from listings where code > ${after} order by code limit ${LISTINGS_PER_READ}) page`,
      )
    ).rows;
    if (!last?.code) return;
    const page = sql`code > ${after} and code <= ${last.code} and ${syncedSince("listings", since)}`;
    add((await db.execute<{ u: string | null }>(listingPhotoUrls(page))).rows);
    after = last.code;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * A seeded 53-bit string hash (cyrb53: two 32-bit multiply-xor lanes, mixed):
 * far cheaper per photo URL than SHA-256 through node:crypto, which would
 * slow the set's load (docs/decisions/0067-slow-clients-and-image-route-bounds.md).
 */
export function seededHash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The set of the read model's photo URLs, kept as keyed hashes; see the module comment. */
export function createCatalogueImages(options: CatalogueImagesOptions): CatalogueImages {
  const refreshIntervalMs = options.refreshIntervalMs ?? 5_000;
  const overlapMs = options.overlapMs ?? 30_000;
  const seed = randomInt(2 ** 32);
  const hashes = new Set<number>();
  /** Rows synced at or after this instant (PostgreSQL's text) are read at the next refresh; null: everything. */
  let since: string | null = null;
  /** When the next refresh may start (epoch ms). */
  let nextAllowed = 0;
  let next: Promise<void> | null = null;

  const hash = (href: string) => seededHash53(href, seed);

  async function refresh(): Promise<void> {
    const started = Date.now();
    nextAllowed = started + refreshIntervalMs;
    const db = options.db();
    // The database's clock, as its own text: it goes back as the next `since` unchanged.
    const [{ next: nextSince }] = (
      await db.execute<{ next: string }>(sql`select (now() - make_interval(secs => ${overlapMs / 1000}))::text as next`)
    ).rows;
    const add = (rows: { u: string | null }[]) => {
      for (const { u } of rows) {
        if (!u) continue;
        try {
          hashes.add(hash(new URL(u).href));
        } catch {
          // Not a URL: the image route would refuse it anyway.
        }
      }
    };
    await readPhotoUrls(db, since, add);
    since = nextSince;
    nextAllowed = started + Math.max(refreshIntervalMs, (Date.now() - started) * 10);
  }

  /**
   * The next refresh, shared by every caller until it ends; null when it could
   * not start within `refreshIntervalMs` (a costly one just ran).
   */
  function nextRefresh(): Promise<void> | null {
    if (next) return next;
    const wait = Math.max(0, nextAllowed - Date.now());
    if (wait > refreshIntervalMs) return null;
    next = new Promise<void>((resolve) => setTimeout(resolve, wait)).then(refresh).finally(() => {
      next = null;
    });
    return next;
  }

  return {
    async has(href) {
      const key = hash(href);
      if (hashes.has(key)) return true;
      const refreshed = nextRefresh();
      if (!refreshed) return false;
      await refreshed;
      return hashes.has(key);
    },
    get size() {
      return hashes.size;
    },
  };
}
