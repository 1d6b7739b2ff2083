/**
 * The owner-data access log and the per-user hourly limit (ADR 0022).
 *
 * LGPD art. 37 requires the controller to keep a record of its processing of
 * personal data. Every time the broker area serves a listing's owner data
 * (owner name and phone, internal notes, prontuário) one `owner_data_access`
 * row is written: uid, the user's e-mail, listing code, client IP, User-Agent
 * (first {@link USER_AGENT_MAX_LENGTH} characters), and whether it was allowed.
 *
 * The same rows enforce `OWNER_DATA_LIMIT_PER_HOUR`: a user may open at most
 * that many DISTINCT listings in the last {@link OWNER_DATA_WINDOW_MS}
 * (allowed rows only); re-opening a listing already counted in the window is
 * always allowed. Counting in the database makes the limit hold across
 * server processes. Admins are limited too (a stolen admin account is the
 * worst case). A refusal is recorded with `allowed = false`.
 *
 * Intended order for a caller (see `servePrivateListing`):
 * {@link admitOwnerDataView} before contacting Vista (refuses early, without a
 * Vista call), then {@link recordOwnerDataView} once the data is in hand and
 * about to be sent (decides again under a per-user lock, so concurrent
 * requests cannot overshoot the limit, and writes the row). When either
 * refuses, the owner data is not sent. When writing the row fails, the call
 * throws and the data is not sent either: no record, no owner data.
 */
import { and, asc, desc, eq, gt, max, or, type SQL, sql } from "drizzle-orm";
import {
  OWNER_ACCESS_PAGE_SIZE,
  OWNER_ACCESS_SUMMARY_SIZE,
  type OwnerAccessFilters,
  REFUSED_ONLY,
} from "~/lib/owner-access";
import { saoPauloFormat } from "~/lib/sao-paulo-time";
import { listingPath } from "~/lib/urls";
import { getConfig } from "../config";
import { type Db, getDb } from "../db";
import { countedPage } from "../db/paging";
import { listings, ownerDataAccess } from "../db/schema";
import { saoPauloDaysWhere } from "../leads/inbox";

/** The limit's sliding window, ms (one hour). */
export const OWNER_DATA_WINDOW_MS = 60 * 60_000;
/** Most characters of a User-Agent kept in a row. */
const USER_AGENT_MAX_LENGTH = 300;
/**
 * First key of the two-key transaction advisory lock that serialises one
 * user's decisions (`pg_advisory_xact_lock(class, hashtext(uid))`); the
 * two-key space never collides with the one-key locks of sync and migrations.
 */
const LOCK_CLASS = 22_037;

/** Who is reading: the signed-in user. */
export interface OwnerDataReader {
  /** Firebase uid. */
  uid: string;
  /** E-mail at the time of reading (kept: the user may be deleted later). */
  email: string;
}

/** One attempt to read a listing's owner data. */
export interface OwnerDataAttempt {
  reader: OwnerDataReader;
  /** Vista listing code. */
  listingCode: string;
  /** Client IP as derived under `TRUST_PROXY` (`context.clientIp`), or "". */
  ip: string;
  /** The request's User-Agent, at most {@link USER_AGENT_MAX_LENGTH} characters. */
  userAgent: string;
}

/** Where and how to decide. */
export interface OwnerAccessOptions {
  /** Default: the process database. */
  db?: Db;
  /** Distinct listings per hour; 0 = no limit. Default: `OWNER_DATA_LIMIT_PER_HOUR`. */
  limitPerHour?: number;
  /** The current time (tests). Default: now. */
  now?: Date;
}

/** Whether a user may read a listing's owner data now. */
export type OwnerAccessDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** The limit in force, distinct listings per hour. */
      limit: number;
      /** When one more distinct listing will be allowed (the earliest counted listing leaves the window). */
      retryAt: Date;
    };

/**
 * The attempt described by a request: the reader, the listing, the client IP
 * (`context.clientIp`, "" when unknown) and the User-Agent cut to
 * {@link USER_AGENT_MAX_LENGTH} characters.
 */
export function ownerDataAttempt(
  request: Request,
  reader: OwnerDataReader,
  listingCode: string,
  clientIp: string | undefined,
): OwnerDataAttempt {
  return {
    reader: { uid: reader.uid, email: reader.email },
    listingCode,
    ip: clientIp ?? "",
    userAgent: (request.headers.get("User-Agent") ?? "").slice(0, USER_AGENT_MAX_LENGTH),
  };
}

/**
 * The decision for `uid` opening `listingCode` at `now` under `limit`, from
 * the allowed rows of the last hour (a listing counts while any of its allowed
 * rows is in the window, so re-opening it keeps it counted).
 */
async function decide(
  db: Db,
  uid: string,
  listingCode: string,
  limit: number,
  now: Date,
): Promise<OwnerAccessDecision> {
  if (limit <= 0) return { allowed: true };
  const lastAt = max(ownerDataAccess.at);
  const counted = await db
    .select({ listingCode: ownerDataAccess.listingCode, lastAt })
    .from(ownerDataAccess)
    .where(
      and(
        eq(ownerDataAccess.uid, uid),
        eq(ownerDataAccess.allowed, true),
        gt(ownerDataAccess.at, new Date(now.getTime() - OWNER_DATA_WINDOW_MS)),
      ),
    )
    .groupBy(ownerDataAccess.listingCode)
    .orderBy(asc(lastAt));
  if (counted.length < limit || counted.some((row) => row.listingCode === listingCode)) return { allowed: true };
  // One slot frees up when the (counted - limit + 1)-th oldest listing leaves the window.
  const leaving = counted[counted.length - limit]!.lastAt ?? now;
  return { allowed: false, limit, retryAt: new Date(new Date(leaving).getTime() + OWNER_DATA_WINDOW_MS) };
}

/** Writes one row of the log. */
async function writeRow(db: Db, attempt: OwnerDataAttempt, allowed: boolean, at: Date): Promise<void> {
  await db.insert(ownerDataAccess).values({
    uid: attempt.reader.uid,
    email: attempt.reader.email,
    listingCode: attempt.listingCode,
    at,
    ip: attempt.ip,
    userAgent: attempt.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
    allowed,
  });
}

function resolve(options: OwnerAccessOptions): { db: Db; limit: number; now: Date } {
  return {
    db: options.db ?? getDb().db,
    limit: options.limitPerHour ?? getConfig().OWNER_DATA_LIMIT_PER_HOUR,
    now: options.now ?? new Date(),
  };
}

/**
 * The early check, before any Vista call: whether the limit lets the reader
 * open this listing now. A refusal is recorded (`allowed = false`); an
 * admission writes nothing (the view is recorded by {@link recordOwnerDataView}
 * once the data is served).
 * @throws when the database fails (the caller must not serve owner data).
 */
export async function admitOwnerDataView(
  attempt: OwnerDataAttempt,
  options: OwnerAccessOptions = {},
): Promise<OwnerAccessDecision> {
  const { db, limit, now } = resolve(options);
  const decision = await decide(db, attempt.reader.uid, attempt.listingCode, limit, now);
  if (!decision.allowed) await writeRow(db, attempt, false, now);
  return decision;
}

/**
 * Records a view of owner data (LGPD art. 37) just before it is served:
 * decides again and writes the row (`allowed` true or false) in one
 * transaction holding a per-user advisory lock, so two processes serving the
 * same user at once cannot both take the last slot. Serve the data only when
 * the result is allowed.
 * @throws when the database fails (the caller must not serve owner data).
 */
export async function recordOwnerDataView(
  attempt: OwnerDataAttempt,
  options: OwnerAccessOptions = {},
): Promise<OwnerAccessDecision> {
  const { db, limit, now } = resolve(options);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${attempt.reader.uid}))`);
    const decision = await decide(tx as unknown as Db, attempt.reader.uid, attempt.listingCode, limit, now);
    await writeRow(tx as unknown as Db, attempt, decision.allowed, now);
    return decision;
  });
}

/** "14:35": the São Paulo time a refused user may try again, rounded up to the minute. */
function retryTime(retryAt: Date): string {
  const minute = new Date(Math.ceil(retryAt.getTime() / 60_000) * 60_000);
  return saoPauloFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(minute);
}

/**
 * The pt-BR message of a refusal, e.g. "Você atingiu o limite de 120 imóveis
 * por hora com dados de proprietários. Tente novamente às 14:35."
 */
export function ownerDataLimitMessage(decision: Extract<OwnerAccessDecision, { allowed: false }>): string {
  const listingsText = decision.limit === 1 ? "1 imóvel" : `${decision.limit} imóveis`;
  return `Você atingiu o limite de ${listingsText} por hora com dados de proprietários. Tente novamente às ${retryTime(decision.retryAt)}.`;
}

/** The `Retry-After` of a refusal: whole seconds from `now` until `retryAt`, at least 1. */
export function retryAfterSeconds(
  decision: Extract<OwnerAccessDecision, { allowed: false }>,
  now: Date = new Date(),
): number {
  return Math.max(1, Math.ceil((decision.retryAt.getTime() - now.getTime()) / 1000));
}

/** One row of `/admin/acessos`. */
export interface OwnerAccessEntry {
  id: string;
  /** ISO time. */
  at: string;
  uid: string;
  email: string;
  listingCode: string;
  /** The listing's public page, or null when the read model does not have it. */
  listingPath: string | null;
  ip: string;
  userAgent: string;
  /** False when the hourly limit refused the view. */
  allowed: boolean;
}

/** A page of the log. */
export interface OwnerAccessPage {
  items: OwnerAccessEntry[];
  /** Rows matching the filters. */
  total: number;
  /** 1-based; a page beyond the last gives the last. */
  page: number;
  pageCount: number;
}

/** One user in the summary of `/admin/acessos`. */
export interface OwnerAccessUserSummary {
  uid: string;
  /** The e-mail of the user's latest row. */
  email: string;
  /** Distinct listings whose owner data was served. */
  listings: number;
  /** Views served. */
  views: number;
  /** Attempts refused by the limit. */
  refused: number;
  /** ISO time of the latest row. */
  lastAt: string;
}

/** The where-clause of the admin filters (user, listing, São Paulo date range, refused only). */
function filterWhere(filters: Partial<OwnerAccessFilters>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.usuario) {
    conditions.push(
      or(eq(ownerDataAccess.uid, filters.usuario), sql`lower(${ownerDataAccess.email}) = lower(${filters.usuario})`),
    );
  }
  if (filters.imovel) conditions.push(eq(ownerDataAccess.listingCode, filters.imovel));
  conditions.push(...saoPauloDaysWhere(ownerDataAccess.at, filters.de, filters.ate));
  if (filters.situacao === REFUSED_ONLY) conditions.push(eq(ownerDataAccess.allowed, false));
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? and(...present) : undefined;
}

/**
 * One page of the log, newest first, each row with its listing's public path
 * when the read model has the listing.
 */
export async function listOwnerDataAccess(
  filters: Partial<OwnerAccessFilters>,
  db: Db = getDb().db,
  pageSize = OWNER_ACCESS_PAGE_SIZE,
): Promise<OwnerAccessPage> {
  const where = filterWhere(filters);
  const { total, page, pageCount, offset } = await countedPage(db, ownerDataAccess, where, filters.pagina, pageSize);
  const rows = await db
    .select({
      id: ownerDataAccess.id,
      at: ownerDataAccess.at,
      uid: ownerDataAccess.uid,
      email: ownerDataAccess.email,
      listingCode: ownerDataAccess.listingCode,
      ip: ownerDataAccess.ip,
      userAgent: ownerDataAccess.userAgent,
      allowed: ownerDataAccess.allowed,
      category: listings.category,
      neighbourhood: listings.neighbourhood,
      condominiumSlug: listings.condominiumSlug,
    })
    .from(ownerDataAccess)
    .leftJoin(listings, eq(listings.code, ownerDataAccess.listingCode))
    .where(where)
    .orderBy(desc(ownerDataAccess.at), desc(ownerDataAccess.id))
    .limit(pageSize)
    .offset(offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      uid: row.uid,
      email: row.email,
      listingCode: row.listingCode,
      listingPath:
        row.category != null && row.neighbourhood != null
          ? listingPath({
              code: row.listingCode,
              category: row.category,
              neighbourhood: row.neighbourhood,
              condominiumSlug: row.condominiumSlug,
            })
          : null,
      ip: row.ip,
      userAgent: row.userAgent,
      allowed: row.allowed,
    })),
    total,
    page,
    pageCount,
  };
}

/**
 * The users with the most distinct listings served under the same filters
 * (period, user, listing; the page number is ignored), then by views.
 */
export async function summarizeOwnerDataAccess(
  filters: Partial<OwnerAccessFilters>,
  db: Db = getDb().db,
  limit = OWNER_ACCESS_SUMMARY_SIZE,
): Promise<OwnerAccessUserSummary[]> {
  const listingsServed =
    sql<number>`count(distinct ${ownerDataAccess.listingCode}) filter (where ${ownerDataAccess.allowed})`.mapWith(
      Number,
    );
  const views = sql<number>`count(*) filter (where ${ownerDataAccess.allowed})`.mapWith(Number);
  const lastAt = max(ownerDataAccess.at);
  const rows = await db
    .select({
      uid: ownerDataAccess.uid,
      email: sql<string>`(array_agg(${ownerDataAccess.email} order by ${ownerDataAccess.at} desc))[1]`,
      listings: listingsServed,
      views,
      refused: sql<number>`count(*) filter (where not ${ownerDataAccess.allowed})`.mapWith(Number),
      lastAt,
    })
    .from(ownerDataAccess)
    .where(filterWhere(filters))
    .groupBy(ownerDataAccess.uid)
    .orderBy(desc(listingsServed), desc(views), desc(lastAt))
    .limit(limit);
  return rows.map((row) => ({
    uid: row.uid,
    email: row.email,
    listings: row.listings,
    views: row.views,
    refused: row.refused,
    lastAt: new Date(row.lastAt ?? 0).toISOString(),
  }));
}
