import { describe, expect, it } from "vitest";
import type { Db } from "../db";
import { suggest } from "./suggestions";
import { vocabularyOf } from "../../../tests/mocks/vocabulary";

const vocabulary = vocabularyOf(
  [["apartamento", "Apartamento", 50]],
  [
    [
      ["sao-paulo", "São Paulo", 70],
      [
        ["moema", "Moema", 30],
        ["mooca", "Mooca", 40],
        ["vila-mariana", "Vila Mariana", 16],
        ["vila-maria", "Vila Maria", 20],
      ],
    ],
  ],
);

/** A database stub: no condominium matches; counts the queries. */
function stubDb() {
  const calls: unknown[] = [];
  const db = {
    execute: async (query: unknown) => {
      calls.push(query);
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, calls };
}

describe("suggest (places)", () => {
  it("answers nothing, without a query, below 2 or above 80 characters", async () => {
    const { db, calls } = stubDb();
    expect(await suggest("m", { db, vocabulary })).toEqual([]);
    expect(await suggest("  ", { db, vocabulary })).toEqual([]);
    expect(await suggest("m".repeat(81), { db, vocabulary })).toEqual([]);
    expect(await suggest("'\"&|!()", { db, vocabulary })).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it("ranks exact, then prefix, then word-prefix matches, then by listings", async () => {
    const { db } = stubDb();
    const mo = await suggest("mo", { db, vocabulary });
    expect(mo.map((s) => s.label)).toEqual(["Mooca", "Moema"]);
    const vila = await suggest("vila mar", { db, vocabulary });
    expect(vila.map((s) => s.label)).toEqual(["Vila Maria", "Vila Mariana"]);
    const maria = await suggest("mari", { db, vocabulary });
    expect(maria.map((s) => s.label)).toEqual(["Vila Maria", "Vila Mariana"]);
    expect(vila[0]).toEqual({
      kind: "bairro",
      label: "Vila Maria",
      detail: "São Paulo",
      count: 20,
      url: "/todos-os-imoveis/sao-paulo-vila-maria",
    });
  });

  it("suggests cities and carries the filters read from the query into the URL", async () => {
    const { db } = stubDb();
    const city = await suggest("São Pa", { db, vocabulary });
    expect(city[0]).toMatchObject({
      kind: "cidade",
      label: "São Paulo",
      detail: "",
      url: "/todos-os-imoveis/sao-paulo",
    });
    const withBedrooms = await suggest("apartamento moema 3 quartos", { db, vocabulary });
    expect(withBedrooms[0].url).toBe("/todos-os-imoveis/apartamento-sao-paulo-moema?quartos=3");
    // A bare number is ignored while matching (the user is still typing).
    expect((await suggest("moema 3", { db, vocabulary }))[0].url).toBe("/todos-os-imoveis/sao-paulo-moema");
  });

  it("offers the closest place for a typo", async () => {
    const { db } = stubDb();
    expect((await suggest("vila marianna", { db, vocabulary })).map((s) => s.label)).toEqual(["Vila Mariana"]);
    // Half typed with a typo (ADR 0087): a typo away from a prefix.
    expect((await suggest("moem", { db, vocabulary })).map((s) => s.label)).toEqual(["Moema"]);
    expect((await suggest("mooe", { db, vocabulary })).map((s) => s.label)).toEqual(["Mooca", "Moema"]);
    expect((await suggest("vila mraian", { db, vocabulary })).map((s) => s.label)).toEqual(["Vila Mariana"]);
  });

  it("respects the limit", async () => {
    const { db } = stubDb();
    expect(await suggest("o", { db, vocabulary, limit: 1 })).toHaveLength(0);
    expect(await suggest("vila", { db, vocabulary, limit: 1 })).toHaveLength(1);
  });
});
