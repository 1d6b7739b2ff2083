/**
 * The numeric expressions of a free-text query (`/busca`, ADR 0010, ADR 0087),
 * pure: prices ("até 4 mil", "entre 500 mil e 800 mil", "4k", "1,2 milhão"),
 * areas ("80 m²", "acima de 100m", "mais de 100 metros"), and counts of
 * bedrooms, suites, parking spaces and bathrooms ("2 suítes", "2 vagas",
 * "com garagem"). They are read from the folded query (`foldText`, but not
 * whitespace-collapsed, so positions match the query as typed) before the
 * words, and every phrase read is blanked with spaces of the same length so
 * the positions of the rest do not move. Used by `./text-query`.
 */
import type { ListingFilters } from "~/lib/filters";

/** What a part of a query was read as (one chip on the page). */
export type PartKind =
  | "price"
  | "condoFee"
  | "area"
  | "bedrooms"
  | "suites"
  | "parking"
  | "bathrooms"
  | "purpose"
  | "launch"
  | "category"
  | "amenity"
  | "place";

/** A phrase read from the folded query: its span `[start, end)` in the folded text and the filters it gives. */
export interface PhraseMatch {
  kind: PartKind;
  start: number;
  end: number;
  filters: ListingFilters;
}

/** A number as typed: "3.500", "1,2", "800", "3.5". */
const NUM = String.raw`(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)`;
/** A money amount: optional "r$", the number, an optional unit, optional "reais" / "por mês". */
const AMT = String.raw`(r\$\s*)?${NUM}\s*(mil|k|milhao|milhoes|mi|mm|reais)?(?![a-z0-9])(?:\s+reais)?(?:\s*(?:\/|por)\s*mes|\s+mensais|\s+mensal)?`;
/** Start of a word (JavaScript's `\b` would not start before "r$"). */
const START = String.raw`(?<![a-z0-9$])`;
/** Units of area; "m" alone only as a whole word. */
const AREA_UNIT = String.raw`(?:m2|m²|mt2|mts2?|metros?\s+quadrados|metros?|m)(?![a-z0-9])`;
/** Optional "área (útil) de" before an area. */
const AREA_WORD = String.raw`(?:area(?:\s+(?:util|privativa|total|construida))?\s+(?:de\s+)?)?`;
/** Count words ("dois", "três"…) and numbers 1–20. */
const COUNT = String.raw`(\d{1,2}|um|uma|dois|duas|tres|quatro|cinco|seis)`;
/** What a count may not be followed by when it is a price ("de 2 a 3 quartos" is not a price). */
const NOT_A_COUNT = String.raw`(?!\s*(?:quartos?|dormitorios?|dorms?|qtos?|qts?|suites?|vagas?|garagens?|banheiros?|m2|m²|metros?|m(?![a-z0-9])))`;

const NUMBER_WORDS: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6 };

/**
 * A BRL amount from a number and unit as typed: "800" + "mil" → 800000,
 * "1,5" + "milhão" (folded "milhao") → 1500000, "800.000" → 800000, "4" +
 * "k" → 4000; undefined when not positive or absurd (above 10¹²).
 */
export function amountOf(number: string, unit: string | undefined): number | undefined {
  const thousands = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(number);
  const value = thousands ? Number(number.replace(/\./g, "").replace(",", ".")) : Number(number.replace(",", "."));
  const factor = !unit || unit === "reais" ? 1 : unit === "mil" || unit === "k" ? 1_000 : 1_000_000;
  const amount = Math.round(value * factor);
  return Number.isFinite(amount) && amount > 0 && amount <= 1e12 ? amount : undefined;
}

/** A plain number ("3.500" → 3500, "1,5" → 1.5); NaN when not one. */
function plainNumber(number: string): number {
  return /^\d{1,3}(?:\.\d{3})+$/.test(number) ? Number(number.replace(/\./g, "")) : Number(number.replace(",", "."));
}

/** An area in m², 10–100000 (smaller is a typo or another unit); undefined otherwise. */
function areaOf(number: string): number | undefined {
  const value = Math.round(plainNumber(number));
  return value >= 10 && value <= 100_000 ? value : undefined;
}

/** A count 1–20 from digits or a number word. */
function countOf(word: string): number | undefined {
  const value = NUMBER_WORDS[word] ?? Number(word);
  return value >= 1 && value <= 20 ? value : undefined;
}

/** A money amount that is plausibly a price: it has a unit or "r$", or is at least 100. */
function priceOf(currency: string | undefined, number: string, unit: string | undefined): number | undefined {
  const amount = amountOf(number, unit);
  return amount != null && (currency || unit || amount >= 100) ? amount : undefined;
}

type Reader = (m: RegExpExecArray) => ListingFilters | null;

interface Rule {
  kind: PartKind;
  pattern: RegExp;
  read: Reader;
}

const re = (source: string) => new RegExp(source, "g");

/** Comparators: the minimum or maximum a phrase means. */
const MIN_WORDS = String.raw`(?:a\s+partir\s+de|apartir\s+de|acima\s+de|mais\s+de|pelo\s+menos|ao\s+menos|no\s+minimo|minimo(?:\s+de)?|min|desde)`;
const MAX_WORDS = String.raw`(?:ate|no\s+maximo|maximo(?:\s+de)?|max|menos\s+de|abaixo\s+de|por\s+ate|teto\s+de)`;

/** Rules for the minimum of one count facet ("2 suítes", "3+ quartos", "de 2 a 3 vagas", "pelo menos 2 banheiros"). */
function countRules(kind: PartKind, key: keyof ListingFilters, units: string): Rule[] {
  const unit = String.raw`(?:${units})(?![a-z0-9])`;
  const set = (value: number | undefined): ListingFilters | null => (value == null ? null : { [key]: value });
  return [
    {
      kind,
      pattern: re(String.raw`${START}(?:de\s+)?${COUNT}\s*(?:a|ou|-|ate)\s*${COUNT}\s+${unit}`),
      read: (m) => set(countOf(m[1])),
    },
    {
      kind,
      pattern: re(
        String.raw`${START}(?:(${MIN_WORDS})\s+)?${COUNT}\s*\+?\s*(?:ou\s+mais\s+)?${unit}(?:\s+ou\s+mais(?![a-z0-9]))?`,
      ),
      read: (m) => {
        const value = countOf(m[2]);
        // "mais de 2 quartos" is 3 or more.
        const more = m[1] && /^(?:mais|acima)/.test(m[1]);
        return set(value == null ? undefined : more ? Math.min(20, value + 1) : value);
      },
    },
  ];
}

/** The rules, in the order they are tried: areas, then counts, then prices (numbers with units first). */
const RULES: readonly Rule[] = [
  {
    kind: "area",
    pattern: re(
      String.raw`${START}${AREA_WORD}(?:(?:entre|de)\s+)?${NUM}\s*(?:${AREA_UNIT})?\s*(?:e|a|ate|-)\s*${NUM}\s*${AREA_UNIT}`,
    ),
    read: (m) => {
      const [low, high] = [areaOf(m[1]), areaOf(m[2])];
      return low == null || high == null ? null : { areaMin: Math.min(low, high), areaMax: Math.max(low, high) };
    },
  },
  {
    kind: "area",
    pattern: re(String.raw`${START}${AREA_WORD}${MAX_WORDS}\s+${AREA_WORD}${NUM}\s*${AREA_UNIT}`),
    read: (m) => {
      const value = areaOf(m[1]);
      return value == null ? null : { areaMax: value };
    },
  },
  {
    kind: "area",
    pattern: re(
      String.raw`${START}${AREA_WORD}(?:(${MIN_WORDS}|com|de)\s+)?${AREA_WORD}${NUM}\s*${AREA_UNIT}(?:\s+ou\s+mais(?![a-z0-9]))?`,
    ),
    read: (m) => {
      const value = areaOf(m[2]);
      return value == null ? null : { areaMin: value };
    },
  },
  ...countRules("bedrooms", "bedroomsMin", String.raw`quartos?|dormitorios?|dorms?|qtos?|qts?`),
  ...countRules("suites", "suitesMin", String.raw`suites?`),
  ...countRules("parking", "parkingMin", String.raw`vagas?(?:\s+(?:de|na)\s+garagem)?|garagens?|vgs?`),
  ...countRules("bathrooms", "bathroomsMin", String.raw`banheiros?|wc`),
  {
    kind: "parking",
    pattern: re(
      String.raw`(?<!(?:sem|nao)\s)${START}(?:com\s+)?(?:vagas?\s+(?:de|na)\s+garagem|garagem|vaga|estacionamento)(?![a-z0-9])`,
    ),
    read: () => ({ parkingMin: 1 }),
  },
  {
    kind: "suites",
    pattern: re(String.raw`(?<!(?:sem|nao)\s)${START}(?:com\s+)?suite(?![a-z0-9])`),
    read: () => ({ suitesMin: 1 }),
  },
  {
    // "condomínio até 800", "condomínio de no máximo R$ 1.000": the fee, not the price.
    kind: "condoFee",
    pattern: re(String.raw`${START}(?:taxa\s+de\s+)?(?:condominio|condo)\s+(?:de\s+)?(?:${MAX_WORDS}\s+)?${AMT}`),
    read: (m) => {
      const value = priceOf(m[1], m[2], m[3]);
      return value == null ? null : { condoFeeMax: value };
    },
  },
  {
    kind: "price",
    pattern: re(String.raw`${START}(?:(?:entre|de|dos?|faixa\s+de)\s+)?${AMT}\s*(?:e|a|ate|-)\s*${AMT}${NOT_A_COUNT}`),
    read: (m) => {
      const low = priceOf(m[1], m[2], m[3] ?? m[6]);
      const high = priceOf(m[4], m[5], m[6]);
      if (low == null || high == null || (!m[3] && !m[6] && !m[1] && !m[4] && high < 100)) return null;
      return { priceMin: Math.min(low, high), priceMax: Math.max(low, high) };
    },
  },
  {
    kind: "price",
    pattern: re(String.raw`${START}${MAX_WORDS}\s+${AMT}${NOT_A_COUNT}`),
    read: (m) => {
      const value = priceOf(m[1], m[2], m[3]);
      return value == null ? null : { priceMax: value };
    },
  },
  {
    kind: "price",
    pattern: re(String.raw`${START}${MIN_WORDS}\s+${AMT}${NOT_A_COUNT}`),
    read: (m) => {
      const value = priceOf(m[1], m[2], m[3]);
      return value == null ? null : { priceMin: value };
    },
  },
  {
    // A bare amount with a unit or "r$" ("4k", "800 mil", "r$ 3.500"): the most one would pay.
    kind: "price",
    pattern: re(String.raw`${START}(?:(?:por|de|valor)\s+)?${AMT}`),
    read: (m) => {
      if (!m[1] && !m[3]) return null;
      const value = amountOf(m[2], m[3]);
      return value == null ? null : { priceMax: value };
    },
  },
];

/**
 * Reads the price, area and count phrases of a folded query (lower case, no
 * accents; whitespace need not be collapsed). Returns the phrases in the
 * order of the rules, and the text with each phrase replaced by as many
 * spaces (positions unchanged). A later phrase of the same kind overrides an
 * earlier one's keys when the filters are merged. Never throws.
 */
export function readPhrases(folded: string): { phrases: PhraseMatch[]; rest: string } {
  let rest = folded;
  const phrases: PhraseMatch[] = [];
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    rest = rest.replace(rule.pattern, (match: string, ...args: unknown[]) => {
      const offset = args.find((a) => typeof a === "number") as number;
      const groups = args.slice(0, args.indexOf(offset)) as string[];
      const exec = Object.assign([match, ...groups], { index: offset, input: rest }) as unknown as RegExpExecArray;
      const filters = rule.read(exec);
      if (!filters) return match;
      // Keep the spaces a phrase started or ended with out of its span.
      const lead = match.length - match.trimStart().length;
      const trail = match.length - match.trimEnd().length;
      phrases.push({ kind: rule.kind, start: offset + lead, end: offset + match.length - trail, filters });
      return " ".repeat(match.length);
    });
  }
  return { phrases, rest };
}
