/**
 * Who a data-subject search is about (LGPD art. 18): an e-mail address or a
 * phone number as an admin types it, normalised the way the site stores
 * them — e-mail lower-case and trimmed (the lead forms' `emailSchema`),
 * phone through `normalizePhone` (`~/lib/phone-e164`) to E.164. Leads keep a
 * Brazilian phone as national digits (DDD + number), users as E.164 and
 * members as typed, so phone columns are compared by their digits against
 * every stored form ({@link Subject} `phoneDigits`).
 */
import { createHash } from "node:crypto";
import { normalizePhone } from "~/lib/phone-e164";

/** Most characters accepted in the search box (an e-mail has at most 254). */
export const SUBJECT_INPUT_MAX = 254;

/** A normalised search subject. */
export type Subject =
  | {
      kind: "email";
      /** Lower-case, trimmed e-mail. */
      value: string;
    }
  | {
      kind: "phone";
      /** E.164, e.g. "+5511912345678". */
      value: string;
      /**
       * Digit strings a stored phone may reduce to: for a Brazilian number the
       * national digits ("11912345678", how leads store it) and the same with
       * "55" (E.164 without "+"); for another country the E.164 digits.
       */
      phoneDigits: string[];
    };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Parses what an admin typed: an e-mail when it contains "@", else a phone.
 * @returns the subject, or null when it is neither a plausible e-mail nor a phone
 *   (empty, too long, a phone `normalizePhone` refuses).
 */
export function parseSubject(input: string): Subject | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > SUBJECT_INPUT_MAX) return null;
  if (trimmed.includes("@")) {
    const value = trimmed.toLowerCase();
    return EMAIL_PATTERN.test(value) ? { kind: "email", value } : null;
  }
  const e164 = normalizePhone(trimmed);
  if (!e164) return null;
  const digits = e164.slice(1);
  const phoneDigits = digits.startsWith("55") ? [digits.slice(2), digits] : [digits];
  return { kind: "phone", value: e164, phoneDigits };
}

/**
 * The audit trail's identifier of a subject: SHA-256 (hex) of its normalised
 * value (the e-mail, or the E.164 phone). Never the raw value, so the trail
 * holds no contact data; whoever knows the e-mail can still find its actions.
 */
export function subjectHash(subject: Subject): string {
  return createHash("sha256").update(subject.value, "utf8").digest("hex");
}
