/**
 * The public report page's server side (ADR 0083): `/proprietario/{token}`
 * without sign-in. Bounded work: a per-IP limit first (the site's limiter,
 * in PostgreSQL with `DATABASE_URL`), a malformed token costs no query, a
 * well-formed one one lookup by its hash; only then the listing's figures.
 * Unknown token: 404 (the "not found" screen); expired or revoked: 410 with a
 * pt-BR line. A shown report logs the opening (IP, User-Agent) first.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { eq } from "drizzle-orm";
import type { PriceHistoryEntry } from "~/domain/price-history";
import { pageNotFound } from "~/lib/errors";
import { type OwnerReportView, RECENT_DAYS } from "~/lib/owner-report";
import { listingPath } from "~/lib/urls";
import { priceHistoryOf } from "../catalogue/price-history";
import { type Db, getDb } from "../db";
import { listings } from "../db/schema";
import { retryAfterText } from "../leads/form-guard";
import { type Limiter, processLimiter } from "../rate-limit";
import { daysBetween, listingActivity, priceComparisons } from "./figures";
import { findOwnerReport, type OwnerReportRow, recordOwnerReportView } from "./links";

/** Report openings per IP per window: an owner reloading, never a script trying tokens. */
export const OWNER_REPORT_LIMIT = { points: 30, durationSeconds: 60 } as const;

/** Headers of every answer of the report pages (the URL carries the token). */
export const OWNER_REPORT_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

/** The process's limiter of report openings. */
export function ownerReportLimiter(): Limiter {
  return processLimiter("owner-report-limiter", { keyPrefix: "owner-report", ...OWNER_REPORT_LIMIT });
}

/** A refusal with the error screen's pt-BR detail line. */
function failure(status: number, detail: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ detail }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...OWNER_REPORT_HEADERS, ...extra },
  });
}

/** Options of {@link serveOwnerReport} (test seams). */
export interface ServeOwnerReportOptions {
  db?: Db;
  now?: Date;
  limiter?: Limiter;
}

/**
 * The report of the request's token, its opening logged.
 * @throws {Response} 404 (unknown or malformed token, or its listing is not in
 *   the read model), 410 (expired or revoked), 429 (too many openings from the IP).
 */
export async function serveOwnerReport(
  request: Request,
  token: string | undefined,
  clientIp: string | undefined,
  options: ServeOwnerReportOptions = {},
): Promise<OwnerReportView> {
  try {
    await (options.limiter ?? ownerReportLimiter()).consume(clientIp || "unknown");
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw failure(429, `Muitas aberturas seguidas. ${retryAfterText(seconds)}`, { "Retry-After": String(seconds) });
  }
  const db = options.db ?? getDb().db;
  const now = options.now ?? new Date();
  const found = await findOwnerReport(db, token, now);
  if ("refused" in found) {
    if (found.refused === "unknown") throw notFound(request);
    throw failure(
      410,
      found.refused === "revoked"
        ? "Este link de relatório foi desativado pelo corretor. Peça um novo link à imobiliária."
        : "Este link de relatório expirou. Peça um novo link à imobiliária.",
    );
  }
  const view = await reportView(db, found.report, now);
  if (!view) throw notFound(request);
  await recordOwnerReportView(db, found.report.id, { ip: clientIp, userAgent: request.headers.get("User-Agent") }, now);
  return view;
}

function notFound(request: Request): Response {
  const response = pageNotFound(new URL(request.url).pathname);
  for (const [name, value] of Object.entries(OWNER_REPORT_HEADERS)) response.headers.set(name, value);
  return response;
}

/**
 * The figures of `report`'s listing at `now` (only that listing: every query
 * is keyed by the report's own `listing_code`), or null when the read model
 * does not have the listing.
 */
export async function reportView(db: Db, report: OwnerReportRow, now: Date): Promise<OwnerReportView | null> {
  const [listing] = await db
    .select({
      code: listings.code,
      title: listings.title,
      category: listings.category,
      categorySlug: listings.categorySlug,
      neighbourhood: listings.neighbourhood,
      neighbourhoodSlug: listings.neighbourhoodSlug,
      city: listings.city,
      citySlug: listings.citySlug,
      condominiumSlug: listings.condominiumSlug,
      forSale: listings.forSale,
      forRent: listings.forRent,
      salePrice: listings.salePrice,
      rentPrice: listings.rentPrice,
      area: listings.area,
      coverPhotoUrl: listings.coverPhotoUrl,
      firstSeenAt: listings.firstSeenAt,
      removedAt: listings.removedAt,
    })
    .from(listings)
    .where(eq(listings.code, report.listingCode))
    .limit(1);
  if (!listing) return null;
  const window = { from: new Date(now.getTime() - RECENT_DAYS * 86_400_000), to: new Date(now.getTime() + 1) };
  const activity = await listingActivity(db, listing.code, window);
  const history = await priceHistoryOf(db, listing.code, { fields: ["sale", "rent"] });
  const comparisons = listing.removedAt ? [] : await priceComparisons(db, listing);
  const priceHistory: PriceHistoryEntry[] = history.map((change) => ({
    field: change.field,
    oldValue: change.oldValue,
    newValue: change.newValue,
    changedAt: change.changedAt.toISOString(),
  }));
  return {
    ownerName: report.ownerName,
    createdByName: report.createdByName,
    createdAt: report.createdAt.toISOString(),
    expiresAt: report.expiresAt.toISOString(),
    listing: {
      code: listing.code,
      title: listing.title,
      neighbourhood: listing.neighbourhood,
      city: listing.city,
      category: listing.category,
      path: listing.removedAt ? null : listingPath(listing),
      coverPhotoUrl: listing.coverPhotoUrl,
      salePrice: listing.forSale ? listing.salePrice : null,
      rentPrice: listing.forRent ? listing.rentPrice : null,
      area: listing.area,
      onMarketSince: listing.firstSeenAt?.toISOString() ?? null,
      daysOnMarket: daysBetween(listing.firstSeenAt, listing.removedAt ?? now),
      removed: listing.removedAt != null,
    },
    ...activity,
    priceHistory,
    comparisons,
    monthlyActive: report.monthlyOptIn && !report.unsubscribedAt && report.ownerEmail !== "",
    generatedAt: now.toISOString(),
  };
}
