/**
 * The benchmark's fixed workload (ADR 0012),
 * drawn with a seeded PRNG so every run measures the same queries:
 *
 * - 200 realistic filter combinations for the listings search. They are
 *   written as a query string (the search forms' parameters) and read back
 *   with the `{filtros}` codec (`parseFilters`), so only facets the codec knows
 *   when the bench runs are used: a parameter of a facet that does not exist
 *   (yet) is simply dropped.
 * - 100 map viewports (bounding boxes) around São Paulo neighbourhoods at
 *   zooms 13–16, with the combinations' filters.
 * - 100 prefixes typed in the search box (places, condominiums, typos).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../app/.server/db";
import { filtersToUrl, parseFilters, type FilterVocabulary, type ListingFilters } from "../app/lib/filters";
import { foldText } from "../app/lib/search-text";
import { createRandom, type Random } from "./stats";

/** Seed of every draw (change it only on purpose: figures are compared across runs). */
export const BENCH_SEED = 20_240_503;

/** One filter combination: the filters, the query string they came from, and their canonical URL. */
export interface FilterCombination {
  /** 0-based position in the workload. */
  index: number;
  filters: ListingFilters;
  /** The query string drawn (search-form spelling, before the codec). */
  query: string;
  /** Canonical `/todos-os-imoveis/…` path+search (`filtersToUrl`). */
  url: string;
}

/** A map viewport, degrees (WGS 84). Same shape as the map module's `BoundingBox`. */
export interface BenchBoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** One map query: a viewport, its zoom and the filters shown beside it. */
export interface MapCase {
  bbox: BenchBoundingBox;
  /** Web-map zoom level the viewport was sized for (13–16). */
  zoom: number;
  /** Neighbourhood the viewport is centred on (label). */
  around: string;
  filters: ListingFilters;
}

/** What the draws need from the read model besides the codec vocabulary. */
export interface WorkloadSource {
  vocabulary: FilterVocabulary;
  /** Amenity slugs present in active listings, with their counts (empty until amenities are synced). */
  amenities: { slug: string; count: number }[];
  /** Centre of each neighbourhood of the main city (mean of its listings' coordinates). */
  places: { label: string; count: number; lat: number; lng: number }[];
  /** Names of condominiums with active units, most units first (up to 200). */
  condominiums: string[];
}

/** Reads what {@link drawCombinations}, {@link drawMapCases} and {@link drawPrefixes} need. */
export async function loadWorkloadSource(db: Db, vocabulary: FilterVocabulary): Promise<WorkloadSource> {
  const mainCity = vocabulary.cities[0]?.slug ?? "";
  const [amenityRows, placeRows, condoRows] = await Promise.all([
    db.execute<{ slug: string; count: number }>(sql`
      select a as slug, count(*)::int as count
      from listings, unnest(amenities) as a
      where removed_at is null group by a order by count(*) desc, a`),
    db.execute<{ label: string; count: number; lat: number; lng: number }>(sql`
      select min(neighbourhood) as label, count(*)::int as count,
             avg(latitude)::float8 as lat, avg(longitude)::float8 as lng
      from listings
      where removed_at is null and city_slug = ${mainCity} and neighbourhood_slug <> ''
        and latitude is not null and longitude is not null and not (latitude = 0 and longitude = 0)
      group by neighbourhood_slug having count(*) >= 5 order by count(*) desc, 1`),
    db.execute<{ name: string }>(sql`
      select c.name from condominiums c
      join listings l on l.condominium_slug = c.slug and l.removed_at is null
      group by c.name order by count(*) desc, c.name limit 200`),
  ]);
  return {
    vocabulary,
    amenities: amenityRows.rows.map((r) => ({ slug: r.slug, count: Number(r.count) })),
    places: placeRows.rows.map((r) => ({
      label: r.label,
      count: Number(r.count),
      lat: Number(r.lat),
      lng: Number(r.lng),
    })),
    condominiums: condoRows.rows.map((r) => r.name),
  };
}

const SALE_PRICE_STEPS = [
  300_000, 500_000, 700_000, 800_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000,
];
const RENT_PRICE_STEPS = [1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_000, 10_000, 15_000, 20_000];
const AREA_STEPS = [40, 50, 70, 90, 120, 150, 200, 300];
const CONDO_FEE_STEPS = [500, 800, 1_000, 1_500, 2_500];

/**
 * `count` filter combinations (default 200), deterministic for a given
 * vocabulary. Weights follow what visitors of a São Paulo agency do: mostly a
 * purpose (sale 60 %, rent 35 %), often a type and the main city, 0–3
 * neighbourhoods, a price range typical of the purpose in half of them, a
 * minimum of bedrooms, the five sorts (recent first most often, "menor custo
 * mensal" 15 %), pages 1–3; the other facets of ADR 0011 (suites, vagas, banheiros,
 * área, condomínio, comodidades, lançamento, exclusivo) now and then.
 */
export function drawCombinations(source: WorkloadSource, count = 200, seed = BENCH_SEED): FilterCombination[] {
  const random = createRandom(seed);
  const { vocabulary } = source;
  const combos: FilterCombination[] = [];
  for (let index = 0; index < count; index++) {
    const params = new URLSearchParams();
    const purpose = random.weighted(["venda", "aluguel", ""], [60, 35, 5]);
    if (purpose) params.set("finalidade", purpose);
    if (vocabulary.categories.length && random.chance(0.7)) {
      const categories = vocabulary.categories.slice(0, 12);
      params.set(
        "tipo",
        random.weighted(
          categories,
          categories.map((c) => c.count),
        ).slug,
      );
    }
    if (vocabulary.cities.length && random.chance(0.85)) {
      const cities = vocabulary.cities.slice(0, 5);
      const city = random.weighted(
        cities,
        cities.map((c) => c.count),
      );
      params.set("cidade", city.slug);
      const howMany = random.weighted([0, 1, 2, 3], [45, 35, 13, 7]);
      const chosen = new Set<string>();
      for (let i = 0; i < howMany && city.neighbourhoods.length; i++) {
        chosen.add(
          random.weighted(
            city.neighbourhoods,
            city.neighbourhoods.map((n) => n.count),
          ).slug,
        );
      }
      for (const nb of chosen) params.append("bairro", nb);
    }
    if (random.chance(0.5)) {
      const steps = purpose === "aluguel" ? RENT_PRICE_STEPS : SALE_PRICE_STEPS;
      const shape = random.weighted(["max", "range", "min"], [50, 35, 15]);
      const a = random.int(0, steps.length - 2);
      const b = random.int(a + 1, Math.min(steps.length - 1, a + 3));
      if (shape !== "max") params.set("preco-min", String(steps[a]));
      if (shape !== "min") params.set("preco-max", String(steps[b]));
    }
    if (random.chance(0.45)) params.set("quartos", String(random.weighted([1, 2, 3, 4], [2, 4, 3, 1])));
    if (random.chance(0.15)) params.set("suites", String(random.weighted([1, 2, 3], [5, 3, 1])));
    if (random.chance(0.2)) params.set("vagas", String(random.weighted([1, 2, 3], [5, 3, 1])));
    if (random.chance(0.08)) params.set("banheiros", String(random.weighted([1, 2, 3], [3, 4, 2])));
    if (random.chance(0.15)) params.set("area-min", String(random.pick(AREA_STEPS.slice(0, 6))));
    if (random.chance(0.08)) params.set("area-max", String(random.pick(AREA_STEPS.slice(3))));
    if (random.chance(0.08)) params.set("condominio-max", String(random.pick(CONDO_FEE_STEPS)));
    if (source.amenities.length && random.chance(0.2)) {
      const top = source.amenities.slice(0, 12);
      const picked = new Set<string>();
      const howMany = random.weighted([1, 2], [3, 1]);
      for (let i = 0; i < howMany; i++)
        picked.add(
          random.weighted(
            top,
            top.map((a) => a.count),
          ).slug,
        );
      params.set("comodidades", [...picked].join(","));
    }
    if (random.chance(0.05)) params.set("lancamento", "sim");
    if (random.chance(0.03)) params.set("exclusivo", "sim");
    const sort = random.weighted(
      ["", "menor-preco", "maior-preco", "maior-area", "menor-custo-mensal"],
      [50, 20, 8, 7, 15],
    );
    if (sort) params.set("ordem", sort);
    const page = random.weighted([1, 2, 3], [75, 17, 8]);
    if (page > 1) params.set("pagina", String(page));

    const parsed = parseFilters(undefined, params, vocabulary);
    const filters = "notFound" in parsed ? {} : parsed.filters;
    combos.push({ index, filters, query: params.toString(), url: filtersToUrl(filters, vocabulary) });
  }
  return combos;
}

/** Degrees of longitude per 256-px web-map tile at `zoom`. */
function tileDegrees(zoom: number): number {
  return 360 / 2 ** zoom;
}

/**
 * `count` map viewports (default 100) around the main city's neighbourhoods
 * (weighted by listings), zoom 13–16, sized like a desktop (1000×700 px) or a
 * phone (360×460 px) map, centre jittered by up to a third of the viewport;
 * each with the filters of a combination (without neighbourhoods nor page: the
 * viewport replaces the place).
 */
export function drawMapCases(
  source: WorkloadSource,
  combos: readonly FilterCombination[],
  count = 100,
  seed = BENCH_SEED + 1,
): MapCase[] {
  const random = createRandom(seed);
  const places = source.places.length ? source.places : [{ label: "São Paulo", count: 1, lat: -23.55, lng: -46.63 }];
  const cases: MapCase[] = [];
  for (let i = 0; i < count; i++) {
    const place = random.weighted(
      places,
      places.map((p) => Math.sqrt(p.count)),
    );
    const zoom = random.weighted([13, 14, 15, 16], [3, 4, 3, 1]);
    const [widthPx, heightPx] = random.chance(0.6) ? [1000, 700] : [360, 460];
    const lngSpan = (widthPx / 256) * tileDegrees(zoom);
    const latSpan = (heightPx / 256) * tileDegrees(zoom) * Math.cos((place.lat * Math.PI) / 180);
    const lat = place.lat + (random.next() - 0.5) * (latSpan / 1.5);
    const lng = place.lng + (random.next() - 0.5) * (lngSpan / 1.5);
    const combo = combos[i % Math.max(1, combos.length)];
    const filters: ListingFilters = { ...(combo?.filters ?? {}) };
    delete filters.neighbourhoods;
    delete filters.page;
    cases.push({
      bbox: { south: lat - latSpan / 2, west: lng - lngSpan / 2, north: lat + latSpan / 2, east: lng + lngSpan / 2 },
      zoom,
      around: place.label,
      filters,
    });
  }
  return cases;
}

/** Fixed prefixes people type, always part of the set. */
const FIXED_PREFIXES = [
  "moe",
  "pinh",
  "vila m",
  "jardim p",
  "sao",
  "São",
  "itaim",
  "perdizes",
  "brooklin",
  "mooca",
  "tatuape",
  "jd paulista",
  "vl mariana",
  "bela v",
  "santana",
];

/**
 * `count` search-box prefixes (default 100): {@link FIXED_PREFIXES}, then
 * prefixes of neighbourhood and condominium names as typed (lower case, with
 * or without accents, 2–10 characters, sometimes two words), about one in six
 * with a typo (two letters swapped or one dropped).
 */
export function drawPrefixes(source: WorkloadSource, count = 100, seed = BENCH_SEED + 2): string[] {
  const random = createRandom(seed);
  const prefixes = FIXED_PREFIXES.slice(0, count);
  const neighbourhoods = source.vocabulary.cities.flatMap((c) => c.neighbourhoods);
  const names = [
    ...neighbourhoods.map((n) => ({ label: n.label, weight: Math.sqrt(n.count) })),
    ...source.condominiums.map((name) => ({ label: name, weight: 2 })),
  ];
  let guard = 0;
  while (prefixes.length < count && names.length && guard++ < count * 20) {
    const name = random.weighted(
      names,
      names.map((n) => n.weight),
    ).label;
    let text = random.chance(0.5) ? foldText(name) : name.toLowerCase();
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length >= 2 && random.chance(0.4)) {
      text = `${words[0]} ${words[1].slice(0, random.int(1, Math.max(1, words[1].length)))}`;
    } else {
      text = text.slice(0, random.int(2, Math.min(10, Math.max(2, text.length))));
    }
    if (text.length >= 4 && random.chance(1 / 6)) text = typo(text, random);
    text = text.trim();
    if (text.length >= 2 && !prefixes.includes(text)) prefixes.push(text);
  }
  return prefixes;
}

function typo(text: string, random: Random): string {
  const at = random.int(1, text.length - 2);
  return random.chance(0.5)
    ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2)
    : text.slice(0, at) + text.slice(at + 1);
}
