/**
 * Integration: the neighbourhood market figures (ADR 0090) on a real
 * database (PGlite; PostgreSQL too with `TEST_DATABASE_URL`).
 * - A small hand-computed fixture (listings, a removed one, price history,
 *   a condominium) inserted directly: the stored row's medians, windows,
 *   types, chart months (prices read back from the history, São Paulo
 *   months) and the suppression under 5 listings; the page's loader answers
 *   from that row (links through the list URL codec, JSON-LD), 301 for
 *   another spelling, 404 for an unknown place.
 * - The recompute after a sync: the real `runSync` over the fake Vista fills
 *   the table, a price cut seen by a later run changes the figures, a run
 *   that changes nothing on the same day leaves them, a new day recomputes.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCaches } from "~/.server/cache";
import { sitemapEntries } from "~/.server/catalogue/sitemap";
import type { Database } from "~/.server/db";
import { countQueries, PUBLIC_REQUEST_QUERY_BUDGET } from "~/.server/db/query-count";
import { condominiums, listingPriceChanges, listings, neighbourhoodMarkets, syncState } from "~/.server/db/schema";
import { neighbourhoodPageResponse, neighbourhoodsIndexResponse } from "~/.server/neighbourhoods/pages";
import { refreshAfterSync, refreshNeighbourhoodMarkets } from "~/.server/neighbourhoods/refresh";
import { fillNeighbourhoodMarketsIfEmpty } from "~/.server/neighbourhoods/startup";
import { runSync } from "~/.server/sync";
import type { NeighbourhoodMarket } from "~/lib/neighbourhood-market";
import { FakeVista } from "~/test-support/fake-vista";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { makeListing, storedCondominium, storedRow } from "./helpers/fixtures";
import { settle, siteRequest } from "./helpers/loaders";

/** Noon in São Paulo on 20 November 2026. */
const NOW = new Date("2026-11-20T15:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

interface Spec {
  code: string;
  category?: "Apartamento" | "Casa";
  sale?: number;
  rent?: number;
  area: number;
  seen: number;
  removed?: number;
  fees?: boolean;
  neighbourhood?: string;
  condo?: string;
}

/** A stored listing row with exactly the columns the figures read. */
function row(spec: Spec) {
  const base = storedRow(makeListing({ code: spec.code, neighbourhood: spec.neighbourhood ?? "Moema" }), {
    condominiumSlug: spec.condo ?? null,
    now: NOW,
  });
  const category = spec.category ?? "Apartamento";
  return {
    ...base,
    category,
    categorySlug: category.toLowerCase(),
    forSale: spec.sale != null,
    forRent: spec.rent != null,
    salePrice: spec.sale ?? null,
    rentPrice: spec.rent ?? null,
    condoFee: spec.fees === false ? null : spec.rent != null ? 500 : 1000,
    iptu: spec.fees === false ? null : spec.rent != null ? 1200 : 2400,
    area: spec.area,
    firstSeenAt: daysAgo(spec.seen),
    removedAt: spec.removed != null ? daysAgo(spec.removed) : null,
    removalReason: spec.removed != null ? ("unlisted" as const) : null,
  };
}

/**
 * The fixture, by hand (price per m² in brackets):
 * sale apartments S1 1.0 M (10 000), S2 1.1 M (11 000), S3 1.2 M (12 000,
 * seen 10 days ago), S4 0.9 M (9 000, 50 days), S5 0.8 M (8 000, cut from
 * 1.0 M on 10 November, no condomínio), S6 removed 5 days ago (2.0 M, seen
 * 20 days ago); a house C1 2.0 M on 250 m² (8 000); rent apartments R1–R5
 * at 5 000, 6 000, 4 000, 7 000, 3 000 on 50 m² (R1 cut from 5 500 on
 * 5 November, R2 raised from 5 800 on 3 October); Pinheiros: 3 sale listings; Jardins: only a removed one.
 */
const SPECS: Spec[] = [
  { code: "S1", sale: 1_000_000, area: 100, seen: 200, condo: "edificio-sol" },
  { code: "S2", sale: 1_100_000, area: 100, seen: 200, condo: "edificio-sol" },
  { code: "S3", sale: 1_200_000, area: 100, seen: 10 },
  { code: "S4", sale: 900_000, area: 100, seen: 50 },
  { code: "S5", sale: 800_000, area: 100, seen: 100, fees: false },
  { code: "S6", sale: 2_000_000, area: 100, seen: 20, removed: 5 },
  { code: "C1", category: "Casa", sale: 2_000_000, area: 250, seen: 200 },
  { code: "R1", rent: 5000, area: 50, seen: 200 },
  { code: "R2", rent: 6000, area: 50, seen: 200 },
  { code: "R3", rent: 4000, area: 50, seen: 200 },
  { code: "R4", rent: 7000, area: 50, seen: 200 },
  { code: "R5", rent: 3000, area: 50, seen: 200 },
  { code: "P1", sale: 500_000, area: 50, seen: 30, neighbourhood: "Pinheiros" },
  { code: "P2", sale: 600_000, area: 50, seen: 30, neighbourhood: "Pinheiros" },
  { code: "P3", sale: 700_000, area: 50, seen: 30, neighbourhood: "Pinheiros" },
  { code: "J1", sale: 700_000, area: 50, seen: 300, removed: 200, neighbourhood: "Jardins" },
];

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("neighbourhood market figures (%s)", (kind) => {
  let test: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    database = test.database;
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  const stored = async (city: string, neighbourhood: string) => {
    const [found] = await database.db
      .select()
      .from(neighbourhoodMarkets)
      .where(
        sql`${neighbourhoodMarkets.citySlug} = ${city} and ${neighbourhoodMarkets.neighbourhoodSlug} = ${neighbourhood}`,
      );
    return found;
  };

  describe("a hand-computed fixture", () => {
    let moema: NeighbourhoodMarket;

    beforeAll(async () => {
      const db = database.db;
      await db.insert(listings).values(SPECS.map(row));
      await db.insert(condominiums).values(storedCondominium({ name: "Edifício Sol" }, "edificio-sol", NOW));
      await db.insert(listingPriceChanges).values([
        {
          listingCode: "S5",
          field: "sale",
          oldValue: 1_000_000,
          newValue: 800_000,
          changedAt: new Date("2026-11-10T15:00:00Z"),
        },
        {
          listingCode: "R1",
          field: "rent",
          oldValue: 5500,
          newValue: 5000,
          changedAt: new Date("2026-11-05T15:00:00Z"),
        },
        // A rise in October: the first recorded change, so the chart starts in October.
        {
          listingCode: "R2",
          field: "rent",
          oldValue: 5800,
          newValue: 6000,
          changedAt: new Date("2026-10-03T15:00:00Z"),
        },
      ]);
      const count = await refreshNeighbourhoodMarkets(db, { now: NOW, dataAsOf: NOW });
      expect(count).toBe(2);
      moema = (await stored("sao-paulo", "moema")).figures;
    });

    it("stores the sale figures of all types and of each type", async () => {
      const [sale] = moema.purposes;
      // Active sale: 10 000, 11 000, 12 000, 9 000, 8 000 and the house's 8 000 → median 9 500.
      expect(sale.all.pricePerM2).toEqual({ value: 9500, count: 6 });
      expect(sale.all.stock).toBe(6);
      // Days on market 200, 200, 10, 50, 100, 200 → 150.
      expect(sale.all.daysOnMarket).toEqual({ value: 150, count: 6 });
      // New: S3 (10 days), S6 (20, removed since) in 30 days; S4 (50) too in 90.
      expect(sale.all.newListings).toEqual({ d30: 2, d90: 3 });
      expect(sale.all.priceCuts).toEqual({ d30: 1, d90: 1 });
      // S5 states no condomínio: 4 apartments and the house have a cost.
      expect(sale.all.monthlyCost.count).toBe(5);
      const [apartments, houses] = sale.byType;
      expect(apartments.slug).toBe("apartamento");
      expect(apartments.figures.pricePerM2).toEqual({ value: 10_000, count: 5 });
      expect(apartments.figures.daysOnMarket).toEqual({ value: 100, count: 5 });
      // Suppressed: 4 apartments with a monthly cost, 1 house.
      expect(apartments.figures.monthlyCost).toEqual({ value: null, count: 4 });
      expect(houses.slug).toBe("casa");
      expect(houses.figures.pricePerM2).toEqual({ value: null, count: 1 });
      const row = await stored("sao-paulo", "moema");
      expect(row.salePricePerM2).toBe(9500);
      expect(row.rentPricePerM2).toBe(100);
      expect(row.stock).toBe(11);
    });

    it("stores the rent figures", () => {
      const rent = moema.purposes[1];
      // 100, 120, 80, 140, 60 per m²; costs rent + 500 + 100.
      expect(rent.all.pricePerM2).toEqual({ value: 100, count: 5 });
      expect(rent.all.monthlyCost).toEqual({ value: 5600, count: 5 });
      expect(rent.all.priceCuts).toEqual({ d30: 1, d90: 1 });
      expect(rent.all.newListings).toEqual({ d30: 0, d90: 0 });
    });

    it("charts each São Paulo month since the first recorded change, prices read back from the history", () => {
      const [sale, rent] = moema.purposes;
      expect(sale.series.map((p) => p.month)).toEqual(["2026-10", "2026-11"]);
      // End of October: S1, S2, S4, S5 at 1.0 M, S6 (not yet removed) and the house; S3 not yet seen.
      expect(sale.series[0].pricePerM2).toEqual({ value: 10_000, count: 6 });
      expect(sale.series[1].pricePerM2).toEqual({ value: 9500, count: 6 });
      // R1 at 5 500 in October (110 per m²).
      expect(rent.series[0].pricePerM2).toEqual({ value: 110, count: 5 });
      expect(rent.series[1].pricePerM2).toEqual({ value: 100, count: 5 });
    });

    it("suppresses every median of a neighbourhood with fewer than 5 listings, and skips one with none active", async () => {
      const pinheiros = (await stored("sao-paulo", "pinheiros")).figures;
      expect(pinheiros.purposes[0].all.pricePerM2).toEqual({ value: null, count: 3 });
      expect(pinheiros.purposes[0].series.every((p) => p.pricePerM2.value === null)).toBe(true);
      expect(await stored("sao-paulo", "jardins")).toBeUndefined();
      expect(moema.condominiums).toEqual([{ slug: "edificio-sol", name: "Edifício Sol", units: 2 }]);
    });

    it("serves the page from the stored row, with list links, 301 for another spelling and 404 for unknown places", async () => {
      /** The page of `/bairros/{cidade}/{bairro}`, as the route asks for it. */
      const neighbourhoodPage = (cidade: string, bairro: string) =>
        neighbourhoodPageResponse(siteRequest(`/bairros/${cidade}/${bairro}`), { cidade, bairro }, database.db);
      clearCaches();
      const response = await settle(neighbourhoodPage("sao-paulo", "moema"));
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("s-maxage");
      const data = response.data;
      expect(data.lists.venda.all).toBe("/todos-os-imoveis/venda-sao-paulo-moema");
      expect(data.lists.aluguel.types.apartamento).toBe("/todos-os-imoveis/aluguel-apartamento-sao-paulo-moema");
      expect(data.condominiumsHref).toBe("/condominios?cidade=sao-paulo&bairro=moema");
      expect(data.jsonLd.map((node: { "@type": string }) => node["@type"])).toEqual([
        "Place",
        "Dataset",
        "BreadcrumbList",
      ]);

      const moved = await settle(neighbourhoodPage("Sao-Paulo", "MOEMA"));
      expect(moved.status).toBe(301);
      expect(moved.headers.get("Location")).toBe("/bairros/sao-paulo/moema");
      for (const [cidade, bairro] of [
        ["sao-paulo", "jardins"],
        ["sao-paulo", "nao-existe"],
        ["rio", "moema"],
        ["sao-paulo", "x".repeat(500)],
      ]) {
        const missing = await settle(neighbourhoodPage(cidade, bairro));
        expect(missing.status).toBe(404);
      }

      // Bounded work (ADR 0062): one row and the slug vocabulary, cold caches included.
      clearCaches();
      const page = await countQueries(() => neighbourhoodPage("sao-paulo", "moema"));
      expect(page.queries).toBeLessThanOrEqual(PUBLIC_REQUEST_QUERY_BUDGET);
      expect(page.queries).toBeLessThanOrEqual(5);
      const counted = await countQueries(() => neighbourhoodsIndexResponse(siteRequest("/bairros"), database.db));
      expect(counted.queries).toBe(1);

      const index = (await settle(neighbourhoodsIndexResponse(siteRequest("/bairros"), database.db))).data;
      expect(index.cities).toHaveLength(1);
      expect(index.cities[0].neighbourhoods.map((n: { name: string; stock: number }) => [n.name, n.stock])).toEqual([
        ["Moema", 11],
        ["Pinheiros", 3],
      ]);
    });
    it("lists the pages in the sitemap with the data's day as lastmod", async () => {
      clearCaches();
      const entries = await sitemapEntries(database.db);
      expect(entries).toContainEqual({ path: "/bairros", lastmod: NOW.toISOString() });
      expect(entries).toContainEqual({ path: "/bairros/sao-paulo/moema", lastmod: NOW.toISOString() });
      expect(entries.some((entry) => entry.path === "/bairros/sao-paulo/jardins")).toBe(false);
    });
  });

  describe("after a sync", () => {
    let vista: FakeVista;
    const lines: string[] = [];
    const sync = (now: Date) =>
      runSync({ database, client: vista.client(), log: (l) => lines.push(l), now: () => now });
    const computedAt = async () => (await stored("sao-paulo", "moema"))?.computedAt ?? null;

    beforeAll(async () => {
      await database.db.execute(
        sql`truncate ${listings}, ${listingPriceChanges}, ${condominiums}, ${syncState}, ${neighbourhoodMarkets}`,
      );
      vista = new FakeVista({ defaults: {} });
      for (let i = 1; i <= 6; i++)
        vista.add(`V${i}`, { ValorVenda: String(400_000 + i * 50_000), AreaPrivativa: "50" });
    });

    it("computes the figures at the end of a run, recomputes when prices change, and once a day otherwise", async () => {
      await sync(NOW);
      const first = await stored("sao-paulo", "moema");
      // 450 000 … 700 000 on 50 m²: the median of 9 000 … 14 000 is 11 500.
      expect(first.figures.purposes[0].all.pricePerM2).toEqual({ value: 11_500, count: 6 });
      expect(first.dataAsOf.toISOString()).toBe(NOW.toISOString());
      expect(lines.some((line) => line.startsWith("[bairros] números de 1 bairros recalculados"))).toBe(true);

      const later = new Date(NOW.getTime() + 3_600_000);
      for (const code of ["V4", "V5", "V6"]) vista.edit(code, { ValorVenda: "400000", DataAtualizacao: "2026-11-20" });
      await sync(later);
      const second = await stored("sao-paulo", "moema");
      // 9 000, 10 000, 11 000 and three at 8 000 → 8 500; three cuts today.
      expect(second.figures.purposes[0].all.pricePerM2).toEqual({ value: 8500, count: 6 });
      expect(second.figures.purposes[0].all.priceCuts).toEqual({ d30: 3, d90: 3 });
      expect(second.computedAt.toISOString()).toBe(later.toISOString());

      // A delta run re-reads the day's latest edits, so a real run always writes something;
      // a run that wrote nothing leaves the figures on the same São Paulo day, and recomputes on the next.
      const quiet = { upserted: 0, removed: 0, priceChanges: 0 };
      const sameDay = new Date(later.getTime() + 3_600_000);
      expect(await refreshAfterSync(database.db, { counts: quiet, finishedAt: sameDay }, () => undefined)).toBe(false);
      expect((await computedAt())?.toISOString()).toBe(later.toISOString());
      const tomorrow = new Date(NOW.getTime() + 86_400_000);
      expect(await refreshAfterSync(database.db, { counts: quiet, finishedAt: tomorrow }, () => undefined)).toBe(true);
      expect((await computedAt())?.toISOString()).toBe(tomorrow.toISOString());
    });

    it("fills an empty table at start when a sync already succeeded, and not before", async () => {
      await database.db.delete(neighbourhoodMarkets);
      expect(await fillNeighbourhoodMarketsIfEmpty(database.db, () => undefined)).toBe(true);
      expect(await stored("sao-paulo", "moema")).toBeDefined();
      // Not empty: nothing to do.
      expect(await fillNeighbourhoodMarketsIfEmpty(database.db, () => undefined)).toBe(false);
      await database.db.delete(neighbourhoodMarkets);
      await database.db.delete(syncState).where(eq(syncState.job, "listings"));
      expect(await fillNeighbourhoodMarketsIfEmpty(database.db, () => undefined)).toBe(false);
    });
  });
});
