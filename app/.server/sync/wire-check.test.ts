import { describe, expect, it } from "vitest";
import type { VistaListingWire } from "../vista";
import { adaptChecked, agencyDay, checkUpdateDay, unreadableFields } from "./wire-check";

const wire = (overrides: Record<string, unknown>): VistaListingWire =>
  ({
    Codigo: "C1",
    Categoria: "Apartamento",
    ValorVenda: "500000",
    DataAtualizacao: "2026-11-10",
    ...overrides,
  }) as VistaListingWire;

describe("unreadableFields", () => {
  it("accepts numbers, Vista's number formats, and the blanks and zeros that mean 'none'", () => {
    for (const value of ["500000", "1.500.000,50", "R$ 900", 750000, "0", "", null, undefined, "  "]) {
      expect(unreadableFields(wire({ ValorVenda: value, ValorLocacao: value }))).toEqual([]);
    }
    for (const date of ["2026-11-10", "2026-11-10 14:05:00", "10/11/2026", "0000-00-00", "0000-00-00 00:00:00", ""]) {
      expect(unreadableFields(wire({ DataAtualizacao: date }))).toEqual([]);
    }
  });

  it("names prices and dates that are present but cannot be read", () => {
    expect(
      unreadableFields(
        wire({ ValorVenda: { valor: 1 }, ValorLocacao: ["1"], ValorCondominio: "consulte", ValorIptu: true }),
      ),
    ).toEqual(["ValorVenda", "ValorLocacao", "ValorCondominio", "ValorIptu"]);
    expect(unreadableFields(wire({ DataAtualizacao: "2026-02-31" }))).toEqual(["DataAtualizacao"]);
    expect(unreadableFields(wire({ DataAtualizacao: { data: "2026-11-10" } }))).toEqual(["DataAtualizacao"]);
  });
});

describe("update dates against the clock", () => {
  const noon = new Date("2026-11-20T15:00:00Z");

  it("reads the agency's day in São Paulo (UTC−3)", () => {
    expect(agencyDay(new Date("2026-11-21T02:59:00Z"))).toBe("2026-11-20");
    expect(agencyDay(new Date("2026-11-21T03:00:00Z"))).toBe("2026-11-21");
  });

  it("clamps a date after today to today, and calls it future past a day's tolerance", () => {
    expect(checkUpdateDay("2026-11-19", noon)).toEqual({ day: "2026-11-19", future: false });
    expect(checkUpdateDay("2026-11-20", noon)).toEqual({ day: "2026-11-20", future: false });
    expect(checkUpdateDay("2026-11-21", noon)).toEqual({ day: "2026-11-20", future: false });
    expect(checkUpdateDay("2026-11-22", noon)).toEqual({ day: "2026-11-20", future: true });
    expect(checkUpdateDay("2099-12-31", noon)).toEqual({ day: "2026-11-20", future: true });
  });

  it("adaptChecked: refuses unreadable values, clamps the listing's own date", () => {
    expect(adaptChecked(wire({ ValorVenda: [] }), noon)).toEqual({
      ok: false,
      reason: "unreadable",
      fields: ["ValorVenda"],
    });
    const future = adaptChecked(wire({ DataAtualizacao: "2099-12-31" }), noon);
    expect(future).toMatchObject({ ok: true, day: "2026-11-20", futureDay: "2099-12-31" });
    expect(future.ok && future.listing.updatedAt).toBe("2026-11-20");
    expect(adaptChecked(wire({}), noon)).toMatchObject({ ok: true, day: "2026-11-10", futureDay: null });
  });
});
