/**
 * The free-text parser (ADR 0087): every expression family, the parts it
 * keeps for chips, the words it could not use, and a small set of whole
 * queries (separate from the held-out set of `npm run bench:text`).
 */
import { describe, expect, it } from "vitest";
import { prefixEditDistance } from "./text-words";
import { placesNear, understandQuery } from "./text-query";
import { removeSpans, queryChips, partLabel } from "./query-chips";
import type { TextSearchResult } from "./text-search";
import { vocabularyOf } from "../../../tests/mocks/vocabulary";

const vocabulary = vocabularyOf(
  [
    ["apartamento", "Apartamento", 50],
    ["cobertura", "Cobertura", 5],
    ["studio", "Studio", 8],
  ],
  [
    [
      ["sao-paulo", "São Paulo", 90],
      [
        ["alto-de-pinheiros", "Alto de Pinheiros", 4],
        ["bela-vista", "Bela Vista", 9],
        ["moema", "Moema", 30],
        ["pinheiros", "Pinheiros", 20],
        ["vila-mariana", "Vila Mariana", 16],
      ],
    ],
  ],
);

const filtersOf = (q: string) => understandQuery(q, vocabulary).filters;

describe("understandQuery: prices", () => {
  it.each([
    ["até 4 mil", { priceMax: 4_000 }],
    ["até R$ 3.500", { priceMax: 3_500 }],
    ["ate 3500", { priceMax: 3_500 }],
    ["máximo 2.800 por mês", { priceMax: 2_800 }],
    ["entre 500 mil e 800 mil", { priceMin: 500_000, priceMax: 800_000 }],
    ["de 2 a 3 mil", { priceMin: 2_000, priceMax: 3_000 }],
    ["4k", { priceMax: 4_000 }],
    ["1,2 milhão", { priceMax: 1_200_000 }],
    ["r$ 900.000", { priceMax: 900_000 }],
    ["a partir de 1,5 milhão", { priceMin: 1_500_000 }],
    ["acima de 2 milhões", { priceMin: 2_000_000 }],
  ])("%s", (q, filters) => {
    expect(filtersOf(q)).toEqual(filters);
  });

  it("does not read counts, areas or small bare numbers as prices", () => {
    expect(filtersOf("de 2 a 3 quartos")).toEqual({ bedroomsMin: 2 });
    expect(filtersOf("ate 100 m2")).toEqual({ areaMax: 100 });
    expect(understandQuery("rua augusta 300", vocabulary)).toMatchObject({ filters: {}, text: "rua augusta 300" });
    expect(filtersOf("ate 3")).toEqual({});
  });

  it("reads the condominium fee apart", () => {
    expect(filtersOf("condomínio até 800")).toEqual({ condoFeeMax: 800 });
  });
});

describe("understandQuery: areas, suites, parking, bedrooms, bathrooms", () => {
  it.each([
    ["80 m²", { areaMin: 80 }],
    ["80m2", { areaMin: 80 }],
    ["acima de 100m", { areaMin: 100 }],
    ["mais de 100 metros", { areaMin: 100 }],
    ["área de 120 metros quadrados", { areaMin: 120 }],
    ["60 a 80 m²", { areaMin: 60, areaMax: 80 }],
    ["2 suítes", { suitesMin: 2 }],
    ["com suíte", { suitesMin: 1 }],
    ["2 vagas", { parkingMin: 2 }],
    ["com garagem", { parkingMin: 1 }],
    ["vaga de garagem", { parkingMin: 1 }],
    ["3 dorms", { bedroomsMin: 3 }],
    ["três quartos", { bedroomsMin: 3 }],
    ["3+ quartos", { bedroomsMin: 3 }],
    ["mais de 2 quartos", { bedroomsMin: 3 }],
    ["pelo menos 2 banheiros", { bathroomsMin: 2 }],
  ])("%s", (q, filters) => {
    expect(filtersOf(q)).toEqual(filters);
  });

  it("ignores areas under 10 m² and parking after a negation", () => {
    expect(filtersOf("4 m")).toEqual({});
    expect(filtersOf("sem garagem")).toEqual({});
  });
});

describe("understandQuery: amenities, purpose, launches, types", () => {
  it.each([
    ["pet", ["aceita-pet"]],
    ["aceita animais", ["aceita-pet"]],
    ["aceita pet", ["aceita-pet"]],
    ["animais", ["aceita-pet"]],
    ["varanda", ["varanda"]],
    ["sacada", ["varanda"]],
    ["varanda gourmet", ["varanda"]],
    ["mobiliado", ["mobiliado"]],
    ["mobiliada", ["mobiliado"]],
    ["piscina", ["piscina"]],
    ["academia", ["academia"]],
    ["portaria 24h", ["portaria-24h"]],
    ["portaria 24 horas", ["portaria-24h"]],
    ["churrasqueira", ["churrasqueira"]],
    ["elevador", ["elevador"]],
    ["ar-condicionado", ["ar-condicionado"]],
    ["salão de festas", ["salao-de-festas"]],
  ])("%s", (q, amenities) => {
    expect(filtersOf(q)).toEqual({ amenities });
  });

  it("does not read an amenity after 'sem' or 'não', and names a word with no filter", () => {
    expect(understandQuery("sem mobília", vocabulary)).toMatchObject({
      filters: {},
      unknownSource: ["sem", "mobília"],
    });
    expect(understandQuery("Moema perto do metrô", vocabulary)).toMatchObject({
      where: { city: "sao-paulo", neighbourhoods: ["moema"] },
      unknown: ["perto", "metro"],
      unknownSource: ["perto", "metrô"],
    });
  });

  it("reads purposes, launches and categories", () => {
    expect(filtersOf("para alugar")).toEqual({ purpose: "aluguel" });
    expect(filtersOf("à venda")).toEqual({ purpose: "venda" });
    expect(filtersOf("comprar ou alugar")).toEqual({});
    expect(filtersOf("lançamento")).toEqual({ launch: true });
    expect(filtersOf("na planta")).toEqual({ launch: true });
    expect(filtersOf("apto")).toEqual({ category: "apartamento" });
    expect(filtersOf("coberturas")).toEqual({ category: "cobertura" });
  });
});

describe("understandQuery: places", () => {
  it("reads several neighbourhoods of one city, the longest name first", () => {
    expect(understandQuery("moema ou vila mariana", vocabulary).where).toEqual({
      city: "sao-paulo",
      neighbourhoods: ["moema", "vila-mariana"],
    });
    expect(understandQuery("alto de pinheiros", vocabulary).where).toEqual({
      city: "sao-paulo",
      neighbourhoods: ["alto-de-pinheiros"],
    });
    // "Bela Vista" is a place, not the "vista panorâmica" amenity.
    expect(understandQuery("bela vista", vocabulary)).toMatchObject({ filters: {}, unknown: [] });
  });
});

describe("understandQuery: whole queries", () => {
  it.each([
    [
      "Pinheiros, para alugar, 2 quartos, aceita pet, até 4 mil",
      { purpose: "aluguel", bedroomsMin: 2, amenities: ["aceita-pet"], priceMax: 4_000 },
      ["pinheiros"],
    ],
    ["apto 3 dorms moema com varanda", { category: "apartamento", bedroomsMin: 3, amenities: ["varanda"] }, ["moema"]],
    [
      "studio mobiliado 30m2 até 2.500",
      { category: "studio", amenities: ["mobiliado"], areaMin: 30, priceMax: 2_500 },
      [],
    ],
    [
      "cobertura 2 suítes 2 vagas vila mariana",
      { category: "cobertura", suitesMin: 2, parkingMin: 2 },
      ["vila-mariana"],
    ],
  ])("%s", (q, filters, neighbourhoods) => {
    const understood = understandQuery(q, vocabulary);
    expect(understood.filters).toEqual(filters);
    expect(understood.where.neighbourhoods ?? []).toEqual(neighbourhoods);
    expect(understood.unknown).toEqual([]);
  });

  it("keeps each part's words as typed, in query order", () => {
    const understood = understandQuery("Pinheiros aluga 2 quartos pet até 4 mil", vocabulary);
    expect(understood.parts.map((p) => [p.kind, p.source])).toEqual([
      ["place", "Pinheiros"],
      ["purpose", "aluga"],
      ["bedrooms", "2 quartos"],
      ["amenity", "pet"],
      ["price", "até 4 mil"],
    ]);
  });
});

describe("chips", () => {
  it("labels each part in pt-BR", () => {
    const labels = understandQuery("pinheiros aluguel 2 quartos pet até 4 mil 80 m²", vocabulary).parts.map((p) =>
      partLabel(p, vocabulary),
    );
    expect(labels).toEqual(["Pinheiros", "Aluguel", "2+ quartos", "Aceita pet", "Até R$ 4.000", "A partir de 80 m²"]);
  });

  it("removes a part with the filler word before it", () => {
    expect(removeSpans("apartamento com piscina em moema", [[16, 23]])).toBe("apartamento em moema");
    expect(removeSpans("apartamento com piscina em moema", [[27, 32]])).toBe("apartamento com piscina");
  });

  it("links each applied part to the search without it, keeping the chosen filters", () => {
    const q = "pinheiros aluguel 2 quartos pet";
    const understood = understandQuery(q, vocabulary);
    const result = {
      understood,
      mode: "filters",
      correctedTo: null,
      text: "",
      // The form chose 3 bedrooms: the "2 quartos" part was not applied.
      filters: { ...understood.filters, ...understood.where, bedroomsMin: 3 },
    } as unknown as TextSearchResult;
    const chips = queryChips(result, q, { sort: "menor-preco" }, vocabulary);
    expect(chips).toEqual([
      { label: "Pinheiros", url: "/busca?q=aluguel+2+quartos+pet&ordem=menor-preco" },
      { label: "Aluguel", url: "/busca?q=pinheiros+2+quartos+pet&ordem=menor-preco" },
      { label: "Aceita pet", url: "/busca?q=pinheiros+aluguel+2+quartos&ordem=menor-preco" },
    ]);
  });
});

describe("typos while typing", () => {
  it("counts the edits to the closest prefix", () => {
    expect(prefixEditDistance("pineir", "pinheiros", 2)).toBe(1);
    expect(prefixEditDistance("moem", "moema", 1)).toBe(0);
    expect(prefixEditDistance("pinehi", "pinheiros", 2)).toBe(1);
    expect(prefixEditDistance("xyzw", "moema", 1)).toBe(2);
  });

  it("finds places a typo away from a prefix, not under 4 characters", () => {
    expect(placesNear(["pineir"], vocabulary).map((p) => p.label)).toEqual(["Pinheiros", "Alto de Pinheiros"]);
    expect(placesNear(["vila", "marain"], vocabulary).map((p) => p.label)).toEqual(["Vila Mariana"]);
    expect(placesNear(["moe"], vocabulary)).toEqual([]);
    expect(placesNear(["xyzwq"], vocabulary)).toEqual([]);
  });
});
