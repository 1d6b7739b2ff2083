/**
 * Anonymising and deleting a person's leads (LGPD art. 18 IV and VI), with
 * an entry in the audit trail (`./audit`). Their visits booked online are
 * anonymised by both actions, never deleted (`./visits`). Users and team members are never
 * changed here: their accounts have their own admin pages (`/admin/usuarios`,
 * `/admin/membros/{id}`), which the search links to.
 */
import { and, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { deleteAlertsOfSubject } from "../alerts/privacy";
import { type Db } from "../db";
import { leadDeliveries, leadEvents, leads } from "../db/schema";
import { ANONYMISED, anonymiseLead } from "./anonymise";
import { type PrivacyActor, recordPrivacyAction } from "./audit";
import { emailMatches, phoneMatches } from "./match";
import { type Subject, subjectHash } from "./subject";
import { anonymiseVisitsById, type VisitAnonymiseCounts, visitIdsOf } from "./visits";

/** Rows changed by an anonymisation. */
export interface AnonymiseCounts {
  /** Leads whose personal fields were replaced. */
  leads: number;
  /** Deliveries whose recipient or error text was cleared. */
  deliveries: number;
  /** Pending deliveries cancelled (deleted): their message no longer exists. */
  cancelledDeliveries: number;
}

/**
 * Anonymises the leads with the given ids and their deliveries, in `db`
 * (pass a transaction): {@link anonymiseLead} on each lead; on each delivery
 * the data subject's own address (the `email_holder` receipt, or a
 * recipient equal to `alsoRecipient`) becomes {@link ANONYMISED} and the last
 * error (which may quote an address) is cleared; deliveries still pending
 * are deleted, since what they would send is gone.
 */
export async function anonymiseLeadsById(
  db: Db,
  ids: readonly string[],
  alsoRecipient?: string,
): Promise<AnonymiseCounts> {
  if (!ids.length && !alsoRecipient) return { leads: 0, deliveries: 0, cancelledDeliveries: 0 };
  let leadCount = 0;
  if (ids.length) {
    const rows = await db
      .select({
        id: leads.id,
        name: leads.name,
        email: leads.email,
        phone: leads.phone,
        message: leads.message,
        location: leads.location,
        pageUrl: leads.pageUrl,
      })
      .from(leads)
      .where(inArray(leads.id, [...ids]));
    for (const { id, ...personal } of rows) {
      await db
        .update(leads)
        .set({ ...anonymiseLead(personal), updatedAt: sql`now()` })
        .where(eq(leads.id, id));
    }
    leadCount = rows.length;
    // The leads' histories: a broker's note may carry what the person said or who they are.
    await db
      .update(leadEvents)
      .set({ note: ANONYMISED })
      .where(and(inArray(leadEvents.leadId, [...ids]), isNotNull(leadEvents.note), eq(leadEvents.type, "note")));
  }
  const scope: SQL | undefined = or(
    ids.length ? inArray(leadDeliveries.leadId, [...ids]) : undefined,
    alsoRecipient ? sql`lower(trim(${leadDeliveries.recipient})) = ${alsoRecipient}` : undefined,
  );
  const cancelled = await db
    .delete(leadDeliveries)
    .where(and(scope, eq(leadDeliveries.status, "pending")))
    .returning({ id: leadDeliveries.id });
  const updated = await db
    .update(leadDeliveries)
    .set({
      recipient: sql`case when ${leadDeliveries.channel} = 'email_holder' or ${
        alsoRecipient ? sql`lower(trim(${leadDeliveries.recipient})) = ${alsoRecipient}` : sql`false`
      } then ${ANONYMISED} else ${leadDeliveries.recipient} end`,
      lastError: null,
    })
    .where(scope)
    .returning({ id: leadDeliveries.id });
  return { leads: leadCount, deliveries: updated.length, cancelledDeliveries: cancelled.length };
}

/** Ids of the leads with the subject's e-mail or phone. */
async function leadIdsOf(db: Db, subject: Subject): Promise<string[]> {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(or(emailMatches(leads.email, subject), phoneMatches(leads.phone, subject)));
  return rows.map((row) => row.id);
}

/**
 * Runs `change` on the ids of the subject's leads ({@link leadIdsOf}) and
 * records `action` with the counts it returns and `options.reason`, all in
 * one transaction, so the audit entry exists exactly when the change does.
 * @throws database errors (nothing is changed).
 */
async function actOnSubject<Counts extends object>(
  db: Db,
  subject: Subject,
  options: { actor: PrivacyActor; reason: string },
  action: "anonymise" | "delete",
  change: (txDb: Db, ids: string[]) => Promise<Counts>,
): Promise<Counts> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const counts = await change(txDb, await leadIdsOf(txDb, subject));
    await recordPrivacyAction(txDb, {
      actor: options.actor,
      action,
      subjectHash: subjectHash(subject),
      reason: options.reason,
      counts: { ...counts } as Record<string, number>,
    });
    return counts;
  });
}

/**
 * "Anonimizar": anonymises every lead of the person and their deliveries
 * ({@link anonymiseLeadsById}) and their visits with the visitor's e-mails
 * (`anonymiseVisitsById`), and records the action with `reason`, in one
 * transaction.
 * @throws database errors (nothing is changed).
 */
export async function anonymiseSubject(
  db: Db,
  subject: Subject,
  options: { actor: PrivacyActor; reason: string },
): Promise<AnonymiseCounts & VisitAnonymiseCounts & { alerts: number }> {
  return actOnSubject(db, subject, options, "anonymise", async (txDb, ids) => ({
    ...(await anonymiseVisitsById(txDb, await visitIdsOf(txDb, subject, ids))),
    ...(await anonymiseLeadsById(txDb, ids, subject.kind === "email" ? subject.value : undefined)),
    // An alert is only an address and a search: anonymised, it is deleted (ADR 0034).
    alerts: await deleteAlertsOfSubject(txDb, subject),
  }));
}

/** Rows removed by {@link deleteSubject} (visits are anonymised, not removed). */
export interface DeleteCounts extends VisitAnonymiseCounts {
  leads: number;
  /** Deliveries removed with their leads. */
  deliveries: number;
  /** Saved-search alerts of the address removed, with their e-mails (ADR 0034). */
  alerts: number;
}

/**
 * "Excluir": deletes every lead of the person with its deliveries (the
 * foreign key cascades), anonymises their visits (`anonymiseVisitsById`: the
 * row stays for the broker's calendar and counts) and records the action
 * with `reason`, in one transaction. Users and members are left alone.
 * @throws database errors (nothing is changed).
 */
export async function deleteSubject(
  db: Db,
  subject: Subject,
  options: { actor: PrivacyActor; reason: string },
): Promise<DeleteCounts> {
  return actOnSubject(db, subject, options, "delete", async (txDb, ids): Promise<DeleteCounts> => {
    const alerts = await deleteAlertsOfSubject(txDb, subject);
    // Before the leads go: their ids also find the visits they carried.
    const visitCounts = await anonymiseVisitsById(txDb, await visitIdsOf(txDb, subject, ids));
    if (!ids.length) return { leads: 0, deliveries: 0, alerts, ...visitCounts };
    const deliveries = await txDb
      .delete(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, ids))
      .returning({ id: leadDeliveries.id });
    const removed = await txDb.delete(leads).where(inArray(leads.id, ids)).returning({ id: leads.id });
    return { leads: removed.length, deliveries: deliveries.length, alerts, ...visitCounts };
  });
}
