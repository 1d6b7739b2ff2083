import { describe, expect, it } from "vitest";
import {
  estimateValue,
  isComparable,
  MIN_COMPARABLES,
  quantile,
  selectComparables,
  TARGET_COMPARABLES,
  type ComparableCandidate,
  type ValuationSubject,
} from "./valuation";
import { parseValuationQuery, valuationQueryString } from "./valuation-form";

const subject: ValuationSubject = {
  purpose: "venda",
  category: "apartamento",
  city: "sao-paulo",
  neighbourhood: "moema",
  area: 100,
  bedrooms: 2,
};

let next = 0;
const candidate = (overrides: Partial<ComparableCandidate> = {}): ComparableCandidate => ({
  code: `C${String(next++).padStart(3, "0")}`,
  neighbourhood: "moema",
  area: 100,
  bedrooms: 2,
  price: 1_000_000,
  distanceKm: 0.5,
  ...overrides,
});

describe("quantile", () => {
  it("interpolates like percentile_cont", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([10], 0.75)).toBe(10);
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });
});

describe("isComparable", () => {
  it("keeps areas within ±30 % and bedrooms within ±1", () => {
    expect(isComparable(subject, candidate({ area: 70 }))).toBe(true);
    expect(isComparable(subject, candidate({ area: 130 }))).toBe(true);
    expect(isComparable(subject, candidate({ area: 69 }))).toBe(false);
    expect(isComparable(subject, candidate({ area: 131 }))).toBe(false);
    expect(isComparable(subject, candidate({ bedrooms: 1 }))).toBe(true);
    expect(isComparable(subject, candidate({ bedrooms: 3 }))).toBe(true);
    expect(isComparable(subject, candidate({ bedrooms: 4 }))).toBe(false);
    expect(isComparable(subject, candidate({ bedrooms: null }))).toBe(false);
    expect(isComparable(subject, candidate({ price: 0 }))).toBe(false);
  });
});

describe("estimateValue", () => {
  it("gives the median price per m² times the area, and the interquartile range", () => {
    // 8.000 … 12.000 per m² for 100 m².
    const candidates = [800_000, 900_000, 1_000_000, 1_100_000, 1_200_000].map((price) => candidate({ price }));
    const estimate = estimateValue(subject, candidates);
    expect(estimate.status).toBe("estimate");
    if (estimate.status !== "estimate") return;
    expect(estimate.median).toBe(1_000_000);
    expect(estimate.min).toBe(900_000);
    expect(estimate.max).toBe(1_100_000);
    expect(estimate.pricePerM2).toEqual({ median: 10_000, low: 9_000, high: 11_000 });
    expect(estimate.comparables).toHaveLength(5);
  });

  it("uses the price per m², so a comparable's size does not bias the figure", () => {
    const candidates = [80, 90, 100, 110, 120].map((area) => candidate({ area, price: area * 10_000 }));
    const estimate = estimateValue({ ...subject, area: 95 }, candidates);
    expect(estimate.status === "estimate" && estimate.median).toBe(950_000);
  });

  it("gives no figure below the minimum of comparables", () => {
    const candidates = Array.from({ length: MIN_COMPARABLES - 1 }, () => candidate());
    expect(estimateValue(subject, candidates)).toMatchObject({ status: "insufficient" });
    // Candidates that are not comparable do not count.
    const padded = [...candidates, candidate({ area: 300 }), candidate({ bedrooms: 5 })];
    expect(estimateValue(subject, padded).status).toBe("insufficient");
  });

  it("rounds rents to R$ 10 and sale prices to R$ 1.000", () => {
    const rents = [4_012, 4_100, 4_230, 4_333, 4_470].map((price) => candidate({ price }));
    const estimate = estimateValue({ ...subject, purpose: "aluguel" }, rents);
    expect(estimate.status === "estimate" && estimate.median).toBe(4_230);
    expect(estimate.status === "estimate" && estimate.min % 10).toBe(0);
  });
});

describe("selectComparables", () => {
  it("takes its own neighbourhood first and widens to the nearest others within the radius", () => {
    const own = Array.from({ length: 3 }, () => candidate());
    const near = candidate({ neighbourhood: "vila-olimpia", distanceKm: 1.2 });
    const nearer = candidate({ neighbourhood: "indianopolis", distanceKm: 0.8 });
    const far = candidate({ neighbourhood: "itaquera", distanceKm: 20 });
    const unlocated = candidate({ neighbourhood: "campo-belo", distanceKm: null });
    const selection = selectComparables(subject, [far, near, ...own, unlocated, nearer]);
    expect(selection.comparables.map((c) => c.code)).toEqual([...own.map((c) => c.code), nearer.code, near.code]);
    expect(selection).toMatchObject({ inNeighbourhood: 3, widened: true });
  });

  it("does not widen when its own neighbourhood has enough, and keeps the most similar", () => {
    const alike = Array.from({ length: TARGET_COMPARABLES }, () => candidate());
    const lessAlike = candidate({ area: 125, bedrooms: 3 });
    const selection = selectComparables(subject, [
      lessAlike,
      ...alike,
      candidate({ neighbourhood: "vila-olimpia", distanceKm: 0.1 }),
    ]);
    expect(selection.widened).toBe(false);
    expect(selection.comparables).toHaveLength(TARGET_COMPARABLES);
    expect(selection.comparables).not.toContain(lessAlike);
  });
});

describe("parseValuationQuery", () => {
  const vocabulary = {
    categories: [{ slug: "apartamento", label: "Apartamento", count: 10 }],
    cities: [
      {
        slug: "sao-paulo",
        label: "São Paulo",
        count: 10,
        neighbourhoods: [{ slug: "moema", label: "Moema", count: 10 }],
      },
    ],
  };
  const read = (query: string) => parseValuationQuery(new URLSearchParams(query), vocabulary);

  it("reads a bookmarked estimate and writes it back the same", () => {
    const query = "finalidade=venda&tipo=apartamento&cidade=sao-paulo&bairro=moema&area=80&quartos=2&suites=1&vagas=1";
    const parsed = read(query);
    expect(parsed.status).toBe("valid");
    if (parsed.status !== "valid") return;
    expect(parsed.input).toEqual({ ...subject, area: 80, suites: 1, parking: 1 });
    expect(valuationQueryString(parsed.input)).toBe(query);
  });

  it("reads Brazilian numbers and a CEP", () => {
    const parsed = read(
      "finalidade=aluguel&tipo=apartamento&cidade=sao-paulo&bairro=moema&area=80,5&quartos=2&condominio=1.250&cep=04077-000",
    );
    expect(parsed.status === "valid" && parsed.input).toMatchObject({ area: 80.5, condoFee: 1250, cep: "04077000" });
  });

  it("says what is wrong beside each field", () => {
    expect(read("").status).toBe("empty");
    const parsed = read("finalidade=troca&tipo=nave&cidade=sao-paulo&bairro=marte&area=5&quartos=2&suites=3&cep=123");
    expect(parsed.status === "invalid" && parsed.errors).toEqual({
      purpose: "Escolha venda ou aluguel.",
      category: "Escolha o tipo do imóvel.",
      neighbourhood: "Escolha um bairro desta cidade.",
      area: "Informe uma área de pelo menos 10 m².",
      suites: "As suítes não podem ser mais que os quartos.",
      cep: "Informe o CEP com 8 dígitos, por exemplo 04077-000.",
    });
  });
});
