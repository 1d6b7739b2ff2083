import { describe, expect, it } from "vitest";
import { CODEC_VOCABULARY } from "../../tests/mocks/vocabulary";
import {
  describeFilters,
  filtersToFormEntries,
  filtersToUrl,
  normalizeFilters,
  parseFilters,
  widerSearches,
} from "./filters";

function parseUrl(url: string) {
  const u = new URL(url, "http://localhost");
  const segment = u.pathname.startsWith("/todos-os-imoveis/")
    ? decodeURIComponent(u.pathname.slice("/todos-os-imoveis/".length))
    : undefined;
  return parseFilters(segment, u.searchParams, CODEC_VOCABULARY);
}

describe("the total monthly cost in the listings URL (custo-min, custo-max)", () => {
  it("round-trips, after the price range", () => {
    const filters = { purpose: "aluguel" as const, priceMax: 4_000, costMin: 2_000, costMax: 5_000, bedroomsMin: 2 };
    const url = filtersToUrl(filters);
    expect(url).toBe("/todos-os-imoveis/aluguel?preco-max=4000&custo-min=2000&custo-max=5000&quartos=2");
    expect(parseUrl(url)).toEqual({ filters, canonical: url });
    expect(filtersToFormEntries(filters)).toContainEqual(["custo-max", "5000"]);
  });

  it("reads pt-BR amounts and drops malformed or non-positive values", () => {
    expect(parseUrl("/todos-os-imoveis?custo-max=R$ 5.000,00")).toEqual({
      filters: { costMax: 5_000 },
      canonical: "/todos-os-imoveis?custo-max=5000",
    });
    expect(parseUrl("/todos-os-imoveis?custo-min=0&custo-max=abc")).toEqual({
      filters: {},
      canonical: "/todos-os-imoveis",
    });
    expect(parseUrl("/todos-os-imoveis?custo-max=-5&custo-min=5.5")).toEqual({
      filters: {},
      canonical: "/todos-os-imoveis",
    });
  });

  it("swaps a range given upside down, like the price", () => {
    expect(normalizeFilters({ costMin: 6_000, costMax: 3_000 })).toEqual({ costMin: 3_000, costMax: 6_000 });
    expect(parseUrl("/todos-os-imoveis?custo-min=6000&custo-max=3000")).toEqual({
      filters: { costMin: 3_000, costMax: 6_000 },
      canonical: "/todos-os-imoveis?custo-min=3000&custo-max=6000",
    });
  });

  it("is described, and offered away when the search finds nothing", () => {
    expect(describeFilters({ costMax: 5_000 }, CODEC_VOCABULARY).details).toContain("Custo mensal até R$ 5.000");
    expect(widerSearches({ costMax: 5_000, bedroomsMin: 9 }, CODEC_VOCABULARY).map((w) => w.label)).toContain(
      "Qualquer custo mensal",
    );
  });
});
