/**
 * A lead's history (ADR 0081): one row of `lead_events` per thing that happened to the lead
 * (created, assigned, status, note, reply, duplicate, merged, reminder), with who did it and
 * when. Every module that changes a lead writes its entry here, in the same transaction as the
 * change, so the history and the lead never disagree.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { LeadEventType } from "~/domain/lead";
import { type Db, getDb } from "../db";
import { leadEvents } from "../db/schema";

/** Who did something: a signed-in user, or `null` for the system (routing, the reminder job). */
export type LeadActor = { uid: string; name: string } | null;

/** One entry to write (see `lead_events` for the meaning of each field). */
export interface LeadEventInput {
  leadId: string;
  type: LeadEventType;
  actor: LeadActor;
  fromValue?: string | null;
  toValue?: string | null;
  note?: string | null;
  /** Defaults to the transaction's `now()`, plus one microsecond per entry before it in the same call. */
  at?: Date;
}

/** A stored history entry. */
export type LeadEventRow = typeof leadEvents.$inferSelect;

/**
 * Appends entries to leads' histories. Pass the transaction that makes the change as `db`.
 * @throws database errors (e.g. an unknown lead id violates the foreign key).
 */
export async function recordLeadEvents(db: Db, events: readonly LeadEventInput[]): Promise<void> {
  if (!events.length) return;
  await db.insert(leadEvents).values(
    events.map((event, index) => ({
      leadId: event.leadId,
      type: event.type,
      actorUid: event.actor?.uid ?? null,
      actorName: event.actor?.name ?? "",
      fromValue: event.fromValue ?? null,
      toValue: event.toValue ?? null,
      note: event.note ?? null,
      // The transaction's time, one microsecond apart in the order given: entries written together
      // (a reply and the status it moves) read back in that order.
      at: event.at ?? sql`now() + ${index} * interval '1 microsecond'`,
    })),
  );
}

/** A lead's history, oldest first. */
export function leadHistory(leadId: string, db: Db = getDb().db): Promise<LeadEventRow[]> {
  return db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.at), asc(leadEvents.id));
}
