/**
 * The lead outbox worker (docs/product.md "Contact requests";
 * ADR 0014): claims due `lead_deliveries` rows with a lease (`for update skip
 * locked`, so several workers or processes never claim the same row), delivers
 * them (e-mail through the mailer, `POST /lead` to Vista), and marks them sent
 * or schedules a retry with exponential backoff — it never gives up. Each row
 * is delivered once by one claim holder, its lease renewed while it is sent
 * and the send aborted before the lease could pass on (ADR 0069); a worker
 * that dies mid-delivery leaves a lease that expires, and the row is
 * delivered again; e-mails carry a stable Message-ID. E-mails wait on the
 * "smtp" transport and Vista leads on "vista": one that goes through makes
 * the others waiting on it due at once.
 * The claim, retry and loop are the shared outbox's (`../outbox`); this module
 * reads the claimed rows with their lead and delivers each channel: besides
 * the lead e-mails and Vista, the reminders `sla_broker`/`sla_admin` queued by
 * `./sla`; Vista's answer names the broker of a lead still without one
 * (`./routing`, ADR 0080).
 */
import { eq, inArray } from "drizzle-orm";
import { listingPath } from "~/lib/urls";
import { defaultTitle, getConfig } from "../config";
import type { Database, Db } from "../db";
import { listingPathColumns } from "../catalogue/listing-path";
import { leadDeliveries, leads, listings, users } from "../db/schema";
import type { Mailer } from "../mail/transport";
import { VistaError, type VistaClient } from "../vista";
import { renderLeadEmail, type LeadListingContext } from "../mail/templates";
import { renderLgpdReceiptEmail } from "../mail/lgpd-receipt";
import { renderLeadReminderEmail } from "../mail/lead-reminder";
import { getAgencyProfile } from "../agency";
import { LGPD_PATH } from "~/lib/paths";
import {
  deliverDueOutbox,
  isTransportUnavailable,
  OutboxProbes,
  startOutboxWorker,
  type OutboxPassOptions,
  type OutboxPassResult,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "../outbox";
import type { LeadDeliveryRow, LeadRow } from "./store";
import { applyVistaAnswer } from "./routing";
import { toVistaLead } from "./vista-lead";

// The retry rules live with the shared outbox; re-exported for the lead's importers.
export { BACKOFF_BASE_MS, BACKOFF_CAP_MS, DEFAULT_LEASE_MS, backoffMs } from "../outbox";

/** Options of {@link deliverDue}; the clock, batch, lease and jitter are the shared outbox's. */
export interface DeliverOptions extends OutboxPassOptions {
  mailer: Mailer;
  vista: Pick<VistaClient, "createLead">;
  /** Site origin for listing links (default `PUBLIC_URL`, else http://localhost:{PORT}). */
  publicUrl?: string;
  /** Agency display title (default "{AGENCY_NAME} Imobiliária"). */
  agencyTitle?: string;
  /** Called for each failed attempt (message already free of secrets). */
  onFailure?: (info: { deliveryId: string; channel: string; attempts: number; error: string }) => void;
}

/**
 * Claims and delivers the due outbox rows (status pending, `next_attempt_at` ≤
 * now, lease free), one batch.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export async function deliverDue(options: DeliverOptions): Promise<OutboxPassResult> {
  return deliverDueOutbox<{ delivery: LeadDeliveryRow; lead: LeadRow }>(
    {
      table: leadDeliveries,
      row: (item) => item.delivery,
      load: async (db, ids) => {
        const items = await db
          .select({ delivery: leadDeliveries, lead: leads })
          .from(leadDeliveries)
          .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
          .where(inArray(leadDeliveries.id, ids));

        let config: ReturnType<typeof getConfig> | undefined;
        const lazyConfig = () => (config ??= getConfig());
        const publicUrl = (
          options.publicUrl ??
          lazyConfig().PUBLIC_URL ??
          `http://localhost:${lazyConfig().PORT}`
        ).replace(/\/+$/, "");
        const agencyTitle = options.agencyTitle ?? defaultTitle(lazyConfig());
        const listingCache = new Map<string, LeadListingContext | null>();

        const deliver = async ({ delivery, lead }: (typeof items)[number], signal: AbortSignal) => {
          let listing: LeadListingContext | null = null;
          if (lead.listingCode) {
            if (!listingCache.has(lead.listingCode))
              listingCache.set(lead.listingCode, await listingContext(db, lead.listingCode, publicUrl));
            listing = listingCache.get(lead.listingCode) ?? null;
          }
          await deliverOne(delivery, lead, listing, { options, agencyTitle, publicUrl, db, signal });
        };
        return { items, deliver };
      },
      onFailure: ({ delivery }, attempts, error) =>
        options.onFailure?.({ deliveryId: delivery.id, channel: delivery.channel, attempts, error }),
      transport: ({ delivery }) => transportOf(delivery.channel),
      unavailable: (error) => (error instanceof VistaError ? error.retryable : isTransportUnavailable(error)),
    },
    options,
  );
}

/**
 * The transport of a channel: "vista" for the CRM, "smtp" for every e-mail
 * (one mailer, so one e-mail that goes through shows the others can).
 */
export function transportOf(channel: string): "vista" | "smtp" {
  return channel === "vista" ? "vista" : "smtp";
}

/** What {@link deliverOne} needs besides the row: the pass's options and lookups, and the delivery's signal. */
interface DeliveryContext {
  options: DeliverOptions;
  agencyTitle: string;
  publicUrl: string;
  db: Db;
  /** Aborts the e-mail or the Vista call (the outbox's bound on one delivery). */
  signal: AbortSignal;
}

async function deliverOne(
  { channel, recipient }: Pick<LeadDeliveryRow, "channel" | "recipient">,
  lead: LeadRow,
  listing: LeadListingContext | null,
  { options, agencyTitle, publicUrl, db, signal }: DeliveryContext,
): Promise<void> {
  if (channel === "vista") {
    const answer = await options.vista.createLead(toVistaLead(lead, listing, `Site ${agencyTitle}`), { signal });
    // Vista's own distribution names the broker of a lead still without one (ADR 0080). The lead is
    // in the CRM already: a failure here is logged, never a reason to post it again.
    if (!lead.assignedUid)
      await applyVistaAnswer(db, lead.id, answer?.corretor).catch((error: unknown) =>
        console.error("[leads] erro ao registrar o corretor indicado pelo Vista", error),
      );
    return;
  }
  if (channel === "sla_broker" || channel === "sla_admin") {
    // The reminders that a lead is still unanswered (./sla): staff addresses only.
    if (!recipient) throw new Error(`delivery ${channel} has no recipient`);
    // The lead as it is now (each attempt reloads it): answered or merged since the reminder was
    // queued, or given to another broker, the reminder has nothing left to say to this address.
    if (lead.status !== "novo" || lead.mergedIntoId) return;
    const assignee = await assigneeOf(db, lead.assignedUid);
    if (channel === "sla_broker" && assignee?.email.toLowerCase() !== recipient.toLowerCase()) return;
    await options.mailer.send(
      renderLeadReminderEmail({
        lead,
        channel,
        to: recipient,
        listing,
        assignedName: assignee ? assignee.name || assignee.email : null,
        publicUrl,
        now: options.now ?? new Date(),
        messageIdDomain: new URL(publicUrl).hostname || "imobiliaria.localhost",
      }),
      { signal },
    );
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
      { signal },
    );
    return;
  }
  if (channel !== "email_agency" && channel !== "email_broker") throw new Error(`unknown channel ${channel}`);
  if (!recipient) throw new Error(`delivery ${channel} has no recipient`);
  const domain = new URL(publicUrl).hostname || "imobiliaria.localhost";
  await options.mailer.send(
    renderLeadEmail({ lead, channel, to: recipient, listing, agencyTitle, messageIdDomain: domain }),
    { signal },
  );
}

/** The name and e-mail of the lead's responsible user, or null. */
async function assigneeOf(db: Db, uid: string | null): Promise<{ name: string; email: string } | null> {
  if (!uid) return null;
  const [row] = await db.select({ name: users.displayName, email: users.email }).from(users).where(eq(users.uid, uid));
  return row ?? null;
}

/** Title, code, prices and absolute link of a listing from the read model; null when unknown. */
async function listingContext(db: Db, code: string, publicUrl: string): Promise<LeadListingContext | null> {
  const [row] = await db
    .select({
      ...listingPathColumns,
      title: listings.title,
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
export interface LeadWorkerOptions extends Omit<DeliverOptions, "db" | "now" | "vista">, OutboxWorkerOptions {
  database: Database;
  /** The Vista client, read at each pass (the target may change at start-up). */
  getVista: () => Pick<VistaClient, "createLead">;
}

/**
 * A running lead worker: `runOnce` runs one pass now (after the pass in
 * progress); `stop` ends the loop and waits for the pass in progress, see
 * {@link OutboxWorker}.
 */
export type LeadWorker = OutboxWorker;

/**
 * Starts delivering the lead outbox in the background (server/index.ts, after
 * migrations). Its timers keep the process alive until {@link LeadWorker.stop}.
 */
export function startLeadWorker(options: LeadWorkerOptions): LeadWorker {
  // Each worker probes on its own schedule (a second worker in the process is a second server in tests).
  const probes = options.probes ?? new OutboxProbes();
  return startOutboxWorker(
    options,
    (batch) => deliverDue({ ...options, db: options.database.db, vista: options.getVista(), batch, probes }),
    false,
  );
}
