/**
 * Phone numbers, in one place: parsing what people type, the digits the
 * database keeps for a lead, the E.164 form the identity service stores, the
 * number WhatsApp wants and the pt-BR display "(11) 91234-5678".
 *
 * The Brazilian rules of a lead's phone (area code 11–99, a mobile is 9 +
 * eight digits, a landline starts with 2–5) are checked here by hand, and the
 * display layout is the national one Anatel's numbering plan gives every
 * number: "(DD) NNNNN-NNNN" or "(DD) NNNN-NNNN". Nothing here needs a phone
 * library, so every page can show a phone without one; the E.164 form of any
 * country's number (admins typing a broker's phone) is `./phone-e164`.
 */

/** Brazil's country calling code. */
export const BRAZIL_CALLING_CODE = "55";

/**
 * The national digits of a Brazilian number: area code (DDD) + number, 10
 * digits for a landline or 11 for a mobile. Punctuation is ignored, and so
 * are leading zeros (trunk "0" or the "00" of an international call) and a
 * "55" country code. Null for any other number of digits.
 */
export function brazilianDigits(input: string | null | undefined): string | null {
  let digits = (input ?? "").replace(/\D/g, "").replace(/^0+/, "");
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith(BRAZIL_CALLING_CODE))
    digits = digits.slice(2);
  return digits.length === 10 || digits.length === 11 ? digits : null;
}

/** True when `input` is written as an international number of another country ("+351 …"). */
export function isForeign(input: string): boolean {
  return /^\s*\+/.test(input) && !/^\s*\+\s*55/.test(input);
}

/**
 * A Brazilian phone as digits: DDD (two digits, 11–99) + number, 10 digits for a
 * landline (number starting 2–5) or 11 for a mobile (9 + eight digits). Accepts
 * "(11) 91234-5678", "+55 11 91234-5678", "011 91234-5678", "11912345678",
 * "(11) 3456-7890". Returns null for anything else (letters, wrong length,
 * invalid DDD, all digits equal). This is the form a lead's phone is stored in.
 */
export function normalizeBrazilianPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[\d\s()+.\-/]+$/.test(trimmed) || isForeign(trimmed)) return null;
  const digits = brazilianDigits(trimmed);
  if (!digits) return null;
  const ddd = digits.slice(0, 2);
  const number = digits.slice(2);
  if (!/^[1-9][1-9]$/.test(ddd)) return null;
  if (number.length === 9 && !number.startsWith("9")) return null;
  if (number.length === 8 && !/^[2-5]/.test(number)) return null;
  if (/^(\d)\1+$/.test(number)) return null;
  return digits;
}

/**
 * A Brazilian phone as WhatsApp wants it: "55" + area code + number, digits
 * only (e.g. "5511987654321"); null when `phone` is not a plausible Brazilian
 * number (10 or 11 digits, optionally already prefixed with 55).
 */
export function whatsAppNumber(phone: string | null | undefined): string | null {
  if (phone && isForeign(phone)) return null;
  const digits = brazilianDigits(phone);
  return digits ? `${BRAZIL_CALLING_CODE}${digits}` : null;
}

/** The WhatsApp number of the first phone that has one (a broker's mobile, then landline); null when none does. */
export function firstWhatsAppNumber(...phones: (string | null | undefined)[]): string | null {
  for (const phone of phones) {
    const number = whatsAppNumber(phone);
    if (number) return number;
  }
  return null;
}

/**
 * A phone for display: "(11) 98765-4321" for "11987654321", "5511987654321",
 * "+5511987654321", "+55 11 98765-4321" or "011 98765-4321"; "(11) 3333-4444"
 * for a landline. Anything else (not a 10–11-digit Brazilian number, or
 * another country's "+…" number) is returned unchanged.
 */
export function formatPhone(phone: string): string {
  const digits = isForeign(phone) ? null : brazilianDigits(phone);
  if (!digits) return phone;
  const split = digits.length === 11 ? 7 : 6;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}

/**
 * The `tel:` link of a phone: `tel:+55…` for a Brazilian number, else
 * `tel:+` and the digits as typed.
 */
export function telHref(phone: string): string {
  return `tel:+${whatsAppNumber(phone) ?? phone.replace(/\D/g, "")}`;
}
