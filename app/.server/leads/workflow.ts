/**
 * What a person does to a lead (ADR 0081): change its status, add a note,
 * record a one-tap reply, merge a duplicate into an earlier lead; and who may
 * (`canActOnLead`). Each change and its history entry (`recordLeadEvents`,
 * `./history`) are written in one transaction, with the lead's row locked, so
 * two people acting at once are put in order.
 *
 * The first reply or status change by a person stamps `first_response_at` and
 * `first_response_uid` once: the update says `where first_response_at is
 * null`, so it is never overwritten, and of two concurrent responses only the
 * first to commit counts. A note is not a response: the client hears nothing.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { RoleName } from "~/lib/auth";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import { LOST_REASON_REQUIRED, LOST_REASONS, type ReplyChannel, statusesFor } from "~/lib/lead-workflow";
import { type Db, getDb } from "../db";
import { leads, type LeadStatus } from "../db/schema";
import { type LeadActor, type LeadEventInput, recordLeadEvents } from "./history";

/** Who asks: what {@link canActOnLead} needs of the signed-in user. */
export interface LeadWorkflowUser {
  uid: string;
  role: RoleName;
  brokerCode: string | null;
}

/** What {@link canActOnLead} needs of the lead: its kind, its broker, and the Vista broker code of its listing. */
export interface LeadAccessFacts {
  kind: (typeof leads.$inferSelect)["kind"];
  assignedUid: string | null;
  /** The broker code of the listing the lead is about (read model), or null. */
  listingBrokerCode: string | null;
}

/**
 * Whether `user` may see and work a lead (ADR 0081): an
 * admin any lead; an agent the leads assigned to them, and the unassigned ones
 * about a listing with their Vista broker code, never an LGPD request (the
 * privacy inbox is the admins').
 */
export function canActOnLead(user: LeadWorkflowUser, lead: LeadAccessFacts): boolean {
  if (user.role === "admin") return true;
  if (lead.kind === "lgpd") return false;
  if (lead.assignedUid) return lead.assignedUid === user.uid;
  return user.brokerCode !== null && lead.listingBrokerCode === user.brokerCode;
}

/** The form field a refusal concerns (the page shows the message beside it), if any. */
export type WorkflowField = "status" | "lostReason" | "note" | "channel" | "into";

/**
 * Outcome of a workflow change: done (`changed` false when there was nothing
 * to change), or refused with a pt-BR message and the HTTP status to answer
 * (404 unknown lead, 409 merged lead, 400 bad input).
 */
export type WorkflowOutcome =
  { ok: true; changed: boolean } | { ok: false; status: 400 | 404 | 409; message: string; field?: WorkflowField };

const GONE: WorkflowOutcome = { ok: false, status: 404, message: "Este contato não existe mais." };
const MERGED: WorkflowOutcome = {
  ok: false,
  status: 409,
  message: "Este contato foi juntado a outro: trabalhe no contato que ficou.",
};

const lockedColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  status: leads.status,
  lostReason: leads.lostReason,
  createdAt: leads.createdAt,
  mergedIntoId: leads.mergedIntoId,
};

type LockedLead = { [K in keyof typeof lockedColumns]: (typeof leads.$inferSelect)[K] };

/** Runs `work` in a transaction with lead `leadId`'s row locked (`for update`); GONE when there is no such lead. */
async function withLockedLead(
  db: Db,
  leadId: string,
  work: (tx: Db, lead: LockedLead) => Promise<WorkflowOutcome>,
): Promise<WorkflowOutcome> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [lead] = await tx.select(lockedColumns).from(leads).where(eq(leads.id, leadId)).for("update");
    if (!lead) return GONE;
    if (lead.mergedIntoId) return MERGED;
    return work(tx, lead);
  });
}

/**
 * Stamps the lead's first response by `actor` unless it has one (a person
 * only: the system's changes are not responses).
 * @returns whether this call stamped it.
 */
async function stampFirstResponse(tx: Db, leadId: string, actor: LeadActor): Promise<boolean> {
  if (!actor) return false;
  const rows = await tx
    .update(leads)
    .set({ firstResponseAt: sql`now()`, firstResponseUid: actor.uid })
    .where(and(eq(leads.id, leadId), isNull(leads.firstResponseAt)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/** Whether `value` is one of `LOST_REASONS`. */
function isLostReason(value: string | null | undefined): value is (typeof LOST_REASONS)[number] {
  return (LOST_REASONS as readonly string[]).includes(value ?? "");
}

/**
 * Moves a lead to `change.status`: one of its kind's statuses
 * (`statusesFor`); "perdido" needs `change.lostReason` (one of
 * `LOST_REASONS`), any other status clears it. Writes the "status" history
 * entry (from, to, the reason as its note) and, for a person, the first response.
 * The same status (and reason) again changes nothing.
 */
export async function changeLeadStatus(
  leadId: string,
  change: { status: LeadStatus; lostReason?: string | null },
  actor: LeadActor,
  db: Db = getDb().db,
): Promise<WorkflowOutcome> {
  return withLockedLead(db, leadId, async (tx, lead) => {
    if (!statusesFor(lead.kind).includes(change.status))
      return { ok: false, status: 400, field: "status", message: "Este status não vale para este tipo de contato." };
    const reason = change.status === "perdido" ? (change.lostReason ?? null) : null;
    if (change.status === "perdido" && !isLostReason(reason))
      return { ok: false, status: 400, field: "lostReason", message: LOST_REASON_REQUIRED };
    if (lead.status === change.status && lead.lostReason === reason) return { ok: true, changed: false };
    await tx
      .update(leads)
      .set({ status: change.status, lostReason: reason, updatedAt: sql`now()` })
      .where(eq(leads.id, leadId));
    await stampFirstResponse(tx, leadId, actor);
    await recordLeadEvents(tx, [
      { leadId, type: "status", actor, fromValue: lead.status, toValue: change.status, note: reason },
    ]);
    return { ok: true, changed: true };
  });
}

/** Adds a note (already validated: 1–2000 characters) to a lead's history. Not a response to the client. */
export async function addLeadNote(
  leadId: string,
  note: string,
  actor: LeadActor,
  db: Db = getDb().db,
): Promise<WorkflowOutcome> {
  return withLockedLead(db, leadId, async (tx) => {
    await recordLeadEvents(tx, [{ leadId, type: "note", actor, note }]);
    return { ok: true, changed: true };
  });
}

/**
 * Records that `actor` answered the lead on `channel` (the page then sends
 * them to `wa.me`, `mailto:` or `tel:`): a "reply" history entry, the first
 * response, and a lead still "novo" moves to "em atendimento" (with its
 * "status" entry), since somebody is now on it.
 */
export async function recordLeadReply(
  leadId: string,
  channel: ReplyChannel,
  actor: LeadActor,
  db: Db = getDb().db,
): Promise<WorkflowOutcome> {
  return withLockedLead(db, leadId, async (tx, lead) => {
    const events: LeadEventInput[] = [{ leadId, type: "reply", actor, toValue: channel }];
    if (lead.status === "novo") {
      await tx
        .update(leads)
        .set({ status: "em_atendimento", updatedAt: sql`now()` })
        .where(eq(leads.id, leadId));
      events.push({ leadId, type: "status", actor, fromValue: "novo", toValue: "em_atendimento" });
    }
    await stampFirstResponse(tx, leadId, actor);
    await recordLeadEvents(tx, events);
    return { ok: true, changed: true };
  });
}

/**
 * "o contato recebido em 21/11/2026 14:05" (a lead as a history note names it): by its date,
 * never its name, so a history keeps no one's personal data (the ids are in from/to).
 */
function leadLabel(lead: { createdAt: Date }): string {
  return `o contato recebido em ${formatSaoPaulo(lead.createdAt.toISOString())}`;
}

/**
 * Merges lead `duplicateId` into lead `intoId` (ADR 0081): the duplicate
 * gets `merged_into_id` and leaves the inboxes, its row and history kept; the
 * leads merged into it before now point to `intoId` (one level, never a
 * chain). Both histories get a "merged" entry naming the other lead. Both rows
 * are locked in id order, so two crossed merges cannot deadlock.
 */
export async function mergeLeads(
  duplicateId: string,
  intoId: string,
  actor: LeadActor,
  db: Db = getDb().db,
): Promise<WorkflowOutcome> {
  if (duplicateId === intoId)
    return { ok: false, status: 400, field: "into", message: "Um contato não pode ser juntado a ele mesmo." };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = await tx
      .select(lockedColumns)
      .from(leads)
      .where(inArray(leads.id, [duplicateId, intoId]))
      .orderBy(asc(leads.id))
      .for("update");
    const duplicate = rows.find((row) => row.id === duplicateId);
    const into = rows.find((row) => row.id === intoId);
    if (!duplicate || !into) return GONE;
    if (duplicate.mergedIntoId) return MERGED;
    if (into.mergedIntoId)
      return { ok: false, status: 409, field: "into", message: "O contato escolhido já foi juntado a outro." };
    await tx
      .update(leads)
      .set({ mergedIntoId: intoId, updatedAt: sql`now()` })
      .where(eq(leads.id, duplicateId));
    await tx.update(leads).set({ mergedIntoId: intoId }).where(eq(leads.mergedIntoId, duplicateId));
    await recordLeadEvents(tx, [
      { leadId: duplicateId, type: "merged", actor, toValue: intoId, note: `Juntado a ${leadLabel(into)}.` },
      {
        leadId: intoId,
        type: "merged",
        actor,
        fromValue: duplicateId,
        note: `Recebeu ${leadLabel(duplicate)}, duplicado.`,
      },
    ]);
    return { ok: true, changed: true };
  });
}
