import { describe, expect, it } from "vitest";
import { bestIndexes, comparedMonthlyCosts } from "./compare-best";

describe("bestIndexes", () => {
  it("marks the lowest price and the largest area", () => {
    expect([...bestIndexes([500_000, 420_000, 610_000], "lowest")]).toEqual([1]);
    expect([...bestIndexes([85, 111, 70], "highest")]).toEqual([1]);
  });

  it("marks every column of a tie, but none when all are equal", () => {
    expect([...bestIndexes([3, 3, 2], "highest")]).toEqual([0, 1]);
    expect([...bestIndexes([2, 2], "highest")]).toEqual([]);
  });

  it("ignores unknown values and needs two known ones to compare", () => {
    expect([...bestIndexes([null, 900, 1200], "lowest")]).toEqual([1]);
    expect([...bestIndexes([null, 900, null], "lowest")]).toEqual([]);
    expect([...bestIndexes([], "lowest")]).toEqual([]);
  });
});

describe("comparedMonthlyCosts", () => {
  const listing = (over: Partial<Parameters<typeof comparedMonthlyCosts>[0][number] & object>) => ({
    salePrice: null,
    rentPrice: null,
    condoFee: 800,
    iptu: 2_400,
    monthlyCostRent: null,
    monthlyCostSale: null,
    ...over,
  });

  it("compares the rent costs when two listings are for rent, else the sale costs", () => {
    const a = listing({ rentPrice: 3_000, monthlyCostRent: 4_000, salePrice: 500_000, monthlyCostSale: 1_000 });
    const b = listing({ rentPrice: 2_500, monthlyCostRent: 3_500 });
    const c = listing({ salePrice: 400_000, monthlyCostSale: 900 });
    expect(comparedMonthlyCosts([a, b, null])).toEqual([4_000, 3_500, null]);
    expect(comparedMonthlyCosts([a, c])).toEqual([1_000, 900]);
  });

  it("never offers a partial cost (a fee not stated) as the lowest", () => {
    const partial = listing({ salePrice: 400_000, monthlyCostSale: 200, condoFee: null });
    const complete = listing({ salePrice: 450_000, monthlyCostSale: 1_000 });
    const costs = comparedMonthlyCosts([partial, complete]);
    expect(costs).toEqual([null, 1_000]);
    expect([...bestIndexes(costs, "lowest")]).toEqual([]);
  });
});
