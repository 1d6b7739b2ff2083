import { describe, expect, it } from "vitest";
import { formatAge, formatDuration, formatOptionalDuration, leadListHref } from "./admin-dashboard";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatDuration", () => {
  it.each([
    [0, "menos de 1 min"],
    [29_000, "menos de 1 min"],
    [-5 * MIN, "menos de 1 min"],
    [31_000, "1 min"],
    [4 * MIN, "4 min"],
    [4 * MIN + 40_000, "5 min"],
    [59 * MIN, "59 min"],
    [59 * MIN + 40_000, "1 h"],
    [HOUR, "1 h"],
    [HOUR + 20 * MIN, "1 h 20 min"],
    [23 * HOUR + 59 * MIN, "23 h 59 min"],
    [DAY, "1 dia"],
    [DAY + 3 * HOUR + 10 * MIN, "1 dia 3 h"],
    [2 * DAY, "2 dias"],
    [2 * DAY + 5 * HOUR, "2 dias"],
    [15 * DAY, "15 dias"],
  ])("%d ms reads %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("says how long ago, or a dash when there is no duration", () => {
    expect(formatAge(12 * MIN)).toBe("há 12 min");
    expect(formatOptionalDuration(null)).toBe("—");
    expect(formatOptionalDuration(HOUR)).toBe("1 h");
  });
});

describe("links", () => {
  it("lead list links carry the filters in the inbox's order, the bare path without any", () => {
    expect(leadListHref({})).toBe("/admin/leads");
    expect(leadListHref({ resposta: "atrasada" })).toBe("/admin/leads?resposta=atrasada");
    expect(leadListHref({ de: "2026-11-01", ate: "2026-11-29", tipo: "whatsapp" })).toBe(
      "/admin/leads?tipo=whatsapp&de=2026-11-01&ate=2026-11-29",
    );
  });
});
