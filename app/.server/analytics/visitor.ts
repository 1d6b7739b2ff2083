/**
 * Counting unique visitors without identifying them
 * (docs/decisions/0030-first-party-analytics.md), as Plausible does: the
 * visitor hash is SHA-256(daily salt + site origin + IP + User-Agent). The
 * salt is 32 random bytes per São Paulo day, kept in the database (so every
 * server process hashes alike) and deleted after the next day
 * ({@link pruneSalts}); once it is gone nobody, the agency included, can
 * recompute a hash from an IP. Neither the IP nor the User-Agent is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { lt, eq } from "drizzle-orm";
import type { Db } from "../db";
import { analyticsSalts } from "../db/schema";
import type { DeviceClass } from "~/lib/analytics-events";
import { addDays, SAO_PAULO_TIME_ZONE, saoPauloDate } from "~/lib/sao-paulo-time";

/** The time zone the agency's days are counted in (`~/lib/sao-paulo-time`). */
export const ANALYTICS_TIME_ZONE = SAO_PAULO_TIME_ZONE;

// The São Paulo calendar day of an instant (`YYYY-MM-DD`), and calendar
// arithmetic on such days: the site's one time-zone helper.
export { addDays, saoPauloDate as saoPauloDay };

/**
 * The device class of a User-Agent: "tablet" (iPad, Android without
 * "Mobile", "Tablet"), "mobile" ("Mobi", iPhone, Android) or "desktop".
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Opera Mini|IEMobile/i.test(userAgent)) return "mobile";
  return "desktop";
}

/**
 * The visitor hash: SHA-256 hex of salt + origin + IP + User-Agent. Same
 * inputs on the same day give the same hash; another day's salt gives an
 * unrelated one.
 */
export function visitorHash(input: { salt: string; origin: string; ip: string; userAgent: string }): string {
  return createHash("sha256").update(`${input.salt}${input.origin}${input.ip}${input.userAgent}`).digest("hex");
}

/** Salts read in this process, per database and day (a salt never changes once stored). */
const saltCaches = new WeakMap<Db, Map<string, string>>();

function cacheOf(db: Db): Map<string, string> {
  let cache = saltCaches.get(db);
  if (!cache) {
    cache = new Map();
    saltCaches.set(db, cache);
  }
  return cache;
}

/**
 * The salt of `day` (`YYYY-MM-DD`): read, or created with 32 random bytes
 * when missing. Concurrent creators (several processes) insert with
 * `on conflict do nothing` and all read back the one that won.
 * @throws database errors.
 */
export async function dailySalt(db: Db, day: string): Promise<string> {
  const saltCache = cacheOf(db);
  const cached = saltCache.get(day);
  if (cached) return cached;
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`analytics salt of ${day} missing after insert`);
  if (saltCache.size > 4) saltCache.clear();
  saltCache.set(day, row.salt);
  return row.salt;
}

/**
 * Deletes the salts of days before yesterday (São Paulo) and forgets them in
 * this process.
 * @returns how many were deleted.
 */
export async function pruneSalts(db: Db, now: Date = new Date()): Promise<number> {
  const yesterday = addDays(saoPauloDate(now), -1);
  const deleted = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, yesterday))
    .returning({ day: analyticsSalts.day });
  const saltCache = cacheOf(db);
  for (const day of [...saltCache.keys()]) if (day < yesterday) saltCache.delete(day);
  return deleted.length;
}

/** Forgets the salts of `db` cached in this process (tests that delete salts behind its back). */
export function clearSaltCache(db: Db): void {
  saltCaches.delete(db);
}
