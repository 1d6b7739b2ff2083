/**
 * The daily digest of the saved-search alerts (ADR 0034).
 *
 * For each confirmed, active alert whose last digest is at least
 * {@link DIGEST_GAP_MS} old, the window is (`last_digest_at`, now]:
 * - new listings: `listings.first_seen_at` inside the window;
 * - price drops: `listing_price_changes` inside the window on the sale price
 *   or the rent (only the alert's purpose's price when it has one), where the
 *   last new value is below the first old value of the window;
 * both restricted to the active listings the alert's page shows — the list
 * pages' own WHERE (`filterConditions`), or for a `/busca` alert the results
 * of the same text search (`searchText`). A listing new in the window is
 * listed as new, not as a drop. Nothing new → no e-mail, the window still
 * moves. The window's move and the queued e-mail are one transaction guarded
 * by the old `last_digest_at`, so two processes never send the same digest.
 *
 * The same run deletes unconfirmed alerts older than 7 days and cancelled
 * ones older than 30 days. The job runs hourly under an advisory lock
 * (`../periodic-job`); {@link runAlertDigest} runs it on demand (tests).
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { ListingSummary } from "~/domain/listing-summary";
import { LISTINGS_PAGE_SIZE, type FilterVocabulary } from "~/lib/filters";
import { ALERT_UNSUBSCRIBE_PATH, ALERTS_PATH } from "~/lib/alerts";
import { shapeOfPath } from "~/lib/map-shape";
import { shapeCondition } from "../catalogue/map-shape";
import { priceChangeColumns } from "../catalogue/price-history";
import { filterConditions, summaryColumns, toListingSummary } from "../catalogue/search";
import { searchText } from "../catalogue/text-search";
import { getVocabulary } from "../catalogue/vocabulary";
import { defaultTitle, getConfig } from "../config";
import type { Db } from "../db";
import { listingPriceChanges, listings, searchAlertMails, searchAlerts } from "../db/schema";
import { leadsEmail } from "../mail/transport";
import {
  startPeriodicJob,
  type PeriodicJob,
  type PeriodicJobSpec,
  type PeriodicJobStartOptions,
} from "../periodic-job";
import { renderAlertDigestEmail, type DigestItem } from "./mail";
import { alertPublicUrl, describeAlert, type SearchAlertRow } from "./store";
import { signAlertToken } from "./tokens";

/** Advisory-lock key of the digest job ("alrt"). */
export const ALERT_DIGEST_LOCK_KEY = 0x616c7274;
/** An alert gets a digest when its last one is at least this old (23 h: "daily" with an hourly check). */
export const DIGEST_GAP_MS = 23 * 3600 * 1000;
/** Unconfirmed alerts are deleted this long after creation (7 days, like the confirmation link). */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 3600 * 1000;
/** Cancelled alerts are deleted this long after the cancellation (30 days). */
export const CANCELLED_TTL_MS = 30 * 24 * 3600 * 1000;
/** Most cards per section of a digest (the e-mail links to the full search). */
export const DIGEST_MAX_CARDS = 12;
/** Most results of a `/busca` alert's text search considered per digest. */
export const TEXT_ALERT_MAX_RESULTS = 1000;

/** Options of {@link runAlertDigest}. */
export interface AlertDigestOptions {
  db: Db;
  now?: Date;
  /** Send to every due-or-not active alert (the window is still since its last digest): tests, on demand. */
  force?: boolean;
  vocabulary?: FilterVocabulary;
  publicUrl?: string;
  agencyTitle?: string;
  /** Address of the List-Unsubscribe mailto (default `LEADS_EMAIL`). */
  unsubscribeMailto?: string;
}

/** What a run did. */
export interface AlertDigestResult {
  /** Alerts whose window was examined. */
  alerts: number;
  /** Digest e-mails queued. */
  mailed: number;
  /** Unconfirmed alerts deleted (older than 7 days). */
  expiredUnconfirmed: number;
  /** Cancelled alerts deleted (older than 30 days). */
  expiredCancelled: number;
}

/** A price drop in a window: the first old value and the last new value of one price field. */
interface Drop {
  field: "sale" | "rent";
  oldValue: number;
  newValue: number;
}

/**
 * Runs the digest once (see the module comment).
 * @throws database errors (alerts already handled keep their queued e-mail).
 */
export async function runAlertDigest(options: AlertDigestOptions): Promise<AlertDigestResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const expiredUnconfirmed = await db
    .delete(searchAlerts)
    .where(
      and(isNull(searchAlerts.confirmedAt), lt(searchAlerts.createdAt, new Date(now.getTime() - UNCONFIRMED_TTL_MS))),
    )
    .returning({ id: searchAlerts.id });
  const expiredCancelled = await db
    .delete(searchAlerts)
    .where(lt(searchAlerts.unsubscribedAt, new Date(now.getTime() - CANCELLED_TTL_MS)))
    .returning({ id: searchAlerts.id });

  const dueBefore = options.force ? now : new Date(now.getTime() - DIGEST_GAP_MS);
  const due = await db
    .select()
    .from(searchAlerts)
    .where(
      and(
        isNotNull(searchAlerts.confirmedAt),
        isNull(searchAlerts.pausedAt),
        isNull(searchAlerts.unsubscribedAt),
        or(isNull(searchAlerts.lastDigestAt), lte(searchAlerts.lastDigestAt, dueBefore)),
      ),
    );
  const result: AlertDigestResult = {
    alerts: 0,
    mailed: 0,
    expiredUnconfirmed: expiredUnconfirmed.length,
    expiredCancelled: expiredCancelled.length,
  };
  if (!due.length) return result;

  const vocabulary = options.vocabulary ?? (await getVocabulary({ db }));
  let config: ReturnType<typeof getConfig> | undefined;
  const lazyConfig = () => (config ??= getConfig());
  const publicUrl = alertPublicUrl(options.publicUrl);
  const agencyTitle = options.agencyTitle ?? defaultTitle(lazyConfig());
  const mailto = options.unsubscribeMailto ?? leadsEmail(lazyConfig());
  const domain = new URL(publicUrl).hostname || "imobiliaria.localhost";
  const day = now.toISOString().slice(0, 10);

  for (const alert of due) {
    const since = alert.lastDigestAt ?? alert.confirmedAt ?? now;
    const { newListings, priceDrops } = await matchesOf(db, alert, since, now, vocabulary);
    result.alerts++;
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(searchAlerts)
        .set({ lastDigestAt: now })
        .where(
          and(
            eq(searchAlerts.id, alert.id),
            alert.lastDigestAt ? eq(searchAlerts.lastDigestAt, alert.lastDigestAt) : isNull(searchAlerts.lastDigestAt),
          ),
        )
        .returning({ id: searchAlerts.id });
      if (!moved.length || (!newListings.length && !priceDrops.length)) return;
      const message = renderAlertDigestEmail({
        alert,
        description: describeAlert(alert, vocabulary),
        newListings,
        priceDrops,
        searchUrl: `${publicUrl}${alert.path}`,
        manageUrl: `${publicUrl}${ALERTS_PATH}?token=${signAlertToken("manage", alert.email, { now: now.getTime() })}`,
        unsubscribeUrl: `${publicUrl}${ALERT_UNSUBSCRIBE_PATH}?token=${signAlertToken("unsubscribe", alert.id, {
          now: now.getTime(),
        })}`,
        unsubscribeMailto: mailto,
        publicUrl,
        agencyTitle,
        messageIdDomain: domain,
        day,
      });
      await tx
        .insert(searchAlertMails)
        .values({ alertId: alert.id, kind: "digest", recipient: alert.email, message, nextAttemptAt: now });
      result.mailed++;
    });
  }
  return result;
}

/** The drawn area's condition of a map alert (ADR 0091): its path carries the shape. */
function areaOf(alert: SearchAlertRow) {
  const shape = shapeOfPath(alert.path);
  return shape ? [shapeCondition(shape)] : [];
}

/** The new listings and price drops of `alert` in (since, until], as digest cards (see the module comment). */
async function matchesOf(
  db: Db,
  alert: SearchAlertRow,
  since: Date,
  until: Date,
  vocabulary: FilterVocabulary,
): Promise<{ newListings: DigestItem[]; priceDrops: DigestItem[] }> {
  const fresh = await db
    .select({ code: listings.code })
    .from(listings)
    .where(and(isNull(listings.removedAt), gt(listings.firstSeenAt, since), lte(listings.firstSeenAt, until)));
  const freshCodes = new Set(fresh.map((row) => row.code));
  const purpose = alert.filters.purpose;
  const fields: ("sale" | "rent")[] =
    purpose === "venda" ? ["sale"] : purpose === "aluguel" ? ["rent"] : ["sale", "rent"];
  const changes = await db
    .select(priceChangeColumns)
    .from(listingPriceChanges)
    .where(
      and(
        gt(listingPriceChanges.changedAt, since),
        lte(listingPriceChanges.changedAt, until),
        inArray(listingPriceChanges.field, fields),
      ),
    )
    .orderBy(listingPriceChanges.changedAt, listingPriceChanges.id);
  const windows = new Map<string, { field: "sale" | "rent"; first: number | null; last: number | null }>();
  for (const change of changes) {
    if (freshCodes.has(change.listingCode)) continue;
    const key = `${change.listingCode}\u0000${change.field}`;
    const entry = windows.get(key) ?? { field: change.field as "sale" | "rent", first: change.oldValue, last: null };
    entry.last = change.newValue;
    windows.set(key, entry);
  }
  const drops = new Map<string, Drop>();
  for (const [key, entry] of windows) {
    if (entry.first == null || entry.last == null || entry.last >= entry.first) continue;
    const code = key.split("\u0000")[0];
    const drop = { field: entry.field, oldValue: entry.first, newValue: entry.last };
    // A listing with both prices dropped shows the sale price's drop.
    if (!drops.has(code) || drop.field === "sale") drops.set(code, drop);
  }
  const candidates = [...freshCodes, ...drops.keys()];
  if (!candidates.length) return { newListings: [], priceDrops: [] };

  let matching: ListingSummary[];
  if (alert.query) {
    const wanted = new Set(candidates);
    const found = await searchText(alert.query, {
      db,
      vocabulary,
      filters: alert.filters,
      pageSize: Math.max(TEXT_ALERT_MAX_RESULTS, LISTINGS_PAGE_SIZE),
    });
    matching = found.items.filter((item) => wanted.has(item.code));
  } else {
    const rows = await db
      .select(summaryColumns)
      .from(listings)
      .where(and(filterConditions(alert.filters), inArray(listings.code, candidates), ...areaOf(alert)))
      .orderBy(desc(listings.firstSeenAt), listings.code);
    matching = rows.map((row) => toListingSummary(row));
  }
  const newListings: DigestItem[] = [];
  const priceDrops: DigestItem[] = [];
  for (const listing of matching) {
    const drop = drops.get(listing.code);
    if (freshCodes.has(listing.code)) newListings.push({ listing });
    else if (drop) {
      // The card shows the dropped price: a rent drop of a listing for sale too shows the rent.
      const shown = drop.field === "rent" ? { ...listing, salePrice: null } : listing;
      priceDrops.push({ listing: shown, drop: { ...drop, perMonth: drop.field === "rent" } });
    }
  }
  return { newListings: newListings.slice(0, DIGEST_MAX_CARDS), priceDrops: priceDrops.slice(0, DIGEST_MAX_CARDS) };
}

const DIGEST_JOB_SPEC: PeriodicJobSpec<AlertDigestResult> = {
  lockKey: ALERT_DIGEST_LOCK_KEY,
  firstDelayMs: 90_000,
  intervalMs: 3600_000,
  errorMessage: "[alertas] erro no resumo diário",
  run: async ({ db, log }) => {
    const result = await runAlertDigest({ db });
    if (result.alerts || result.expiredUnconfirmed || result.expiredCancelled) {
      log(
        `[alertas] resumo: ${result.alerts} alertas examinados, ${result.mailed} e-mails na fila, ` +
          `${result.expiredUnconfirmed} não confirmados e ${result.expiredCancelled} cancelados apagados`,
      );
    }
    return result;
  },
};

/**
 * Starts the digest job: first run 90 s after start, then hourly; each run
 * takes the advisory lock {@link ALERT_DIGEST_LOCK_KEY} (skipped when another
 * process holds it) and mails only the alerts due (last digest ≥ 23 h ago).
 */
export function startAlertDigest(options: PeriodicJobStartOptions): PeriodicJob<AlertDigestResult> {
  return startPeriodicJob(DIGEST_JOB_SPEC, options);
}
