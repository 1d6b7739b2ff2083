import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SAO_PAULO_BOUNDS, repairCoordinate, repairCoordinates } from "./coordinates";

describe("repairCoordinate (dataset README examples)", () => {
  it("puts the decimal point back after the two integer digits", () => {
    expect(repairCoordinate("-23.543.138", "latitude")).toBe(-23.543138);
    expect(repairCoordinate("-2.354.984", "latitude")).toBe(-23.54984);
    expect(repairCoordinate("-236.006", "latitude")).toBe(-23.6006);
    expect(repairCoordinate("-46.479.486", "longitude")).toBe(-46.479486);
    expect(repairCoordinate("-466.227.832", "longitude")).toBe(-46.6227832);
  });

  it("keeps values that are already correct", () => {
    expect(repairCoordinate("-23.5505", "latitude")).toBe(-23.5505);
    expect(repairCoordinate("-46.6333", "longitude")).toBe(-46.6333);
  });

  it("drops what cannot be repaired instead of inventing a position", () => {
    expect(repairCoordinate("0.0", "latitude")).toBeNull();
    expect(repairCoordinate("", "longitude")).toBeNull();
    expect(repairCoordinate("abc", "latitude")).toBeNull();
    // Santa Catarina, not São Paulo: -26.9225117 is outside the box whatever the decimal point.
    expect(repairCoordinate("-269.225.117", "latitude")).toBeNull();
    expect(repairCoordinate("-490.607.072", "longitude")).toBeNull();
    // A longitude is not a latitude.
    expect(repairCoordinate("-46.479.486", "latitude")).toBeNull();
    expect(repairCoordinate("-23", "latitude")).toBeNull();
  });

  it("accepts the bounding box edges and nothing beyond", () => {
    expect(repairCoordinate("-24.0", "latitude")).toBe(-24);
    expect(repairCoordinate("-23.3", "latitude")).toBe(-23.3);
    expect(repairCoordinate("-24.0001", "latitude")).toBeNull();
    expect(repairCoordinate("-46.9", "longitude")).toBe(-46.9);
    expect(repairCoordinate("-46.2999", "longitude")).toBeNull();
  });

  it("repairs pairs only when both halves repair", () => {
    expect(repairCoordinates("-23.543.138", "-46.479.486")).toEqual({ latitude: -23.543138, longitude: -46.479486 });
    expect(repairCoordinates("-23.543.138", "0.0")).toBeNull();
    expect(repairCoordinates("", "")).toBeNull();
  });

  it("round-trips any São Paulo position written the broken way", () => {
    // Property: format a valid coordinate with the data set's defect, repair it, get it back.
    const broken = (value: number) => {
      const digits = Math.abs(value).toFixed(6).replace(".", "").replace(/0+$/, "");
      return `-${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        (latOffset, lonOffset) => {
          const latitude = Number((SAO_PAULO_BOUNDS.latitude.max - latOffset / 1e6).toFixed(6));
          const longitude = Number((SAO_PAULO_BOUNDS.longitude.max - lonOffset / 1e6).toFixed(6));
          expect(repairCoordinate(broken(latitude), "latitude")).toBeCloseTo(latitude, 9);
          expect(repairCoordinate(broken(longitude), "longitude")).toBeCloseTo(longitude, 9);
        },
      ),
      { numRuns: 500 },
    );
  });
});
