import { describe, expect, it } from "vitest";
import {
  filterValueCount,
  HEAVY_SEARCH_REFUSAL,
  HEAVY_SEARCH_VALUES,
  HEAVY_SEARCHES_AT_ONCE,
  HEAVY_SEARCHES_WAITING,
  inHeavySearchTurn,
} from "./heavy-searches";

const heavy = {
  city: "sao-paulo",
  neighbourhoods: Array.from({ length: HEAVY_SEARCH_VALUES }, (_, i) => `bairro-${i}`),
};
const ordinary = { purpose: "venda" as const, city: "sao-paulo", neighbourhoods: ["moema"], priceMin: 500_000 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("heavy searches take turns (ADR 0062)", () => {
  it("counts each neighbourhood and amenity as a value, and neither sort nor page", () => {
    expect(filterValueCount(ordinary)).toBe(4);
    expect(
      filterValueCount({ ...ordinary, amenities: ["piscina", "churrasqueira"], sort: "menor-preco", page: 3 }),
    ).toBe(6);
    expect(filterValueCount(heavy)).toBe(HEAVY_SEARCH_VALUES + 1);
  });

  it("runs one heavy search at a time, lets a few wait, refuses the next with 503, and never holds an ordinary one back", async () => {
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const work = () =>
      new Promise<string>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve("ok");
        });
      });
    const accepted = Array.from({ length: HEAVY_SEARCHES_AT_ONCE + HEAVY_SEARCHES_WAITING }, () =>
      inHeavySearchTurn(heavy, work),
    );
    await settle();
    const refused = (await inHeavySearchTurn(heavy, work).catch((e: unknown) => e)) as Response;
    expect(refused).toBeInstanceOf(Response);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(((await refused.json()) as { detail: string }).detail).toBe(HEAVY_SEARCH_REFUSAL);
    // An ordinary search runs at once beside them.
    expect(await inHeavySearchTurn(ordinary, async () => "já")).toBe("já");
    for (let i = 0; i < accepted.length; i++) {
      await settle();
      releases[i]!();
    }
    expect(await Promise.all(accepted)).toEqual(accepted.map(() => "ok"));
    expect(most).toBe(HEAVY_SEARCHES_AT_ONCE);
  });
});
