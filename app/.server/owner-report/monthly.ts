/**
 * The owner's monthly e-mail (ADR 0083).
 *
 * Queueing: an hourly job (`../periodic-job`, one process at a time under an
 * advisory lock) inserts, from the first São Paulo day of a month on, one
 * `owner_report_mails` row per report for the previous month — reports whose
 * owner opted in with an e-mail, not unsubscribed, not revoked, not expired,
 * created before the month ended — with `on conflict do nothing` on the
 * unique (report, month): the row is written exactly once however many runs
 * or servers there are.
 *
 * Delivery: the shared outbox (`../outbox`, as `../alerts/outbox`): due rows
 * are claimed with a lease, the e-mail is rendered with the month's figures
 * and sent to the row's recipient, then marked sent or retried with backoff.
 * A row whose report was unsubscribed or revoked after it was queued is closed
 * without sending.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { saoPauloDate, saoPauloMidnight } from "~/lib/sao-paulo-time";
import { ownerReportUnsubscribePath } from "~/lib/owner-report";
import { listingPath } from "~/lib/urls";
import { alertPublicUrl } from "../alerts/store";
import { defaultTitle, getConfig } from "../config";
import type { Db } from "../db";
import { listings, ownerReportMails, ownerReports } from "../db/schema";
import type { Mailer } from "../mail/transport";
import { leadsEmail } from "../mail/transport";
import {
  deliverDueOutbox,
  outboxWorkerStarter,
  type OutboxPassOptions,
  type OutboxPassResult,
  type OutboxWorker,
  type OutboxWorkerStart,
} from "../outbox";
import { type PeriodicJob, startPeriodicJob } from "../periodic-job";
import { daysBetween, listingActivity, priceComparisons } from "./figures";
import { renderOwnerReportEmail } from "./mail";
import { signOwnerUnsubscribeToken } from "./tokens";

/** Advisory-lock key of the queueing job ("ownr"). */
export const OWNER_REPORT_MONTHLY_LOCK_KEY = 0x6f776e72;

/** The São Paulo month before the one of `now` ("YYYY-MM") and its bounds [from, to). */
export function previousMonth(now: Date): { month: string; from: Date; to: Date } {
  const [year, month] = saoPauloDate(now).split("-").map(Number) as [number, number];
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const label = `${previous.year}-${String(previous.month).padStart(2, "0")}`;
  return {
    month: label,
    from: saoPauloMidnight(`${label}-01`),
    to: saoPauloMidnight(`${year}-${String(month).padStart(2, "0")}-01`),
  };
}

/** The bounds [from, to) of month "YYYY-MM" in São Paulo time. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  return { from: saoPauloMidnight(`${month}-01`), to: saoPauloMidnight(`${next}-01`) };
}

/**
 * Queues the previous month's e-mails at `now` (see the module comment).
 * @returns the rows written by this call (0 when another run wrote them already).
 */
export async function queueMonthlyOwnerReports(db: Db, now: Date = new Date()): Promise<number> {
  const { month, to } = previousMonth(now);
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into ${ownerReportMails} (report_id, month, recipient, next_attempt_at)
    select r.id, ${month}, r.owner_email, ${now.toISOString()}::timestamptz
    from ${ownerReports} r
    where r.monthly_opt_in and r.owner_email <> '' and r.unsubscribed_at is null and r.revoked_at is null
      and r.expires_at > ${now.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz
    on conflict (report_id, month) do nothing
    returning id`);
  return rows.length;
}

/** Options of {@link deliverDueOwnerReportMails}; clock, batch and lease are the shared outbox's. */
export interface OwnerReportDeliverOptions extends OutboxPassOptions {
  mailer: Mailer;
  /** Origin of the links (default `PUBLIC_URL`). */
  publicUrl?: string;
  onFailure?: (info: { mailId: string; attempts: number; error: string }) => void;
}

type ClaimedMail = typeof ownerReportMails.$inferSelect & { report: typeof ownerReports.$inferSelect };

/** Renders and sends one claimed row (or closes it when the owner no longer wants it). */
async function deliverOne(db: Db, mail: ClaimedMail, options: OwnerReportDeliverOptions, signal: AbortSignal) {
  const { report } = mail;
  if (report.unsubscribedAt || report.revokedAt || !report.monthlyOptIn) return;
  const [listing] = await db.select().from(listings).where(eq(listings.code, report.listingCode)).limit(1);
  if (!listing) return;
  const window = monthBounds(mail.month);
  const activity = await listingActivity(db, listing.code, window);
  const config = getConfig();
  const publicUrl = alertPublicUrl(options.publicUrl);
  const message = renderOwnerReportEmail({
    reportId: report.id,
    to: mail.recipient,
    ownerName: report.ownerName,
    month: mail.month,
    listing: {
      code: listing.code,
      title: listing.title,
      neighbourhood: listing.neighbourhood,
      city: listing.city,
      url: listing.removedAt ? null : `${publicUrl}${listingPath(listing)}`,
    },
    views: activity.views,
    favourites: activity.favourites,
    leads: activity.leads,
    leadsByKind: activity.leadsByKind,
    visitsBooked: activity.visitsBooked,
    visits: activity.visits,
    daysOnMarket: daysBetween(listing.firstSeenAt, listing.removedAt ?? window.to),
    comparisons: listing.removedAt ? [] : await priceComparisons(db, listing),
    unsubscribeUrl: `${publicUrl}${ownerReportUnsubscribePath(signOwnerUnsubscribeToken(report.id))}`,
    unsubscribeMailto: leadsEmail(config),
    agencyTitle: defaultTitle(config),
    messageIdDomain: new URL(publicUrl).hostname || "imobiliaria.localhost",
  });
  await options.mailer.send(message, { signal });
}

/**
 * Claims and sends one batch of due monthly e-mails.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export async function deliverDueOwnerReportMails(options: OwnerReportDeliverOptions): Promise<OutboxPassResult> {
  return deliverDueOutbox<ClaimedMail>(
    {
      table: ownerReportMails,
      row: (mail) => mail,
      load: async (db, ids) => {
        const rows = await db
          .select({ mail: ownerReportMails, report: ownerReports })
          .from(ownerReportMails)
          .innerJoin(ownerReports, eq(ownerReports.id, ownerReportMails.reportId))
          .where(inArray(ownerReportMails.id, ids));
        return {
          items: rows.map(({ mail, report }) => ({ ...mail, report })),
          deliver: (mail, signal) => deliverOne(db, mail, options, signal),
        };
      },
      onFailure: (mail, attempts, error) => options.onFailure?.({ mailId: mail.id, attempts, error }),
    },
    options,
  );
}

/** Starts sending the monthly e-mails in the background; its timers never keep the process alive. */
const startOwnerReportMailWorker = outboxWorkerStarter(deliverDueOwnerReportMails, true);

/** Options of {@link startOwnerReportMail}. */
export type OwnerReportMailOptions = OutboxWorkerStart<OwnerReportDeliverOptions> & {
  /** Delay before the first queueing run, ms (default 2 min). */
  queueFirstRunDelayMs?: number;
};

/** The running queueing job and outbox worker; `stop` ends both. */
export interface OwnerReportMail {
  job: PeriodicJob<number>;
  worker: OutboxWorker;
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Starts the monthly queueing job (first run 2 min after start, then hourly)
 * and the delivery worker (server/background-work.ts). Timers never keep the
 * process alive.
 */
export function startOwnerReportMail(options: OwnerReportMailOptions): OwnerReportMail {
  const job = startPeriodicJob<number>(
    {
      lockKey: OWNER_REPORT_MONTHLY_LOCK_KEY,
      firstDelayMs: 120_000,
      intervalMs: 3600_000,
      errorMessage: "[proprietarios] erro ao preparar os relatórios mensais",
      run: async ({ db, log }) => {
        const queued = await queueMonthlyOwnerReports(db);
        if (queued) log(`[proprietarios] ${queued} relatórios mensais na fila`);
        return queued;
      },
    },
    { database: options.database, firstRunDelayMs: options.queueFirstRunDelayMs },
  );
  const worker = startOwnerReportMailWorker(options);
  return {
    job,
    worker,
    async stop(stopOptions) {
      await Promise.all([job.stop(), worker.stop(stopOptions)]);
    },
  };
}
