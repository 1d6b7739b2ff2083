/**
 * Integration: the total monthly cost filter (`custo-min`, `custo-max`,
 * ADR 0086) on a PGlite read model filled through the sync's own row
 * mapping. The SQL cost (`app/.server/catalogue/monthly-cost.ts`) must equal
 * the pure one (`~/lib/monthly-cost`, itself checked against the financing
 * simulator) to the centavo, every result must cost within the range,
 * listings with an unstated condomínio or IPTU must stay out and be counted
 * by the notice, and the admin's financing settings must drive the sale
 * estimate.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { costNotice } from "~/.server/catalogue/cost-notice";
import { saleMonthlyCostSql } from "~/.server/catalogue/monthly-cost";
import { countListings, searchListings } from "~/.server/catalogue/search";
import type { Db } from "~/.server/db";
import { listings, siteSettings } from "~/.server/db/schema";
import type { Purpose } from "~/domain/listing";
import { DEFAULT_FINANCING_SETTINGS } from "~/lib/financing-form";
import type { ListingFilters } from "~/lib/filters";
import { type CostFinancing, monthlyTotal } from "~/lib/monthly-cost";
import { postgresTestUrl } from "./helpers/database";
import { makeListing, storedRow, type StoredRow } from "./helpers/fixtures";
import { useTestDatabase } from "./helpers/use-database";

let active: StoredRow[] = [];
const now = new Date("2026-07-01T12:00:00Z");

/** 120 listings: sale, rent or both, prices spread widely, some fees unstated. */
function rows(): StoredRow[] {
  return Array.from({ length: 120 }, (_, i) => {
    const kind = i % 3; // 0 sale, 1 rent, 2 both
    return storedRow(
      makeListing({
        code: `MC${String(i).padStart(3, "0")}`,
        salePrice: kind !== 1 ? 90_000 + ((i * 41_337) % 900_000) + (i % 7) * 0.5 : null,
        rentPrice: kind !== 0 ? 900 + ((i * 613) % 7_000) : null,
        condoFee: i % 6 === 0 ? null : 150 + (i % 11) * 90,
        iptu: i % 8 === 3 ? null : 600 + (i % 9) * 333,
      }),
      { condominiumSlug: null, now },
    );
  });
}

const known = (r: StoredRow) => r.condoFee != null && r.iptu != null;

/** The monthly cost of `r`'s offer for `purpose` by the pure formula (fees as zero when unstated). */
function cost(r: StoredRow, purpose: Purpose, financing: CostFinancing): number | null {
  const prices = {
    salePrice: r.salePrice ?? null,
    rentPrice: r.rentPrice ?? null,
    condoFee: r.condoFee ?? null,
    iptu: r.iptu ?? null,
  };
  return monthlyTotal(prices, purpose, financing)?.amount ?? null;
}

/** Codes the filter must return (reference over the fixtures). */
function expected(filters: ListingFilters, financing: CostFinancing, fees: "known" | "unknown" = "known"): string[] {
  const within = (c: number | null) =>
    c != null &&
    (filters.costMin == null || fees === "unknown" || c >= filters.costMin) &&
    (filters.costMax == null || c <= filters.costMax);
  const purposes: Purpose[] = filters.purpose ? [filters.purpose] : ["venda", "aluguel"];
  return active
    .filter((r) => (fees === "known" ? known(r) : !known(r)))
    .filter((r) => purposes.some((p) => (p === "venda" ? r.forSale : r.forRent) && within(cost(r, p, financing))))
    .map((r) => r.code)
    .sort();
}

/** PGlite always; PostgreSQL too when `TEST_DATABASE_URL` is set (float8 and `power` must agree on both). */
const KINDS: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(KINDS)("on %s", (kind) => {
  const test = useTestDatabase(kind);
  const database = {
    get db(): Db {
      return test.database.db;
    },
  };

  beforeAll(async () => {
    const all = rows();
    await database.db.insert(listings).values(all);
    active = all;
  });

  async function found(filters: ListingFilters): Promise<string[]> {
    const result = await searchListings(filters, { db: database.db, pageSize: 500 });
    return result.items.map((i) => i.code).sort();
  }

  describe("the sale cost in SQL", () => {
    it("equals the pure formula to the centavo on every listing for sale", async () => {
      const sql = await database.db
        .select({ code: listings.code, cost: saleMonthlyCostSql() })
        .from(listings)
        .where(eq(listings.forSale, true));
      expect(sql.length).toBeGreaterThan(50);
      for (const row of sql) {
        const r = active.find((a) => a.code === row.code)!;
        expect(Number(row.cost), row.code).toBe(cost(r, "venda", DEFAULT_FINANCING_SETTINGS));
      }
    });
  });

  describe("custo-min / custo-max", () => {
    const cases: ListingFilters[] = [
      { costMax: 5_000 },
      { purpose: "aluguel", costMax: 5_000 },
      { purpose: "venda", costMax: 5_000 },
      { costMin: 3_000, costMax: 6_000 },
      { purpose: "venda", costMin: 7_000 },
      { purpose: "aluguel", costMin: 4_000, costMax: 4_500 },
    ];

    it("returns exactly the listings whose stated monthly cost is within the range", async () => {
      for (const filters of cases) {
        const codes = await found(filters);
        expect(codes, JSON.stringify(filters)).toEqual(expected(filters, DEFAULT_FINANCING_SETTINGS));
        expect(await countListings(filters, { db: database.db })).toBe(codes.length);
      }
    });

    it("keeps every result at or below R$ 5.000 and every unstated fee out", async () => {
      const result = await searchListings({ purpose: "aluguel", costMax: 5_000 }, { db: database.db, pageSize: 500 });
      expect(result.total).toBeGreaterThan(0);
      for (const item of result.items) {
        expect(item.condoFee).not.toBeNull();
        expect(item.iptu).not.toBeNull();
        expect(monthlyTotal(item, "aluguel", null)!.amount).toBeLessThanOrEqual(5_000);
      }
    });

    it("counts the listings left out for an unstated fee that might fit", async () => {
      for (const filters of cases) {
        const notice = await costNotice(filters, () => "/sem-custo", { db: database.db });
        expect(notice!.leftOut, JSON.stringify(filters)).toBe(
          expected(filters, DEFAULT_FINANCING_SETTINGS, "unknown").length,
        );
        expect(notice!.withoutCostHref).toBe("/sem-custo");
        expect(notice!.saleEstimate == null).toBe(filters.purpose === "aluguel");
      }
      expect((await costNotice({ costMax: 5_000 }, () => "", { db: database.db }))!.leftOut).toBeGreaterThan(0);
      expect(await costNotice({ purpose: "venda" }, () => "", { db: database.db })).toBeNull();
    });

    it("follows the admin's financing settings, and falls back on a malformed value", async () => {
      const saved = { defaultYearlyRatePercent: 9.25, defaultTermMonths: 240, banks: [] };
      await database.db.insert(siteSettings).values({ key: "financing", value: saved });
      try {
        const filters: ListingFilters = { purpose: "venda", costMax: 6_000 };
        expect(await found(filters)).toEqual(expected(filters, saved));
        expect(await found(filters)).not.toEqual(expected(filters, DEFAULT_FINANCING_SETTINGS));
        expect((await costNotice(filters, () => "", { db: database.db }))!.saleEstimate).toContain("20 anos");

        await database.db
          .update(siteSettings)
          .set({ value: { defaultYearlyRatePercent: "nove", defaultTermMonths: 240.5, banks: [] } })
          .where(eq(siteSettings.key, "financing"));
        expect(await found(filters)).toEqual(expected(filters, DEFAULT_FINANCING_SETTINGS));
      } finally {
        await database.db.delete(siteSettings).where(eq(siteSettings.key, "financing"));
      }
    });
  });
});
