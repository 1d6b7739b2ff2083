import { describe, expect, it } from "vitest";
import { isShown, marketFigure, median, MIN_LISTINGS } from "./neighbourhood-market";
import {
  addMonths,
  monthEnd,
  monthInstant,
  onMarketAt,
  priceAt,
  saoPauloMonth,
  seriesMonths,
} from "./neighbourhood-series";

describe("median", () => {
  it("is the middle value of an odd count and the mean of the two middle ones of an even count", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("marketFigure (suppression under 5 listings)", () => {
  it("hides a median from fewer than MIN_LISTINGS values but keeps the count", () => {
    expect(MIN_LISTINGS).toBe(5);
    const four = marketFigure([10, 20, 30, 40]);
    expect(four).toEqual({ value: null, count: 4 });
    expect(isShown(four)).toBe(false);
  });

  it("shows the median from MIN_LISTINGS values on", () => {
    const five = marketFigure([50, 10, 40, 20, 30]);
    expect(five).toEqual({ value: 30, count: 5 });
    expect(isShown(five)).toBe(true);
  });
});

describe("months in São Paulo time", () => {
  it("puts an instant in the São Paulo month, not the UTC one", () => {
    // 02:30 UTC on 1 December is 23:30 on 30 November in São Paulo (UTC−3).
    expect(saoPauloMonth(new Date("2026-12-01T02:30:00Z"))).toBe("2026-11");
    expect(saoPauloMonth(new Date("2026-12-01T03:00:00Z"))).toBe("2026-12");
  });

  it("ends a month at São Paulo's midnight", () => {
    expect(monthEnd("2026-11").toISOString()).toBe("2026-12-01T02:59:59.999Z");
    expect(monthEnd("2026-12").toISOString()).toBe("2027-01-01T02:59:59.999Z");
  });

  it("moves months across years", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-05", 14)).toBe("2027-07");
  });

  it("lists the chart's months from the first sync to now, at most the latest max", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(seriesMonths("2026-08", now)).toEqual(["2026-08", "2026-09", "2026-10", "2026-11"]);
    expect(seriesMonths("2020-01", now, 3)).toEqual(["2026-09", "2026-10", "2026-11"]);
    expect(seriesMonths("2027-01", now)).toEqual(["2026-11"]);
  });

  it("reads the current month at now and past months at their end", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(monthInstant("2026-11", now)).toBe(now);
    expect(monthInstant("2026-10", now).toISOString()).toBe("2026-11-01T02:59:59.999Z");
  });
});

describe("priceAt", () => {
  const changes = [
    { oldValue: 1000, newValue: 900, changedAt: new Date("2026-09-10T12:00:00Z") },
    { oldValue: 900, newValue: 800, changedAt: new Date("2026-10-10T12:00:00Z") },
  ];

  it("reads the price in force at an instant from the history", () => {
    expect(priceAt(changes, new Date("2026-08-31T12:00:00Z"), 800)).toBe(1000);
    expect(priceAt(changes, new Date("2026-09-30T12:00:00Z"), 800)).toBe(900);
    expect(priceAt(changes, new Date("2026-11-30T12:00:00Z"), 800)).toBe(800);
  });

  it("uses the current price without history, and null where the price had gone", () => {
    expect(priceAt([], new Date(), 500)).toBe(500);
    const gone = [{ oldValue: 700, newValue: null, changedAt: new Date("2026-09-10T12:00:00Z") }];
    expect(priceAt(gone, new Date("2026-09-30T12:00:00Z"), null)).toBeNull();
  });
});

describe("onMarketAt", () => {
  const at = new Date("2026-10-15T00:00:00Z");
  it("counts a listing first seen before and not yet removed", () => {
    expect(onMarketAt({ firstSeenAt: new Date("2026-10-01T00:00:00Z"), removedAt: null }, at)).toBe(true);
    expect(onMarketAt({ firstSeenAt: null, removedAt: null }, at)).toBe(true);
    expect(onMarketAt({ firstSeenAt: new Date("2026-10-20T00:00:00Z"), removedAt: null }, at)).toBe(false);
    expect(onMarketAt({ firstSeenAt: null, removedAt: new Date("2026-10-10T00:00:00Z") }, at)).toBe(false);
    expect(onMarketAt({ firstSeenAt: null, removedAt: new Date("2026-10-20T00:00:00Z") }, at)).toBe(true);
  });
});
