/**
 * Suggestions as you type (the spec's `listarConteudo`
 * lists: cities with neighbourhoods, cities, enterprises): cities and
 * neighbourhoods from the cached vocabulary (in memory), condominiums with
 * active units from the `condominiums` table, read once a minute with their
 * unit counts and matched in memory by folded word prefix (a keystroke costs
 * no query; target p95 ≤ 10 ms). ADR docs/decisions/0010.
 *
 * Structured words are understood as on `/busca` ("moema 3 quartos" suggests
 * Moema, linking to Moema with 3+ bedrooms); bare numbers are ignored while
 * matching ("moema 3" is someone still typing "3 quartos").
 */
import { sql } from "drizzle-orm";
import type { Suggestion } from "~/domain/suggestion";
import { filtersToUrl, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { condominiumPath } from "~/lib/urls";
import { getDb, type Db } from "../db";
import { databaseCache } from "../cache";
import {
  closestPlace,
  placeFilters,
  placesNear,
  placesOf,
  queryWords,
  understandQuery,
  type PlaceMatch,
} from "./text-query";
import { getVocabulary } from "./vocabulary";

/** Shortest query that gets suggestions (characters, after trimming). */
export const SUGGEST_MIN_LENGTH = 2;
/** Longest query read (characters); longer queries get no suggestions. */
export const SUGGEST_MAX_LENGTH = 80;
/** Default number of suggestions. */
export const SUGGEST_DEFAULT_LIMIT = 10;

/** Most suggestions of each kind. */
const PER_KIND = { cidade: 3, bairro: 6, condominio: 5 } as const;

/** Options of {@link suggest}. */
export interface SuggestOptions {
  /** Most suggestions in total (1–20, default 10). */
  limit?: number;
  /** Vocabulary (default: the cached `getVocabulary()` of `db`). */
  vocabulary?: FilterVocabulary;
  db?: Db;
}

/** Rank of a place for the query words: 0 exact, 1 name starts with them, 2 a word starts with them; null = no match. */
function placeRank(place: PlaceMatch, words: string[]): number | null {
  const key = place.key;
  const text = words.join(" ");
  if (key === text) return 0;
  if (key.startsWith(text)) return 1;
  const keyWords = key.split(" ");
  // Every query word starts a distinct word of the name, in order.
  let from = 0;
  for (const word of words) {
    const at = keyWords.findIndex((k, i) => i >= from && k.startsWith(word));
    if (at < 0) return null;
    from = at + 1;
  }
  return 2;
}

/**
 * Suggestions for a partial query: cities, neighbourhoods and condominiums,
 * in that order, each kind ranked by how well the name matches (exact,
 * prefix, word prefix) then by active listings; with no prefix match, the
 * places a typo away from a prefix ("pineir" → Pinheiros, ADR 0087), else
 * the closest place by trigrams. Empty for queries shorter than
 * {@link SUGGEST_MIN_LENGTH} or longer than {@link SUGGEST_MAX_LENGTH}
 * characters. Never throws on any text.
 * @throws when the database fails.
 */
export async function suggest(query: string, options: SuggestOptions = {}): Promise<Suggestion[]> {
  const raw = String(query ?? "").trim();
  if (raw.length < SUGGEST_MIN_LENGTH || raw.length > SUGGEST_MAX_LENGTH) return [];
  const limit = Math.min(20, Math.max(1, Math.floor(options.limit ?? SUGGEST_DEFAULT_LIMIT)));
  const db = options.db ?? getDb().db;
  const vocabulary = options.vocabulary ?? (await getVocabulary({ db }));
  const understood = understandQuery(raw, vocabulary);
  const words = understood.text.split(" ").filter((w) => w && !/^\d+$/.test(w));
  const text = words.join(" ");
  if (text.length < SUGGEST_MIN_LENGTH) return [];
  const extra: ListingFilters = { ...understood.filters };

  // Places, in memory.
  const ranked: { place: PlaceMatch; rank: number }[] = [];
  for (const place of placesOf(vocabulary)) {
    const rank = placeRank(place, words);
    if (rank != null) ranked.push({ place, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || b.place.count - a.place.count);
  if (!ranked.length) {
    // A typo while typing ("pineir" → Pinheiros), else a typo in a whole name.
    for (const place of placesNear(words, vocabulary)) ranked.push({ place, rank: 3 });
    const closest = ranked.length ? null : closestPlace(words, vocabulary);
    if (closest) ranked.push({ place: closest, rank: 4 });
  }
  const toSuggestion = (place: PlaceMatch): Suggestion => ({
    kind: place.kind,
    label: place.label,
    detail: place.kind === "bairro" ? place.cityLabel : "",
    count: place.count,
    url: filtersToUrl({ ...extra, ...placeFilters(place) }, vocabulary),
  });
  const cities = ranked
    .filter((r) => r.place.kind === "cidade")
    .slice(0, PER_KIND.cidade)
    .map((r) => toSuggestion(r.place));
  const neighbourhoods = ranked
    .filter((r) => r.place.kind === "bairro")
    .slice(0, PER_KIND.bairro)
    .map((r) => toSuggestion(r.place));

  // Condominiums with active units (3+ characters: shorter prefixes match too many names).
  const condominiums = text.length >= 3 ? await condominiumSuggestions(db, text, PER_KIND.condominio) : [];

  // Fill `limit`, keeping each kind represented when possible.
  const groups = [cities, neighbourhoods, condominiums];
  const picked: Suggestion[][] = groups.map(() => []);
  let left = limit;
  for (let round = 0; left > 0 && groups.some((g, i) => picked[i].length < g.length); round++) {
    for (let i = 0; i < groups.length && left > 0; i++) {
      if (groups[i][round]) {
        picked[i].push(groups[i][round]);
        left--;
      }
    }
  }
  return picked.flat();
}

interface CondominiumRow extends Record<string, unknown> {
  slug: string;
  name: string;
  neighbourhood: string;
  city: string;
  count: number | string;
}

/** A condominium with active units, as kept in memory for suggestions. */
interface CondominiumEntry {
  slug: string;
  name: string;
  /** Folded words of the name, space-separated ("edificio aurora"). */
  key: string;
  detail: string;
  /** Active units. */
  count: number;
}

/** How long the condominium list is kept in memory (ms); it changes only with a sync. */
export const CONDOMINIUM_LIST_TTL_MS = 60_000;

/** Condominiums with active units and their unit counts, from the read model. */
async function loadCondominiums(db: Db): Promise<CondominiumEntry[]> {
  const result = await db.execute<CondominiumRow>(sql`
    select c.slug, c.name, c.neighbourhood, c.city, count(l.code) as count
    from condominiums c
    join listings l on l.condominium_slug = c.slug and l.removed_at is null
    group by c.slug, c.name, c.neighbourhood, c.city
  `);
  return result.rows
    .map((row) => ({
      slug: row.slug,
      name: row.name,
      key: queryWords(row.name).join(" "),
      detail: [row.neighbourhood, row.city].filter(Boolean).join(", "),
      count: Number(row.count),
    }))
    .sort((a, b) => b.count - a.count || collator.compare(a.name, b.name));
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });

const condominiumCache = databaseCache<CondominiumEntry[]>("catalogue:suggestion-condominiums", {
  what: "condominium list",
  ttlMs: CONDOMINIUM_LIST_TTL_MS,
  load: loadCondominiums,
});

/**
 * Condominiums with active units whose folded name has a word starting with
 * `text` (names starting with it first, then by active units). The list is
 * read from the `condominiums` table once per {@link CONDOMINIUM_LIST_TTL_MS}
 * and matched in memory, so a keystroke costs no query.
 */
async function condominiumSuggestions(db: Db, text: string, limit: number): Promise<Suggestion[]> {
  const list = await condominiumCache.get(db);
  const starts: CondominiumEntry[] = [];
  const words: CondominiumEntry[] = [];
  for (const entry of list) {
    if (entry.key.startsWith(text)) starts.push(entry);
    else if (words.length < limit && entry.key.includes(` ${text}`)) words.push(entry);
    if (starts.length >= limit) break;
  }
  return [...starts, ...words].slice(0, limit).map((entry) => ({
    kind: "condominio" as const,
    label: entry.name,
    detail: entry.detail,
    count: entry.count,
    url: condominiumPath(entry.slug),
  }));
}
