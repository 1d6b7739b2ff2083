/**
 * JSON the way Vista's PHP back end writes it (`json_encode` defaults,
 * docs/vista-api.md §5.1): non-ASCII characters escaped as `\uXXXX` and `/` as `\/`.
 * Clients must decode the JSON before matching Portuguese text.
 */

/** Serialises like PHP's `json_encode($value)` with default flags. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value).replace(/[/\u007f-\uffff]/g, escapeChar);
}

const escapes = new Map<string, string>();

function escapeChar(c: string): string {
  let out = escapes.get(c);
  if (out === undefined) {
    out = c === "/" ? "\\/" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
    escapes.set(c, out);
  }
  return out;
}
