/**
 * What the manage link `/visitas/{token}` does (ADR 0088): read the visit, move it to another
 * free slot of the same calendar (same row; the exclusion constraint still decides), cancel it.
 * Each change writes an entry in the lead's history; a move queues the booking's e-mails again
 * for the new time (the worker skips the rows of the old time), a cancellation tells the broker.
 */
import { and, countDistinct, eq, like, sql } from "drizzle-orm";
import { visitWhenText } from "~/lib/visit-format";
import { getConfig } from "../config";
import type { Db } from "../db";
import { leadEvents, leads, visitMails, visits } from "../db/schema";
import { recordLeadEvents } from "../leads/history";
import { leadsEmail } from "../mail/transport";
import {
  bookingMailRows,
  lockedSlotFree,
  MOVES_EXHAUSTED_MESSAGE,
  MOVES_PER_VISIT,
  queueVisitMails,
  sqlStateOf,
  visitLeadMessage,
  VisitSlotError,
} from "./booking";
import { brokerContact, calendarOf, freeSlots, slotAt } from "./calendar";
import { isVisitToken, visitTokenHash } from "./tokens";
import type { VisitRow } from "./types";

/** The visit of a manage token, or null (malformed or unknown token). */
export async function findVisitByToken(db: Db, token: unknown): Promise<VisitRow | null> {
  if (!isVisitToken(token)) return null;
  const [row] = await db
    .select()
    .from(visits)
    .where(eq(visits.tokenHash, visitTokenHash(token)))
    .limit(1);
  return row ?? null;
}

/** Whether the visitor may still change the visit: booked and not yet started. */
export function visitChangeable(visit: VisitRow, now: Date): boolean {
  return visit.status === "booked" && visit.startsAt.getTime() > now.getTime();
}

/** The message of a change refused because the visit is over or cancelled. */
export const VISIT_CLOSED_MESSAGE = "Esta visita não pode mais ser alterada.";

/** The free slots a visit may move to (its own calendar, its own time left out of the busy ones). */
export async function rescheduleSlots(db: Db, visit: VisitRow, now: Date) {
  return freeSlots(db, await calendarOf(db, visit.brokerUid), now, visit.id);
}

/**
 * Moves a visit to the free slot starting at `startsAt`.
 * @returns the visit as updated (unchanged when it already starts then).
 * @throws {VisitSlotError} when the visit can no longer change, was moved
 *   {@link MOVES_PER_VISIT} times already, the slot is not free (buffer included), or a
 *   concurrent booking took it (SQLSTATE 23P01); database errors otherwise.
 */
export async function rescheduleVisit(
  db: Db,
  visit: VisitRow,
  startsAt: Date,
  options: { now?: Date; agencyEmail?: string } = {},
): Promise<VisitRow> {
  const now = options.now ?? new Date();
  if (!visitChangeable(visit, now)) throw new VisitSlotError(VISIT_CLOSED_MESSAGE);
  if (visit.startsAt.getTime() === startsAt.getTime()) return visit;
  const calendar = await calendarOf(db, visit.brokerUid);
  const slot = slotAt(await freeSlots(db, calendar, now, visit.id), startsAt);
  if (!slot) throw new VisitSlotError();
  const agencyEmail = options.agencyEmail ?? leadsEmail(getConfig());
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (!(await lockedSlotFree(tx, calendar, slot, visit.id))) throw new VisitSlotError();
      // After the calendar's lock: two moves of one visit at once count each other.
      if ((await movesOf(tx, visit)) >= MOVES_PER_VISIT) throw new VisitSlotError(MOVES_EXHAUSTED_MESSAGE);
      const [moved] = await tx
        .update(visits)
        .set({ startsAt: slot.startsAt, endsAt: slot.endsAt, updatedAt: sql`now()` })
        .where(and(eq(visits.id, visit.id), eq(visits.status, "booked")))
        .returning();
      if (!moved) throw new VisitSlotError(VISIT_CLOSED_MESSAGE);
      if (moved.leadId) {
        const note = `${visitLeadMessage(slot.startsAt, true)} Antes: ${visitWhenText(visit.startsAt)}.`;
        await recordLeadEvents(tx, [{ leadId: moved.leadId, type: "note", actor: null, note }]);
        await tx
          .update(leads)
          .set({ updatedAt: sql`now()` })
          .where(eq(leads.id, moved.leadId));
      }
      await queueVisitMails(tx, await bookingMailRows(tx, moved, agencyEmail, now));
      return moved;
    });
  } catch (error) {
    if (sqlStateOf(error) === "23P01") throw new VisitSlotError();
    throw error;
  }
}

/**
 * Cancels a visit: status `cancelled` (its time is free again), an entry in the lead's history,
 * the lead back to "em atendimento" when it still said "visita agendada", and the broker's
 * `broker_cancelled` e-mail.
 * @returns the visit as updated; unchanged when it was already cancelled.
 * @throws {VisitSlotError} when the visit already started; database errors.
 */
export async function cancelVisit(
  db: Db,
  visit: VisitRow,
  options: { now?: Date; agencyEmail?: string } = {},
): Promise<VisitRow> {
  const now = options.now ?? new Date();
  if (visit.status === "cancelled") return visit;
  if (!visitChangeable(visit, now)) throw new VisitSlotError(VISIT_CLOSED_MESSAGE);
  const broker = visit.brokerUid ? await brokerContact(db, visit.brokerUid) : null;
  const recipient = broker?.email ?? options.agencyEmail ?? leadsEmail(getConfig());
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [cancelled] = await tx
      .update(visits)
      .set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(visits.id, visit.id), eq(visits.status, "booked")))
      .returning();
    if (!cancelled) return (await findById(tx, visit.id)) ?? visit;
    if (cancelled.leadId) {
      const note = `Visita de ${visitWhenText(cancelled.startsAt)} cancelada pelo visitante.`;
      const [lead] = await tx
        .update(leads)
        .set({ status: "em_atendimento", updatedAt: sql`now()` })
        .where(and(eq(leads.id, cancelled.leadId), eq(leads.status, "visita_agendada")))
        .returning({ id: leads.id });
      await recordLeadEvents(tx, [
        lead
          ? {
              leadId: cancelled.leadId,
              type: "status",
              actor: null,
              fromValue: "visita_agendada",
              toValue: "em_atendimento",
              note,
            }
          : { leadId: cancelled.leadId, type: "note", actor: null, note },
      ]);
    }
    await queueVisitMails(tx, [
      {
        visitId: cancelled.id,
        kind: "broker_cancelled",
        forStartsAt: cancelled.startsAt,
        recipient,
        nextAttemptAt: now,
      },
    ]);
    return cancelled;
  });
}

async function findById(db: Db, id: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visits).where(eq(visits.id, id)).limit(1);
  return row;
}

/** The prefix of the history note a move writes (see {@link visitLeadMessage}). */
const MOVED_NOTE_PREFIX = "Visita remarcada";

/**
 * How many times a visit was moved: the move notes in its lead's history, or, when the lead is
 * gone, the distinct times its broker notices were written for, less the booking's own.
 */
async function movesOf(db: Db, visit: VisitRow): Promise<number> {
  if (visit.leadId) {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(leadEvents)
      .where(
        and(
          eq(leadEvents.leadId, visit.leadId),
          eq(leadEvents.type, "note"),
          like(leadEvents.note, `${MOVED_NOTE_PREFIX}%`),
        ),
      );
    return row?.count ?? 0;
  }
  const [row] = await db
    .select({ count: countDistinct(visitMails.forStartsAt) })
    .from(visitMails)
    .where(and(eq(visitMails.visitId, visit.id), eq(visitMails.kind, "broker_notice")));
  return Math.max(0, (row?.count ?? 0) - 1);
}
