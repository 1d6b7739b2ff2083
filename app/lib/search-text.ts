/**
 * Text folding for free-text search (`/busca`, ADR 0010): the read model's
 * `search_text` and every query are folded the same way, so "sao paulo"
 * finds "São Paulo" and "MOEMA" finds "Moema".
 */

/**
 * Lower case, without diacritics (NFD, combining marks removed), with runs of
 * whitespace collapsed: `foldText("  São  Paulo ")` → `"sao paulo"`.
 */
export function foldText(text: string): string {
  return (text ?? "")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
