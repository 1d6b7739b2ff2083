/**
 * Integration: listing search, vocabulary and home sections on a PGlite read
 * model filled through the sync's own row mapping (`listingRow`,
 * `condominiumRow`). Expected results come from a plain reference
 * implementation over the same fixtures, never from hard-coded numbers.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearHomeCache, getHomeSections } from "~/.server/catalogue/home";
import { countListings, findListingPathByCode, searchListings } from "~/.server/catalogue/search";
import { clearVocabularyCache, getVocabulary } from "~/.server/catalogue/vocabulary";
import { migrate, openDatabase, type Database } from "~/.server/db";
import { condominiums, listings } from "~/.server/db/schema";
import type { Listing } from "~/domain/listing";
import { filtersToUrl, parseFilters, type ListingFilters, SORT_ORDERS } from "~/lib/filters";
import { slugify } from "~/lib/slug";
import { EMPTY_HOME_SECTIONS, makeListing, storedCondominium, storedRow, type StoredRow } from "./helpers/fixtures";
import { referenceSearch } from "./search-reference";

const CITIES = {
  "São Paulo": ["Moema", "Pinheiros", "Vila Mariana", "Jardim Paulista"],
  "Santo André": ["Centro", "Vila Assunção"],
} as const;
const CATEGORIES = ["Apartamento", "Casa", "Casa de Condomínio"] as const;

/** 150 deterministic listings covering every facet (some removed, some priceless, ties on purpose). */
function fixtures(): { listing: Listing; removed: boolean; condominium: string | null }[] {
  const out: { listing: Listing; removed: boolean; condominium: string | null }[] = [];
  const places = Object.entries(CITIES).flatMap(([city, nbs]) => nbs.map((nb) => [city, nb] as const));
  for (let i = 0; i < 150; i++) {
    const [city, neighbourhood] = places[(i * 7) % places.length];
    const kind = i % 3; // 0 sale, 1 rent, 2 both
    const salePrice = kind !== 1 ? 200_000 + ((i * 37_000) % 1_800_000) : null;
    const rentPrice = kind !== 0 ? 1_000 + ((i * 530) % 9_000) : null;
    const inCondo = i % 10 === 0 ? "Edifício Aurora" : null;
    out.push({
      listing: makeListing({
        code: `C${String(i).padStart(4, "0")}`,
        category: CATEGORIES[i % CATEGORIES.length],
        city,
        neighbourhood: inCondo ? "Moema" : neighbourhood,
        ...(inCondo ? { city: "São Paulo" } : {}),
        salePrice: i === 149 ? null : salePrice,
        rentPrice: i === 149 ? null : rentPrice, // 149: no price at all → stored as removed
        condoFee: i % 4 === 0 ? null : 300 + (i % 13) * 100,
        iptu: i % 5 === 0 ? null : 1_200 + (i % 7) * 400,
        privateArea: i % 17 === 0 ? null : 30 + ((i * 13) % 250),
        bedrooms: i % 11 === 0 ? null : (i % 5) + 1,
        updatedAt: i % 19 === 0 ? null : `2026-0${1 + (i % 6)}-${String(1 + (i % 27)).padStart(2, "0")}`,
        isFeatured: i % 9 === 0,
        isLaunch: i % 12 === 0,
        development: inCondo ?? "",
        coverPhotoUrl: `https://cdn.example.test/${i}.jpg`,
      }),
      removed: i % 23 === 5,
      condominium: inCondo ? slugify(inCondo) : null,
    });
  }
  return out;
}

let database: Database;
const now = new Date("2026-07-01T12:00:00Z");
type Row = StoredRow;
let active: Row[] = [];

beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  await migrate(database);
  const rows = fixtures().map(({ listing, removed, condominium }) =>
    storedRow(listing, { condominiumSlug: condominium, removed, now }),
  );
  await database.db.insert(listings).values(rows);
  await database.db.insert(condominiums).values(storedCondominium({ name: "Edifício Aurora" }, "edificio-aurora", now));
  active = rows.filter((r) => r.removedAt == null);
  clearVocabularyCache();
  clearHomeCache();
});

afterAll(async () => {
  await database?.close();
});

const reference = (f: ListingFilters) => referenceSearch(active, f);

// ---------------------------------------------------------------------------

describe("searchListings", () => {
  it("returns every active listing, never a removed or priceless one", async () => {
    const all: string[] = [];
    const first = await searchListings({}, { db: database.db, pageSize: 24 });
    expect(first.total).toBe(active.length);
    expect(first.pageCount).toBe(Math.ceil(active.length / 24));
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await searchListings({ page }, { db: database.db, pageSize: 24 });
      expect(result.items.length).toBe(page < first.pageCount ? 24 : active.length - 24 * (first.pageCount - 1));
      all.push(...result.items.map((i) => i.code));
    }
    expect(all).toEqual(reference({}));
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain("C0149"); // no price
    expect(all).not.toContain("C0005"); // removed
  });

  it("matches the reference for filters and sorts (property-based)", async () => {
    const vocab = await getVocabulary({ db: database.db });
    const cityArb = fc.constantFrom(...vocab.cities);
    const filtersArb = fc
      .record({
        purpose: fc.option(fc.constantFrom("venda" as const, "aluguel" as const), { nil: undefined }),
        category: fc.option(fc.constantFrom(...vocab.categories.map((c) => c.slug)), { nil: undefined }),
        place: fc.option(
          cityArb.chain((city) =>
            fc.subarray(city.neighbourhoods.map((n) => n.slug)).map((nbs) => ({ city: city.slug, nbs })),
          ),
          { nil: undefined },
        ),
        priceMin: fc.option(fc.constantFrom(1_500, 5_000, 300_000, 900_000), { nil: undefined }),
        priceMax: fc.option(fc.constantFrom(3_000, 8_000, 600_000, 1_500_000), { nil: undefined }),
        bedroomsMin: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        sort: fc.option(fc.constantFrom(...SORT_ORDERS), { nil: undefined }),
      })
      .map(({ place, ...f }): ListingFilters => ({
        ...f,
        city: place?.city,
        neighbourhoods: place?.nbs.length ? place.nbs : undefined,
      }));
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const expected = reference(filters);
        const result = await searchListings(filters, { db: database.db, pageSize: 10 });
        expect(result.total).toBe(expected.length);
        expect(result.items.map((i) => i.code)).toEqual(expected.slice(0, 10));
        expect(await countListings(filters, { db: database.db })).toBe(expected.length);
      }),
      { numRuns: 150 },
    );
  });

  it("applies the price range to the purpose's price", async () => {
    const sale = await searchListings({ purpose: "venda", priceMax: 500_000 }, { db: database.db, pageSize: 500 });
    expect(sale.items.length).toBeGreaterThan(0);
    for (const item of sale.items) expect(item.salePrice).toBeLessThanOrEqual(500_000);
    const rent = await searchListings({ purpose: "aluguel", priceMin: 5_000 }, { db: database.db, pageSize: 500 });
    expect(rent.items.length).toBeGreaterThan(0);
    for (const item of rent.items) expect(item.rentPrice).toBeGreaterThanOrEqual(5_000);
  });

  it("sorts by the monthly cost of the purpose", async () => {
    const result = await searchListings(
      { purpose: "aluguel", sort: "menor-custo-mensal" },
      { db: database.db, pageSize: 500 },
    );
    const costs = result.items.map((i) => i.rentPrice! + (i.condoFee ?? 0) + (i.iptu ?? 0) / 12);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
  });

  it("gives an empty page for an impossible search, and pages past the end are empty", async () => {
    const none = await searchListings({ purpose: "venda", priceMax: 1 }, { db: database.db });
    expect(none).toEqual({ items: [], total: 0, page: 1, pageCount: 0 });
    const past = await searchListings({ page: 99 }, { db: database.db });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(active.length);
  });

  it("builds card summaries with the canonical listing path", async () => {
    const { items } = await searchListings(
      { city: "sao-paulo", neighbourhoods: ["moema"] },
      { db: database.db, pageSize: 500 },
    );
    const inCondo = items.find((i) => i.condominiumName === "Edifício Aurora");
    expect(inCondo?.path).toBe(`/detalhes/edificio-aurora/${inCondo?.code}`);
    const outside = items.find((i) => !i.condominiumName);
    expect(outside?.path).toBe(
      `/detalhes/${slugify(`${outside?.category} ${outside?.neighbourhood}`)}/${outside?.code}`,
    );
    for (const item of items) {
      expect(item.purposes.length).toBeGreaterThan(0);
      expect(item.coverPhotoUrl).toMatch(/^https:\/\/cdn\.example\.test\//);
    }
  });
});

describe("findListingPathByCode", () => {
  it("finds active listings by code, case-insensitively, and not removed ones", async () => {
    expect(await findListingPathByCode("C0001", { db: database.db })).toMatch(/\/C0001$/);
    expect(await findListingPathByCode(" c0001 ", { db: database.db })).toMatch(/\/C0001$/);
    expect(await findListingPathByCode("C0005", { db: database.db })).toBeNull();
    expect(await findListingPathByCode("nope", { db: database.db })).toBeNull();
  });
});

describe("getVocabulary", () => {
  it("counts active listings per category, city and neighbourhood", async () => {
    const vocab = await getVocabulary({ db: database.db });
    expect(vocab.total).toBe(active.length);
    expect(vocab.purposes.venda).toBe(active.filter((r) => r.forSale).length);
    expect(vocab.purposes.aluguel).toBe(active.filter((r) => r.forRent).length);
    for (const c of vocab.categories) expect(c.count).toBe(active.filter((r) => r.categorySlug === c.slug).length);
    expect(vocab.categories.map((c) => c.label).sort()).toEqual([...CATEGORIES].sort());
    for (const city of vocab.cities) {
      expect(city.count).toBe(active.filter((r) => r.citySlug === city.slug).length);
      for (const nb of city.neighbourhoods) {
        expect(nb.count).toBe(active.filter((r) => r.citySlug === city.slug && r.neighbourhoodSlug === nb.slug).length);
      }
    }
    expect(vocab.cities.find((c) => c.slug === "sao-paulo")?.label).toBe("São Paulo");
    // Same object while cached (the codec indexes it once).
    expect(await getVocabulary({ db: database.db })).toBe(vocab);
  });

  it("lets the codec read every place and category link", async () => {
    const vocab = await getVocabulary({ db: database.db });
    for (const city of vocab.cities) {
      for (const nb of city.neighbourhoods) {
        const filters: ListingFilters = {
          purpose: "venda",
          category: vocab.categories[0].slug,
          city: city.slug,
          neighbourhoods: [nb.slug],
        };
        const url = filtersToUrl(filters, vocab);
        const segment = url.split("/")[2];
        expect(parseFilters(segment, new URLSearchParams(), vocab)).toEqual({ filters, canonical: url });
      }
    }
  });
});

describe("getHomeSections", () => {
  it("fills featured, launches, condominiums and place links from active listings", async () => {
    const home = await getHomeSections({ db: database.db });
    expect(home.total).toBe(active.length);
    expect(home.featured.length).toBe(Math.min(8, active.filter((r) => r.isFeatured).length));
    expect(home.featured.every((l) => l.isFeatured)).toBe(true);
    expect(home.launches.every((l) => l.isLaunch)).toBe(true);
    expect(home.recent).toEqual([]);
    const units = active.filter((r) => r.condominiumSlug === "edificio-aurora");
    expect(home.condominiums).toEqual([
      expect.objectContaining({
        slug: "edificio-aurora",
        path: "/detalhes/edificio-aurora",
        units: units.length,
        unitsForSale: units.filter((u) => u.forSale).length,
        salePriceFrom: Math.min(...units.filter((u) => u.forSale).map((u) => u.salePrice!)),
        coverPhotoUrl: expect.stringMatching(/^https:\/\/cdn\.example\.test\//),
      }),
    ]);
    const sp = home.cities.find((c) => c.label === "São Paulo")!;
    expect(sp.url).toBe("/todos-os-imoveis/sao-paulo");
    expect(sp.forSaleUrl).toBe("/todos-os-imoveis/venda-sao-paulo");
    const counts = sp.neighbourhoods.map((n) => n.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const moema = sp.neighbourhoods.find((n) => n.label === "Moema")!;
    expect(moema.url).toBe("/todos-os-imoveis/sao-paulo-moema");
    expect(moema.count).toBe(
      await countListings({ city: "sao-paulo", neighbourhoods: ["moema"] }, { db: database.db }),
    );
  });

  it("is empty, not failing, on an empty read model", async () => {
    const empty = await openDatabase({ inMemory: true });
    try {
      await migrate(empty);
      const home = await getHomeSections({ db: empty.db });
      expect(home).toEqual(EMPTY_HOME_SECTIONS);
      const result = await searchListings({}, { db: empty.db });
      expect(result).toEqual({ items: [], total: 0, page: 1, pageCount: 0 });
    } finally {
      await empty.close();
    }
  });
});
