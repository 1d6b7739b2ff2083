/**
 * Brokers' public portfolios, `/corretor/{filtro}` (ADR 0008).
 *
 * A broker is a row of the read model's `brokers` table (Vista `Corretor`,
 * website-safe subset); a broker's slug here is `slugify(name)`. A broker an
 * active team member carries is shown as that member and its page answers
 * 301 to `/membro/{slug}` (ADR 0085, `./broker-identity`, `./broker-page`).
 * `{filtro}` resolves as:
 *
 * 1. the exact Vista broker code (`brokers.code`), else the code in another case;
 * 2. else the broker whose `slugify(name)` equals `slugify({filtro})`; when
 *    several brokers share that slug, the one with most active listings wins
 *    (ties: lowest code) and owns the slug.
 *
 * A broker's canonical path is `/corretor/{slug}` when it owns its slug, else
 * `/corretor/{code}` (a namesake losing the tie, or a name with no slug). Any
 * other spelling that resolves to the broker redirects there (the page's job).
 *
 * The directory of brokers (with active-listing counts and slugs) changes only
 * with a sync, so it is cached in memory for {@link BROKER_DIRECTORY_TTL_MS}
 * per database.
 */
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Broker } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { LISTINGS_PAGE_SIZE, type SortOrder } from "~/lib/filters";
import { slugify } from "~/lib/slug";
import { getDb, type Db } from "../db";
import { brokers, listings } from "../db/schema";
import { databaseCache } from "../cache";
import { sortOrder, summaryColumns, toListingSummary } from "./search";

/** How long the broker directory is served from memory (ms). */
export const BROKER_DIRECTORY_TTL_MS = 60_000;

/** Path prefix of the broker pages (docs/spec.txt §2 route `/corretor/{filtro}`). */
export const BROKER_PATH_PREFIX = "/corretor/";

/** A broker as the public portfolio shows it: website-safe fields only (docs/vista-api.md §6.6). */
export interface BrokerProfile extends Broker {
  /** `slugify(name)`, "" when the name has no letters or digits. */
  slug: string;
  /** Canonical page path: `/corretor/{slug}`, or `/corretor/{code}` when the slug is taken or empty. */
  path: string;
  /** Active listings of the broker in the read model. */
  activeListings: number;
}

/** Every broker with its slug, canonical path and active listings, indexed for resolution. */
export interface BrokerDirectory {
  /** All brokers, most active listings first, then by code. */
  brokers: BrokerProfile[];
  /** Broker by exact code. */
  byCode: Map<string, BrokerProfile>;
  /** Broker by upper-cased code (case-insensitive code match). */
  byUpperCode: Map<string, BrokerProfile>;
  /** The owner of each slug (most active listings; ties by lowest code). */
  bySlug: Map<string, BrokerProfile>;
}

/** The website-safe subset of a stored broker (defence in depth: the sync stores only it). */
function publicBroker(code: string, data: Partial<Broker> | null | undefined): Broker {
  return {
    code,
    name: (data?.name ?? "").trim(),
    email: data?.email ?? "",
    phone: data?.phone ?? "",
    mobile: data?.mobile ?? "",
    creci: data?.creci ?? "",
    photoUrl: data?.photoUrl ?? "",
  };
}

/**
 * Builds the directory from rows of the `brokers` table and active-listing
 * counts per broker code (pure; see the module comment for the slug rule).
 */
export function buildBrokerDirectory(
  rows: readonly { code: string; data: Partial<Broker> | null }[],
  activeCounts: ReadonlyMap<string, number>,
): BrokerDirectory {
  const all = rows
    .map((row) => {
      const broker = publicBroker(row.code, row.data);
      return { ...broker, slug: slugify(broker.name), path: "", activeListings: activeCounts.get(row.code) ?? 0 };
    })
    .sort((a, b) => b.activeListings - a.activeListings || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const bySlug = new Map<string, BrokerProfile>();
  const byCode = new Map<string, BrokerProfile>();
  const byUpperCode = new Map<string, BrokerProfile>();
  for (const broker of all) {
    // Sorted by active listings first: the first broker seen with a slug owns it.
    if (broker.slug && !bySlug.has(broker.slug)) bySlug.set(broker.slug, broker);
    byCode.set(broker.code, broker);
    if (!byUpperCode.has(broker.code.toUpperCase())) byUpperCode.set(broker.code.toUpperCase(), broker);
  }
  for (const broker of all) {
    broker.path =
      broker.slug && bySlug.get(broker.slug) === broker
        ? `${BROKER_PATH_PREFIX}${broker.slug}`
        : `${BROKER_PATH_PREFIX}${encodeURIComponent(broker.code)}`;
  }
  return { brokers: all, byCode, byUpperCode, bySlug };
}

/** Reads the broker directory from the read model, uncached. */
export async function loadBrokerDirectory(db: Db): Promise<BrokerDirectory> {
  const [rows, counts] = await Promise.all([
    db.select({ code: brokers.code, data: brokers.data }).from(brokers),
    db
      .select({ code: listings.brokerCode, count: count() })
      .from(listings)
      .where(and(isNull(listings.removedAt), sql`${listings.brokerCode} is not null`))
      .groupBy(listings.brokerCode),
  ]);
  return buildBrokerDirectory(rows, new Map(counts.map((c) => [c.code ?? "", c.count])));
}

const directoryCache = databaseCache<BrokerDirectory>("catalogue:brokers", {
  what: "broker directory",
  ttlMs: BROKER_DIRECTORY_TTL_MS,
  isEmpty: (directory) => directory.brokers.length === 0,
  load: loadBrokerDirectory,
});

/**
 * The broker directory, cached (see the module comment).
 * @throws when the database fails and nothing is cached yet.
 */
export async function getBrokerDirectory(options: { db?: Db } = {}): Promise<BrokerDirectory> {
  return directoryCache.get(options.db ?? getDb().db);
}

/** Forgets cached broker directories (tests; after a sync that changed listings `clearCaches()` empties every cache). */
export function clearBrokerCache(): void {
  directoryCache.clear();
}

/**
 * The broker `{filtro}` names (see the module comment for the order), or null
 * when none does (the page answers 404). Never throws on odd input (blank,
 * very long, symbols only).
 */
export function resolveBroker(directory: BrokerDirectory, filtro: string): BrokerProfile | null {
  const wanted = filtro.trim();
  if (!wanted || wanted.length > 120) return null;
  const byCode = directory.byCode.get(wanted) ?? directory.byUpperCode.get(wanted.toUpperCase());
  if (byCode) return byCode;
  const slug = slugify(wanted);
  return slug ? (directory.bySlug.get(slug) ?? null) : null;
}

/** One page of a broker's active listings. */
export interface BrokerListingsPage {
  items: ListingSummary[];
  /** Active listings of the broker in total. */
  total: number;
  /** The page asked for (1-based); may exceed `pageCount`, then `items` is empty. */
  page: number;
  /** Pages of `pageSize` (0 when the broker has no active listing). */
  pageCount: number;
}

/**
 * One page of the active listings of broker `code`, in `sort` order (the
 * list page's sorts, `sortOrder` of search.ts; default most recent first),
 * {@link LISTINGS_PAGE_SIZE} per page unless `pageSize` is given.
 * @throws when the database fails.
 */
export async function brokerListings(
  code: string,
  options: { sort?: SortOrder; page?: number; pageSize?: number; db?: Db } = {},
): Promise<BrokerListingsPage> {
  const db = options.db ?? getDb().db;
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? LISTINGS_PAGE_SIZE));
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const where = and(isNull(listings.removedAt), eq(listings.brokerCode, code));
  // Two steps: order and page over plain columns first, then read the page's
  // summaries, so the large `data` document is read for 24 rows only.
  const [pageCodes, totals] = await Promise.all([
    db
      .select({ code: listings.code })
      .from(listings)
      .where(where)
      .orderBy(...sortOrder({ sort: options.sort }))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  const codes = pageCodes.map((row) => row.code);
  const summaries = codes.length
    ? await db.select(summaryColumns).from(listings).where(inArray(listings.code, codes))
    : [];
  const byCode = new Map(summaries.map((row) => [row.code, row]));
  const rows = codes.map((c) => byCode.get(c)).filter((row): row is (typeof summaries)[number] => row != null);
  const total = totals[0]?.total ?? 0;
  return { items: rows.map(toListingSummary), total, page, pageCount: Math.ceil(total / pageSize) };
}
