import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dayRangeAndPageFilters, pageOf } from "./list-filters";

describe("pageOf", () => {
  it("places the page asked for, clamped to the pages there are", () => {
    expect(pageOf(45, 2, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 });
    expect(pageOf(45, 9, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageOf(45, 0, 20)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageOf(45, 2.7, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 });
  });

  it("gives an empty list its one empty page", () => {
    expect(pageOf(0, undefined, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
});

describe("dayRangeAndPageFilters", () => {
  const schema = z.object(dayRangeAndPageFilters("Use uma data válida."));

  it("reads the São Paulo day range and the page", () => {
    expect(schema.parse({ de: "2026-11-01", ate: "2026-11-24", pagina: "3" })).toEqual({
      de: "2026-11-01",
      ate: "2026-11-24",
      pagina: 3,
    });
  });

  it("drops a bad date or page instead of refusing the list", () => {
    expect(schema.parse({ de: "24/11/2026", ate: "", pagina: "-1" })).toEqual({
      de: undefined,
      ate: undefined,
      pagina: 1,
    });
    expect(schema.parse({})).toEqual({ de: undefined, ate: undefined, pagina: 1 });
  });
});
