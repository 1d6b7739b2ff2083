/**
 * The places of the filter vocabulary (cities and their neighbourhoods) as
 * the free-text search (`/busca`, ADR 0010) recognises them in a query:
 * exactly by their folded name, or by trigram similarity for typos. Pure and
 * without a database; the index is built once per vocabulary object.
 */
import type { FilterVocabulary, ListingFilters } from "~/lib/filters";
import { FILLER_WORDS, prefixEditDistance, queryWords, STATES, trigrams, trigramSimilarity } from "./text-words";

/** Minimum trigram similarity (0–1) for a typo to be read as a place name. */
export const PLACE_SIMILARITY = 0.45;

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
 * The folded keys of every place of `vocabulary` (e.g. "jardim saude",
 * "sao paulo"), for telling a word that is part of a place name.
 */
export function placeKeysOf(vocabulary: FilterVocabulary): string[] {
  return [...placeIndexOf(vocabulary).byKey.keys()];
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

/** The filters of a place (city, plus the neighbourhood when it is one). */
export function placeFilters(place: PlaceMatch): ListingFilters {
  return place.neighbourhood ? { city: place.city, neighbourhoods: [place.neighbourhood] } : { city: place.city };
}

/**
 * Places whose name, or a word of it onwards, starts with `words` give or
 * take a typo (see `prefixEditDistance`): one edit for 4–6 typed characters,
 * two from 7; nothing under 4. For suggestions while a name is half typed
 * ("pineir" → Pinheiros). Only the places with the fewest edits, most listings first. Bounded
 * work: one small alignment per place of the vocabulary, in memory.
 */
export function placesNear(words: string[], vocabulary: FilterVocabulary, limit = 6): PlaceMatch[] {
  const typed = words.filter((w) => !FILLER_WORDS.has(w) && !STATES.has(w)).join(" ");
  if (typed.length < 4) return [];
  const max = typed.length >= 7 ? 2 : 1;
  const found: { place: PlaceMatch; edits: number }[] = [];
  for (const place of placeIndexOf(vocabulary).places) {
    if (!place.key) continue;
    const starts = [0, ...[...place.key.matchAll(/ /g)].map((m) => m.index + 1)];
    const edits = Math.min(...starts.map((at) => prefixEditDistance(typed, place.key.slice(at), max)));
    if (edits <= max) found.push({ place, edits });
  }
  // Only the fewest edits: "vila mraian" is Vila Mariana (one swap), not also Vila Maria (two edits).
  const fewest = Math.min(...found.map((f) => f.edits));
  return found
    .filter((f) => f.edits === fewest)
    .sort((a, b) => b.place.count - a.place.count)
    .slice(0, limit)
    .map((f) => f.place);
}
