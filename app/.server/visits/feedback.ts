/**
 * The visitor's rating of a visit (ADR 0093): 1–5 and a comment, given once on
 * `/visitas/{token}/avaliacao` after the visit's start, stored in `visits.rating`, `feedback`,
 * `feedback_at`, with an entry in the visit's lead history so that the broker sees it there.
 */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { VisitFeedback } from "~/lib/visit-followup";
import { visitWhenText } from "~/lib/visit-format";
import type { Db } from "../db";
import { visits } from "../db/schema";
import { recordLeadEvents } from "../leads/history";
import type { VisitRow } from "./types";

/** Whether a visit may be rated now: booked (not cancelled), started, not rated yet. */
export type FeedbackState = "open" | "too-early" | "cancelled" | "given";

/** What the rating page may do with `visit` at `now`. */
export function feedbackState(visit: Pick<VisitRow, "status" | "startsAt" | "rating">, now: Date): FeedbackState {
  if (visit.rating != null) return "given";
  if (visit.status !== "booked") return "cancelled";
  return visit.startsAt.getTime() > now.getTime() ? "too-early" : "open";
}

/** The lead history's note of a rating (the comment on its own lines; the panel escapes it). */
export function feedbackNote(visit: Pick<VisitRow, "startsAt">, feedback: VisitFeedback): string {
  const head = `Avaliação do visitante para a visita de ${visitWhenText(visit.startsAt)}: nota ${feedback.rating} de 5.`;
  return feedback.comment ? `${head}\nComentário: ${feedback.comment}` : head;
}

/**
 * Stores a rating once. The update's own condition (not rated, booked, started) decides, so two
 * posts at the same instant store one rating; the history entry is in the same transaction.
 * @returns the visit as stored after the call, and whether this call stored the rating.
 * @throws database errors.
 */
export async function recordVisitFeedback(
  db: Db,
  visit: Pick<VisitRow, "id">,
  feedback: VisitFeedback,
  now: Date = new Date(),
): Promise<{ visit: VisitRow | null; stored: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [rated] = await tx
      .update(visits)
      .set({ rating: feedback.rating, feedback: feedback.comment, feedbackAt: now, updatedAt: sql`now()` })
      .where(
        and(eq(visits.id, visit.id), isNull(visits.rating), eq(visits.status, "booked"), lte(visits.startsAt, now)),
      )
      .returning();
    if (rated) {
      if (rated.leadId)
        await recordLeadEvents(tx, [
          { leadId: rated.leadId, type: "note", actor: null, note: feedbackNote(rated, feedback) },
        ]);
      return { visit: rated, stored: true };
    }
    const [current] = await tx.select().from(visits).where(eq(visits.id, visit.id)).limit(1);
    return { visit: current ?? null, stored: false };
  });
}
