import { describe, expect, it } from "vitest";
import { vocabularyForPurpose, type Vocabulary } from "./vocabulary";

const vocabulary: Vocabulary = {
  categories: [{ slug: "apartamento", label: "Apartamento", count: 30 }],
  cities: [
    {
      slug: "sao-paulo",
      label: "São Paulo",
      count: 30,
      neighbourhoods: [
        { slug: "moema", label: "Moema", count: 20 },
        { slug: "pinheiros", label: "Pinheiros", count: 10 },
      ],
    },
  ],
  total: 30,
  purposes: { venda: 22, aluguel: 8 },
  purposeCounts: {
    venda: { "category:apartamento": 22, "city:sao-paulo": 22, "nb:sao-paulo/moema": 18, "nb:sao-paulo/pinheiros": 4 },
    aluguel: { "category:apartamento": 8, "city:sao-paulo": 8, "nb:sao-paulo/moema": 2, "nb:sao-paulo/pinheiros": 6 },
  },
};

describe("vocabularyForPurpose", () => {
  it("counts every neighbourhood, city and type for the chosen purpose only", () => {
    const rent = vocabularyForPurpose(vocabulary, "aluguel");
    expect(rent.cities[0].count).toBe(8);
    expect(rent.cities[0].neighbourhoods.map((nb) => [nb.slug, nb.count])).toEqual([
      ["moema", 2],
      ["pinheiros", 6],
    ]);
    expect(rent.categories[0].count).toBe(8);
    expect(vocabularyForPurpose(vocabulary, "venda").cities[0].neighbourhoods[0].count).toBe(18);
  });

  it("keeps the totals of every purpose without one, and sends no server-side extras", () => {
    const any = vocabularyForPurpose(vocabulary, undefined);
    expect(any.cities[0].neighbourhoods[0].count).toBe(20);
    expect(Object.keys(any)).toEqual(["categories", "cities"]);
    expect(Object.keys(vocabularyForPurpose(vocabulary, "aluguel"))).toEqual(["categories", "cities"]);
  });

  it("shows 0 for a place with nothing for that purpose, and the totals without per-purpose counts", () => {
    const sparse = { ...vocabulary, purposeCounts: { venda: {}, aluguel: {} } };
    expect(vocabularyForPurpose(sparse, "aluguel").cities[0].neighbourhoods[1].count).toBe(0);
    const handMade = { ...vocabulary, purposeCounts: undefined };
    expect(vocabularyForPurpose(handMade, "aluguel").cities[0].count).toBe(30);
  });
});
