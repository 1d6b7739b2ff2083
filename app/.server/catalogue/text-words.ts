/**
 * The words of a free-text query (`/busca`, ADR 0010), pure and without a
 * database: folding a query into words, the `to_tsquery` text of the words,
 * and pg_trgm-style trigram similarity computed in memory (for the small
 * vocabulary of place names). Used by `./text-places` and `./text-query`.
 */
import { foldText } from "~/lib/search-text";

/** Longest query read (characters); longer input is cut (never an error). */
export const TEXT_QUERY_MAX_LENGTH = 200;
/** Most words that enter the full-text or trigram query (the first ones). */
export const MAX_QUERY_WORDS = 8;
/** Longest word kept (characters); longer "words" are junk and dropped. */
const MAX_WORD_LENGTH = 40;

/** Words that carry no search meaning on their own ("para", "em", "imóveis"…), folded. */
export const FILLER_WORDS = new Set([
  "a",
  "o",
  "as",
  "os",
  "e",
  "em",
  "no",
  "na",
  "nos",
  "nas",
  "de",
  "do",
  "da",
  "dos",
  "das",
  "com",
  "para",
  "pra",
  "um",
  "uma",
  "imovel",
  "imoveis",
  "bairro",
  "cidade",
  "regiao",
]);

/** Brazilian state abbreviations: ignored when recognising a place ("moema sp"). */
export const STATES = new Set(
  "ac al ap am ba ce df es go ma mt ms mg pa pb pr pe pi rj rn rs ro rr sc sp se to".split(" "),
);

/**
 * The words of a folded text: runs of `a-z`/`0-9` (anything else separates
 * words, so quotes, operators, emoji and other scripts never reach SQL),
 * words longer than 40 characters dropped.
 */
export function queryWords(text: string): string[] {
  return (foldText(text).match(/[a-z0-9]+/g) ?? []).filter((word) => word.length <= MAX_WORD_LENGTH);
}

/**
 * The `to_tsquery('portuguese', …)` text of free-text words: every word
 * required (`&`), the last one as a prefix (`:*`) when it has 3+ characters,
 * at most {@link MAX_QUERY_WORDS} words; null when no word is left. Safe for
 * any input: only `[a-z0-9]` words, `&` and `:*` are ever written.
 */
export function tsQueryText(text: string, options: { prefixLast?: boolean } = {}): string | null {
  const words = queryWords(text).slice(0, MAX_QUERY_WORDS);
  if (!words.length) return null;
  const prefixLast = options.prefixLast ?? true;
  return words
    .map((word, i) => (prefixLast && i === words.length - 1 && word.length >= 3 ? `${word}:*` : word))
    .join(" & ");
}

// Trigram similarity (pg_trgm's, in memory, for the small vocabulary)

/** pg_trgm-style trigrams of a folded text: each word padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of queryWords(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm `similarity()`: shared trigrams / all distinct trigrams of both texts (0–1). */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
