/**
 * The readable path segment of the listings URL (`venda-apartamento-sao-paulo-moema`):
 * spelling the main facets as one slug, and decoding a slug back under the
 * vocabulary. Slugs contain hyphens, so decoding searches the ways the words
 * can split into known slugs; two results mean the segment is ambiguous.
 */
import type { Purpose } from "~/domain/listing";
import { compareSlugs, PURPOSES, type FilterVocabulary, type ListingFilters } from "./types";

/** Lookup sets built once per vocabulary object. */
export interface VocabularyIndex {
  categories: Set<string>;
  cities: Set<string>;
  neighbourhoodsByCity: Map<string, Set<string>>;
  /** Cities (sorted) each neighbourhood slug belongs to. */
  citiesByNeighbourhood: Map<string, string[]>;
  /** Every neighbourhood slug of every city. */
  allNeighbourhoods: Set<string>;
  /** Cache of segment ambiguity checks. */
  segmentResults: Map<string, SegmentFilters[]>;
}

const indexes = new WeakMap<FilterVocabulary, VocabularyIndex>();

/** The lookup sets of `vocabulary`, built on first use and kept while the object lives. */
export function indexOf(vocabulary: FilterVocabulary): VocabularyIndex {
  let index = indexes.get(vocabulary);
  if (index) return index;
  const neighbourhoodsByCity = new Map<string, Set<string>>();
  const citiesByNeighbourhood = new Map<string, string[]>();
  for (const city of [...vocabulary.cities].sort((a, b) => compareSlugs(a.slug, b.slug))) {
    const set = neighbourhoodsByCity.get(city.slug) ?? new Set<string>();
    for (const nb of city.neighbourhoods) {
      set.add(nb.slug);
      const list = citiesByNeighbourhood.get(nb.slug) ?? [];
      if (!list.includes(city.slug)) list.push(city.slug);
      citiesByNeighbourhood.set(nb.slug, list);
    }
    neighbourhoodsByCity.set(city.slug, set);
  }
  index = {
    categories: new Set(vocabulary.categories.map((c) => c.slug)),
    cities: new Set(vocabulary.cities.map((c) => c.slug)),
    neighbourhoodsByCity,
    citiesByNeighbourhood,
    allNeighbourhoods: new Set(citiesByNeighbourhood.keys()),
    segmentResults: new Map(),
  };
  indexes.set(vocabulary, index);
  return index;
}

/** The main facets, the part of a filter set the segment spells. */
export type SegmentFilters = Pick<ListingFilters, "purpose" | "category" | "city" | "neighbourhoods">;

/** Longest segment (in words) worth decoding; longer ones are not found. */
const MAX_SEGMENT_WORDS = 80;
/** Search budget per segment (steps), so a hostile segment stays cheap. */
const SEGMENT_BUDGET = 20_000;

/** A key equal for equal main-facet sets. */
export function segmentKey(f: SegmentFilters): string {
  return JSON.stringify([f.purpose ?? "", f.category ?? "", f.city ?? "", f.neighbourhoods ?? []]);
}

/** Segments remembered per vocabulary before the memo starts over. */
const SEGMENT_MEMO_SIZE = 5_000;

/**
 * The first two distinct main-facet sets that the slug `segment` can spell,
 * in order of preference (purpose first, then the longest category, city and
 * neighbourhoods): none = unknown words, two = ambiguous. Memoised per vocabulary.
 */
export function decodeSegment(segment: string, index: VocabularyIndex): SegmentFilters[] {
  const limit = 2;
  const cached = index.segmentResults.get(segment);
  if (cached) return cached;
  const words = segment.split("-");
  const results: SegmentFilters[] = [];
  const seen = new Set<string>();
  if (words.length > MAX_SEGMENT_WORDS || words.some((w) => w === "")) return results;
  let budget = SEGMENT_BUDGET;

  const matches = (from: number, set: Set<string>): { slug: string; next: number }[] => {
    const found: { slug: string; next: number }[] = [];
    let slug = "";
    for (let end = from; end < words.length; end++) {
      slug = end === from ? words[end] : `${slug}-${words[end]}`;
      if (set.has(slug)) found.push({ slug, next: end + 1 });
    }
    return found.reverse(); // longest first
  };

  const emit = (f: SegmentFilters) => {
    const key = segmentKey(f);
    if (!seen.has(key)) {
      seen.add(key);
      results.push(f);
    }
  };

  // Neighbourhood runs from `pos` to the end, each within `allowed` (or any city when null).
  const neighbourhoodRuns = (pos: number, base: SegmentFilters, picked: string[], cities: string[] | null): void => {
    if (results.length >= limit || --budget < 0) return;
    if (pos === words.length) {
      if (picked.length === 0) return emit(base);
      const neighbourhoods = [...new Set(picked)].sort(compareSlugs);
      if (base.city) return emit({ ...base, neighbourhoods });
      for (const city of cities ?? []) emit({ ...base, city, neighbourhoods });
      return;
    }
    if (base.city) {
      for (const m of matches(pos, index.neighbourhoodsByCity.get(base.city) ?? new Set())) {
        neighbourhoodRuns(m.next, base, [...picked, m.slug], null);
      }
      return;
    }
    // No city in the segment: neighbourhoods that share a city imply it.
    for (const m of matches(pos, index.allNeighbourhoods)) {
      const theirs = index.citiesByNeighbourhood.get(m.slug) ?? [];
      const common = cities === null ? theirs : cities.filter((c) => theirs.includes(c));
      if (common.length > 0) neighbourhoodRuns(m.next, base, [...picked, m.slug], common);
    }
  };

  const afterCategory = (pos: number, base: SegmentFilters) => {
    for (const m of matches(pos, index.cities)) neighbourhoodRuns(m.next, { ...base, city: m.slug }, [], null);
    neighbourhoodRuns(pos, base, [], null);
  };

  const afterPurpose = (pos: number, base: SegmentFilters) => {
    for (const m of matches(pos, index.categories)) afterCategory(m.next, { ...base, category: m.slug });
    afterCategory(pos, base);
  };

  const first = words[0] as Purpose;
  if (PURPOSES.includes(first)) afterPurpose(1, { purpose: first });
  afterPurpose(0, {});
  const clean = results.map(stripEmpty);
  if (index.segmentResults.size >= SEGMENT_MEMO_SIZE) index.segmentResults.clear();
  index.segmentResults.set(segment, clean);
  return clean;
}

/** The main facets without empty values. */
export function stripEmpty(f: SegmentFilters): SegmentFilters {
  const out: SegmentFilters = {};
  if (f.purpose) out.purpose = f.purpose;
  if (f.category) out.category = f.category;
  if (f.city) out.city = f.city;
  if (f.neighbourhoods?.length) out.neighbourhoods = f.neighbourhoods;
  return out;
}

/** The slug segment of the main facets (neighbourhoods only with a city), "" when none is set. */
export function segmentOf(f: SegmentFilters): string {
  const parts: string[] = [];
  if (f.purpose) parts.push(f.purpose);
  if (f.category) parts.push(f.category);
  if (f.city) {
    parts.push(f.city);
    if (f.neighbourhoods?.length) parts.push(...f.neighbourhoods);
  }
  return parts.join("-");
}
