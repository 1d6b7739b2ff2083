import { describe, expect, it } from "vitest";
import { tileLayerOptions } from "./map-tiles";

describe("tileLayerOptions", () => {
  it("asks for the next zoom level's tiles on high-density screens when the provider has no double-size tiles", () => {
    expect(tileLayerOptions("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toEqual({ detectRetina: true });
    expect(tileLayerOptions("/tiles/{z}/{x}/{y}.png")).toEqual({ detectRetina: true });
  });

  it("leaves a template with {r} to the provider's double-size tiles", () => {
    expect(tileLayerOptions("https://tiles.example.com/{z}/{x}/{y}{r}.png")).toEqual({ detectRetina: false });
  });
});
