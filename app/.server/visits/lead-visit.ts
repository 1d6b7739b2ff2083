/**
 * The visit of a lead of kind "visit" for the broker's lead page (ADR 0093): its time, whether it
 * still stands, and the visitor's rating once given. The caller has checked that the user may see
 * the lead (`requireLeadFor`).
 */
import { desc, eq } from "drizzle-orm";
import type { LeadVisitView } from "~/lib/visit-followup";
import type { Db } from "../db";
import { visits } from "../db/schema";

/**
 * The lead's latest visit, or null (another kind of lead, or a visit deleted with its data).
 * @throws database errors.
 */
export async function leadVisitView(db: Db, leadId: string): Promise<LeadVisitView | null> {
  const [visit] = await db
    .select()
    .from(visits)
    .where(eq(visits.leadId, leadId))
    .orderBy(desc(visits.createdAt))
    .limit(1);
  if (!visit) return null;
  return {
    status: visit.status,
    startsAt: visit.startsAt.toISOString(),
    endsAt: visit.endsAt.toISOString(),
    cancelledAt: visit.cancelledAt?.toISOString() ?? null,
    rating: visit.rating,
    feedback: visit.feedback,
    feedbackAt: visit.feedbackAt?.toISOString() ?? null,
  };
}
