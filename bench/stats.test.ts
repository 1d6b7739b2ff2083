import { describe, expect, it } from "vitest";
import { createRandom, formatMs, isBusyRun, percentile, summarize, targetMark } from "./stats";

describe("createRandom", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("keeps int() within bounds and weighted() away from zero weights", () => {
    const random = createRandom(7);
    for (let i = 0; i < 1000; i++) {
      const n = random.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      expect(random.weighted(["a", "b", "c"], [1, 0, 2])).not.toBe("b");
    }
  });
});

describe("percentile and summarize", () => {
  it("uses the nearest-rank method", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarizes unsorted samples", () => {
    const summary = summarize([5, 1, 3, 2, 4]);
    expect(summary).toMatchObject({ samples: 5, p50: 3, p95: 5, max: 5, mean: 3 });
  });
});

describe("formatting", () => {
  it("prints pt-BR milliseconds and target marks", () => {
    expect(formatMs(3.456)).toBe("3,46 ms");
    expect(formatMs(42.04)).toBe("42,0 ms");
    expect(formatMs(1234.4)).toBe("1.234 ms");
    expect(formatMs(Number.NaN)).toBe("—");
    expect(targetMark(20, 20)).toBe("meta ✓");
    expect(targetMark(20.1, 20)).toBe("meta ✗");
    expect(targetMark(Number.NaN, 20)).toBe("meta ✗");
  });
});

describe("isBusyRun", () => {
  it("marks a run more than 15 % slower than the reference as busy, and no other", () => {
    expect(isBusyRun(1700, 2800)).toBe(true);
    expect(isBusyRun(2379, 2800)).toBe(true);
    expect(isBusyRun(2381, 2800)).toBe(false);
    expect(isBusyRun(2900, 2800)).toBe(false);
    expect(isBusyRun(2000, 2800, 0.3)).toBe(false);
  });

  it("never discards a run whose speed or reference is unknown", () => {
    expect(isBusyRun(Number.NaN, 2800)).toBe(false);
    expect(isBusyRun(1000, Number.NaN)).toBe(false);
    expect(isBusyRun(1000, 0)).toBe(false);
  });
});
