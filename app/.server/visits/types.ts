/** Row types of the visit tables (ADR 0088), shared by the modules of `app/.server/visits`. */
import type { brokerAvailability, visitMails, visits } from "../db/schema";

/** A stored visit. */
export type VisitRow = typeof visits.$inferSelect;
/** A stored visit e-mail (outbox row). */
export type VisitMailRow = typeof visitMails.$inferSelect;
/** A stored broker availability. */
export type BrokerAvailabilityRow = typeof brokerAvailability.$inferSelect;
