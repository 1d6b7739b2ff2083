/**
 * Query understanding for the free-text search (`/busca`, ADR 0010), pure and
 * without a database: folding a query into words, reading portal-style
 * phrases ("moema 3 quartos", "casa aluguel", "até 800 mil") as filters,
 * recognising place names of the vocabulary (exactly, or by trigram
 * similarity for typos), listing codes, and the `to_tsquery` text of the
 * remaining words. The SQL that uses it is in `./text-search`.
 */
import type { Purpose } from "~/domain/listing";
import { normalizeFilters, pluralizeCategory, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { foldText } from "~/lib/search-text";

/** Longest query read (characters); longer input is cut (never an error). */
export const TEXT_QUERY_MAX_LENGTH = 200;
/** Most words that enter the full-text or trigram query (the first ones). */
export const MAX_QUERY_WORDS = 8;
/** Longest word kept (characters); longer "words" are junk and dropped. */
const MAX_WORD_LENGTH = 40;
/** Minimum trigram similarity (0–1) for a typo to be read as a place name. */
export const PLACE_SIMILARITY = 0.45;

// Words

/** Words that carry no search meaning on their own ("para", "em", "imóveis"…), folded. */
const FILLER_WORDS = new Set([
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
const STATES = new Set("ac al ap am ba ce df es go ma mt ms mg pa pb pr pe pi rj rn rs ro rr sc sp se to".split(" "));

const PURPOSE_WORDS: Record<string, Purpose> = {
  comprar: "venda",
  compra: "venda",
  venda: "venda",
  vender: "venda",
  vendas: "venda",
  aluguel: "aluguel",
  alugar: "aluguel",
  aluga: "aluguel",
  locacao: "aluguel",
  alugueis: "aluguel",
};

const NUMBER_WORDS: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6 };

/** Common abbreviations of category words, folded → the folded category label they mean. */
const CATEGORY_ALIASES: Record<string, string> = {
  ap: "apartamento",
  apto: "apartamento",
  ape: "apartamento",
  aptos: "apartamento",
};

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

// Places of the vocabulary

/** A city, or a neighbourhood of a city, of the vocabulary. */
export interface PlaceMatch {
  kind: "cidade" | "bairro";
  /** City slug. */
  city: string;
  cityLabel: string;
  /** Neighbourhood slug ("bairro" only). */
  neighbourhood?: string;
  /** Display label: the neighbourhood's or the city's. */
  label: string;
  /** Active listings. */
  count: number;
  /** Folded label without filler words, e.g. "jardim saude" for "Jardim da Saúde". */
  key: string;
  trigrams: Set<string>;
}

interface PlaceIndex {
  places: PlaceMatch[];
  byKey: Map<string, PlaceMatch[]>;
}

const placeIndexes = new WeakMap<FilterVocabulary, PlaceIndex>();

function placeKey(text: string): string {
  return queryWords(text)
    .filter((w) => !FILLER_WORDS.has(w))
    .join(" ");
}

/**
 * Every city and neighbourhood of `vocabulary` with its folded key and
 * trigrams, most listings first (built once per vocabulary object).
 */
export function placesOf(vocabulary: FilterVocabulary): PlaceMatch[] {
  return placeIndexOf(vocabulary).places;
}

function placeIndexOf(vocabulary: FilterVocabulary): PlaceIndex {
  let index = placeIndexes.get(vocabulary);
  if (index) return index;
  const places: PlaceMatch[] = [];
  for (const city of vocabulary.cities) {
    const key = placeKey(city.label);
    places.push({
      kind: "cidade",
      city: city.slug,
      cityLabel: city.label,
      label: city.label,
      count: city.count,
      key,
      trigrams: trigrams(key),
    });
    for (const nb of city.neighbourhoods) {
      const nbKey = placeKey(nb.label);
      if (!nbKey) continue;
      places.push({
        kind: "bairro",
        city: city.slug,
        cityLabel: city.label,
        neighbourhood: nb.slug,
        label: nb.label,
        count: nb.count,
        key: nbKey,
        trigrams: trigrams(nbKey),
      });
    }
  }
  places.sort((a, b) => b.count - a.count);
  const byKey = new Map<string, PlaceMatch[]>();
  for (const place of places) {
    if (!place.key) continue;
    const list = byKey.get(place.key) ?? [];
    list.push(place);
    byKey.set(place.key, list);
  }
  index = { places, byKey };
  placeIndexes.set(vocabulary, index);
  return index;
}

/**
 * The place that `words` name exactly (filler words and state abbreviations
 * ignored): a neighbourhood, a city, or a neighbourhood followed by its city
 * ("pinheiros sao paulo"). A name that is both a city and a neighbourhood is
 * read as the city; a neighbourhood name found in several cities as the one
 * with the most listings. Null when the words are not a place.
 */
export function findPlace(words: string[], vocabulary: FilterVocabulary): PlaceMatch | null {
  const meaningful = words.filter((w) => !FILLER_WORDS.has(w) && !STATES.has(w));
  if (!meaningful.length) return null;
  const { byKey } = placeIndexOf(vocabulary);
  const whole = byKey.get(meaningful.join(" "));
  if (whole?.length) return whole.find((p) => p.kind === "cidade") ?? whole[0];
  // "{bairro} {cidade}"
  for (let split = meaningful.length - 1; split >= 1; split--) {
    const cities = (byKey.get(meaningful.slice(split).join(" ")) ?? []).filter((p) => p.kind === "cidade");
    if (!cities.length) continue;
    const nbs = byKey.get(meaningful.slice(0, split).join(" ")) ?? [];
    const inCity = nbs.find((p) => p.kind === "bairro" && cities.some((c) => c.city === p.city));
    if (inCity) return inCity;
  }
  return null;
}

/** The place whose name is most similar (trigrams ≥ `threshold`) to `words`, for typos; null when none. */
export function closestPlace(
  words: string[],
  vocabulary: FilterVocabulary,
  threshold = PLACE_SIMILARITY,
): PlaceMatch | null {
  const key = words.filter((w) => !FILLER_WORDS.has(w) && !STATES.has(w)).join(" ");
  if (key.length < 3) return null;
  const wanted = trigrams(key);
  let best: PlaceMatch | null = null;
  let bestScore = threshold;
  for (const place of placeIndexOf(vocabulary).places) {
    const score = trigramSimilarity(wanted, place.trigrams);
    if (score > bestScore || (score === bestScore && best && place.count > best.count)) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}

// Query understanding

/** What {@link understandQuery} read in a query. */
export interface UnderstoodQuery {
  /** The query folded (`foldText`), cut to {@link TEXT_QUERY_MAX_LENGTH}. */
  folded: string;
  /** Filters read from structured words (bedrooms, purpose, category, price; not the place). */
  filters: ListingFilters;
  /** The remaining free-text words, folded and space-separated ("" when none). */
  text: string;
  /** The place the remaining words name exactly, if they do (then `text` is only that place). */
  place: PlaceMatch | null;
  /**
   * A property type the query names that the catalogue does not have ("casa"
   * when no listing is a house), as its pt-BR plural ("casas"); the word is
   * dropped from `text` so the search widens to every type, and the page says so.
   */
  missingType: string | null;
}

/**
 * Property type words portals' visitors type (folded, singular and plural) →
 * pt-BR plural, recognised when the vocabulary has no such category.
 */
const TYPE_WORDS: Record<string, string> = {
  casa: "casas",
  casas: "casas",
  sobrado: "sobrados",
  sobrados: "sobrados",
  terreno: "terrenos",
  terrenos: "terrenos",
  lote: "lotes",
  lotes: "lotes",
  kitnet: "kitnets",
  kitnets: "kitnets",
  loja: "lojas",
  lojas: "lojas",
  galpao: "galpões",
  galpoes: "galpões",
  chacara: "chácaras",
  chacaras: "chácaras",
  sitio: "sítios",
  sitios: "sítios",
  fazenda: "fazendas",
  fazendas: "fazendas",
  flat: "flats",
  flats: "flats",
  loft: "lofts",
  lofts: "lofts",
};

/** Amenity filters as folded word runs, longest first ("salao de festas" before "salao"). */
const AMENITY_WORDS = AMENITY_FILTERS.map((a) => ({ slug: a.slug, words: queryWords(foldText(a.label)) }))
  .filter((a) => a.words.length)
  .sort((a, b) => b.words.length - a.words.length);

/** Amount like "800", "1,5", "800.000", "1.200.000" with an optional unit (mil, k, milhão, mi). */
const AMOUNT = String.raw`(?:r\$\s*)?(\d{1,3}(?:\.\d{3})+|\d+(?:[.,]\d+)?)\s*(mil|k|milhao|milhoes|mi|mm)?\b`;

/**
 * A BRL amount from the parts matched by `AMOUNT`: "800 mil" → 800000,
 * "1,5 milhão" → 1500000, "800.000" → 800000; undefined when not positive
 * or absurd (above 10¹²).
 */
export function amountOf(number: string, unit: string | undefined): number | undefined {
  const thousands = /^\d{1,3}(?:\.\d{3})+$/.test(number);
  const value = thousands ? Number(number.replace(/\./g, "")) : Number(number.replace(",", "."));
  const factor = !unit ? 1 : unit === "mil" || unit === "k" ? 1_000 : 1_000_000;
  const amount = Math.round(value * factor);
  return Number.isFinite(amount) && amount > 0 && amount <= 1e12 ? amount : undefined;
}

/**
 * Reads a search-box query like a portal does:
 * - "3 quartos", "2 dormitórios", "3 dorms", "4 qtos", "3+ quartos", "três quartos" → minimum bedrooms (1–20);
 * - "comprar", "venda", "à venda" → purpose venda; "aluguel", "alugar", "locação" → aluguel (both: ignored);
 * - a category of the vocabulary, singular or plural ("casa", "apartamentos", "ap", "apto") → category;
 *   a common type the vocabulary lacks ("casa" without houses) → `missingType` (the word is dropped);
 * - an amenity filter's label ("piscina", "salão de festas", "academia") → amenities;
 * - "até 800 mil", "máximo R$ 3.000" → maximum price; "a partir de 500 mil", "acima de 1 milhão" → minimum;
 *   "entre 500 mil e 1 milhão", "de 2 mil a 3 mil" → both;
 * - the remaining words are the free text; when they exactly name a place of the vocabulary it is in `place`.
 * Pure; never throws.
 */
export function understandQuery(query: string, vocabulary: FilterVocabulary): UnderstoodQuery {
  let folded = foldText(String(query ?? "").slice(0, TEXT_QUERY_MAX_LENGTH));
  const filters: ListingFilters = {};

  // Price phrases first (they contain numbers that are not bedrooms).
  const range = new RegExp(String.raw`\b(?:entre|de)\s+${AMOUNT}\s*(?:e|a|ate)\s+${AMOUNT}`, "g");
  folded = folded.replace(range, (match, n1: string, u1: string | undefined, n2: string, u2: string | undefined) => {
    const low = amountOf(n1, u1 ?? u2);
    const high = amountOf(n2, u2);
    if (low == null || high == null) return match;
    filters.priceMin = Math.min(low, high);
    filters.priceMax = Math.max(low, high);
    return " ";
  });
  const max = new RegExp(String.raw`\b(?:ate|maximo|max|menos de|abaixo de)\s+${AMOUNT}`, "g");
  folded = folded.replace(max, (match, n: string, u: string | undefined) => {
    const value = amountOf(n, u);
    if (value == null) return match;
    filters.priceMax = value;
    return " ";
  });
  const min = new RegExp(String.raw`\b(?:a partir de|acima de|mais de|minimo|min|desde)\s+${AMOUNT}`, "g");
  folded = folded.replace(min, (match, n: string, u: string | undefined) => {
    const value = amountOf(n, u);
    if (value == null) return match;
    filters.priceMin = value;
    return " ";
  });

  // Bedrooms.
  const bedrooms =
    /\b(\d{1,2}|um|uma|dois|duas|tres|quatro|cinco|seis)\s*\+?\s*(?:ou mais\s+)?(?:quartos?|dormitorios?|dorms?|qtos?|qts?)\b(?:\s+ou mais\b)?/g;
  folded = folded.replace(bedrooms, (match, n: string) => {
    const value = NUMBER_WORDS[n] ?? Number(n);
    if (!(value >= 1 && value <= 20)) return match;
    filters.bedroomsMin = Math.max(filters.bedroomsMin ?? 0, value);
    return " ";
  });

  let words = queryWords(folded);

  // Purpose ("a venda", "para alugar": the filler words go with the rest).
  const purposes = new Set(words.map((w) => PURPOSE_WORDS[w]).filter(Boolean));
  if (purposes.size) {
    if (purposes.size === 1) filters.purpose = [...purposes][0];
    words = words.filter((w) => !PURPOSE_WORDS[w]);
  }

  // Category: the longest run of words naming a category (singular or plural).
  const categories = vocabulary.categories
    .flatMap((c) => [
      { slug: c.slug, words: queryWords(c.label) },
      { slug: c.slug, words: queryWords(pluralizeCategory(c.label)) },
    ])
    .filter((c) => c.words.length)
    .sort((a, b) => b.words.length - a.words.length);
  const aliased = words.map((w) => CATEGORY_ALIASES[w] ?? w);
  search: for (const category of categories) {
    for (let i = 0; i + category.words.length <= aliased.length; i++) {
      if (category.words.every((w, j) => aliased[i + j] === w)) {
        filters.category = category.slug;
        words = [...words.slice(0, i), ...words.slice(i + category.words.length)];
        break search;
      }
    }
  }

  // A common type the catalogue does not have: dropped (the search widens to every type).
  let missingType: string | null = null;
  // Not when it is part of a place name the query contains ("Casa Verde").
  if (!filters.category) {
    const joined = ` ${words.join(" ")} `;
    const inPlace = (w: string) =>
      [...placeIndexOf(vocabulary).byKey.keys()].some(
        (key) => key.split(" ").includes(w) && joined.includes(` ${key} `),
      );
    const index = words.findIndex((w) => TYPE_WORDS[w] && !inPlace(w));
    if (index >= 0) {
      missingType = TYPE_WORDS[words[index]];
      words = [...words.slice(0, index), ...words.slice(index + 1)];
    }
  }

  // Amenities ("com piscina", "salão de festas").
  const amenities: string[] = [];
  for (const amenity of AMENITY_WORDS) {
    for (let i = 0; i + amenity.words.length <= words.length; i++) {
      if (amenity.words.every((w, j) => words[i + j] === w)) {
        amenities.push(amenity.slug);
        words = [...words.slice(0, i), ...words.slice(i + amenity.words.length)];
        break;
      }
    }
  }
  if (amenities.length) filters.amenities = amenities;

  const meaningful = words.filter((w) => !FILLER_WORDS.has(w));
  const text = meaningful.join(" ");
  return {
    folded: foldText(String(query ?? "").slice(0, TEXT_QUERY_MAX_LENGTH)),
    filters: normalizeFilters(filters),
    text,
    place: text ? findPlace(meaningful, vocabulary) : null,
    missingType,
  };
}

/** The filters of a place (city, plus the neighbourhood when it is one). */
export function placeFilters(place: PlaceMatch): ListingFilters {
  return place.neighbourhood ? { city: place.city, neighbourhoods: [place.neighbourhood] } : { city: place.city };
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
