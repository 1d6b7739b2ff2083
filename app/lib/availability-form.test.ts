import { describe, expect, it } from "vitest";
import {
  AVAILABILITY_FIELDS as F,
  availabilityFormValues,
  parseAvailabilityForm,
  parseDayOff,
  type AvailabilitySettings,
} from "./availability-form";

/** A valid post: Monday to Friday 09:00–12:00 and 14:00–18:00, weekend closed. */
function post(overrides: Record<string, string | undefined> = {}): FormData {
  const fields: Record<string, string | undefined> = {
    [F.slot]: "60",
    [F.buffer]: "15",
    [F.horizon]: "14",
    [F.notice]: "2",
    [F.daysOff]: "",
    [F.closed(0)]: "on",
    [F.closed(6)]: "on",
  };
  for (let day = 1; day <= 5; day++) {
    fields[F.start(day, 0)] = "09:00";
    fields[F.end(day, 0)] = "12:00";
    fields[F.start(day, 1)] = "14:00";
    fields[F.end(day, 1)] = "18:00";
  }
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...overrides }))
    if (value !== undefined) data.set(name, value);
  return data;
}

describe("parseAvailabilityForm", () => {
  it("reads a week with two intervals a day, closed days and the numbers (notice in hours → minutes)", () => {
    const result = parseAvailabilityForm(post({ [F.daysOff]: "25/12/2026\n2027-01-01\n25/12/2026" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const settings = result.settings;
    expect(settings.weekly[0]).toEqual([]);
    expect(settings.weekly[1]).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "14:00", end: "18:00" },
    ]);
    expect(settings.weekly[6]).toEqual([]);
    expect(settings.daysOff).toEqual(["2026-12-25", "2027-01-01"]);
    expect(settings).toMatchObject({ slotMinutes: 60, bufferMinutes: 15, horizonDays: 14, minNoticeMinutes: 120 });
  });

  it("ignores the times of a day marked closed, and a day with no times is closed", () => {
    const result = parseAvailabilityForm(
      post({ [F.closed(1)]: "on", [F.start(2, 0)]: "", [F.end(2, 0)]: "", [F.start(2, 1)]: "", [F.end(2, 1)]: "" }),
    );
    expect(result.ok && result.settings.weekly[1]).toEqual([]);
    expect(result.ok && result.settings.weekly[2]).toEqual([]);
  });

  it("puts a pt-BR message beside each bad field, all at once", () => {
    const result = parseAvailabilityForm(
      post({
        [F.end(1, 0)]: "08:00",
        [F.start(2, 1)]: "11:00",
        [F.start(3, 0)]: "9h",
        [F.end(4, 1)]: "",
        [F.slot]: "50",
        [F.buffer]: "61",
        [F.horizon]: "0",
        [F.notice]: "abc",
        [F.daysOff]: "31/02/2026",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      [F.end(1, 0)]: "O fim deve ser depois do início.",
      [F.start(2, 1)]: "O segundo horário deve começar depois das 12:00.",
      [F.start(3, 0)]: "Use o formato 09:00.",
      [F.end(4, 1)]: "Informe o fim.",
      [F.slot]: "Escolha 30, 45, 60 ou 90 minutos.",
      [F.buffer]: "Use de 0 a 60 minutos.",
      [F.horizon]: "Use de 1 a 30 dias.",
      [F.notice]: "Informe a antecedência mínima em números.",
      [F.daysOff]: "Data inválida: “31/02/2026”. Use DD/MM/AAAA, uma por linha.",
    });
    // What was typed comes back to be shown again.
    expect(result.values[F.start(3, 0)]).toBe("9h");
  });

  it("accepts the bounds: 30 and 90 min, 0 and 60 min buffer, 1 and 30 days, 0 and 48 h", () => {
    for (const [slot, buffer, horizon, notice] of [
      ["30", "0", "1", "0"],
      ["90", "60", "30", "48"],
    ]) {
      const result = parseAvailabilityForm(
        post({ [F.slot]: slot, [F.buffer]: buffer, [F.horizon]: horizon, [F.notice]: notice }),
      );
      expect(result.ok).toBe(true);
    }
    const over = parseAvailabilityForm(post({ [F.notice]: "49" }));
    expect(!over.ok && over.errors[F.notice]).toBe("Use de 0 a 48 horas.");
  });
});

describe("availabilityFormValues", () => {
  it("gives back what the form posts (round trip)", () => {
    const settings: AvailabilitySettings = {
      weekly: [[], [{ start: "08:30", end: "12:00" }], [], [], [], [], [{ start: "09:00", end: "13:00" }]],
      daysOff: ["2026-12-24"],
      slotMinutes: 45,
      bufferMinutes: 10,
      horizonDays: 7,
      minNoticeMinutes: 24 * 60,
    };
    const values = availabilityFormValues(settings);
    expect(values[F.daysOff]).toBe("24/12/2026");
    expect(values[F.notice]).toBe("24");
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    const result = parseAvailabilityForm(data);
    expect(result.ok && result.settings).toEqual(settings);
  });
});

describe("parseDayOff", () => {
  it("reads DD/MM/AAAA and YYYY-MM-DD, refusing days that do not exist", () => {
    expect(parseDayOff("5/1/2027")).toBe("2027-01-05");
    expect(parseDayOff(" 2026-12-25 ")).toBe("2026-12-25");
    expect(parseDayOff("29/02/2027")).toBeNull();
    expect(parseDayOff("amanhã")).toBeNull();
  });
});
