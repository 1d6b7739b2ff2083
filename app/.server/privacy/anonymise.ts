/**
 * What "anonymise" means for a lead (LGPD art. 5 XI and art. 16: after the
 * purpose ends, personal data is eliminated or anonymised; anonymised data
 * is no longer personal data, art. 12): every field that identifies or
 * describes the person is replaced by {@link ANONYMISED}, the facts the
 * statistics need stay — kind, listing code, condominium slug, dates,
 * status, assignee, UTM campaign. One function, used by the admin's action
 * and by the retention job alike (docs/decisions/0031-data-subject-requests-and-retention.md).
 */
import type { leads } from "../db/schema";

/** The placeholder that replaces a personal value. */
export const ANONYMISED = "[anonimizado]";

/** The columns of a lead that hold personal data (name, contacts, free text the person wrote). */
export const PERSONAL_LEAD_FIELDS = ["name", "email", "phone", "message", "location"] as const;

/** A lead's personal columns and its page address (what {@link anonymiseLead} reads). */
export type LeadPersonalData = Pick<typeof leads.$inferSelect, (typeof PERSONAL_LEAD_FIELDS)[number] | "pageUrl">;

/**
 * The update that anonymises a lead: each personal field that has a value
 * becomes {@link ANONYMISED} (an absent one stays null, so "had no phone"
 * survives), and the page address loses its query string and fragment
 * (they may carry an e-mail or a token; the path is a fact about the site).
 * Pure; idempotent (an anonymised lead gives the same update).
 */
export function anonymiseLead(lead: LeadPersonalData): LeadPersonalData {
  const patch = {} as LeadPersonalData;
  for (const field of PERSONAL_LEAD_FIELDS) patch[field] = lead[field] === null ? null : ANONYMISED;
  patch.pageUrl = lead.pageUrl === null ? null : lead.pageUrl.replace(/[?#].*$/s, "");
  return patch;
}

/** True when a lead still has a personal value that {@link anonymiseLead} would replace. */
export function hasPersonalData(lead: LeadPersonalData): boolean {
  return (
    PERSONAL_LEAD_FIELDS.some((field) => lead[field] !== null && lead[field] !== ANONYMISED) ||
    (lead.pageUrl !== null && /[?#]/.test(lead.pageUrl))
  );
}
