/**
 * The lead outbox worker (docs/product.md "Contact requests";
 * ADR 0014): claims due `lead_deliveries` rows with a lease (`for update skip
 * locked`, so several workers or processes never claim the same row), delivers
 * them (e-mail through the mailer, `POST /lead` to Vista), and marks them sent
 * or schedules a retry with exponential backoff — it never gives up. Delivery
 * is at least once: a worker that dies mid-delivery leaves a lease that
 * expires, and the row is delivered again; e-mails carry a stable Message-ID.
 */
import { eq, inArray, and, sql } from "drizzle-orm";
import { listingPath } from "~/lib/urls";
import { defaultTitle, getConfig } from "../config";
import type { Database, Db } from "../db";
import { leadDeliveries, leads, listings } from "../db/schema";
import type { Mailer } from "../mail/transport";
import type { VistaClient } from "../vista";
import { renderLeadEmail, type LeadListingContext } from "../mail/templates";
import { renderLgpdReceiptEmail } from "../mail/lgpd-receipt";
import { getAgencyProfile } from "../agency";
import { LGPD_PATH } from "~/lib/paths";
import type { LeadRow } from "./store";
import { toVistaLead } from "./vista-lead";

/** First retry delay, ms (30 s). */
export const BACKOFF_BASE_MS = 30_000;
/** Longest retry delay, ms (1 h). */
export const BACKOFF_CAP_MS = 3_600_000;
/** Default lease of a claimed row, ms (2 min): longer than any SMTP/Vista timeout. */
export const DEFAULT_LEASE_MS = 120_000;

/**
 * Delay before the next attempt after `failures` failed attempts (≥ 1):
 * 30 s · 2^(failures−1), capped at 1 h, times a jitter factor in [0.8, 1.2)
 * (never above the cap). `random` returns [0, 1) (default Math.random).
 */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(30, failures - 1));
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.min(BACKOFF_CAP_MS, Math.round(base * (0.8 + 0.4 * random())));
}

/** Options of {@link deliverDue}. */
export interface DeliverOptions {
  db: Db;
  mailer: Mailer;
  vista: Pick<VistaClient, "createLead">;
  /** Clock (default: now); every timestamp the worker writes derives from it. */
  now?: Date;
  /** Rows claimed at once (default 20). */
  batch?: number;
  /** Lease of a claimed row in ms (default {@link DEFAULT_LEASE_MS}). */
  leaseMs?: number;
  /** Site origin for listing links (default `PUBLIC_URL`, else http://localhost:{PORT}). */
  publicUrl?: string;
  /** Agency display title (default "{AGENCY_NAME} Imobiliária"). */
  agencyTitle?: string;
  /** Jitter source for the backoff. */
  random?: () => number;
  /** Called for each failed attempt (message already free of secrets). */
  onFailure?: (info: { deliveryId: string; channel: string; attempts: number; error: string }) => void;
}

/**
 * Claims and delivers the due outbox rows (status pending, `next_attempt_at` ≤
 * now, lease free), one batch.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export async function deliverDue(options: DeliverOptions): Promise<{ sent: number; failed: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const batch = Math.max(1, options.batch ?? 20);
  const lease = new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  const nowText = now.toISOString();
  const claimed = await db.execute<{ id: string }>(sql`
    update lead_deliveries set locked_until = ${lease.toISOString()}::timestamptz
    where id in (
      select id from lead_deliveries
      where status = 'pending' and next_attempt_at <= ${nowText}::timestamptz
        and (locked_until is null or locked_until <= ${nowText}::timestamptz)
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  const ids = claimed.rows.map((row) => row.id);
  if (!ids.length) return { sent: 0, failed: 0 };

  const rows = await db
    .select({ delivery: leadDeliveries, lead: leads })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .where(inArray(leadDeliveries.id, ids));

  let config: ReturnType<typeof getConfig> | undefined;
  const lazyConfig = () => (config ??= getConfig());
  const publicUrl = (options.publicUrl ?? lazyConfig().PUBLIC_URL ?? `http://localhost:${lazyConfig().PORT}`).replace(
    /\/+$/,
    "",
  );
  const agencyTitle = options.agencyTitle ?? defaultTitle(lazyConfig());
  const listingCache = new Map<string, LeadListingContext | null>();

  let sent = 0;
  let failed = 0;
  for (const { delivery, lead } of rows) {
    try {
      let listing: LeadListingContext | null = null;
      if (lead.listingCode) {
        if (!listingCache.has(lead.listingCode))
          listingCache.set(lead.listingCode, await listingContext(db, lead.listingCode, publicUrl));
        listing = listingCache.get(lead.listingCode) ?? null;
      }
      await deliverOne(delivery.channel, delivery.recipient, lead, listing, options, agencyTitle, publicUrl, db);
      await db
        .update(leadDeliveries)
        .set({ status: "sent", sentAt: now, attempts: delivery.attempts + 1, lockedUntil: null, lastError: null })
        .where(and(eq(leadDeliveries.id, delivery.id), eq(leadDeliveries.status, "pending")));
      sent++;
    } catch (error) {
      const attempts = delivery.attempts + 1;
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
      await db
        .update(leadDeliveries)
        .set({
          attempts,
          lastError: message,
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, options.random)),
          lockedUntil: null,
        })
        .where(and(eq(leadDeliveries.id, delivery.id), eq(leadDeliveries.status, "pending")));
      options.onFailure?.({ deliveryId: delivery.id, channel: delivery.channel, attempts, error: message });
      failed++;
    }
  }
  return { sent, failed };
}

async function deliverOne(
  channel: string,
  recipient: string | null,
  lead: LeadRow,
  listing: LeadListingContext | null,
  options: DeliverOptions,
  agencyTitle: string,
  publicUrl: string,
  db: Db,
): Promise<void> {
  if (channel === "vista") {
    await options.vista.createLead(toVistaLead(lead, listing, `Site ${agencyTitle}`));
    return;
  }
  if (channel === "email_holder") {
    // The data subject's receipt of an LGPD request, naming the encarregado of the agency profile.
    if (!recipient) throw new Error("delivery email_holder has no recipient");
    const agency = await getAgencyProfile(db);
    await options.mailer.send(
      renderLgpdReceiptEmail({
        lead,
        to: recipient,
        agencyTitle,
        dpo: { name: agency.dpoName, email: agency.dpoEmail },
        policyUrl: `${publicUrl}${LGPD_PATH}`,
        messageIdDomain: new URL(publicUrl).hostname || "imobiliaria.localhost",
      }),
    );
    return;
  }
  if (channel !== "email_agency" && channel !== "email_broker") throw new Error(`unknown channel ${channel}`);
  if (!recipient) throw new Error(`delivery ${channel} has no recipient`);
  const domain = new URL(publicUrl).hostname || "imobiliaria.localhost";
  await options.mailer.send(
    renderLeadEmail({ lead, channel, to: recipient, listing, agencyTitle, messageIdDomain: domain }),
  );
}

/** Title, code, prices and absolute link of a listing from the read model; null when unknown. */
async function listingContext(db: Db, code: string, publicUrl: string): Promise<LeadListingContext | null> {
  const [row] = await db
    .select({
      code: listings.code,
      title: listings.title,
      category: listings.category,
      neighbourhood: listings.neighbourhood,
      condominiumSlug: listings.condominiumSlug,
      salePrice: listings.salePrice,
      rentPrice: listings.rentPrice,
      forSale: listings.forSale,
      forRent: listings.forRent,
    })
    .from(listings)
    .where(eq(listings.code, code))
    .limit(1);
  if (!row) return null;
  return {
    code: row.code,
    title: row.title,
    salePrice: row.forSale ? row.salePrice : null,
    rentPrice: row.forRent ? row.rentPrice : null,
    url: `${publicUrl}${listingPath(row)}`,
  };
}

/** Options of {@link startLeadWorker}. */
export interface LeadWorkerOptions extends Omit<DeliverOptions, "db" | "now" | "vista"> {
  database: Database;
  /** The Vista client, read at each pass (the target may change at start-up). */
  getVista: () => Pick<VistaClient, "createLead">;
  /** Pause between passes in ms (default 5000); a full batch runs the next pass at once. */
  intervalMs?: number;
  /** Called when a pass fails as a whole (e.g. database unreachable). */
  onError?: (error: unknown) => void;
}

/** A running lead worker. */
export interface LeadWorker {
  /** Runs one pass now (waits for a pass in progress first). */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /**
   * Stops the loop and waits up to `timeoutMs` (default 10000) for the pass in
   * progress. A delivery still hanging after that is abandoned: its lease
   * expires and another pass delivers it again (at least once).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** Starts delivering the lead outbox in the background (server/index.ts, after migrations). */
export function startLeadWorker(options: LeadWorkerOptions): LeadWorker {
  const intervalMs = Math.max(10, options.intervalMs ?? 5000);
  const batch = options.batch ?? 20;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;

  const pass = () => {
    const previous = running ?? Promise.resolve({ sent: 0, failed: 0 });
    const next = previous
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(() => deliverDue({ ...options, db: options.database.db, vista: options.getVista(), batch }));
    running = next;
    return next;
  };

  const loop = async () => {
    timer = undefined;
    if (stopped) return;
    let again = false;
    try {
      const result = await pass();
      again = result.sent + result.failed >= batch;
    } catch (error) {
      options.onError?.(error);
    }
    if (!stopped) timer = setTimeout(() => void loop(), again ? 0 : intervalMs);
  };
  timer = setTimeout(() => void loop(), 0);

  return {
    runOnce: pass,
    async stop(stopOptions = {}) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => undefined),
        new Promise((resolve) => {
          wait = setTimeout(resolve, stopOptions.timeoutMs ?? 10_000);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
