/**
 * `npm run bench:text`: precision and recall of the free-text parser
 * (`understandQuery`, ADR 0087) over the held-out queries of
 * `tests/fixtures/text-queries.json`, with the vocabulary of the Vista
 * sandbox's catalogue (built from the data set, as the site sees it after a
 * sync). Prints figures; never fails on them.
 *
 * Each filter a query gives is a fact ("bedroomsMin=2", "amenities=piscina",
 * "neighbourhoods=pinheiros"). Precision: facts read that were expected /
 * facts read; recall: facts read that were expected / facts expected. The
 * parser's place is used, and when the words name none, the closest place by
 * trigrams (what the search does when full text finds nothing).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { closestPlace, placeFilters, understandQuery } from "../app/.server/catalogue/text-query";
import { normalizeFilters, type FilterVocabulary, type ListingFilters } from "../app/lib/filters";
import { slugify } from "../app/lib/slug";
import { buildCatalogue, DATASET_PATH } from "../server/vista-sandbox/catalogue";

/** One held-out query and the filters it should give. */
interface Case {
  q: string;
  filters: ListingFilters;
}

const FIXTURE = fileURLToPath(new URL("../tests/fixtures/text-queries.json", import.meta.url));

/** The filter vocabulary of the sandbox catalogue (labels and slugs as the sync writes them). */
function sandboxVocabulary(): FilterVocabulary {
  const { listings } = buildCatalogue(readFileSync(DATASET_PATH, "utf8"));
  const categories = new Map<string, { slug: string; label: string; count: number }>();
  const cities = new Map<string, { slug: string; label: string; count: number; nbs: Map<string, number> }>();
  for (const l of listings) {
    const category = categories.get(l.category) ?? { slug: slugify(l.category), label: l.category, count: 0 };
    category.count++;
    categories.set(l.category, category);
    const city = cities.get(l.city) ?? { slug: slugify(l.city), label: l.city, count: 0, nbs: new Map() };
    city.count++;
    city.nbs.set(l.neighbourhood, (city.nbs.get(l.neighbourhood) ?? 0) + 1);
    cities.set(l.city, city);
  }
  return {
    categories: [...categories.values()].sort((a, b) => b.count - a.count),
    cities: [...cities.values()].map((c) => ({
      slug: c.slug,
      label: c.label,
      count: c.count,
      neighbourhoods: [...c.nbs].map(([label, count]) => ({ slug: slugify(label), label, count })),
    })),
  };
}

/** The filters the parser reads from `q` (with the typo fallback for places). */
function parsedFilters(q: string, vocabulary: FilterVocabulary): ListingFilters {
  const understood = understandQuery(q, vocabulary);
  let where = understood.where;
  if (!understood.place && understood.unknown.length) {
    const closest = closestPlace(understood.unknown, vocabulary);
    if (closest) where = placeFilters(closest);
  }
  return normalizeFilters({ ...understood.filters, ...where });
}

/** The facts of a filter set: "key=value", one per list item. */
function factsOf(filters: ListingFilters): Set<string> {
  const facts = new Set<string>();
  for (const [key, value] of Object.entries(normalizeFilters(filters))) {
    for (const item of Array.isArray(value) ? value : [value]) facts.add(`${key}=${String(item)}`);
  }
  return facts;
}

function main() {
  const cases = (JSON.parse(readFileSync(FIXTURE, "utf8")) as { queries: Case[] }).queries;
  const vocabulary = sandboxVocabulary();
  let read = 0;
  let expected = 0;
  let right = 0;
  let exact = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const got = factsOf(parsedFilters(c.q, vocabulary));
    const want = factsOf(c.filters);
    const hits = [...got].filter((f) => want.has(f)).length;
    read += got.size;
    expected += want.size;
    right += hits;
    if (hits === got.size && hits === want.size) exact++;
    else {
      const extra = [...got].filter((f) => !want.has(f));
      const missing = [...want].filter((f) => !got.has(f));
      misses.push(`  “${c.q}”: a mais [${extra.join(", ")}], faltando [${missing.join(", ")}]`);
    }
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
  console.log(`Consultas: ${cases.length} (tests/fixtures/text-queries.json)`);
  console.log(`Precisão: ${pct(right, read)} (${right}/${read} filtros lidos corretos)`);
  console.log(`Revocação: ${pct(right, expected)} (${right}/${expected} filtros esperados lidos)`);
  console.log(`Consultas lidas exatamente: ${pct(exact, cases.length)} (${exact}/${cases.length})`);
  if (misses.length) console.log(`Diferenças:\n${misses.join("\n")}`);
}

main();
