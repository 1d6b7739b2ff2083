import { describe, expect, it } from "vitest";
import { parseFilters } from "../app/lib/filters";
import { drawCombinations, drawMapCases, drawPrefixes, type WorkloadSource } from "./combinations";
import { vocabularyOf } from "../tests/mocks/vocabulary";

/** São Paulo's neighbourhoods in the workload, with their listing counts. */
const saoPauloNeighbourhoods = [
  ["moema", "Moema", 900],
  ["pinheiros", "Pinheiros", 800],
  ["vila-mariana", "Vila Mariana", 700],
  ["jardim-paulista", "Jardim Paulista", 600],
] as const;
const vocabulary = vocabularyOf(
  [
    ["apartamento", "Apartamento", 9000],
    ["casa", "Casa", 3000],
    ["sala-comercial", "Sala Comercial", 500],
  ],
  [[["sao-paulo", "São Paulo", 13000], saoPauloNeighbourhoods]],
);

const source: WorkloadSource = {
  vocabulary,
  amenities: [
    { slug: "piscina", count: 5000 },
    { slug: "academia", count: 4000 },
  ],
  places: [
    { label: "Moema", count: 900, lat: -23.6, lng: -46.66 },
    { label: "Pinheiros", count: 800, lat: -23.565, lng: -46.69 },
  ],
  condominiums: ["Edifício Solar das Flores", "Condomínio Parque Verde"],
};

describe("drawCombinations", () => {
  const combos = drawCombinations(source);

  it("draws 200 deterministic combinations", () => {
    expect(combos).toHaveLength(200);
    expect(drawCombinations(source)).toEqual(combos);
    expect(drawCombinations(source, 200, 1)).not.toEqual(combos);
  });

  it("gives canonical URLs that the codec reads back to the same filters", () => {
    for (const combo of combos) {
      const url = new URL(combo.url, "http://localhost");
      const segment = url.pathname.split("/")[2];
      const parsed = parseFilters(segment ? decodeURIComponent(segment) : undefined, url.searchParams, vocabulary);
      expect(parsed).toEqual({ filters: combo.filters, canonical: combo.url });
    }
  });

  it("covers purposes, neighbourhoods, prices, every sort and pages 1–3", () => {
    const sorts = new Set(combos.map((c) => c.filters.sort ?? "recentes"));
    expect(sorts).toEqual(new Set(["recentes", "menor-preco", "maior-preco", "maior-area", "menor-custo-mensal"]));
    expect(new Set(combos.map((c) => c.filters.page ?? 1))).toEqual(new Set([1, 2, 3]));
    expect(combos.some((c) => c.filters.purpose === "venda")).toBe(true);
    expect(combos.some((c) => c.filters.purpose === "aluguel")).toBe(true);
    expect(combos.some((c) => (c.filters.neighbourhoods?.length ?? 0) >= 2)).toBe(true);
    expect(combos.some((c) => c.filters.priceMax != null)).toBe(true);
    // Rents stay in rent ranges.
    for (const c of combos.filter((c) => c.filters.purpose === "aluguel")) {
      expect(c.filters.priceMax ?? 0).toBeLessThanOrEqual(20_000);
    }
  });
});

describe("drawMapCases", () => {
  it("sizes 100 viewports by zoom around the places, without neighbourhoods nor page", () => {
    const cases = drawMapCases(source, drawCombinations(source));
    expect(cases).toHaveLength(100);
    for (const c of cases) {
      expect(c.zoom).toBeGreaterThanOrEqual(13);
      expect(c.zoom).toBeLessThanOrEqual(16);
      expect(c.bbox.south).toBeLessThan(c.bbox.north);
      expect(c.bbox.west).toBeLessThan(c.bbox.east);
      // Zoom 13 on a 1000-px map is about 0.11° wide; zoom 16 on a phone about 0.005°.
      expect(c.bbox.east - c.bbox.west).toBeLessThan(0.2);
      expect(c.bbox.east - c.bbox.west).toBeGreaterThan(0.002);
      expect(c.filters.neighbourhoods).toBeUndefined();
      expect(c.filters.page).toBeUndefined();
    }
  });
});

describe("drawPrefixes", () => {
  it("returns the requested number of distinct prefixes of at least two characters", () => {
    const prefixes = drawPrefixes(source, 40);
    expect(prefixes).toHaveLength(40);
    expect(new Set(prefixes).size).toBe(40);
    expect(prefixes).toContain("vila m");
    expect(prefixes.every((p) => p.trim().length >= 2)).toBe(true);
    expect(drawPrefixes(source, 40)).toEqual(prefixes);
  });
});
