/**
 * HTML escaping for the few places that build markup as text: e-mail bodies
 * and the map's Leaflet markers (`divIcon` takes an HTML string).
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes `& < > " '`, so that `value` is safe as HTML text and inside a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
