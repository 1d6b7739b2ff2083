import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthlyCost } from "~/domain/listing";
import { simulateFinancing } from "./financing";
import { DEFAULT_FINANCING_SETTINGS } from "./financing-form";
import { defaultDownPayment, readSimulation } from "./financing-simulation";
import { missingFees, missingFeesText, monthlyTotal, saleEstimateText, saleInstalment } from "./monthly-cost";

const defaults = DEFAULT_FINANCING_SETTINGS;

describe("saleInstalment", () => {
  it("is the simulator's default first SAC instalment, to the centavo", () => {
    // What the listing page's simulator shows with no field edited (20 % down, 11,5 % a.a., 360 months).
    for (const [price, first] of [
      [500_000, 4_756.1],
      [1_234_567, 11_743.44],
      [350_000, 3_329.27],
    ] as const) {
      expect(readSimulation(new URLSearchParams(), price, defaults).result!.systems.sac.firstInstalment).toBe(first);
      expect(saleInstalment(price, defaults)).toBe(first);
    }
  });

  it("matches simulateFinancing for any price, rate and term", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 5_000 }).map((n) => n / 100),
        fc.integer({ min: 1, max: 420 }),
        (price, rate, term) => {
          const financing = { defaultYearlyRatePercent: rate, defaultTermMonths: term };
          const simulated = simulateFinancing({
            price,
            downPayment: defaultDownPayment(price),
            termMonths: term,
            yearlyRatePercent: rate,
          });
          expect(saleInstalment(price, financing)).toBe(simulated.systems.sac.firstInstalment);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("monthlyTotal", () => {
  const listing = { salePrice: 500_000, rentPrice: 4_000, condoFee: 1_200, iptu: 7_680 };

  it("adds rent, condomínio and IPTU/12 for rent", () => {
    // 4.000 + 1.200 + 7.680 / 12 = 5.840.
    expect(monthlyTotal(listing, "aluguel", null)).toEqual({ amount: 5_840, missing: [] });
    expect(monthlyTotal(listing, "aluguel", null)!.amount).toBe(monthlyCost(listing, "aluguel"));
  });

  it("adds the instalment, condomínio and IPTU/12 for sale", () => {
    expect(monthlyTotal(listing, "venda", defaults)).toEqual({ amount: 4_756.1 + 1_840, missing: [] });
    expect(monthlyTotal(listing, "venda", null)).toBeNull();
  });

  it("is null without a price for the purpose, and names the unstated fees", () => {
    expect(monthlyTotal({ ...listing, rentPrice: null }, "aluguel", null)).toBeNull();
    const partial = monthlyTotal({ ...listing, condoFee: null }, "aluguel", null)!;
    expect(partial).toEqual({ amount: 4_640, missing: ["condominio"] });
    expect(missingFeesText(partial.missing)).toBe("sem condomínio informado");
    expect(missingFeesText(missingFees({ condoFee: 0, iptu: null }))).toBe("sem condomínio e IPTU informados");
    expect(missingFeesText(missingFees({ condoFee: 10, iptu: null }))).toBe("sem IPTU informado");
    expect(missingFeesText([])).toBe("");
  });
});

describe("saleEstimateText", () => {
  it("names the down payment, the term and the rate", () => {
    expect(saleEstimateText(defaults)).toBe(
      "estimativa com financiamento de 20% de entrada, 30 anos, juros de 11,5% ao ano (primeira parcela SAC)",
    );
    expect(saleEstimateText({ defaultYearlyRatePercent: 9, defaultTermMonths: 18 })).toContain("18 meses, juros de 9%");
  });
});
