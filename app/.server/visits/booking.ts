/**
 * Booking a visit online (ADR 0088). In ONE transaction: the visit row (whose time the
 * exclusion constraint `visits_no_overlap` guards: two booked visits of one calendar never
 * overlap, whatever the servers do at the same instant), its lead (kind `visit`, status
 * `visita_agendada`, through `recordLead` so it reaches Vista through the lead outbox and the
 * broker's inbox `/painel`) and the visit's e-mails (`visit_mails`: the visitor's confirmation,
 * the broker's notice, the follow-ups of `./followup-mails`).
 */
import { and, desc, eq, gt, gte, lt, ne, sql } from "drizzle-orm";
import { createHash, randomUUID } from "node:crypto";
import { visitWhenText } from "~/lib/visit-format";
import type { VisitSlot } from "~/lib/visit-slots";
import { getConfig } from "../config";
import type { Db } from "../db";
import { leadEvents, leads, visitMails, visits } from "../db/schema";
import { recordLeadEvents } from "../leads/history";
import { recordLead } from "../leads/store";
import { leadsEmail } from "../mail/transport";
import { brokerContact, calendarForListing, freeSlots, slotAt, type VisitCalendar } from "./calendar";
import { followUpMailRows } from "./followup-mails";
import { visitToken, visitTokenHash } from "./tokens";
import type { VisitRow } from "./types";

/** SQLSTATE of an exclusion-constraint violation (`visits_no_overlap`). */
const EXCLUSION_VIOLATION = "23P01";
/** SQLSTATE of a unique violation (the idempotency key, sent twice at once). */
const UNIQUE_VIOLATION = "23505";

/** The message shown when the chosen time is gone (taken meanwhile, or no longer offered). */
export const SLOT_TAKEN_MESSAGE = "Esse horário acabou de ser reservado; escolha outro.";

/** The chosen time cannot be booked: taken by someone else (constraint) or no longer offered. */
export class VisitSlotError extends Error {
  override name = "VisitSlotError";
  constructor(message = SLOT_TAKEN_MESSAGE) {
    super(message);
  }
}

/** The SQLSTATE of a database error or of its causes (drizzle wraps driver errors), or null. */
export function sqlStateOf(error: unknown): string | null {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return null;
}

/** What a visitor books: the listing, the slot's start and who comes. Validated by the route. */
export interface BookVisitInput {
  listingCode: string;
  startsAt: Date;
  name: string;
  /** Digits (normalised by the form's schema). */
  phone: string;
  /** Lower-cased, optional and unverified (it only ever gets the agency's own text). */
  email?: string;
  /** The rendered form's key: the same form sent again returns the first visit. */
  formKey: string;
}

/** Options of {@link bookVisit}. */
export interface BookVisitOptions {
  db: Db;
  now?: Date;
  /** The agency's leads inbox (default `LEADS_EMAIL`): the broker notice of the agency's calendar. */
  agencyEmail?: string;
}

/** A booked visit and its manage token (to show the link once, on the confirmation). */
export interface BookedVisit {
  visit: VisitRow;
  token: string;
  /** False when the same form had already booked it (nothing new written). */
  created: boolean;
}

/** The stored idempotency key: SHA-256 of the form's key and everything booked. */
export function visitIdempotencyKey(input: BookVisitInput): string {
  const fields = [
    input.formKey.trim(),
    input.listingCode,
    input.startsAt.toISOString(),
    input.name,
    input.phone,
    input.email ?? "",
  ];
  return createHash("sha256")
    .update(JSON.stringify(["visit", ...fields]))
    .digest("hex");
}

/** The visit booked with a stored idempotency key, or undefined. */
async function visitByKey(db: Db, key: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visits).where(eq(visits.idempotencyKey, key)).limit(1);
  return row;
}

/** The lead's message: when the visit is, on the São Paulo clock. */
export function visitLeadMessage(startsAt: Date, rescheduled = false): string {
  return `${rescheduled ? "Visita remarcada" : "Visita agendada pelo site"} para ${visitWhenText(startsAt)} (horário de Brasília).`;
}

/**
 * Bookings (and moves) one mailbox may be sent a confirmation for in 24 h: the address is typed by
 * anyone and never verified, so a script cannot flood someone else's mailbox (as the LGPD receipt,
 * ADR 0064). A time over the cap gets no visitor e-mail at all: neither its confirmation nor its
 * reminder and rating request, which go only with a confirmation the visitor was sent.
 */
export const VISITOR_MAILS_PER_DAY = 3;

/** Times a visitor may move one visit; beyond, {@link MOVES_EXHAUSTED_MESSAGE}. */
export const MOVES_PER_VISIT = 3;

/** The refusal of a move beyond {@link MOVES_PER_VISIT}. */
export const MOVES_EXHAUSTED_MESSAGE = "Esta visita já foi remarcada 3 vezes; fale com o corretor.";

/** Whether a `visit_mails.kind` goes to the visitor's (unverified) address. */
export function isVisitorMailKind(kind: string): boolean {
  return kind.startsWith("visitor_");
}

/** Visitor confirmations queued to `email` in the 24 h before `now` (any visit). */
async function visitorMailsToday(db: Db, email: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(visitMails)
    .where(
      and(
        eq(visitMails.kind, "visitor_confirmation"),
        eq(visitMails.recipient, email),
        gte(visitMails.createdAt, new Date(now.getTime() - 24 * 3600 * 1000)),
      ),
    );
  return row?.count ?? 0;
}

/**
 * The booking's e-mail rows for the visit's current time: the broker's notice (the broker's
 * login e-mail, or the agency's inbox for the agency's calendar), the visitor's confirmation
 * (when an e-mail was given) and the follow-ups. Written again at a reschedule (new
 * `for_starts_at`). Visitor rows are kept only while the mailbox is under
 * {@link VISITOR_MAILS_PER_DAY} confirmations; the broker's rows always.
 */
export async function bookingMailRows(
  db: Db,
  visit: VisitRow,
  agencyEmail: string,
  now: Date,
): Promise<(typeof visitMails.$inferInsert)[]> {
  const broker = visit.brokerUid ? await brokerContact(db, visit.brokerUid) : null;
  const base = { visitId: visit.id, forStartsAt: visit.startsAt, nextAttemptAt: now };
  const brokerRecipient = broker?.email ?? agencyEmail;
  const rows: (typeof visitMails.$inferInsert)[] = [{ ...base, kind: "broker_notice", recipient: brokerRecipient }];
  if (visit.visitorEmail) rows.push({ ...base, kind: "visitor_confirmation", recipient: visit.visitorEmail });
  for (const row of followUpMailRows(visit, { now, brokerRecipient })) rows.push({ ...row, visitId: visit.id });
  const underCap =
    Boolean(visit.visitorEmail) && (await visitorMailsToday(db, visit.visitorEmail, now)) < VISITOR_MAILS_PER_DAY;
  return rows.filter((row) => underCap || !isVisitorMailKind(row.kind));
}

/**
 * Writes mail rows. A broker's row of the same visit, kind and time that exists already (a visit
 * moved back to an earlier time) is made due again; a visitor's row is never sent twice (the
 * visitor's address is unverified: moving a visit back and forth must not re-send anything).
 */
export async function queueVisitMails(db: Db, rows: (typeof visitMails.$inferInsert)[]): Promise<void> {
  const target = [visitMails.visitId, visitMails.kind, visitMails.forStartsAt];
  for (const row of rows) {
    const insert = db.insert(visitMails).values(row);
    if (isVisitorMailKind(row.kind)) {
      await insert.onConflictDoNothing({ target });
      continue;
    }
    await insert.onConflictDoUpdate({
      target,
      set: {
        status: "pending",
        recipient: row.recipient,
        nextAttemptAt: row.nextAttemptAt,
        attempts: 0,
        sentAt: null,
        lastError: null,
        waitingOn: null,
      },
    });
  }
}

/**
 * Serialises the bookings and moves of one calendar until the transaction ends (a transaction-level
 * advisory lock on a key derived from the calendar's name), then tells whether `slot`, widened by
 * the calendar's buffer on both sides, still touches no booked visit but `exceptId`. The
 * exclusion constraint `visits_no_overlap` stays the last guard (it ignores the buffer).
 */
export async function lockedSlotFree(
  tx: Db,
  calendar: VisitCalendar,
  slot: Pick<VisitSlot, "startsAt" | "endsAt">,
  exceptId?: string,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visits:${calendar.calendar}`}))`);
  const bufferMs = calendar.availability.bufferMinutes * 60_000;
  const [clash] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.calendar, calendar.calendar),
        eq(visits.status, "booked"),
        lt(visits.startsAt, new Date(slot.endsAt.getTime() + bufferMs)),
        gt(visits.endsAt, new Date(slot.startsAt.getTime() - bufferMs)),
        exceptId ? ne(visits.id, exceptId) : sql`true`,
      ),
    )
    .limit(1);
  return !clash;
}

/**
 * Books a visit (see the module comment).
 * @returns the visit and its token; the first visit when the same form was sent before.
 * @throws {VisitSlotError} when the slot is not bookable now (not offered, past the notice,
 *   taken) or was taken by a concurrent booking (SQLSTATE 23P01); database errors otherwise.
 */
export async function bookVisit(input: BookVisitInput, options: BookVisitOptions): Promise<BookedVisit> {
  const { db } = options;
  const now = options.now ?? new Date();
  const key = visitIdempotencyKey(input);
  const first = await visitByKey(db, key);
  if (first) return { visit: first, token: visitToken(first.id), created: false };

  const calendar = await calendarForListing(db, input.listingCode);
  const slot = slotAt(await freeSlots(db, calendar, now), input.startsAt);
  if (!slot) throw new VisitSlotError();
  try {
    return await insertBooking(input, { ...options, now }, calendar, slot, key);
  } catch (error) {
    const state = sqlStateOf(error);
    if (state === EXCLUSION_VIOLATION) throw new VisitSlotError();
    if (state === UNIQUE_VIOLATION) {
      const concurrent = await visitByKey(db, key);
      if (concurrent) return { visit: concurrent, token: visitToken(concurrent.id), created: false };
    }
    throw error;
  }
}

/**
 * A time that sorts after every history entry of lead `leadId` written so far: the lead's
 * creation writes its entries (created, duplicate, assigned) at its own chosen times within one
 * transaction, whose `now()` does not move, so "now" would tie with them. The history reads by
 * time, so the next entry is placed explicitly after the latest one (a millisecond: a `Date`'s unit).
 */
async function afterLatestEntry(tx: Db, leadId: string, fallback: Date): Promise<Date> {
  const [latest] = await tx
    .select({ at: leadEvents.at })
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(desc(leadEvents.at))
    .limit(1);
  return new Date(Math.max(latest?.at.getTime() ?? 0, fallback.getTime()) + 1);
}

async function insertBooking(
  input: BookVisitInput,
  options: BookVisitOptions & { now: Date },
  calendar: VisitCalendar,
  slot: VisitSlot,
  key: string,
): Promise<BookedVisit> {
  const id = randomUUID();
  const token = visitToken(id);
  const agencyEmail = options.agencyEmail ?? leadsEmail(getConfig());
  const visit = await options.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!(await lockedSlotFree(tx, calendar, slot))) throw new VisitSlotError();
    // First, so a taken slot fails before anything else is written.
    const [inserted] = await tx
      .insert(visits)
      .values({
        id,
        listingCode: input.listingCode,
        calendar: calendar.calendar,
        brokerUid: calendar.brokerUid,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        visitorName: input.name,
        visitorPhone: input.phone,
        visitorEmail: input.email ?? "",
        tokenHash: visitTokenHash(token),
        idempotencyKey: key,
      })
      .returning();
    const { lead } = await recordLead(
      {
        kind: "visit",
        code: input.listingCode,
        name: input.name,
        phone: input.phone,
        email: input.email,
        message: visitLeadMessage(slot.startsAt),
      },
      { idempotencyKey: `visit:${key}`, db: tx, agencyEmail },
    );
    await tx
      .update(leads)
      .set({ status: "visita_agendada", updatedAt: sql`now()` })
      .where(eq(leads.id, lead.id));
    await recordLeadEvents(tx, [
      {
        leadId: lead.id,
        type: "status",
        actor: null,
        fromValue: lead.status,
        toValue: "visita_agendada",
        note: visitLeadMessage(slot.startsAt),
        at: await afterLatestEntry(tx, lead.id, lead.createdAt),
      },
    ]);
    const [linked] = await tx.update(visits).set({ leadId: lead.id }).where(eq(visits.id, id)).returning();
    const row = linked ?? inserted!;
    await queueVisitMails(tx, await bookingMailRows(tx, row, agencyEmail, options.now));
    return row;
  });
  return { visit, token, created: true };
}
