/**
 * An LGPD data-subject request as the admin page lists it: the shape the
 * server builds (`app/.server/privacy/requests.ts`) and the page draws.
 */
import type { LeadStatus } from "~/domain/lead";

/** One request as the admin page lists it. */
export interface LgpdRequest {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** The request type's label ("Acesso aos meus dados"), or null when none was chosen. */
  request: string | null;
  status: LeadStatus;
  /** ISO time received. */
  receivedAt: string;
  /** São Paulo calendar date it is due, YYYY-MM-DD. */
  dueDate: string;
  /** Calendar days from today (São Paulo) to the due date: negative when overdue. */
  daysLeft: number;
}
