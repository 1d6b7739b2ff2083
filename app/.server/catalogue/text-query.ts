/**
 * Query understanding for the free-text search (`/busca`, ADR 0010), pure and
 * without a database: reading portal-style phrases ("moema 3 quartos", "casa
 * aluguel", "até 800 mil") as filters, the place the remaining words name,
 * and listing codes. The words are folded by `./text-words`, the places of
 * the vocabulary recognised by `./text-places` (both re-exported here, the
 * module the search imports). The SQL that uses it is in `./text-search`.
 */
import type { Purpose } from "~/domain/listing";
import { normalizeFilters, pluralizeCategory, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { foldText } from "~/lib/search-text";
import { findPlace, placeKeysOf, type PlaceMatch } from "./text-places";
import { FILLER_WORDS, queryWords, TEXT_QUERY_MAX_LENGTH } from "./text-words";

export { closestPlace, findPlace, PLACE_SIMILARITY, placeFilters, placesOf, type PlaceMatch } from "./text-places";
export {
  MAX_QUERY_WORDS,
  queryWords,
  TEXT_QUERY_MAX_LENGTH,
  trigrams,
  trigramSimilarity,
  tsQueryText,
} from "./text-words";

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
      placeKeysOf(vocabulary).some((key) => key.split(" ").includes(w) && joined.includes(` ${key} `));
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

/**
 * A single word that may be a listing code (Vista `Codigo`, e.g. "AP11237",
 * "10234"): letters, digits and `-_./`, with at least one digit, ≤ 40
 * characters; null otherwise.
 */
export function codeCandidate(query: string): string | null {
  const trimmed = String(query ?? "").trim();
  return /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/.test(trimmed) && /\d/.test(trimmed) ? trimmed : null;
}
