import { describe, expect, it } from "vitest";
import * as time from "./sao-paulo-time";

const { addDays, saoPauloDate, saoPauloFormat, saoPauloMidnight, saoPauloOffsetMinutes, saoPauloTime, saoPauloYear } =
  time;

describe("saoPauloDate", () => {
  it("is the São Paulo calendar day, not the UTC one", () => {
    expect(saoPauloDate(new Date("2026-11-25T02:59:59Z"))).toBe("2026-11-24");
    expect(saoPauloDate(new Date("2026-11-25T03:00:00Z"))).toBe("2026-11-25");
  });

  it("follows the daylight saving Brazil kept until 2019 (UTC−2 in the summer)", () => {
    expect(saoPauloDate(new Date("2018-12-25T01:59:59Z"))).toBe("2018-12-24");
    expect(saoPauloDate(new Date("2018-12-25T02:00:00Z"))).toBe("2018-12-25");
  });
});

describe("saoPauloYear", () => {
  it("turns at São Paulo's midnight", () => {
    expect(saoPauloYear(new Date("2027-01-01T02:59:59Z"))).toBe(2026);
    expect(saoPauloYear(new Date("2027-01-01T03:00:00Z"))).toBe(2027);
  });
});

describe("saoPauloOffsetMinutes", () => {
  it("reads the offset from the time-zone database", () => {
    expect(saoPauloOffsetMinutes(new Date("2026-07-01T12:00:00Z"))).toBe(-180);
    expect(saoPauloOffsetMinutes(new Date("2018-12-01T12:00:00Z"))).toBe(-120);
    expect(saoPauloOffsetMinutes(new Date("2018-07-01T12:00:00Z"))).toBe(-180);
  });
});

describe("saoPauloTime and saoPauloMidnight", () => {
  it("give the instant the São Paulo clock reads that time", () => {
    expect(saoPauloMidnight("2026-11-24").toISOString()).toBe("2026-11-24T03:00:00.000Z");
    expect(saoPauloTime("2026-11-24", 3).toISOString()).toBe("2026-11-24T06:00:00.000Z");
    expect(saoPauloTime("2026-11-24", 23, 30).toISOString()).toBe("2026-11-25T02:30:00.000Z");
    expect(saoPauloMidnight("2018-12-24").toISOString()).toBe("2018-12-24T02:00:00.000Z");
  });

  it("round-trips with saoPauloDate on every day of a year with a clock change each way", () => {
    for (let day = "2018-01-01"; day < "2019-01-01"; day = addDays(day, 1)) {
      const start = saoPauloMidnight(day);
      expect(saoPauloDate(start)).toBe(day);
      expect(saoPauloDate(new Date(start.getTime() - 1))).toBe(addDays(day, -1));
    }
  });

  it("reads a time skipped by the clock going forward with the offset before the change", () => {
    // 2018-11-04: 00:00 (UTC−3) became 01:00 (UTC−2); the day started at 01:00.
    expect(saoPauloMidnight("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
  });

  it("takes the first of a time the clock going back shows twice", () => {
    // 2018-02-18 00:00 (UTC−2) became 2018-02-17 23:00 (UTC−3): 23:30 happened twice.
    expect(saoPauloTime("2018-02-17", 23, 30).toISOString()).toBe("2018-02-18T01:30:00.000Z");
    expect(saoPauloMidnight("2018-02-18").toISOString()).toBe("2018-02-18T03:00:00.000Z");
  });

  it("refuses what is not a YYYY-MM-DD date", () => {
    expect(() => saoPauloMidnight("24/11/2026")).toThrow(RangeError);
    expect(() => saoPauloMidnight("2026-11-24T00:00")).toThrow(RangeError);
    expect(() => saoPauloMidnight("2026-13-01")).toThrow(RangeError);
    expect(() => saoPauloMidnight("2026-02-32")).toThrow(RangeError);
  });

  it("rolls a day past the month's end over, as Date reads it", () => {
    expect(saoPauloMidnight("2026-02-30").toISOString()).toBe("2026-03-02T03:00:00.000Z");
  });
});

describe("saoPauloFormat", () => {
  it("formats in São Paulo time and reuses one formatter per set of options", () => {
    const format = saoPauloFormat("pt-BR", { dateStyle: "short", timeStyle: "short" });
    expect(format.resolvedOptions().timeZone).toBe(time.SAO_PAULO_TIME_ZONE);
    expect(format.format(new Date("2026-11-21T17:05:00Z"))).toBe("21/11/2026, 14:05");
    expect(saoPauloFormat("pt-BR", { dateStyle: "short", timeStyle: "short" })).toBe(format);
  });
});

describe("addDays", () => {
  it("moves a calendar date across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
