import { describe, expect, it } from "vitest";
import {
  amountOf,
  closestPlace,
  codeCandidate,
  findPlace,
  MAX_QUERY_WORDS,
  queryWords,
  trigramSimilarity,
  trigrams,
  tsQueryText,
  understandQuery,
} from "./text-search";
import { type CityRow, type EntryRow, vocabularyOf } from "../../../tests/mocks/vocabulary";

const categories: EntryRow[] = [
  ["apartamento", "Apartamento", 50],
  ["casa", "Casa", 20],
  ["casa-de-condominio", "Casa de Condomínio", 5],
  ["sala-comercial", "Sala comercial", 3],
];
/** Moema is a neighbourhood of both cities, with more listings in São Paulo. */
const saoPaulo: CityRow = [
  ["sao-paulo", "São Paulo", 70],
  [
    ["jardim-da-saude", "Jardim da Saúde", 4],
    ["moema", "Moema", 30],
    ["pinheiros", "Pinheiros", 20],
    ["vila-mariana", "Vila Mariana", 16],
  ],
];
const santoAndreNeighbourhoods: EntryRow[] = [
  ["centro", "Centro", 6],
  ["moema", "Moema", 2],
];
const vocabulary = vocabularyOf(categories, [saoPaulo, [["santo-andre", "Santo André", 8], santoAndreNeighbourhoods]]);

describe("understandQuery", () => {
  it("reads amenities and a type the catalogue lacks ('casa com piscina' without houses)", () => {
    const apartmentsOnly = vocabularyOf(
      [["apartamento", "Apartamento", 50]],
      [
        [
          ["sao-paulo", "São Paulo", 70],
          [
            ["casa-verde", "Casa Verde", 9],
            ["moema", "Moema", 30],
          ],
        ],
      ],
    );
    expect(understandQuery("casa com piscina", apartmentsOnly)).toMatchObject({
      filters: { amenities: ["piscina"] },
      text: "",
      missingType: "casas",
    });
    expect(understandQuery("sobrado moema salão de festas", apartmentsOnly)).toMatchObject({
      filters: { amenities: ["salao-de-festas"] },
      text: "moema",
      missingType: "sobrados",
    });
    // Part of a place name: kept ("Casa Verde"), no missing type.
    expect(understandQuery("casa verde", apartmentsOnly)).toMatchObject({ text: "casa verde", missingType: null });
    // A type the vocabulary has is a category, never missing.
    expect(understandQuery("casa com piscina", vocabulary)).toMatchObject({
      filters: { category: "casa", amenities: ["piscina"] },
      missingType: null,
    });
  });

  it("reads 'moema 3 quartos' as 3+ bedrooms and the text 'moema', a neighbourhood", () => {
    const understood = understandQuery("moema 3 quartos", vocabulary);
    expect(understood.filters).toEqual({ bedroomsMin: 3 });
    expect(understood.text).toBe("moema");
    // Moema exists in two cities: the one with more listings.
    expect(understood.place).toMatchObject({ kind: "bairro", city: "sao-paulo", neighbourhood: "moema" });
  });

  it("reads category, neighbourhood and bedrooms with accents and abbreviations", () => {
    const understood = understandQuery("Apartamento PINHEIROS 2 dormitórios", vocabulary);
    expect(understood.filters).toEqual({ category: "apartamento", bedroomsMin: 2 });
    expect(understood.place).toMatchObject({ neighbourhood: "pinheiros" });
    expect(understandQuery("apto 4 qtos", vocabulary).filters).toEqual({ category: "apartamento", bedroomsMin: 4 });
    expect(understandQuery("3 dorms", vocabulary).filters).toEqual({ bedroomsMin: 3 });
    expect(understandQuery("três quartos", vocabulary).filters).toEqual({ bedroomsMin: 3 });
  });

  it("reads purposes and plural categories, longest category first", () => {
    expect(understandQuery("casa aluguel", vocabulary)).toMatchObject({
      filters: { purpose: "aluguel", category: "casa" },
      text: "",
    });
    expect(understandQuery("casas de condomínio à venda", vocabulary).filters).toEqual({
      purpose: "venda",
      category: "casa-de-condominio",
    });
    expect(understandQuery("comprar ou alugar", vocabulary).filters).toEqual({});
  });

  it("reads price phrases in pt-BR", () => {
    expect(understandQuery("até 800 mil", vocabulary)).toMatchObject({ filters: { priceMax: 800_000 }, text: "" });
    expect(understandQuery("ate R$ 3.000", vocabulary).filters).toEqual({ priceMax: 3_000 });
    expect(understandQuery("a partir de 1,5 milhão", vocabulary).filters).toEqual({ priceMin: 1_500_000 });
    expect(understandQuery("entre 500 mil e 1 milhão", vocabulary).filters).toEqual({
      priceMin: 500_000,
      priceMax: 1_000_000,
    });
  });

  it("keeps other words as text and finds places with their city or state", () => {
    const understood = understandQuery("rua augusta 300", vocabulary);
    expect(understood.text).toBe("rua augusta 300");
    expect(understood.place).toBeNull();
    expect(understandQuery("Moema, Santo André", vocabulary).place).toMatchObject({ city: "santo-andre" });
    expect(understandQuery("sao paulo sp", vocabulary).place).toMatchObject({ kind: "cidade", city: "sao-paulo" });
    expect(understandQuery("jardim saude", vocabulary).place).toMatchObject({ neighbourhood: "jardim-da-saude" });
  });

  it("never throws on hostile input", () => {
    for (const input of [
      "",
      "   ",
      "'\"&|!():*<->",
      "😀🏠",
      "x".repeat(10_000),
      "\u0000\u202e",
      "3 quartos ".repeat(500),
    ]) {
      const understood = understandQuery(input, vocabulary);
      expect(typeof understood.text).toBe("string");
      expect(understood.text).toMatch(/^[a-z0-9 ]*$/);
    }
  });
});

describe("tsQueryText", () => {
  it("requires every word and makes the last one a prefix", () => {
    expect(tsQueryText("sao paulo")).toBe("sao & paulo:*");
    expect(tsQueryText("São Paulo", { prefixLast: false })).toBe("sao & paulo");
    expect(tsQueryText("ap 12")).toBe("ap & 12");
  });

  it("writes only [a-z0-9] words, & and :* whatever the input", () => {
    const hostile = [
      `'; drop table listings; --`,
      `"moema" & | ! ( ) : * <-> \\`,
      "🏠 casa 😀",
      "a".repeat(500),
      "x ".repeat(100),
      "Ωμέγα кириллица",
    ];
    for (const input of hostile) {
      const query = tsQueryText(input);
      if (query === null) continue;
      expect(query).toMatch(/^[a-z0-9]+(?: & [a-z0-9]+)*(?::\*)?$/);
      expect(query.split(" & ").length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    }
    expect(tsQueryText("'\"&|!():*")).toBeNull();
    expect(tsQueryText("😀")).toBeNull();
    expect(tsQueryText("a".repeat(500))).toBeNull(); // one over-long word: dropped
    expect(tsQueryText("🏠 casa 😀")).toBe("casa:*");
  });
});

describe("words, amounts, codes and trigrams", () => {
  it("splits folded words", () => {
    expect(queryWords("Edifício  São-João, 123!")).toEqual(["edificio", "sao", "joao", "123"]);
  });

  it("reads amounts", () => {
    expect(amountOf("800", "mil")).toBe(800_000);
    expect(amountOf("1,5", "milhao")).toBe(1_500_000);
    expect(amountOf("1.200.000", undefined)).toBe(1_200_000);
    expect(amountOf("0", undefined)).toBeUndefined();
  });

  it("recognises a code typed alone", () => {
    expect(codeCandidate(" AP11237 ")).toBe("AP11237");
    expect(codeCandidate("10234")).toBe("10234");
    expect(codeCandidate("moema")).toBeNull();
    expect(codeCandidate("moema 3")).toBeNull();
    expect(codeCandidate("'; drop--1")).toBeNull();
  });

  it("measures trigram similarity like pg_trgm and finds a place despite a typo", () => {
    expect(trigramSimilarity(trigrams("moema"), trigrams("moema"))).toBe(1);
    expect(trigramSimilarity(trigrams("abc"), trigrams("xyz"))).toBe(0);
    expect(closestPlace(["pinheros"], vocabulary)).toMatchObject({ neighbourhood: "pinheiros" });
    expect(closestPlace(["vila", "mariane"], vocabulary)).toMatchObject({ neighbourhood: "vila-mariana" });
    expect(closestPlace(["xyzzy"], vocabulary)).toBeNull();
    expect(findPlace(["pinheros"], vocabulary)).toBeNull();
  });
});
