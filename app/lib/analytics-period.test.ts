import { describe, expect, it } from "vitest";
import { daysOf, MAX_PERIOD_DAYS, parsePeriod, periodQuery } from "./analytics-period";

const TODAY = "2026-11-24";
const parse = (query: string) => parsePeriod(new URLSearchParams(query), TODAY);

describe("parsePeriod", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(parse("")).toEqual({ preset: "30", from: "2026-10-26", to: TODAY, days: 30, error: null });
  });
  it("reads the presets", () => {
    expect(parse("periodo=7")).toMatchObject({ from: "2026-11-18", to: TODAY, days: 7 });
    expect(parse("periodo=90")).toMatchObject({ from: "2026-08-27", days: 90 });
    expect(parse("periodo=5")).toMatchObject({ preset: "30", error: null });
  });
  it("reads a custom range, also when only the dates were filled", () => {
    expect(parse("periodo=personalizado&de=2026-01-01&ate=2026-01-31")).toEqual({
      preset: "personalizado",
      from: "2026-01-01",
      to: "2026-01-31",
      days: 31,
      error: null,
    });
    expect(parse("de=2026-02-01&ate=2026-02-01")).toMatchObject({ preset: "personalizado", days: 1 });
  });
  it("refuses a bad custom range with a message and falls back to 30 days", () => {
    expect(parse("periodo=personalizado&de=2026-02-30&ate=2026-03-01")).toMatchObject({ preset: "30", days: 30 });
    expect(parse("periodo=personalizado&de=2026-02-30&ate=2026-03-01").error).toMatch(/datas/);
    expect(parse("periodo=personalizado&de=2026-03-02&ate=2026-03-01").error).toMatch(/anterior/);
    expect(parse("periodo=personalizado&de=2020-01-01&ate=2026-01-01").error).toContain(String(MAX_PERIOD_DAYS));
  });
});

describe("periodQuery / daysOf", () => {
  it("writes the query of a period", () => {
    expect(periodQuery({ preset: "7", from: "x", to: "y" })).toBe("periodo=7");
    expect(periodQuery({ preset: "personalizado", from: "2026-01-01", to: "2026-01-02" })).toBe(
      "periodo=personalizado&de=2026-01-01&ate=2026-01-02",
    );
  });
  it("lists every day of a range", () => {
    expect(daysOf("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});
