/**
 * A phone in E.164 ("+5511912345678"), the form the identity service stores:
 * any country's number, so it needs `libphonenumber-js` (its `min` metadata:
 * possible lengths of every country). Kept apart from `./phone` so the public
 * pages, which only show Brazilian numbers, never load the library.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { BRAZIL_CALLING_CODE, brazilianDigits } from "./phone";

/**
 * A phone as the identity service stores it (E.164, e.g. "+5511912345678")
 * from what an admin types: "+…" an international number of a possible
 * length for its country, or a Brazilian number with area code (10 or 11
 * digits, optional "55" prefix), punctuation ignored. "" for an empty value,
 * null when it cannot be a phone.
 */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return "";
  if (/[^\d\s()+.-]/.test(trimmed)) return null;
  if (trimmed.startsWith("+")) {
    const parsed = parsePhoneNumberFromString(trimmed);
    return parsed?.isPossible() ? parsed.number : null;
  }
  const digits = brazilianDigits(trimmed);
  return digits ? `+${BRAZIL_CALLING_CODE}${digits}` : null;
}
