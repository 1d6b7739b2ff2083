import { describe, expect, it } from "vitest";
import { vocabularyOf } from "../../../tests/mocks/vocabulary";
import { activeFilterCount, amountText, applyLabel, countSuffix, sectionSummaries } from "./summaries";

const vocabulary = vocabularyOf(
  [["apartamento", "Apartamento", 3]],
  [
    [
      ["sao-paulo", "São Paulo", 10],
      [
        ["moema", "Moema", 4],
        ["pinheiros", "Pinheiros", 3],
        ["vila-mariana", "Vila Mariana", 3],
      ],
    ],
  ],
);

describe("the filters' summaries", () => {
  it("counts each facet set once, each neighbourhood and amenity apart", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({
        purpose: "venda",
        city: "sao-paulo",
        neighbourhoods: ["moema", "pinheiros"],
        priceMin: 1,
        priceMax: 2,
        bedroomsMin: 2,
        amenities: ["piscina"],
        code: "AP1",
      }),
    ).toBe(8);
  });

  it("sums up each section in pt-BR", () => {
    const summaries = sectionSummaries(
      {
        purpose: "aluguel",
        category: "apartamento",
        city: "sao-paulo",
        neighbourhoods: ["moema", "pinheiros", "vila-mariana"],
        priceMax: 800000,
        areaMin: 50,
        condoFeeMax: 1200,
        parkingMin: 2,
        launch: true,
        priceReduced: true,
      },
      vocabulary,
    );
    expect(summaries).toMatchObject({
      tipo: "Alugar · Apartamento",
      local: "Moema, Pinheiros e mais 1",
      preco: "até R$\u00a0800.000",
      area: "a partir de 50\u00a0m²",
      condominio: "até R$\u00a01.200",
      parkingMin: "2+",
      bedroomsMin: "",
      outros: "Lançamentos, Preço reduzido",
      codigo: "",
    });
    expect(sectionSummaries({ city: "sao-paulo", priceMin: 1000, priceMax: 2000 }, vocabulary)).toMatchObject({
      local: "São Paulo",
      preco: "R$\u00a01.000 a R$\u00a02.000",
    });
  });

  it("labels the sheet's apply button and the options' counts", () => {
    expect(applyLabel(null)).toBe("Ver imóveis");
    expect(applyLabel(0)).toBe("Nenhum imóvel encontrado");
    expect(applyLabel(1)).toBe("Ver 1 imóvel");
    expect(applyLabel(1234)).toBe("Ver 1.234 imóveis");
    expect(countSuffix(undefined)).toBe("");
    expect(countSuffix(1234)).toBe(" (1.234)");
    expect(amountText(undefined)).toBe("");
    expect(amountText(500000)).toBe("500.000");
  });
});
