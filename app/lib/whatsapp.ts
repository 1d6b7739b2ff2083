/**
 * WhatsApp click-to-chat links (docs/product.md "WhatsApp contact").
 */

/**
 * A Brazilian phone as WhatsApp wants it: "55" + area code + number, digits
 * only (e.g. "5511987654321"); null when `phone` is not a plausible Brazilian
 * number (10 or 11 digits, optionally already prefixed with 55).
 */
export function whatsAppNumber(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "").replace(/^0+/, "");
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return null;
  return `55${digits}`;
}

/** `https://wa.me/<number>?text=<message>` (WhatsApp click-to-chat). */
export function whatsAppLink(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The pre-filled WhatsApp message about a listing: names its code and URL. */
export function listingWhatsAppMessage(listing: { code: string; title: string }, url: string): string {
  return `Olá! Tenho interesse no imóvel código ${listing.code} (${listing.title}): ${url}`;
}
