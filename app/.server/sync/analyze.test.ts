import { describe, expect, it } from "vitest";
import { ANALYZE_CHANGE_SHARE, needsAnalyze } from "./run";

describe("needsAnalyze", () => {
  it("refreshes statistics after every full run", () => {
    expect(needsAnalyze("full", { upserted: 0, removed: 0, total: 13_640 })).toBe(true);
  });
  it("refreshes them after a delta only when it changed a noticeable share of the catalogue", () => {
    const total = 10_000;
    const threshold = total * ANALYZE_CHANGE_SHARE;
    expect(needsAnalyze("delta", { upserted: 147, removed: 0, total })).toBe(false);
    expect(needsAnalyze("delta", { upserted: threshold - 10, removed: 10, total })).toBe(true);
    expect(needsAnalyze("delta", { upserted: 0, removed: 0, total: 0 })).toBe(false);
    expect(needsAnalyze("delta", { upserted: 1, removed: 0, total: 3 })).toBe(true);
  });
});
