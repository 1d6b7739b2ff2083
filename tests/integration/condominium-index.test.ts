/**
 * Integration: the condominium index `/condominios` on the
 * process database (PGlite in a temporary DATA_DIR) filled with the sync's
 * own row mapping: the cards against a plain reference over the fixtures
 * (units, "a partir de" prices, order), the place filters and their
 * canonical URLs, paging, the route's redirects, the home page's featured
 * condominiums (the index's first cards) and the sitemap entries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clearCondominiumIndexCache,
  CONDOMINIUM_PAGE_SIZE,
  condominiumIndexUrl,
  getCondominiumDirectory,
  pageOfCondominiums,
  parseCondominiumQuery,
} from "~/.server/catalogue/condominium-index";
import { clearHomeCache, getHomeSections, HOME_CONDOMINIUMS } from "~/.server/catalogue/home";
import { clearSitemapCache, sitemapEntries } from "~/.server/catalogue/sitemap";
import { clearVocabularyCache } from "~/.server/catalogue/vocabulary";
import type { Database } from "~/.server/db";
import { condominiums, listings } from "~/.server/db/schema";
import { slugify } from "~/lib/slug";
import { loader as indexLoader } from "~/routes/condominiums";
import { FIXTURE_PLACES, makeListing, storedCondominium, storedRow, type StoredRow } from "./helpers/fixtures";
import { answer, loaderArgs, SITE_ORIGIN as ORIGIN } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

const now = new Date("2026-07-01T12:00:00Z");
const PLACES = [...FIXTURE_PLACES, ["Santo André", "Jardim"]] as const;

/** 40 condominiums: condo i has (i % 7) + 1 units (some removed); condo 39 has only removed units. */
const CONDOS = Array.from({ length: 40 }, (_, i) => {
  const [city, neighbourhood] = PLACES[i % PLACES.length];
  return {
    name: `Edifício ${String.fromCharCode(65 + (i % 26))}${i}`,
    city,
    neighbourhood,
    slug: slugify(`edificio ${i}`),
  };
});

let processDb: ProcessDatabase;
let database: Database;
const rows: StoredRow[] = [];

beforeAll(async () => {
  processDb = await openProcessDatabase("condo-index");
  database = processDb.database;
  let n = 0;
  for (const [i, condo] of CONDOS.entries()) {
    const units = (i % 7) + 1;
    for (let u = 0; u < units; u++, n++) {
      const kind = n % 3; // 0 sale, 1 rent, 2 both
      const listing = makeListing({
        code: `K${String(n).padStart(4, "0")}`,
        city: condo.city,
        neighbourhood: condo.neighbourhood,
        development: condo.name,
        salePrice: kind !== 1 ? 400_000 + ((n * 53_000) % 1_500_000) : null,
        rentPrice: kind !== 0 ? 1_800 + ((n * 170) % 6_000) : null,
        coverPhotoUrl: `https://cdn.example.test/k${n}.jpg`,
      });
      rows.push(
        storedRow(listing, { condominiumSlug: condo.slug, removed: i === 39 || (u === 0 && i % 5 === 1), now }),
      );
    }
  }
  // A listing outside any condominium: never on the index.
  rows.push(storedRow(makeListing({ code: "SOLO1", salePrice: 500_000 }), { condominiumSlug: null, now }));
  await database.db.insert(listings).values(rows);
  await database.db
    .insert(condominiums)
    .values(
      CONDOS.map((c) =>
        storedCondominium(
          { name: c.name, neighbourhood: c.neighbourhood, city: c.city, latitude: -23.6, longitude: -46.6 },
          c.slug,
          now,
        ),
      ),
    );
  clearCondominiumIndexCache();
  clearHomeCache();
  clearVocabularyCache();
  clearSitemapCache();
}, 60_000);

afterAll(async () => {
  await processDb?.close();
});

/** The index cards, computed plainly from the fixture rows. */
function reference() {
  const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });
  return CONDOS.map((c) => {
    const units = rows.filter((r) => r.condominiumSlug === c.slug && r.removedAt == null);
    const sale = units.filter((r) => r.forSale).map((r) => r.salePrice!);
    const rent = units.filter((r) => r.forRent).map((r) => r.rentPrice!);
    return {
      slug: c.slug,
      name: c.name,
      citySlug: slugify(c.city),
      neighbourhoodSlug: slugify(c.neighbourhood),
      units: units.length,
      unitsForSale: sale.length,
      unitsForRent: rent.length,
      salePriceFrom: sale.length ? Math.min(...sale) : null,
      rentPriceFrom: rent.length ? Math.min(...rent) : null,
    };
  })
    .filter((c) => c.units > 0)
    .sort((a, b) => b.units - a.units || collator.compare(a.name, b.name) || (a.slug < b.slug ? -1 : 1));
}

/** The card fields {@link reference} computes. */
const CARD_FIELDS = [
  "slug",
  "name",
  "citySlug",
  "neighbourhoodSlug",
  "units",
  "unitsForSale",
  "unitsForRent",
  "salePriceFrom",
  "rentPriceFrom",
] as const;

const respond = (url: string) => answer(() => indexLoader(loaderArgs(url)));

describe("condominium directory", () => {
  it("lists every condominium with active units, most units first, with units and 'a partir de' prices", async () => {
    const directory = await getCondominiumDirectory({ db: database.db });
    const expected = reference();
    expect(directory.cards.map((card) => Object.fromEntries(CARD_FIELDS.map((field) => [field, card[field]])))).toEqual(
      expected,
    );
    expect(directory.cards.map((c) => c.slug)).not.toContain(CONDOS[39].slug);
    for (const card of directory.cards) {
      expect(card.path).toBe(`/detalhes/${card.slug}`);
      expect(card.coverPhotoUrl).toMatch(/^https:\/\/cdn\.example\.test\//);
    }
    // Places: each city's count is its number of cards, neighbourhoods likewise.
    for (const city of directory.cities) {
      expect(city.count).toBe(expected.filter((c) => c.citySlug === city.slug).length);
      for (const nb of city.neighbourhoods) {
        expect(nb.count).toBe(
          expected.filter((c) => c.citySlug === city.slug && c.neighbourhoodSlug === nb.slug).length,
        );
      }
    }
  });

  it("filters by city and neighbourhood and pages by 24", async () => {
    const directory = await getCondominiumDirectory({ db: database.db });
    const expected = reference();
    const all: string[] = [];
    const first = pageOfCondominiums(directory, {});
    expect(first.total).toBe(expected.length);
    expect(first.pageCount).toBe(Math.ceil(expected.length / CONDOMINIUM_PAGE_SIZE));
    for (let page = 1; page <= first.pageCount; page++)
      all.push(...pageOfCondominiums(directory, { page }).items.map((c) => c.slug));
    expect(all).toEqual(expected.map((c) => c.slug));
    const moema = pageOfCondominiums(directory, { city: "sao-paulo", neighbourhood: "moema" });
    expect(moema.items.map((c) => c.slug)).toEqual(
      expected.filter((c) => c.citySlug === "sao-paulo" && c.neighbourhoodSlug === "moema").map((c) => c.slug),
    );
  });

  it("reads other spellings of the query and builds canonical URLs", async () => {
    const { cities } = await getCondominiumDirectory({ db: database.db });
    const parse = (query: string) => parseCondominiumQuery(new URLSearchParams(query), cities).canonical;
    expect(parse("")).toBe("/condominios");
    expect(parse("cidade=São Paulo")).toBe("/condominios?cidade=sao-paulo");
    expect(parse("CIDADE=sao-paulo&BAIRRO=Moema")).toBe("/condominios?cidade=sao-paulo&bairro=moema");
    expect(parse("bairro=sao-paulo/vila-mariana")).toBe("/condominios?cidade=sao-paulo&bairro=vila-mariana");
    expect(parse("bairro=pinheiros")).toBe("/condominios?cidade=sao-paulo&bairro=pinheiros");
    expect(parse("cidade=santo-andre&bairro=moema")).toBe("/condominios?cidade=santo-andre");
    expect(parse("cidade=atlantida&bairro=xyz&pagina=0&foo=bar")).toBe("/condominios");
    expect(parse("pagina=2&cidade=sao-paulo")).toBe("/condominios?cidade=sao-paulo&pagina=2");
    expect(parse("pagina=abc")).toBe("/condominios");
    expect(parse("cidade=%E0%A4&bairro=" + "x".repeat(5000))).toBe("/condominios");
    expect(condominiumIndexUrl({ neighbourhood: "moema" })).toBe("/condominios");
  });
});

describe("the /condominios page", () => {
  it("serves the first page with canonical, cards and next link", async () => {
    const response = await respond("/condominios");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("public");
    const data = await response.json();
    const expected = reference();
    expect(data.canonicalUrl).toBe(`${ORIGIN}/condominios`);
    expect(data.total).toBe(expected.length);
    expect(data.items.map((c: { slug: string }) => c.slug)).toEqual(
      expected.slice(0, CONDOMINIUM_PAGE_SIZE).map((c) => c.slug),
    );
    expect(data.nextUrl).toBe(`${ORIGIN}/condominios?pagina=2`);
    expect(data.heading).toBe("Condomínios");
  });

  it("filters by place with a heading naming it", async () => {
    const data = await (await respond("/condominios?cidade=sao-paulo&bairro=moema")).json();
    expect(data.heading).toBe("Condomínios em Moema");
    expect(data.total).toBe(reference().filter((c) => c.neighbourhoodSlug === "moema").length);
  });

  it("redirects other spellings (301) and pages past the last (302); never fails on bad input", async () => {
    const cases: [string, number, string][] = [
      ["/condominios?cidade=S%C3%A3o+Paulo", 301, "/condominios?cidade=sao-paulo"],
      ["/condominios?bairro=moema", 301, "/condominios?cidade=sao-paulo&bairro=moema"],
      ["/condominios?pagina=1", 301, "/condominios"],
      ["/condominios?cidade=&bairro=", 301, "/condominios"],
      ["/condominios?cidade=nowhere&utm_source=x", 301, "/condominios?utm_source=x"],
      ["/condominios?pagina=999", 302, `/condominios?pagina=${Math.ceil(reference().length / CONDOMINIUM_PAGE_SIZE)}`],
    ];
    for (const [url, status, location] of cases) {
      const response = await respond(url);
      expect(response.status, url).toBe(status);
      expect(response.headers.get("Location"), url).toBe(location);
    }
    for (const odd of ["/condominios?cidade=%", "/condominios?pagina=-1&pagina=1e9", "/condominios?bairro=/////"]) {
      expect([200, 301]).toContain((await respond(odd)).status);
    }
  });
});

describe("home and sitemap", () => {
  it("the home page's featured condominiums are the index's first cards", async () => {
    const sections = await getHomeSections({ db: database.db });
    const expected = reference();
    expect(sections.condominiums.map((c) => c.slug)).toEqual(expected.slice(0, HOME_CONDOMINIUMS).map((c) => c.slug));
    expect(sections.condominiumCount).toBe(expected.length);
  });

  it("the sitemap lists the index and its place filters", async () => {
    const paths = (await sitemapEntries(database.db)).map((e) => e.path);
    expect(paths).toContain("/condominios");
    expect(paths).toContain("/condominios?cidade=sao-paulo&bairro=moema");
    expect(paths).toContain("/condominios?cidade=santo-andre");
  });
});
