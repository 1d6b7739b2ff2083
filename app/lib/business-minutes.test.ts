import { describe, expect, it } from "vitest";
import type { OpeningHours } from "./agency";
import { addBusinessMinutes, businessMinutesBetween } from "./business-minutes";

/** Mon–Fri 9h–18h and Saturday 9h–13h, São Paulo. */
const HOURS: OpeningHours = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "13:00" },
];

/** An instant on the São Paulo clock (UTC−3 all year since 2019). */
const sp = (wall: string) => new Date(`${wall}-03:00`);

describe("businessMinutesBetween", () => {
  it("counts every minute when no opening hours are set", () => {
    expect(businessMinutesBetween(sp("2026-03-07T23:00:00"), sp("2026-03-08T00:30:00"), [])).toBe(90);
  });

  it("is zero for an empty or reversed interval", () => {
    const at = sp("2026-03-09T10:00:00");
    expect(businessMinutesBetween(at, at, HOURS)).toBe(0);
    expect(businessMinutesBetween(at, sp("2026-03-09T09:00:00"), HOURS)).toBe(0);
  });

  it("counts only the open minutes of a weekday (2026-03-09 is a Monday)", () => {
    expect(businessMinutesBetween(sp("2026-03-09T10:00:00"), sp("2026-03-09T10:15:00"), HOURS)).toBe(15);
    // Before opening: only from 9h.
    expect(businessMinutesBetween(sp("2026-03-09T07:00:00"), sp("2026-03-09T09:20:00"), HOURS)).toBe(20);
    // Past closing: only until 18h.
    expect(businessMinutesBetween(sp("2026-03-09T17:50:00"), sp("2026-03-09T20:00:00"), HOURS)).toBe(10);
    // Seconds count as fractions.
    expect(businessMinutesBetween(sp("2026-03-09T10:00:00"), sp("2026-03-09T10:00:30"), HOURS)).toBe(0.5);
  });

  it("skips the night and Sunday: Saturday 12h50 to Monday 9h05 is 15 minutes", () => {
    expect(businessMinutesBetween(sp("2026-03-07T12:50:00"), sp("2026-03-09T09:05:00"), HOURS)).toBe(15);
  });

  it("counts a whole week as 5 × 9 h + 4 h", () => {
    expect(businessMinutesBetween(sp("2026-03-09T00:00:00"), sp("2026-03-16T00:00:00"), HOURS)).toBe(49 * 60);
  });

  it("counts overlapping lines once", () => {
    const overlapping: OpeningHours = [
      { days: ["Monday"], opens: "09:00", closes: "12:00" },
      { days: ["Monday"], opens: "11:00", closes: "13:00" },
    ];
    expect(businessMinutesBetween(sp("2026-03-09T00:00:00"), sp("2026-03-10T00:00:00"), overlapping)).toBe(240);
  });

  it("reads a day open until 24:00", () => {
    const late: OpeningHours = [{ days: ["Monday"], opens: "22:00", closes: "24:00" }];
    expect(businessMinutesBetween(sp("2026-03-09T23:00:00"), sp("2026-03-10T08:00:00"), late)).toBe(60);
  });

  it("counts nothing when the hours never open in the interval", () => {
    expect(businessMinutesBetween(sp("2026-03-08T00:00:00"), sp("2026-03-08T23:59:00"), HOURS)).toBe(0);
  });
});

describe("addBusinessMinutes", () => {
  it("adds wall-clock minutes without opening hours", () => {
    expect(addBusinessMinutes(sp("2026-03-08T23:50:00"), 15, [])).toEqual(sp("2026-03-09T00:05:00"));
  });

  it("lands inside the next opening when the lead arrives closed", () => {
    // Friday 17h55: 5 minutes on Friday, 10 on Saturday morning.
    expect(addBusinessMinutes(sp("2026-03-13T17:55:00"), 15, HOURS)).toEqual(sp("2026-03-14T09:10:00"));
    // Saturday night: Monday 9h15.
    expect(addBusinessMinutes(sp("2026-03-14T20:00:00"), 15, HOURS)).toEqual(sp("2026-03-16T09:15:00"));
  });

  it("agrees with businessMinutesBetween", () => {
    const from = sp("2026-03-13T16:20:00");
    const due = addBusinessMinutes(from, 60, HOURS)!;
    expect(businessMinutesBetween(from, due, HOURS)).toBe(60);
    expect(businessMinutesBetween(from, new Date(due.getTime() - 60_000), HOURS)).toBe(59);
  });

  it("gives null when the hours never open in the window", () => {
    expect(addBusinessMinutes(sp("2026-03-09T10:00:00"), 15, [{ days: [], opens: "09:00", closes: "18:00" }])).toBe(
      null,
    );
  });
});
