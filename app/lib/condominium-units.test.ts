import { describe, expect, it } from "vitest";
import {
  ALL_UNITS_PARAM,
  allUnitsSearch,
  onlyAllUnitsChanged,
  showsAllUnits,
  shownUnitCount,
  UNITS_PREVIEW,
  UNITS_SHOWN_IN_FULL,
} from "./condominium-units";

describe("shownUnitCount", () => {
  it("shows a short section whole and a long one up to the preview", () => {
    expect(shownUnitCount(0, false)).toBe(0);
    expect(shownUnitCount(UNITS_SHOWN_IN_FULL, false)).toBe(UNITS_SHOWN_IN_FULL);
    expect(shownUnitCount(UNITS_SHOWN_IN_FULL + 1, false)).toBe(UNITS_PREVIEW);
    expect(shownUnitCount(30, false)).toBe(UNITS_PREVIEW);
  });

  it("shows every unit when asked for", () => {
    expect(shownUnitCount(30, true)).toBe(30);
    expect(shownUnitCount(3, true)).toBe(3);
  });
});

describe("showsAllUnits", () => {
  it("is true only for unidades=todas", () => {
    expect(showsAllUnits(new URLSearchParams("unidades=todas"))).toBe(true);
    expect(showsAllUnits(new URLSearchParams("x=1&unidades=todas"))).toBe(true);
    expect(showsAllUnits(new URLSearchParams(""))).toBe(false);
    expect(showsAllUnits(new URLSearchParams("unidades=TODAS"))).toBe(false);
    expect(showsAllUnits(new URLSearchParams("unidades=1"))).toBe(false);
  });
});

describe("allUnitsSearch", () => {
  it("adds the parameter and keeps the others", () => {
    expect(allUnitsSearch(new URLSearchParams(""))).toBe("?unidades=todas");
    expect(allUnitsSearch(new URLSearchParams("utm_source=x&unidades=2"))).toBe("?utm_source=x&unidades=todas");
  });
});

describe("onlyAllUnitsChanged", () => {
  const url = (search: string, path = "/detalhes/edificio-aurora") => new URL(`https://site.test${path}${search}`);

  it("is true when only the parameter comes or goes", () => {
    expect(onlyAllUnitsChanged(url(""), url("?unidades=todas"))).toBe(true);
    expect(onlyAllUnitsChanged(url("?a=1&unidades=todas"), url("?a=1"))).toBe(true);
    expect(onlyAllUnitsChanged(url("?a=1&b=2"), url(`?b=2&${ALL_UNITS_PARAM}=todas&a=1`))).toBe(true);
  });

  it("is false for another path, another parameter or the same URL", () => {
    expect(onlyAllUnitsChanged(url(""), url("?unidades=todas", "/detalhes/outro"))).toBe(false);
    expect(onlyAllUnitsChanged(url("?a=1"), url("?a=2&unidades=todas"))).toBe(false);
    expect(onlyAllUnitsChanged(url(""), url(""))).toBe(false);
    expect(onlyAllUnitsChanged(url("?unidades=todas"), url("?unidades=todas"))).toBe(false);
  });
});
