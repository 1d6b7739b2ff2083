import { describe, expect, it } from "vitest";
import { computeMarkets, type MarketListing } from "./neighbourhood-figures";

const now = new Date("2026-11-29T15:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

function listing(code: string, over: Partial<MarketListing> = {}): MarketListing {
  return {
    code,
    city: "São Paulo",
    citySlug: "sao-paulo",
    neighbourhood: "Moema",
    neighbourhoodSlug: "moema",
    category: "Apartamento",
    categorySlug: "apartamento",
    forSale: true,
    forRent: false,
    salePrice: 1_000_000,
    rentPrice: null,
    condoFee: 1000,
    iptu: 2400,
    area: 100,
    firstSeenAt: daysAgo(100),
    removedAt: null,
    condominiumSlug: null,
    ...over,
  };
}

const financing = { defaultYearlyRatePercent: 12, defaultTermMonths: 360 };

describe("computeMarkets", () => {
  it("computes the medians, windows and types of a neighbourhood", () => {
    const listings = [
      listing("A", { salePrice: 800_000, firstSeenAt: daysAgo(10) }),
      listing("B", { salePrice: 900_000, firstSeenAt: daysAgo(40) }),
      listing("C", { salePrice: 1_000_000 }),
      listing("D", { salePrice: 1_100_000 }),
      listing("E", { salePrice: 1_200_000, condoFee: null }),
      listing("F", { category: "Casa", categorySlug: "casa", salePrice: 2_000_000, area: 200 }),
      listing("G", { removedAt: daysAgo(5), firstSeenAt: daysAgo(20) }),
    ];
    const changes = [
      { listingCode: "C", field: "sale" as const, oldValue: 1_100_000, newValue: 1_000_000, changedAt: daysAgo(3) },
      { listingCode: "D", field: "sale" as const, oldValue: 1_200_000, newValue: 1_100_000, changedAt: daysAgo(60) },
      { listingCode: "B", field: "sale" as const, oldValue: 800_000, newValue: 900_000, changedAt: daysAgo(2) },
    ];
    const markets = computeMarkets({ listings, changes, condominiums: [], financing, seriesFrom: "2026-11", now });
    const moema = markets.get("sao-paulo/moema")!;
    expect(moema.stock).toBe(6);
    const sale = moema.purposes[0];
    expect(sale.purpose).toBe("venda");
    // Per m²: 8000, 9000, 10000, 11000, 12000, 10000 → median 10000.
    expect(sale.all.pricePerM2).toEqual({ value: 10_000, count: 6 });
    expect(sale.all.stock).toBe(6);
    // Monthly cost: E has no condomínio, so 5 listings count.
    expect(sale.all.monthlyCost.count).toBe(5);
    expect(sale.all.newListings).toEqual({ d30: 2, d90: 3 });
    expect(sale.all.priceCuts).toEqual({ d30: 1, d90: 2 });
    expect(sale.all.daysOnMarket).toEqual({ value: 100, count: 6 });
    // The types: apartments (5 active) then houses (1: suppressed).
    expect(sale.byType.map((t) => [t.slug, t.figures.stock])).toEqual([
      ["apartamento", 5],
      ["casa", 1],
    ]);
    expect(sale.byType[1].figures.pricePerM2).toEqual({ value: null, count: 1 });
    // Nothing for rent.
    expect(moema.purposes[1].all.stock).toBe(0);
    expect(moema.purposes[1].all.pricePerM2).toEqual({ value: null, count: 0 });
    expect(moema.saleCostBasis).toContain("30 anos");
  });

  it("reads each month's prices back from the history and suppresses thin months", () => {
    const listings = ["A", "B", "C", "D", "E"].map((code) => listing(code, { firstSeenAt: daysAgo(200) }));
    listings.push(listing("N", { firstSeenAt: new Date("2026-11-05T12:00:00Z"), salePrice: 5_000_000 }));
    const changes = ["A", "B", "C"].map((code) => ({
      listingCode: code,
      field: "sale" as const,
      oldValue: 1_500_000,
      newValue: 1_000_000,
      changedAt: new Date("2026-11-02T12:00:00Z"),
    }));
    const markets = computeMarkets({ listings, changes, condominiums: [], financing, seriesFrom: "2026-10", now });
    const series = markets.get("sao-paulo/moema")!.purposes[0].series;
    expect(series.map((p) => p.month)).toEqual(["2026-10", "2026-11"]);
    // October: A, B, C at 15000/m², D and E at 10000/m² → 15000 (N not yet on the market).
    expect(series[0].pricePerM2).toEqual({ value: 15_000, count: 5 });
    // November: five at 10000/m², N at 50000/m² → 10000.
    expect(series[1].pricePerM2).toEqual({ value: 10_000, count: 6 });

    const thin = computeMarkets({
      listings: listings.slice(0, 4),
      changes: [],
      condominiums: [],
      financing,
      seriesFrom: "2026-11",
      now,
    });
    expect(thin.get("sao-paulo/moema")!.purposes[0].series[0].pricePerM2).toEqual({ value: null, count: 4 });
  });

  it("leaves out neighbourhoods without an active listing and counts condominium units", () => {
    const markets = computeMarkets({
      listings: [
        listing("A", { condominiumSlug: "edificio-sol" }),
        listing("B", { condominiumSlug: "edificio-sol" }),
        listing("Z", { neighbourhood: "Jardins", neighbourhoodSlug: "jardins", removedAt: daysAgo(1) }),
      ],
      changes: [],
      condominiums: [{ slug: "edificio-sol", name: "Edifício Sol" }],
      financing: null,
      seriesFrom: "2026-11",
      now,
    });
    expect([...markets.keys()]).toEqual(["sao-paulo/moema"]);
    const moema = markets.get("sao-paulo/moema")!;
    expect(moema.condominiums).toEqual([{ slug: "edificio-sol", name: "Edifício Sol", units: 2 }]);
    expect(moema.purposes[0].all.monthlyCost.count).toBe(0);
    expect(moema.saleCostBasis).toBeNull();
  });
});
