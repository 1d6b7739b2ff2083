/**
 * The words of a contact request (a lead) that the database, the server and
 * the admin pages share: its kind, its handling status and its delivery
 * channels. Types only; the tables are in `app/.server/db/schema.ts`.
 */

/**
 * Kinds of contact request; also the lead's channel in the broker's inbox. `visit` is a visit booked
 * online (ADR 0088); `valuation` an owner who asked for a valuation on `/anunciar` (captação, ADR 0089).
 */
export type LeadKind = "sell" | "info" | "whatsapp" | "alert" | "lgpd" | "visit" | "valuation";

/**
 * Delivery channels of a lead: `email_holder` is the receipt of an LGPD request sent to the data
 * subject (LGPD art. 19); `sla_broker` and `sla_admin` are the reminders that a lead is still "novo"
 * past the response target (ADR 0080), one row each per lead so each goes out exactly once.
 */
export type LeadChannel = "email_agency" | "email_broker" | "email_holder" | "vista" | "sla_broker" | "sla_admin";

/**
 * Handling status of a lead (ADR 0081). A sales lead moves through the pipeline novo → em
 * atendimento → visita agendada → proposta → fechado, or ends "perdido" (with a reason); an LGPD
 * request is novo, em atendimento or concluído (the privacy inbox, ADR 0028).
 */
export type LeadStatus =
  "novo" | "em_atendimento" | "visita_agendada" | "proposta" | "fechado" | "perdido" | "concluido";

/**
 * How a lead got its responsible broker (ADR 0080): the listing's broker, the broker Vista's
 * distribution chose, the agency's round-robin, or an admin.
 */
export type LeadAssignmentSource = "listing" | "vista" | "round_robin" | "admin";

/** Kinds of entry in a lead's history (ADR 0081): who did what, when. */
export type LeadEventType = "created" | "assigned" | "status" | "note" | "reply" | "duplicate" | "merged" | "reminder";
