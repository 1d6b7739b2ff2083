/**
 * The words of a contact request (a lead) that the database, the server and
 * the admin pages share: its kind, its handling status and its delivery
 * channels. Types only; the tables are in `app/.server/db/schema.ts`.
 */

/** Kinds of contact request (docs/product.md "Contact requests"). */
export type LeadKind = "sell" | "info" | "whatsapp" | "alert" | "lgpd";

/** Delivery channels of a lead; `email_holder` is the receipt of an LGPD request sent to the data subject (LGPD art. 19). */
export type LeadChannel = "email_agency" | "email_broker" | "email_holder" | "vista";

/** Handling status of a lead in the admin inbox (ADR 0017: novo, em atendimento, concluído). */
export type LeadStatus = "novo" | "em_atendimento" | "concluido";
