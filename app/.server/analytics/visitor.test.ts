import { describe, expect, it } from "vitest";
import type { Database } from "../db";
import { analyticsEvents, analyticsSalts } from "../db/schema";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { rawCutoffDay } from "./maintenance";
import { beaconRows, filterPairs, listingCodeOfPath, normalizeSearchTerm } from "./record";
import { addDays, clearSaltCache, dailySalt, deviceClass, pruneSalts, saoPauloDay, visitorHash } from "./visitor";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ORIGIN = "https://imobiliaria.example";

describe("saoPauloDay / addDays", () => {
  it("counts days in São Paulo time (UTC−3)", () => {
    expect(saoPauloDay(new Date("2026-11-24T02:59:59Z"))).toBe("2026-11-23");
    expect(saoPauloDay(new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-24");
  });
  it("moves across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("deviceClass", () => {
  it.each([
    [UA, "desktop"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1", "mobile"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36", "mobile"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1", "tablet"],
  ])("%s → %s", (ua, expected) => {
    expect(deviceClass(ua)).toBe(expected);
  });
});

describe("visitorHash", () => {
  const input = { salt: "a".repeat(64), origin: ORIGIN, ip: "203.0.113.5", userAgent: UA };
  it("is stable for the same salt, origin, IP and User-Agent", () => {
    expect(visitorHash(input)).toBe(visitorHash({ ...input }));
    expect(visitorHash(input)).toMatch(/^[0-9a-f]{64}$/);
  });
  it("changes with the salt, the IP or the User-Agent, and contains neither", () => {
    const hash = visitorHash(input);
    expect(visitorHash({ ...input, salt: "b".repeat(64) })).not.toBe(hash);
    expect(visitorHash({ ...input, ip: "203.0.113.6" })).not.toBe(hash);
    expect(visitorHash({ ...input, userAgent: `${UA} X` })).not.toBe(hash);
    expect(hash).not.toContain("203");
  });
});

describe("address helpers", () => {
  it("reads the listing code of a listing page only", () => {
    expect(listingCodeOfPath("/detalhes/apartamento-moema/AP-123")).toBe("AP-123");
    expect(listingCodeOfPath("/detalhes/edificio-sol")).toBeNull();
    expect(listingCodeOfPath("/detalhes/x/%E0%A4%A")).toBeNull();
    expect(listingCodeOfPath("/detalhes/x/a%20b")).toBeNull();
  });
  it("normalises search terms", () => {
    expect(normalizeSearchTerm("  Cobertura\t MOEMA  ")).toBe("cobertura moema");
    expect(normalizeSearchTerm("   ")).toBeNull();
    expect(normalizeSearchTerm("x".repeat(300))).toHaveLength(100);
  });
  it("lists one pair per filter value, without the page", () => {
    expect(
      filterPairs({ city: "sao-paulo", neighbourhoods: ["moema", "vila-mariana"], launch: true, page: 3 }),
    ).toEqual([
      ["city", "sao-paulo"],
      ["neighbourhoods", "moema"],
      ["neighbourhoods", "vila-mariana"],
      ["launch", "sim"],
    ]);
  });
});

describe("rawCutoffDay", () => {
  it("is the same day 13 months earlier, clamped to the month's end", () => {
    expect(rawCutoffDay("2026-11-24")).toBe("2025-10-24");
    expect(rawCutoffDay("2026-03-31")).toBe("2025-02-28");
    expect(rawCutoffDay("2026-01-15")).toBe("2024-12-15");
  });
});

describe("daily salt rotation (PGlite)", () => {
  let database: Database;
  useMigratedMemoryDatabase((opened) => (database = opened));
  const sender = { origin: ORIGIN, ip: "203.0.113.5", userAgent: UA };
  const noVocabulary = async () => ({ categories: [], cities: [] });

  it("keeps one salt per day, shared by every reader", async () => {
    const first = await dailySalt(database.db, "2026-11-24");
    clearSaltCache(database.db);
    expect(await dailySalt(database.db, "2026-11-24")).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await dailySalt(database.db, "2026-11-25")).not.toBe(first);
  });

  it("gives the same visitor the same hash all day and another hash the next day", async () => {
    const at = (iso: string) => ({ db: database.db, now: new Date(iso), vocabulary: noVocabulary });
    const morning = await beaconRows({ type: "pageview", path: "/" }, sender, at("2026-11-24T12:00:00Z"));
    const evening = await beaconRows({ type: "pageview", path: "/sobre" }, sender, at("2026-11-25T02:30:00Z"));
    const nextDay = await beaconRows({ type: "pageview", path: "/" }, sender, at("2026-11-25T12:00:00Z"));
    const other = await beaconRows(
      { type: "pageview", path: "/" },
      { ...sender, ip: "203.0.113.6" },
      at("2026-11-24T12:00:00Z"),
    );
    expect(evening[0]!.visitorHash).toBe(morning[0]!.visitorHash);
    expect(nextDay[0]!.visitorHash).not.toBe(morning[0]!.visitorHash);
    expect(other[0]!.visitorHash).not.toBe(morning[0]!.visitorHash);
    for (const row of [...morning, ...nextDay]) {
      expect(JSON.stringify(row)).not.toContain(sender.ip);
      expect(JSON.stringify(row)).not.toContain("Chrome");
    }
    // The rows are insertable as they are.
    await database.db.insert(analyticsEvents).values(morning);
  });

  it("deletes salts older than yesterday, so old hashes cannot be recomputed", async () => {
    await dailySalt(database.db, "2026-11-20");
    await dailySalt(database.db, "2026-11-23");
    await dailySalt(database.db, "2026-11-24");
    const deleted = await pruneSalts(database.db, new Date("2026-11-24T15:00:00Z"));
    expect(deleted).toBeGreaterThanOrEqual(1);
    const days = (await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day);
    expect(days).not.toContain("2026-11-20");
    expect(days).toEqual(expect.arrayContaining(["2026-11-23", "2026-11-24"]));
  });
});
