/**
 * Query understanding for the free-text search (`/busca`, ADR 0010, ADR 0087),
 * pure and without a database: reading the phrases people type ("pinheiros
 * aluguel 2 quartos pet até 4 mil", "moema 80 m² com varanda") as filters,
 * the places the remaining words name, the words it could not use, and
 * listing codes. Each part read keeps its span in the query as typed, so the
 * page can show it as a chip that removes it. Numbers are read by
 * `./text-phrases`, the filter words are listed in `./text-terms`, the words
 * folded by `./text-words`, the places recognised by `./text-places` (all
 * re-exported here, the module the search imports). The SQL is in `./text-search`.
 */
import { normalizeFilters, pluralizeCategory, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { findPlace, placeFilters, placeKeysOf, type PlaceMatch } from "./text-places";
import { readPhrases, type PartKind } from "./text-phrases";
import { AMENITY_TERMS, CATEGORY_ALIASES, LAUNCH_TERMS, NEGATIONS, PURPOSE_WORDS, TYPE_WORDS } from "./text-terms";
import { FILLER_WORDS, STATES, TEXT_QUERY_MAX_LENGTH } from "./text-words";
import { foldText } from "~/lib/search-text";

export {
  closestPlace,
  findPlace,
  PLACE_SIMILARITY,
  placeFilters,
  placesNear,
  placesOf,
  type PlaceMatch,
} from "./text-places";
export { amountOf, type PartKind } from "./text-phrases";
export {
  MAX_QUERY_WORDS,
  queryWords,
  TEXT_QUERY_MAX_LENGTH,
  trigrams,
  trigramSimilarity,
  tsQueryText,
} from "./text-words";

/** One part of a query that was read as filters (a chip on the page). */
export interface QueryPart {
  kind: PartKind;
  /** Span `[start, end)` in the query as given (after the cut to {@link TEXT_QUERY_MAX_LENGTH}). */
  start: number;
  end: number;
  /** The words as typed, e.g. "até 4 mil", "Pinheiros". */
  source: string;
  /** The spans `[start, end)` of its words in the query (several when they are apart: "pinheiros … são paulo"). */
  spans: [number, number][];
  /** The filters this part gives (a place part: city, and neighbourhood when it is one). */
  filters: ListingFilters;
}

/** What {@link understandQuery} read in a query. */
export interface UnderstoodQuery {
  /** The query folded (`foldText`), cut to {@link TEXT_QUERY_MAX_LENGTH}. */
  folded: string;
  /** Filters read from structured words (bedrooms, purpose, category, price, area…; not the place). */
  filters: ListingFilters;
  /** The remaining free-text words, folded and space-separated ("" when none); place words included. */
  text: string;
  /**
   * The place the remaining words name: all of them ("moema", "pinheiros são
   * paulo"), or a run of them ("moema metrô": Moema, with "metro" in `unknown`).
   */
  place: PlaceMatch | null;
  /** The filters of the places named (one city, its neighbourhoods named); {} when none. */
  where: ListingFilters;
  /** Folded words of `text` that are neither a place nor filler (the search may still find them in listings' text). */
  unknown: string[];
  /** The same words as typed ("metrô"), for "Não entendemos: metrô". */
  unknownSource: string[];
  /** Spans `[start, end)` in the query of the `unknown` words. */
  unknownSpans: [number, number][];
  /** Spans in the query of the words of `text` (the words a full-text search uses). */
  textSpans: [number, number][];
  /** The parts read as filters, in query order. */
  parts: QueryPart[];
  /**
   * A property type the query names that the catalogue does not have ("casa"
   * when no listing is a house), as its pt-BR plural ("casas"); the word is
   * dropped from `text` so the search widens to every type, and the page says so.
   */
  missingType: string | null;
}

/** The query folded character by character, with each folded character's span in the query. */
interface FoldedQuery {
  text: string;
  /** Start and end (exclusive) in the query of each folded character. */
  from: number[];
  to: number[];
}

/** `foldText` without collapsing whitespace, keeping where each character came from. */
function foldWithSpans(query: string): FoldedQuery {
  const out: FoldedQuery = { text: "", from: [], to: [] };
  let at = 0;
  for (const ch of query) {
    const folded = /\s/.test(ch)
      ? " "
      : ch
          .normalize("NFD")
          .replace(/\p{M}+/gu, "")
          .toLowerCase();
    for (const c of folded) {
      out.text += c;
      out.from.push(at);
      out.to.push(at + ch.length);
    }
    at += ch.length;
  }
  return out;
}

/** A part as found in the folded text (spans in folded positions). */
interface Found {
  kind: PartKind;
  spans: [number, number][];
  filters: ListingFilters;
}

/** A word of the folded query and its span in the folded text. */
interface Token {
  word: string;
  start: number;
  end: number;
  used: boolean;
}

function tokensOf(text: string): Token[] {
  return [...text.matchAll(/[a-z0-9]+/g)]
    .filter((m) => m[0].length <= 40)
    .map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length, used: false }));
}

/** Index of the first run of unused tokens equal to `words` (from `from`), or -1. */
function findRun(tokens: Token[], words: readonly string[], from = 0): number {
  for (let i = from; i + words.length <= tokens.length; i++) {
    if (words.every((w, j) => !tokens[i + j].used && tokens[i + j].word === w)) return i;
  }
  return -1;
}

/** Merges the filters of the parts in order: later values win, amenities and neighbourhoods add up. */
function mergeFilters(parts: readonly ListingFilters[]): ListingFilters {
  const out: ListingFilters = {};
  for (const f of parts) {
    const amenities = [...(out.amenities ?? []), ...(f.amenities ?? [])];
    Object.assign(out, f);
    if (amenities.length) out.amenities = [...new Set(amenities)];
  }
  return out;
}

/**
 * Reads a search-box query like a portal does (ADR 0087 lists every form):
 * - prices ("até 4 mil", "até R$ 3.500", "entre 500 mil e 800 mil", "4k", "1,2 milhão", "de 2 a 3 mil"),
 *   areas ("80 m²", "acima de 100m"), bedrooms, suites, parking ("2 vagas", "com garagem") and bathrooms;
 * - purpose words ("comprar", "aluguel"; both: ignored) and launches ("lançamento", "na planta");
 * - a category of the vocabulary, singular, plural or abbreviated ("apto"); a common type the vocabulary
 *   lacks → `missingType` (the word is dropped);
 * - amenity filters by label or common variant ("pet", "sacada", "mobiliada"), not after "sem"/"não";
 * - the remaining words are the free text; the places they name (exactly) are in `place`/`where`, the
 *   rest in `unknown`.
 * Pure; never throws.
 */
export function understandQuery(query: string, vocabulary: FilterVocabulary): UnderstoodQuery {
  const given = String(query ?? "").slice(0, TEXT_QUERY_MAX_LENGTH);
  const folded = foldWithSpans(given);
  const { phrases, rest } = readPhrases(folded.text);
  const found: Found[] = phrases.map((p) => ({ kind: p.kind, spans: [[p.start, p.end]], filters: p.filters }));
  const tokens = tokensOf(rest);
  const take = (kind: PartKind, i: number, length: number, filters: ListingFilters) => {
    for (let j = i; j < i + length; j++) tokens[j].used = true;
    if (Object.keys(filters).length)
      found.push({ kind, spans: [[tokens[i].start, tokens[i + length - 1].end]], filters });
  };

  // Purpose (both purposes named: none) and launches.
  const purposes = new Set(tokens.map((t) => PURPOSE_WORDS[t.word]).filter(Boolean));
  tokens.forEach((t, i) => {
    if (PURPOSE_WORDS[t.word]) take("purpose", i, 1, purposes.size === 1 ? { purpose: PURPOSE_WORDS[t.word] } : {});
  });
  for (const words of LAUNCH_TERMS) {
    const i = findRun(tokens, words);
    if (i >= 0) take("launch", i, words.length, { launch: true });
  }

  // Category: the longest run naming a category (singular, plural, abbreviated).
  const categories = vocabulary.categories
    .flatMap((c) => [c.label, pluralizeCategory(c.label)].map((label) => ({ slug: c.slug, words: words(label) })))
    .filter((c) => c.words.length)
    .sort((a, b) => b.words.length - a.words.length);
  const aliased = tokens.map((t) => ({ ...t, word: CATEGORY_ALIASES[t.word] ?? t.word }));
  let category: string | undefined;
  for (const c of categories) {
    const i = findRun(aliased, c.words);
    if (i >= 0) {
      take("category", i, c.words.length, { category: c.slug });
      category = c.slug;
      break;
    }
  }

  // A common type the catalogue does not have, unless part of a place name the query contains ("Casa Verde").
  let missingType: string | null = null;
  if (!category) {
    const joined = ` ${tokens.map((t) => t.word).join(" ")} `;
    const inPlace = (w: string) =>
      placeKeysOf(vocabulary).some((key) => key.split(" ").includes(w) && joined.includes(` ${key} `));
    const type = tokens.find((t) => !t.used && TYPE_WORDS[t.word] && !inPlace(t.word));
    if (type) {
      missingType = TYPE_WORDS[type.word];
      type.used = true;
    }
  }

  // Amenities, longest phrases first, not after a negation.
  for (const amenity of AMENITY_TERMS) {
    for (let i = findRun(tokens, amenity.words); i >= 0; i = findRun(tokens, amenity.words, i + 1)) {
      if (i > 0 && NEGATIONS.has(tokens[i - 1].word)) continue;
      take("amenity", i, amenity.words.length, { amenities: [amenity.slug] });
      break;
    }
  }

  // Places among the remaining words; the rest is free text.
  const left = tokens.filter((t) => !t.used && !FILLER_WORDS.has(t.word));
  const places = readPlaces(left, vocabulary);
  for (const p of places.parts) found.push(p);
  const unknownTokens = left.filter((t) => !places.used.has(t) && !STATES.has(t.word));
  const sourceOf = (start: number, end: number) => given.slice(folded.from[start], folded.to[end - 1]);

  found.sort((a, b) => a.spans[0][0] - b.spans[0][0]);
  const parts: QueryPart[] = found.map((p) => ({
    kind: p.kind,
    start: folded.from[p.spans[0][0]],
    end: folded.to[p.spans[p.spans.length - 1][1] - 1],
    source: p.spans.map(([start, end]) => sourceOf(start, end)).join(" "),
    spans: p.spans.map(([start, end]) => [folded.from[start], folded.to[end - 1]]),
    filters: p.filters,
  }));
  return {
    folded: foldText(given),
    filters: normalizeFilters(mergeFilters(found.filter((p) => p.kind !== "place").map((p) => p.filters))),
    text: left.map((t) => t.word).join(" "),
    place: places.first,
    where: places.where,
    unknown: unknownTokens.map((t) => t.word),
    unknownSource: unknownTokens.map((t) => sourceOf(t.start, t.end)),
    unknownSpans: unknownTokens.map((t) => [folded.from[t.start], folded.to[t.end - 1]]),
    textSpans: left.map((t) => [folded.from[t.start], folded.to[t.end - 1]]),
    parts,
    missingType,
  };
}

/** Folded words of a label. */
function words(label: string): string[] {
  return foldText(label).match(/[a-z0-9]+/g) ?? [];
}

/**
 * The places named by runs of `tokens` (longest runs first): all the words
 * ("pinheiros sao paulo"), else each run that names a place exactly. Places
 * in the first place's city add up (its neighbourhoods); others stay free text.
 */
function readPlaces(
  tokens: Token[],
  vocabulary: FilterVocabulary,
): {
  first: PlaceMatch | null;
  where: ListingFilters;
  used: Set<Token>;
  parts: Found[];
} {
  const used = new Set<Token>();
  const parts: Found[] = [];
  const matches: { place: PlaceMatch; run: Token[] }[] = [];
  const whole = tokens.length
    ? findPlace(
        tokens.map((t) => t.word),
        vocabulary,
      )
    : null;
  if (whole) matches.push({ place: whole, run: tokens });
  else {
    for (let length = Math.min(tokens.length, 5); length >= 1; length--) {
      for (let i = 0; i + length <= tokens.length; i++) {
        const run = tokens.slice(i, i + length);
        if (run.some((t) => used.has(t)) || STATES.has(run[0].word)) continue;
        const place = findPlace(
          run.map((t) => t.word),
          vocabulary,
        );
        if (!place) continue;
        matches.push({ place, run });
        for (const t of run) used.add(t);
      }
    }
    used.clear();
  }
  matches.sort((a, b) => a.run[0].start - b.run[0].start);
  const first = matches[0]?.place ?? null;
  if (!first) return { first, where: {}, used, parts };
  const neighbourhoods = new Set<string>();
  for (const { place, run } of matches) {
    if (place.city !== first.city) continue;
    if (place.neighbourhood) neighbourhoods.add(place.neighbourhood);
    for (const t of run) used.add(t);
    parts.push({ kind: "place", spans: run.map((t) => [t.start, t.end]), filters: placeFilters(place) });
  }
  const where = normalizeFilters({
    city: first.city,
    ...(neighbourhoods.size ? { neighbourhoods: [...neighbourhoods] } : {}),
  });
  return { first, where, used, parts };
}

/**
 * A single word that may be a listing code (Vista `Codigo`, e.g. "AP11237",
 * "10234"): letters, digits and `-_./`, with at least one digit, ≤ 40
 * characters; null otherwise.
 */
export function codeCandidate(query: string): string | null {
  const trimmed = String(query ?? "").trim();
  return /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/.test(trimmed) && /\d/.test(trimmed) ? trimmed : null;
}
