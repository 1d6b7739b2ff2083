import { describe, expect, it } from "vitest";
import { progressLine, ProgressReporter } from "./progress";

describe("progress lines", () => {
  it("formats counts and seconds the Brazilian way", () => {
    expect(progressLine(6400, 13645, 12_345)).toBe("[sync] 6.400/13.645 imóveis (47%) · 12,3 s");
    expect(progressLine(13645, 13645, 84_000)).toBe("[sync] 13.645/13.645 imóveis (100%) · 84,0 s");
    expect(progressLine(10, null, 500)).toBe("[sync] 10 imóveis · 0,5 s");
    expect(progressLine(999, 1000, 1000)).toBe("[sync] 999/1.000 imóveis (99%) · 1,0 s");
  });

  it("emits at most one line per interval unless forced", () => {
    let clock = 0;
    const lines: string[] = [];
    const reporter = new ProgressReporter(
      (line) => lines.push(line),
      1000,
      () => clock,
    );
    for (let i = 1; i <= 50; i++) {
      clock += 100; // 5 s in total
      reporter.report(i, 50);
    }
    expect(lines.length).toBe(5);
    reporter.report(50, 50, true);
    expect(lines.at(-1)).toBe("[sync] 50/50 imóveis (100%) · 5,0 s");
  });
});
