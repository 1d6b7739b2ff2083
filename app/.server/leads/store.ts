/**
 * Recording contact requests (docs/product.md "Contact
 * requests"): the lead and its outbox rows are written in ONE transaction
 * before the visitor gets an answer; the same idempotency key returns the
 * first lead and writes nothing (insert … on conflict do nothing + select).
 */
import { eq } from "drizzle-orm";
import { LGPD_REQUEST_TYPES } from "~/lib/lead-fields";
import { parseLeadInput, type LeadInput, type LeadInputRaw } from "~/lib/leads";
import { getConfig } from "../config";
import { getDb, type Db } from "../db";
import { brokers, leadDeliveries, leads, listings, type LeadChannel } from "../db/schema";
import { leadsEmail } from "../mail/transport";
import { routeNewLead } from "./routing";

/** A stored lead. */
export type LeadRow = typeof leads.$inferSelect;
/** A stored outbox row. */
export type LeadDeliveryRow = typeof leadDeliveries.$inferSelect;

/** Invalid contact request: `fieldErrors` maps a field name to its pt-BR messages. */
export class LeadValidationError extends Error {
  override name = "LeadValidationError";
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(
      `Contato inválido: ${Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
        .join("; ")}`,
    );
  }
}

/** Options of {@link recordLead}. */
export interface RecordLeadOptions {
  /** One per rendered form; 1–200 characters. */
  idempotencyKey: string;
  /** Database (default: the process database). */
  db?: Db;
  /** Agency inbox (default: `LEADS_EMAIL`). */
  agencyEmail?: string;
}

/** Channels that get a delivery row for each kind (WhatsApp and LGPD carry no CRM lead; a valuation is a captação, ADR 0089). */
const VISTA_KINDS = new Set<LeadInput["kind"]>(["sell", "info", "alert", "valuation", "visit"]);

/**
 * Validates and stores a contact request with its deliveries: an e-mail to the
 * agency (always), an e-mail to the listing's broker when the read model knows
 * the broker's e-mail, and a Vista lead (sell, info and alert requests: a
 * WhatsApp contact has no name/phone for the CRM, an LGPD request is not a sale).
 * In the same transaction a sales lead gets its history, its duplicate flag and
 * its responsible broker (`./routing`, ADR 0080).
 * @returns the lead and `created` (false when the key was already used: the first lead, nothing written).
 * @throws {LeadValidationError} for invalid input (pt-BR messages per field);
 *   {RangeError} for an empty or too long idempotency key; database errors.
 */
export async function recordLead(
  input: LeadInputRaw | LeadInput,
  options: RecordLeadOptions,
): Promise<{ lead: LeadRow; created: boolean }> {
  const key = options.idempotencyKey.trim();
  if (key.length < 1 || key.length > 200) throw new RangeError("idempotencyKey must have 1–200 characters");
  const parsed = parseLeadInput(input);
  if (!parsed.success) {
    const flat = parsed.error.flatten();
    throw new LeadValidationError({
      ...flat.fieldErrors,
      ...(flat.formErrors.length ? { "": flat.formErrors } : {}),
    } as Record<string, string[]>);
  }
  const lead = parsed.data;
  const db = options.db ?? getDb().db;
  const agencyEmail = options.agencyEmail ?? leadsEmail(getConfig());
  const code = "code" in lead ? lead.code : undefined;

  const existing = await findByKey(db, key);
  if (existing) return { lead: existing, created: false };

  const brokerEmail = code ? await brokerEmailOf(db, code) : null;
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(leads)
      .values({
        kind: lead.kind,
        idempotencyKey: key,
        name: "name" in lead ? lead.name : null,
        phone: "phone" in lead ? (lead.phone ?? null) : null,
        email: "email" in lead ? (lead.email ?? null) : null,
        message: lead.kind === "lgpd" ? lgpdMessage(lead) : "message" in lead ? lead.message : null,
        location: lead.kind === "sell" ? lead.location : null,
        condominium: lead.kind === "alert" ? lead.condominium : null,
        listingCode: code ?? null,
        pageUrl: lead.kind === "whatsapp" ? lead.page : null,
        utm: lead.kind === "whatsapp" && Object.keys(lead.utm).length ? lead.utm : null,
      })
      .onConflictDoNothing({ target: leads.idempotencyKey })
      .returning();
    if (!inserted) {
      // A concurrent submission with the same key committed first.
      const first = await findByKey(tx as unknown as Db, key);
      if (!first) throw new Error("lead vanished after an idempotency conflict");
      return { lead: first, created: false };
    }
    const deliveries: { channel: LeadChannel; recipient: string | null }[] = [
      { channel: "email_agency", recipient: agencyEmail },
    ];
    if (brokerEmail && brokerEmail.toLowerCase() !== agencyEmail.toLowerCase()) {
      deliveries.push({ channel: "email_broker", recipient: brokerEmail });
    }
    if (VISTA_KINDS.has(lead.kind)) deliveries.push({ channel: "vista", recipient: null });
    // The data subject's receipt of an LGPD request (LGPD art. 19, II: answer within 15 days).
    if (lead.kind === "lgpd") deliveries.push({ channel: "email_holder", recipient: lead.email });
    await tx
      .insert(leadDeliveries)
      .values(deliveries.map((delivery) => ({ leadId: inserted.id, ...delivery, nextAttemptAt: inserted.createdAt })));
    if (lead.kind === "lgpd") return { lead: inserted, created: true };
    // History, duplicate flag and responsible broker, committed with the lead (ADR 0080).
    await routeNewLead(tx as unknown as Db, inserted, { vistaBound: VISTA_KINDS.has(lead.kind) });
    const [routed] = await tx.select().from(leads).where(eq(leads.id, inserted.id));
    return { lead: routed ?? inserted, created: true };
  });
}

/**
 * The stored message of an LGPD request: the request type's label on the
 * first line ("Solicitação: Acesso aos meus dados"), then what the person
 * wrote, so the inbox and the agency e-mail show both.
 */
export function lgpdMessage(lead: Extract<LeadInput, { kind: "lgpd" }>): string {
  return lead.request ? `Solicitação: ${LGPD_REQUEST_TYPES[lead.request]}\n\n${lead.message}` : lead.message;
}

/** The lead stored under an idempotency key, or undefined. */
export async function findLeadByKey(key: string, db: Db = getDb().db): Promise<LeadRow | undefined> {
  return findByKey(db, key);
}

async function findByKey(db: Db, key: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.idempotencyKey, key)).limit(1);
  return row;
}

/** The e-mail of the listing's broker in the read model, or null. */
async function brokerEmailOf(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ listingBroker: listings.data, broker: brokers.data })
    .from(listings)
    .leftJoin(brokers, eq(brokers.code, listings.brokerCode))
    .where(eq(listings.code, code))
    .limit(1);
  const email = row?.broker?.email || row?.listingBroker?.broker?.email || "";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? email.trim() : null;
}

/** The deliveries of a lead, e.g. for tests and the admin inbox. */
export function deliveriesOf(leadId: string, db: Db = getDb().db): Promise<LeadDeliveryRow[]> {
  return db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
}
