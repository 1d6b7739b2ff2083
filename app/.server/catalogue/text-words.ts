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
  // Words around the expressions `./text-phrases` reads ("até 3 quartos", "quero 2 vagas").
  "ou",
  "ate",
  "mais",
  "menos",
  "acima",
  "abaixo",
  "partir",
  "quero",
  "procuro",
  "busco",
  "preciso",
  "que",
  "tem",
  "valor",
  "preco",
  "reais",
  "r",
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

// Edit distance (for suggestions while a word is half typed)

/**
 * The fewest single-character edits (insertion, deletion, substitution, or
 * swap of two neighbours: optimal string alignment) that turn `typed` into
 * some prefix of `name`: "pineir" → "pinheiros" is 1 (the missing "h").
 * Stops early and returns `max + 1` once every alignment needs more than
 * `max` edits, so the work per name stays small.
 */
export function prefixEditDistance(typed: string, name: string, max: number): number {
  const n = typed.length;
  const m = Math.min(name.length, n + max);
  // rows[i][j]: edits between typed[0, i) and name[0, j).
  let before: number[] = [];
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= m; j++) {
      const cost = typed[i - 1] === name[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && typed[i - 1] === name[j - 2] && typed[i - 2] === name[j - 1]) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(...previous);
}
