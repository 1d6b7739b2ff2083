/**
 * Unit tests of the facet semantics (`filtersForChoice`, ADR 0011) and of the
 * SQL conditions of every facet (`filterConditions` in `./search`),
 * rendered with drizzle's PostgreSQL dialect. Counts on real rows are in
 * tests/integration/facets.test.ts.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { ListingFilters } from "~/lib/filters";
import { filtersForChoice, minimumChoices } from "./facets";
import { filterConditions, sortOrder } from "./search";

const dialect = new PgDialect();
const render = (filters: ListingFilters) => dialect.sqlToQuery(filterConditions(filters));

describe("filterConditions", () => {
  it("always keeps to active listings", () => {
    expect(render({}).sql).toBe('"listings"."removed_at" is null');
  });

  it.each<[string, ListingFilters, string, unknown[]]>([
    ["suites", { suitesMin: 2 }, '"listings"."suites" >= $1', [2]],
    ["vagas", { parkingMin: 1 }, '"listings"."parking_spaces" >= $1', [1]],
    ["banheiros", { bathroomsMin: 3 }, '"listings"."bathrooms" >= $1', [3]],
    ["area-min", { areaMin: 50 }, '"listings"."area" >= $1', [50]],
    ["area-max", { areaMax: 120 }, '"listings"."area" <= $1', [120]],
    ["condominio-max", { condoFeeMax: 900 }, '("listings"."condo_fee" is null or "listings"."condo_fee" <= $1)', [900]],
    ["comodidades", { amenities: ["elevador", "piscina"] }, '"listings"."amenities" @> $1', ['{"elevador","piscina"}']],
    ["lancamento", { launch: true }, '"listings"."is_launch" = $1', [true]],
    ["exclusivo", { exclusive: true }, '"listings"."is_exclusive" = $1', [true]],
    ["codigo", { code: "AP12" }, 'starts_with(upper("listings"."code"), $1)', ["AP12"]],
  ])("%s", (_name, filters, condition, params) => {
    const query = render(filters);
    expect(query.sql).toBe(`("listings"."removed_at" is null and ${condition})`);
    expect(query.params).toEqual(params);
  });

  it("combines every facet with AND, values always as parameters", () => {
    const query = render({
      purpose: "aluguel",
      bedroomsMin: 2,
      suitesMin: 1,
      parkingMin: 1,
      bathroomsMin: 2,
      areaMin: 40,
      areaMax: 90,
      condoFeeMax: 700,
      amenities: ["piscina"],
      launch: true,
      exclusive: true,
      code: "X'; drop table listings; --",
    });
    expect(query.sql.match(/ and /g)?.length).toBeGreaterThanOrEqual(11);
    expect(query.sql.toLowerCase()).not.toContain("drop table");
    expect(query.params).toContain("X'; DROP TABLE LISTINGS; --");
  });

  it("keeps every sort available with the new filters (menor custo mensal included)", () => {
    const f: ListingFilters = {
      purpose: "venda",
      amenities: ["piscina"],
      condoFeeMax: 1_000,
      sort: "menor-custo-mensal",
    };
    const order = sortOrder(f).map((part) => dialect.sqlToQuery(part).sql);
    expect(order[0]).toContain('"listings"."monthly_cost_sale" asc nulls last');
  });
});

describe("filtersForChoice", () => {
  const base: ListingFilters = {
    purpose: "venda",
    city: "sao-paulo",
    neighbourhoods: ["moema", "pinheiros"],
    bedroomsMin: 2,
    amenities: ["piscina"],
    sort: "maior-area",
    page: 3,
  };

  it("sets single-choice facets to the option, 'any' removes them; page and sort go", () => {
    expect(filtersForChoice(base, { facet: "purpose", value: "aluguel" })).toEqual({
      purpose: "aluguel",
      city: "sao-paulo",
      neighbourhoods: ["moema", "pinheiros"],
      bedroomsMin: 2,
      amenities: ["piscina"],
    });
    expect(filtersForChoice(base, { facet: "purpose", value: "" })).not.toHaveProperty("purpose");
    expect(filtersForChoice(base, { facet: "bedroomsMin", value: 4 }).bedroomsMin).toBe(4);
    expect(filtersForChoice(base, { facet: "bedroomsMin", value: 0 })).not.toHaveProperty("bedroomsMin");
    expect(filtersForChoice(base, { facet: "suitesMin", value: 1 }).suitesMin).toBe(1);
    expect(filtersForChoice(base, { facet: "category", value: "casa" }).category).toBe("casa");
  });

  it("keeps the neighbourhoods for the current city and drops them for another", () => {
    expect(filtersForChoice(base, { facet: "city", value: "sao-paulo" }).neighbourhoods).toEqual([
      "moema",
      "pinheiros",
    ]);
    const other = filtersForChoice(base, { facet: "city", value: "santo-andre" });
    expect(other.city).toBe("santo-andre");
    expect(other).not.toHaveProperty("neighbourhoods");
    expect(filtersForChoice(base, { facet: "city", value: "" })).not.toHaveProperty("city");
  });

  it("replaces the neighbourhoods by the one chosen", () => {
    expect(filtersForChoice(base, { facet: "neighbourhood", value: "vila-mariana" }).neighbourhoods).toEqual([
      "vila-mariana",
    ]);
  });

  it("adds amenities, lançamento and exclusivo to the current filters", () => {
    expect(filtersForChoice(base, { facet: "amenity", value: "elevador" }).amenities).toEqual(["elevador", "piscina"]);
    expect(filtersForChoice(base, { facet: "amenity", value: "piscina" }).amenities).toEqual(["piscina"]);
    expect(filtersForChoice(base, { facet: "launch" }).launch).toBe(true);
    expect(filtersForChoice(base, { facet: "exclusive" }).exclusive).toBe(true);
  });

  it("offers the chips 1–4 plus a current value above them", () => {
    expect(minimumChoices({}, "parkingMin")).toEqual([1, 2, 3, 4]);
    expect(minimumChoices({ parkingMin: 6 }, "parkingMin")).toEqual([1, 2, 3, 4, 6]);
    expect(minimumChoices({ parkingMin: 3 }, "parkingMin")).toEqual([1, 2, 3, 4]);
  });
});
