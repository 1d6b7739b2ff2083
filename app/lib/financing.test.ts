import { describe, expect, it } from "vitest";
import { monthlyRateFromYearly, priceSummary, sacSummary, simulateFinancing } from "./financing";

/** (1,01)^12 − 1 in percent: the yearly effective rate whose monthly rate is exactly 1 %. */
const ONE_PERCENT_A_MONTH_YEARLY = (Math.pow(1.01, 12) - 1) * 100;

describe("monthlyRateFromYearly", () => {
  it("compounds instead of dividing by 12", () => {
    // (1 + 0,12)^(1/12) − 1 = 0,0094887929… (not 0,01).
    expect(monthlyRateFromYearly(12)).toBeCloseTo(0.009488792934583, 12);
    // (1,01)^12 = 1,126825030131969… → 12,6825… % a.a. is 1 % a.m.
    expect(monthlyRateFromYearly(ONE_PERCENT_A_MONTH_YEARLY)).toBeCloseTo(0.01, 12);
    expect(monthlyRateFromYearly(0)).toBe(0);
  });
});

/**
 * R$ 1.000,00 in 3 months at 0 %, the same in both systems: 333,33, 333,33, then the 333,34 left;
 * the income comes from the highest instalment, 333,34 ÷ 0,30 = 1.111,1333… → 1.111,14.
 */
const THIRDS_AT_ZERO = {
  firstInstalment: 333.33,
  lastInstalment: 333.34,
  totalPaid: 1000,
  totalInterest: 0,
  requiredIncome: 1111.14,
};

/**
 * Hand-computed summaries of both amortisation systems (each figure worked out in the row's
 * comment): the system, what the case shows, the amount financed, the monthly rate, the months
 * and the whole summary expected.
 */
const HAND_COMPUTED: {
  system: "sacSummary" | "priceSummary";
  title: string;
  args: Parameters<typeof sacSummary>;
  expected: ReturnType<typeof sacSummary>;
}[] = [
  {
    // Amortisation 1.200,00 ÷ 3 = 400,00 a month.
    // Month 1: interest 1.200,00 × 1 % = 12,00 → instalment 412,00; balance 800,00.
    // Month 2: interest   800,00 × 1 % =  8,00 → instalment 408,00; balance 400,00.
    // Month 3: interest   400,00 × 1 % =  4,00 → instalment 404,00; balance 0.
    // Total 412 + 408 + 404 = 1.224,00; interest 24,00.
    // Income: 412,00 ÷ 0,30 = 1.373,333… → rounded up 1.373,34.
    system: "sacSummary",
    title: "matches a hand computation: R$ 1.200,00 at 1 % a.m. in 3 months",
    args: [1200, 0.01, 3],
    expected: {
      firstInstalment: 412,
      lastInstalment: 404,
      totalPaid: 1224,
      totalInterest: 24,
      requiredIncome: 1373.34,
    },
  },
  {
    // 0 %: the amortisation 1.000,00 ÷ 3 rounds to 333,33; the last month takes the rest.
    system: "sacSummary",
    title: "puts the rounding remainder of the amortisation in the last month",
    args: [1000, 0, 3],
    expected: THIRDS_AT_ZERO,
  },
  {
    // PMT = 1.200 × 0,01 ÷ (1 − 1,01^−3); 1,01^3 = 1,030301, 1,01^−3 = 0,9705901479…,
    //   1 − 0,9705901479 = 0,0294098521…, 12 ÷ 0,0294098521 = 408,0264… → 408,03.
    // Month 1: interest 12,00;               amortisation 396,03; balance 803,97.
    // Month 2: interest 803,97 × 1 % = 8,0397 → 8,04; amortisation 399,99; balance 403,98.
    // Month 3: interest 403,98 × 1 % = 4,0398 → 4,04; last instalment 403,98 + 4,04 = 408,02.
    // Total 408,03 + 408,03 + 408,02 = 1.224,08; interest 24,08.
    // Income: 408,03 ÷ 0,30 = 1.360,10 exactly.
    system: "priceSummary",
    title: "matches a hand computation: R$ 1.200,00 at 1 % a.m. in 3 months",
    args: [1200, 0.01, 3],
    expected: {
      firstInstalment: 408.03,
      lastInstalment: 408.02,
      totalPaid: 1224.08,
      totalInterest: 24.08,
      requiredIncome: 1360.1,
    },
  },
  {
    // 0 %: the instalment 1.000,00 ÷ 3 rounds to 333,33; the last pays what is left.
    system: "priceSummary",
    title: "divides evenly at 0 %",
    args: [1000, 0, 3],
    expected: THIRDS_AT_ZERO,
  },
];

const SUMMARIES = { sacSummary, priceSummary };

describe("sacSummary and priceSummary", () => {
  it.each(HAND_COMPUTED)("$system $title", ({ system, args, expected }) => {
    expect(SUMMARIES[system](...args)).toEqual(expected);
  });
});

describe("simulateFinancing", () => {
  it("simulates R$ 500.000 with 20 % down, 360 months at 12 % a.a.", () => {
    // Financed 500.000 − 100.000 = 400.000,00; i = 1,12^(1/12) − 1 = 0,0094887929346.
    // SAC: amortisation 400.000 ÷ 360 = 1.111,111… → 1.111,11;
    //   month 1 interest 400.000 × 0,0094887929 = 3.795,517… → 3.795,52; first = 4.906,63.
    //   Balance before month 360: 400.000 − 359 × 1.111,11 = 1.111,51;
    //   interest 1.111,51 × 0,0094887929 = 10,547… → 10,55; last = 1.111,51 + 10,55 = 1.122,06.
    //   Income 4.906,63 ÷ 0,3 = 16.355,4333… → 16.355,44.
    // Price: 1,0094887929^360 = 30,0;  PMT = 400.000 × 0,0094887929 ÷ (1 − 1/29,959…) = 3.926,578… → 3.926,58.
    //   Income 3.926,58 ÷ 0,3 = 13.088,60.
    // Totals: the sum of the 360 rounded instalments (SAC close to the closed form
    //   400.000 + i × 1.111,11 × 360 × 361 ÷ 2 ≈ 1.085.092).
    const result = simulateFinancing({ price: 500_000, downPayment: 100_000, termMonths: 360, yearlyRatePercent: 12 });
    expect(result.financed).toBe(400_000);
    expect(result.systems.sac).toEqual({
      firstInstalment: 4906.63,
      lastInstalment: 1122.06,
      totalPaid: 1_085_091.54,
      totalInterest: 685_091.54,
      requiredIncome: 16_355.44,
    });
    expect(result.systems.price.firstInstalment).toBe(3926.58);
    expect(result.systems.price.requiredIncome).toBe(13_088.6);
    expect(result.systems.price.lastInstalment).toBe(3921.57);
    expect(result.systems.price.totalPaid).toBe(1_413_563.79);
    expect(result.systems.price.totalInterest).toBe(1_013_563.79);
  });

  it("pays everything in one instalment for a one-month term", () => {
    // 10.000,00 financed at 1 % a.m.: 10.000,00 + 100,00 = 10.100,00 in both systems.
    const result = simulateFinancing({
      price: 12_500,
      downPayment: 2_500,
      termMonths: 1,
      yearlyRatePercent: ONE_PERCENT_A_MONTH_YEARLY,
    });
    for (const system of [result.systems.sac, result.systems.price]) {
      expect(system).toEqual({
        firstInstalment: 10_100,
        lastInstalment: 10_100,
        totalPaid: 10_100,
        totalInterest: 100,
        // 10.100 ÷ 0,3 = 33.666,666… → 33.666,67.
        requiredIncome: 33_666.67,
      });
    }
  });

  it("answers zeros when the down payment is the whole price", () => {
    const result = simulateFinancing({ price: 300_000, downPayment: 300_000, termMonths: 240, yearlyRatePercent: 10 });
    expect(result.financed).toBe(0);
    const zero = { firstInstalment: 0, lastInstalment: 0, totalPaid: 0, totalInterest: 0, requiredIncome: 0 };
    expect(result.systems).toEqual({ sac: zero, price: zero });
  });

  it("pays no interest at 0 % a.a.", () => {
    // 240.000 financed over 240 months: 1.000,00 a month in both systems.
    const result = simulateFinancing({ price: 300_000, downPayment: 60_000, termMonths: 240, yearlyRatePercent: 0 });
    expect(result.systems.sac).toMatchObject({ firstInstalment: 1000, lastInstalment: 1000, totalInterest: 0 });
    expect(result.systems.price).toMatchObject({ firstInstalment: 1000, lastInstalment: 1000, totalPaid: 240_000 });
  });

  it("handles the longest term (420 months); the last Price instalment absorbs the cent roundings", () => {
    const result = simulateFinancing({
      price: 1_000_000,
      downPayment: 200_000,
      termMonths: 420,
      yearlyRatePercent: 11,
    });
    for (const system of Object.values(result.systems)) {
      expect(system.totalPaid).toBeGreaterThan(800_000);
      expect(Math.round(system.totalInterest * 100)).toBe(Math.round((system.totalPaid - 800_000) * 100));
    }
    // Price: every instalment but the last is the same; the half-cent roundings of 419 months of
    // interest grow with the balance, so the last differs by a few reais (here under R$ 25).
    expect(Math.abs(result.systems.price.lastInstalment - result.systems.price.firstInstalment)).toBeLessThan(25);
  });

  it("refuses input outside the ranges", () => {
    const base = { price: 100_000, downPayment: 20_000, termMonths: 120, yearlyRatePercent: 10 };
    expect(() => simulateFinancing({ ...base, price: 0 })).toThrow(RangeError);
    expect(() => simulateFinancing({ ...base, downPayment: 100_001 })).toThrow(RangeError);
    expect(() => simulateFinancing({ ...base, termMonths: 421 })).toThrow(RangeError);
    expect(() => simulateFinancing({ ...base, termMonths: 1.5 })).toThrow(RangeError);
    expect(() => simulateFinancing({ ...base, yearlyRatePercent: -1 })).toThrow(RangeError);
    expect(() => simulateFinancing({ ...base, yearlyRatePercent: Number.NaN })).toThrow(RangeError);
  });
});
