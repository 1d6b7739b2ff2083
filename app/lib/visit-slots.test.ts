import { describe, expect, it } from "vitest";
import {
  availabilityFromOpeningHours,
  bookableSlots,
  daySlots,
  DEFAULT_OPENING_HOURS,
  slotsByDay,
  type VisitAvailability,
} from "./visit-slots";

/** Weekdays 09:00–12:00, 60-minute slots, 15-minute buffer, 2 h notice, 14 days. */
function availability(overrides: Partial<VisitAvailability> = {}): VisitAvailability {
  const morning = [{ start: "09:00", end: "12:00" }];
  return {
    weekly: [[], morning, morning, morning, morning, morning, []],
    daysOff: [],
    slotMinutes: 60,
    bufferMinutes: 15,
    horizonDays: 14,
    minNoticeMinutes: 120,
    ...overrides,
  };
}

// 2026-12-07 is a Monday; São Paulo is UTC−3 in 2026 (no daylight saving).
const MONDAY_6AM = new Date("2026-12-07T09:00:00Z");

describe("bookableSlots", () => {
  it("cuts each weekday's hours into slots, none on days without hours", () => {
    const slots = bookableSlots({ availability: availability(), booked: [], now: MONDAY_6AM });
    const days = slotsByDay(slots);
    expect(days.map((group) => group.day)).toEqual([
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
      "2026-12-14",
      "2026-12-15",
      "2026-12-16",
      "2026-12-17",
      "2026-12-18",
    ]);
    expect(days[0]!.slots.map((slot) => slot.time)).toEqual(["09:00", "10:00", "11:00"]);
    expect(days[0]!.slots[0]!.startsAt.toISOString()).toBe("2026-12-07T12:00:00.000Z");
    expect(days[0]!.slots[0]!.endsAt.toISOString()).toBe("2026-12-07T13:00:00.000Z");
  });

  it("keeps a slot inside its interval and several intervals a day", () => {
    const split = [
      { start: "09:00", end: "10:30" },
      { start: "14:00", end: "16:00" },
    ];
    const slots = daySlots("2026-12-08", availability({ weekly: [[], [], split, [], [], [], []] }));
    expect(slots.map((slot) => slot.time)).toEqual(["09:00", "14:00", "15:00"]);
  });

  it("honours the minimum notice and drops the past", () => {
    // 10:30 in São Paulo: 09:00 and 10:00 are past, 11:00 is within the 2 h notice.
    const now = new Date("2026-12-07T13:30:00Z");
    const slots = bookableSlots({ availability: availability(), booked: [], now });
    expect(slots[0]!.day).toBe("2026-12-08");
    const early = bookableSlots({ availability: availability({ minNoticeMinutes: 30 }), booked: [], now });
    expect(early[0]!.startsAt.toISOString()).toBe("2026-12-07T14:00:00.000Z");
  });

  it("stops at the horizon (today included)", () => {
    const slots = bookableSlots({ availability: availability({ horizonDays: 3 }), booked: [], now: MONDAY_6AM });
    expect(new Set(slots.map((slot) => slot.day))).toEqual(new Set(["2026-12-07", "2026-12-08", "2026-12-09"]));
  });

  it("skips days off", () => {
    const slots = bookableSlots({
      availability: availability({ daysOff: ["2026-12-08"], horizonDays: 3 }),
      booked: [],
      now: MONDAY_6AM,
    });
    expect(new Set(slots.map((slot) => slot.day))).toEqual(new Set(["2026-12-07", "2026-12-09"]));
  });

  it("keeps the buffer free around a booked visit", () => {
    const booked = [{ startsAt: new Date("2026-12-08T13:00:00Z"), endsAt: new Date("2026-12-08T14:00:00Z") }];
    const day = (buffer: number) =>
      bookableSlots({ availability: availability({ bufferMinutes: buffer, horizonDays: 2 }), booked, now: MONDAY_6AM })
        .filter((slot) => slot.day === "2026-12-08")
        .map((slot) => slot.time);
    // 10:00 is booked; with a buffer its neighbours 09:00 and 11:00 are too close.
    expect(day(15)).toEqual([]);
    expect(day(0)).toEqual(["09:00", "11:00"]);
  });

  it("can ignore the visit being moved", () => {
    const mine = { startsAt: new Date("2026-12-08T13:00:00Z"), endsAt: new Date("2026-12-08T14:00:00Z") };
    const slots = bookableSlots({
      availability: availability({ horizonDays: 2 }),
      booked: [mine],
      now: MONDAY_6AM,
      ignore: (visit) => visit === mine,
    });
    expect(slots.filter((slot) => slot.day === "2026-12-08").map((slot) => slot.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
    ]);
  });
});

describe("wall clock to instants (time-zone database, no fixed offset)", () => {
  // São Paulo had daylight saving until 2019: clocks went forward at 00:00 on 2018-11-04
  // (UTC−3 → UTC−2) and back at 00:00 on 2019-02-17. The same wall time maps to different instants.
  const allDay = [{ start: "00:00", end: "24:00" }];
  const everyDay = availability({ weekly: Array.from({ length: 7 }, () => allDay), bufferMinutes: 0 });

  it("reads 09:00 with the offset in force that day", () => {
    const before = daySlots("2018-11-02", everyDay).find((slot) => slot.time === "09:00")!;
    const after = daySlots("2018-11-05", everyDay).find((slot) => slot.time === "09:00")!;
    expect(before.startsAt.toISOString()).toBe("2018-11-02T12:00:00.000Z");
    expect(after.startsAt.toISOString()).toBe("2018-11-05T11:00:00.000Z");
  });

  it("gives no slot at a wall time that does not exist", () => {
    const slots = daySlots("2018-11-04", everyDay);
    // 00:00 never happened that day (the clock jumped to 01:00): 23 slots, no duplicate instant.
    expect(slots.map((slot) => slot.time)).not.toContain("00:00");
    expect(slots).toHaveLength(23);
    expect(new Set(slots.map((slot) => slot.startsAt.getTime())).size).toBe(23);
  });

  it("counts a visit's length in real minutes across the change back", () => {
    const slots = daySlots("2019-02-16", everyDay);
    const last = slots.at(-1)!;
    expect(last.time).toBe("23:00");
    expect(last.endsAt.getTime() - last.startsAt.getTime()).toBe(60 * 60_000);
  });

  it("computes slots in the window of the change from the zone rules", () => {
    // 2018-11-03 (Saturday) 22:00 UTC−3; horizon of 3 days crosses the change.
    const slots = bookableSlots({
      availability: availability({
        weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "10:00" }]),
        horizonDays: 3,
      }),
      booked: [],
      now: new Date("2018-11-04T01:00:00Z"),
    });
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      "2018-11-04T11:00:00.000Z",
      "2018-11-05T11:00:00.000Z",
    ]);
  });
});

describe("availabilityFromOpeningHours", () => {
  it("turns the agency's lines (Monday first) into weekly intervals (Sunday first)", () => {
    const weekly = availabilityFromOpeningHours([
      { days: ["Monday", "Sunday"], opens: "10:00", closes: "16:00" },
    ]).weekly;
    expect(weekly[0]).toEqual([{ start: "10:00", end: "16:00" }]);
    expect(weekly[1]).toEqual([{ start: "10:00", end: "16:00" }]);
    expect(weekly[2]).toEqual([]);
  });

  it("falls back to the default hours and defaults", () => {
    const fallback = availabilityFromOpeningHours([]);
    expect(fallback).toEqual(availabilityFromOpeningHours(DEFAULT_OPENING_HOURS));
    expect(fallback.weekly[6]).toEqual([{ start: "09:00", end: "13:00" }]);
    expect(fallback).toMatchObject({ slotMinutes: 60, bufferMinutes: 15, horizonDays: 14, minNoticeMinutes: 120 });
  });
});
