/**
 * WhatsApp click-to-chat links (docs/product.md "WhatsApp contact"). The
 * number itself comes from `whatsAppNumber` of `./phone`.
 */

/** `https://wa.me/<number>?text=<message>` (WhatsApp click-to-chat). */
export function whatsAppLink(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The pre-filled WhatsApp message about a listing: names its code and URL. */
export function listingWhatsAppMessage(listing: { code: string; title: string }, url: string): string {
  return `Olá! Tenho interesse no imóvel código ${listing.code} (${listing.title}): ${url}`;
}
