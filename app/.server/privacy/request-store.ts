/**
 * Recording a data-subject request from `/lgpd` (a lead of kind `lgpd`) with
 * the per-recipient cap of its receipt
 * (docs/decisions/0064-public-forms-mail-only-what-the-agency-wrote.md): the
 * request is always recorded and the agency always told; the receipt to the
 * address typed in the form is queued only while that address (normalised:
 * `./recipient`) got fewer than {@link LGPD_RECEIPTS_PER_ADDRESS_PER_DAY}
 * receipts in the last 24 h. Counting and recording run in one transaction
 * under the address's advisory lock, so several processes never exceed it.
 */
import { and, count, eq, gte } from "drizzle-orm";
import type { LeadInput } from "~/lib/leads";
import { getDb, type Db } from "../db";
import { leadDeliveries, leads } from "../db/schema";
import { recordLead, type LeadRow } from "../leads/store";
import {
  LGPD_RECEIPTS_PER_ADDRESS_PER_DAY,
  lockRecipient,
  normaliseEmail,
  normalisedEmailSql,
  RECIPIENT_CAP_WINDOW_MS,
} from "./recipient";

/** An LGPD request as the form's schema gives it. */
export type LgpdRequestInput = Extract<LeadInput, { kind: "lgpd" }>;

/** Options of {@link recordLgpdRequest}. */
export interface RecordLgpdRequestOptions {
  /** Stored idempotency key (one per rendered form). */
  idempotencyKey: string;
  db?: Db;
  /** Clock (tests); the start of the 24 h window is counted from it. */
  now?: Date;
  /** Agency inbox (default `LEADS_EMAIL`). */
  agencyEmail?: string;
}

/** What {@link recordLgpdRequest} did: the lead, whether it is new, whether a receipt was queued. */
export interface RecordedLgpdRequest {
  lead: LeadRow;
  created: boolean;
  /** False when the address reached its cap (or the request was already recorded). */
  receiptQueued: boolean;
}

/**
 * Receipts queued for one normalised address since `since`: `email_holder`
 * deliveries of LGPD leads created in the window (an anonymised lead's
 * delivery has no recipient and no longer counts).
 */
export async function lgpdReceiptsSince(db: Db, normalisedEmail: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .where(
      and(
        eq(leads.kind, "lgpd"),
        gte(leads.createdAt, since),
        eq(leadDeliveries.channel, "email_holder"),
        eq(normalisedEmailSql(leadDeliveries.recipient), normalisedEmail),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Records the request (lead + agency e-mail + receipt, `recordLead`) and,
 * when the address is over its cap, drops the receipt in the same
 * transaction, before any worker can see it. The same key returns the first
 * lead and changes nothing.
 * @throws database errors and `LeadValidationError` (nothing is recorded then).
 */
export async function recordLgpdRequest(
  input: LgpdRequestInput,
  options: RecordLgpdRequestOptions,
): Promise<RecordedLgpdRequest> {
  const db = options.db ?? getDb().db;
  const since = new Date((options.now ?? new Date()).getTime() - RECIPIENT_CAP_WINDOW_MS);
  const address = normaliseEmail(input.email);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockRecipient(tx, address);
    const before = await lgpdReceiptsSince(tx, address, since);
    const recorded = await recordLead(input, {
      idempotencyKey: options.idempotencyKey,
      db: tx,
      agencyEmail: options.agencyEmail,
    });
    if (!recorded.created) return { ...recorded, receiptQueued: false };
    if (before < LGPD_RECEIPTS_PER_ADDRESS_PER_DAY) return { ...recorded, receiptQueued: true };
    await tx
      .delete(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, recorded.lead.id), eq(leadDeliveries.channel, "email_holder")));
    console.warn(
      `[lgpd] solicitação ${recorded.lead.id} registrada sem comprovante: limite de ${LGPD_RECEIPTS_PER_ADDRESS_PER_DAY} por endereço em 24 h`,
    );
    return { ...recorded, receiptQueued: false };
  });
}
