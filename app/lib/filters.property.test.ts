/**
 * Property-based tests (fast-check) of the `{filtros}` codec with every
 * facet (ADR 0011): round-trips, canonical fixed points, and junk
 * query strings that never throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NON_FACET_PARAMS } from "~/test-support/query-params";
import { AMENITY_FILTERS } from "./amenities";
import {
  filtersToFormEntries,
  filtersToUrl,
  type ListingFilters,
  normalizeFilters,
  parseFilters,
  QUERY_FACETS,
  SORT_ORDERS,
} from "./filters";
import { CODEC_VOCABULARY } from "../../tests/mocks/vocabulary";

const vocabulary = CODEC_VOCABULARY;

function parseUrl(url: string) {
  const u = new URL(url, "http://localhost");
  const prefix = "/todos-os-imoveis/";
  const segment = u.pathname.startsWith(prefix) ? decodeURIComponent(u.pathname.slice(prefix.length)) : undefined;
  return parseFilters(segment, u.searchParams, vocabulary);
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const amount = fc.integer({ min: 1, max: 50_000_000 });
const minimum = fc.integer({ min: 1, max: 20 });
const codeArb = fc
  .array(fc.constantFrom("A", "P", "0", "1", "9", "-", ".", "_", "Z"), { minLength: 1, maxLength: 12 })
  .map((chars) => `A${chars.join("")}`);

/** Arbitrary valid filter sets with every facet, normalised. */
const filtersArb: fc.Arbitrary<ListingFilters> = fc
  .record({
    purpose: maybe(fc.constantFrom("venda" as const, "aluguel" as const)),
    category: maybe(fc.constantFrom(...vocabulary.categories.map((c) => c.slug))),
    place: maybe(
      fc
        .constantFrom(...vocabulary.cities)
        .chain((city) =>
          fc
            .subarray(city.neighbourhoods.map((n) => n.slug))
            .map((neighbourhoods) => ({ city: city.slug, neighbourhoods })),
        ),
    ),
    priceMin: maybe(amount),
    priceMax: maybe(amount),
    costMin: maybe(fc.integer({ min: 1, max: 1_000_000 })),
    costMax: maybe(fc.integer({ min: 1, max: 1_000_000 })),
    bedroomsMin: maybe(minimum),
    suitesMin: maybe(minimum),
    parkingMin: maybe(minimum),
    bathroomsMin: maybe(minimum),
    areaMin: maybe(fc.integer({ min: 1, max: 100_000 })),
    areaMax: maybe(fc.integer({ min: 1, max: 100_000 })),
    condoFeeMax: maybe(fc.integer({ min: 1, max: 1_000_000 })),
    amenities: maybe(fc.subarray(AMENITY_FILTERS.map((a) => a.slug))),
    launch: maybe(fc.constant(true as const)),
    exclusive: maybe(fc.constant(true as const)),
    code: maybe(codeArb),
    sort: maybe(fc.constantFrom(...SORT_ORDERS)),
    page: maybe(fc.integer({ min: 1, max: 100_000 })),
  })
  .map(({ place, ...rest }) => normalizeFilters({ ...rest, ...(place ?? {}) }));

/** Query parameter names the codec knows, plus look-alikes. */
const paramName = fc.oneof(
  fc.constantFrom(...QUERY_FACETS.map((f) => f.param), ...NON_FACET_PARAMS, "COMODIDADES", " vagas "),
  fc.string({ maxLength: 8 }),
);
/** Values: junk, numbers in many spellings, slugs and lists. */
const paramValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
  fc.integer({ min: -1_000_000, max: 10_000_000_000 }).map(String),
  fc.constantFrom(
    "1.000",
    "R$ 2.500,00",
    "1e9",
    "0x10",
    "NaN",
    "-0",
    "sim",
    "não",
    "piscina,elevador",
    ",,",
    "%",
    "%E0%A4%A",
    "moema",
    "sao-paulo/moema",
    "maior-area",
  ),
  fc.array(fc.constantFrom(...AMENITY_FILTERS.map((a) => a.slug), "x"), { maxLength: 4 }).map((a) => a.join(",")),
);
const junkQuery = fc
  .array(fc.tuple(paramName, paramValue), { maxLength: 12 })
  .map((pairs) => new URLSearchParams(pairs));
const junkSegment = fc.option(
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc
      .array(fc.constantFrom("venda", "aluguel", "apartamento", "casa", "sao-paulo", "moema", "centro", "x", ""), {
        maxLength: 6,
      })
      .map((w) => w.join("-")),
  ),
  { nil: undefined },
);

describe("codec properties with every facet", () => {
  it("round-trips: parse(filtersToUrl(f)) == f and that URL is its own canonical", () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        const url = filtersToUrl(filters, vocabulary);
        expect(parseUrl(url)).toEqual({ filters, canonical: url });
      }),
      { numRuns: 3000 },
    );
  });

  it("normalisation is idempotent", () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        expect(normalizeFilters(normalizeFilters(filters))).toEqual(filters);
      }),
    );
  });

  it("the form parameters give the same filters, page aside", () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        const result = parseFilters(undefined, new URLSearchParams(filtersToFormEntries(filters)), vocabulary);
        const { page: _page, ...rest } = filters;
        expect(result).toEqual({ filters: rest, canonical: filtersToUrl(rest, vocabulary) });
      }),
      { numRuns: 1000 },
    );
  });

  it("junk query strings never throw and give a canonical URL that is a fixed point", () => {
    fc.assert(
      fc.property(junkSegment, junkQuery, (segment, search) => {
        const result = parseFilters(segment, search, vocabulary);
        if ("notFound" in result) return;
        expect(parseUrl(result.canonical)).toEqual(result);
        expect(filtersToUrl(result.filters, vocabulary)).toBe(result.canonical);
      }),
      { numRuns: 3000 },
    );
  });

  it("junk values of a known facet are dropped, never kept as text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUERY_FACETS.map((f) => f.param)), paramValue, (name, value) => {
        const result = parseFilters(undefined, new URLSearchParams([[name, value]]), vocabulary);
        expect("filters" in result).toBe(true);
        if (!("filters" in result)) return;
        for (const v of Object.values(result.filters)) {
          expect(typeof v === "number" || v === true || typeof v === "string" || Array.isArray(v)).toBe(true);
          if (typeof v === "number") expect(Number.isFinite(v) && v > 0).toBe(true);
        }
        expect(result.canonical).not.toMatch(/[<>"' ]/);
      }),
      { numRuns: 2000 },
    );
  });
});
