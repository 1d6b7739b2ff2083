/**
 * The visits booked online in the data-subject requests and the retention
 * (LGPD art. 16 and 18; ADR 0031 amended 2026-11-29, ADR 0088): a `visits` row
 * keeps the visitor's name, phone and e-mail and the rating's comment, and
 * its `visit_mails` rows the visitor's address. A person's visits are found
 * by e-mail or phone (and through their leads), exported, and anonymised —
 * never deleted, even by "Excluir": the row, its times, status and rating
 * number are the broker's calendar (the no-overlap constraint) and the
 * owner's report counts, and hold nothing personal once anonymised.
 */
import { and, asc, eq, inArray, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db";
import { visitMails, visits } from "../db/schema";
import { ANONYMISED } from "./anonymise";
import { anonymiseCreatedBefore } from "./batches";
import { emailMatches, phoneMatches } from "./match";
import { isoTime, type PrivacyRecord, type PrivacySource } from "./source";
import type { Subject } from "./subject";

/** Most visits read per search (as for the other sources). */
const SOURCE_LIMIT = 1000;

/** The personal columns of a visit (what {@link anonymiseVisit} replaces). */
export type VisitPersonalData = Pick<
  typeof visits.$inferSelect,
  "visitorName" | "visitorPhone" | "visitorEmail" | "feedback"
>;

/**
 * The update that anonymises a visit: name and phone become {@link ANONYMISED}
 * as on a lead (an empty one stays empty), the e-mail and the rating's
 * comment become empty. The e-mail is blanked, not replaced: an empty
 * address is how a visit says "no e-mail", so a reschedule by the manage
 * link after the anonymisation queues no mail to a placeholder. Pure;
 * idempotent.
 */
export function anonymiseVisit(visit: VisitPersonalData): VisitPersonalData {
  return {
    visitorName: visit.visitorName === "" ? "" : ANONYMISED,
    visitorPhone: visit.visitorPhone === "" ? "" : ANONYMISED,
    visitorEmail: "",
    feedback: "",
  };
}

/** SQL condition: the visit still holds a value {@link anonymiseVisit} would change. */
const stillPersonal = or(
  notInArray(visits.visitorName, ["", ANONYMISED]),
  notInArray(visits.visitorPhone, ["", ANONYMISED]),
  ne(visits.visitorEmail, ""),
  ne(visits.feedback, ""),
)!;

/** The subject's visits: their e-mail or phone on the visit, or the visit's lead among `leadIds`. */
function subjectVisits(subject: Subject, leadIds: readonly string[]): SQL | undefined {
  return or(
    emailMatches(visits.visitorEmail, subject),
    phoneMatches(visits.visitorPhone, subject),
    leadIds.length ? inArray(visits.leadId, [...leadIds]) : undefined,
  );
}

/**
 * Visits with the person's e-mail or phone, or whose lead the leads source
 * found, with the e-mails sent or queued for each (kind, status, time; not
 * the recipient). The manage token's hash and the form key are left out.
 */
export const visitsPrivacySource: PrivacySource = {
  key: "visits",
  label: "Visitas agendadas",
  manageHref: () => null,
  async find(db, subject, found): Promise<PrivacyRecord[]> {
    const where = subjectVisits(
      subject,
      (found.leads ?? []).map((record) => record.id),
    );
    if (!where) return [];
    const rows = await db.select().from(visits).where(where).orderBy(asc(visits.startsAt)).limit(SOURCE_LIMIT);
    if (!rows.length) return [];
    const mails = await db
      .select({
        visitId: visitMails.visitId,
        kind: visitMails.kind,
        status: visitMails.status,
        nextAttemptAt: visitMails.nextAttemptAt,
        sentAt: visitMails.sentAt,
      })
      .from(visitMails)
      .where(
        inArray(
          visitMails.visitId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(visitMails.createdAt));
    return rows.map((row) => {
      const own = mails.filter((mail) => mail.visitId === row.id);
      return {
        source: "visits",
        id: row.id,
        date: isoTime(row.createdAt),
        fields: {
          listingCode: row.listingCode,
          startsAt: isoTime(row.startsAt),
          endsAt: isoTime(row.endsAt),
          status: row.status,
          visitorName: row.visitorName,
          visitorPhone: row.visitorPhone,
          visitorEmail: row.visitorEmail,
          rating: row.rating,
          feedback: row.feedback,
          feedbackAt: isoTime(row.feedbackAt),
          brokerUid: row.brokerUid,
          leadId: row.leadId,
          createdAt: isoTime(row.createdAt),
          updatedAt: isoTime(row.updatedAt),
          cancelledAt: isoTime(row.cancelledAt),
          mails: Object.fromEntries(
            own.map((mail, index) => [
              `${index + 1}`,
              `${mail.kind} ${mail.status} ${isoTime(mail.sentAt) ?? isoTime(mail.nextAttemptAt) ?? ""}`.trim(),
            ]),
          ),
        },
      };
    });
  },
};

/** Rows changed by {@link anonymiseVisitsById}. */
export interface VisitAnonymiseCounts {
  /** Visits whose name, phone, e-mail or comment was cleared. */
  visits: number;
  /** Visit e-mails already sent whose recipient (the visitor) became {@link ANONYMISED}. */
  visitMails: number;
  /** The visitor's pending e-mails deleted: their address is gone. */
  cancelledVisitMails: number;
}

/**
 * Anonymises the visits with the given ids, in `db` (pass a transaction):
 * the rule of {@link anonymiseVisit}, as one SQL update; of their e-mails, those addressed to the
 * visitor (a `visitor_*` kind, or the visit's own address) are deleted while
 * pending and get {@link ANONYMISED} as recipient once sent; the last error
 * (which may quote an address) is cleared on all of them. The broker's
 * e-mails stay queued: the visit still takes place, shown anonymised. The
 * rows, times, status and rating stay, so the no-overlap constraint and the
 * counts are untouched.
 */
export async function anonymiseVisitsById(db: Db, ids: readonly string[]): Promise<VisitAnonymiseCounts> {
  if (!ids.length) return { visits: 0, visitMails: 0, cancelledVisitMails: 0 };
  // Before the visits lose their e-mail: it tells which mails were the visitor's.
  const toVisitor = sql`(${visitMails.kind} like 'visitor\\_%' or exists (select 1 from ${visits} where ${visits.id} = ${visitMails.visitId} and ${visits.visitorEmail} <> '' and lower(trim(${visits.visitorEmail})) = lower(trim(${visitMails.recipient}))))`;
  const inScope = inArray(visitMails.visitId, [...ids]);
  const cancelled = await db
    .delete(visitMails)
    .where(and(inScope, eq(visitMails.status, "pending"), toVisitor))
    .returning({ id: visitMails.id });
  const mailed = await db
    .update(visitMails)
    .set({ recipient: ANONYMISED, lastError: null })
    .where(and(inScope, toVisitor, ne(visitMails.recipient, ANONYMISED)))
    .returning({ id: visitMails.id });
  await db.update(visitMails).set({ lastError: null }).where(inScope);
  const changed = await db
    .update(visits)
    .set({
      visitorName: sql`case when ${visits.visitorName} = '' then '' else ${ANONYMISED} end`,
      visitorPhone: sql`case when ${visits.visitorPhone} = '' then '' else ${ANONYMISED} end`,
      visitorEmail: "",
      feedback: "",
      updatedAt: sql`now()`,
    })
    .where(and(inArray(visits.id, [...ids]), stillPersonal))
    .returning({ id: visits.id });
  return { visits: changed.length, visitMails: mailed.length, cancelledVisitMails: cancelled.length };
}

/**
 * Ids of the subject's visits (e-mail or phone on the visit, or one of
 * `leadIds`, the subject's leads), for "Anonimizar" and "Excluir".
 */
export async function visitIdsOf(db: Db, subject: Subject, leadIds: readonly string[]): Promise<string[]> {
  const where = subjectVisits(subject, leadIds);
  if (!where) return [];
  const rows = await db.select({ id: visits.id }).from(visits).where(where);
  return rows.map((row) => row.id);
}

/**
 * The retention job's part for visits: anonymises, in transactions of
 * `ANONYMISE_BATCH` (`./batches`), every visit booked (created) before `cutoff` — the leads'
 * retention cutoff — that still holds personal data. Idempotent.
 * @throws database errors (the batches committed before stay done).
 */
export function anonymiseVisitsBefore(db: Db, cutoff: Date): Promise<VisitAnonymiseCounts> {
  return anonymiseCreatedBefore(
    db,
    { table: visits, id: visits.id, createdAt: visits.createdAt, stillPersonal },
    cutoff,
    { visits: 0, visitMails: 0, cancelledVisitMails: 0 },
    anonymiseVisitsById,
  );
}
