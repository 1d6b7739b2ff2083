/**
 * Integration: every link of the home page lands on a
 * canonical URL, so following it never redirects. On the process database
 * (PGlite in a temporary DATA_DIR) with places whose slugs overlap (a
 * neighbourhood "Jardim São Paulo", a city "São Paulo", hyphenated and
 * accented names), the home sections are loaded and, for every place and
 * quick link, `parseFilters` of its path gives a canonical equal to the link
 * and the listings page answers it with 200; condominium links and the
 * "Ver todos os condomínios" link answer 200 as well.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCondominiumIndexCache } from "~/.server/catalogue/condominium-index";
import { clearHomeCache, getHomeSections } from "~/.server/catalogue/home";
import { clearVocabularyCache, getVocabulary } from "~/.server/catalogue/vocabulary";
import type { Database } from "~/.server/db";
import { condominiums, listings } from "~/.server/db/schema";
import { parseFilters } from "~/lib/filters";
import { slugify } from "~/lib/slug";
import { loader as condominiumLoader } from "~/routes/condominium";
import { loader as condominiumsLoader } from "~/routes/condominiums";
import { loader as homeLoader } from "~/routes/home";
import { loader as listingsLoader } from "~/routes/listings";
import { makeListing, storedCondominium, storedRow } from "./helpers/fixtures";
import { loaderArgs as args, settle, SITE_ORIGIN as ORIGIN } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

const now = new Date("2026-07-01T12:00:00Z");
const PLACES: [string, string][] = [
  ["São Paulo", "Jardim São Paulo"],
  ["São Paulo", "Vila Nova Conceição"],
  ["São Paulo", "Moema"],
  ["São Paulo", "Itaim Bibi"],
  ["São Paulo", "Venda Nova"],
  ["Santo André", "Centro"],
  ["Santo André", "Vila Assunção"],
  ["São Bernardo do Campo", "Centro"],
  ["Guarujá", "Praia da Enseada"],
];
const CATEGORIES = ["Apartamento", "Casa", "Casa de Condomínio", "Sala Comercial"];

let processDb: ProcessDatabase;
let database: Database;

beforeAll(async () => {
  processDb = await openProcessDatabase("home-links");
  database = processDb.database;
  const rows = [];
  for (let i = 0; i < 120; i++) {
    const [city, neighbourhood] = PLACES[(i * 5) % PLACES.length];
    const inCondo = i % 8 === 0;
    rows.push(
      storedRow(
        makeListing({
          code: `H${String(i).padStart(4, "0")}`,
          category: CATEGORIES[i % CATEGORIES.length],
          city,
          neighbourhood: inCondo ? "Moema" : neighbourhood,
          ...(inCondo ? { city: "São Paulo", development: "Residencial Aurora" } : {}),
          salePrice: i % 3 !== 1 ? 300_000 + i * 7_000 : null,
          rentPrice: i % 3 !== 0 ? 2_000 + i * 30 : null,
          isFeatured: i % 10 === 0,
          isLaunch: i % 15 === 0,
          updatedAt: `2026-0${1 + (i % 6)}-${String(1 + (i % 27)).padStart(2, "0")}`,
        }),
        { condominiumSlug: inCondo ? "residencial-aurora" : null, now },
      ),
    );
  }
  await database.db.insert(listings).values(rows);
  await database.db
    .insert(condominiums)
    .values(
      storedCondominium({ name: "Residencial Aurora", latitude: -23.6, longitude: -46.66 }, "residencial-aurora", now),
    );
  clearVocabularyCache();
  clearHomeCache();
  clearCondominiumIndexCache();
}, 60_000);

afterAll(async () => {
  await processDb?.close();
});

describe("home page links", () => {
  it("fills every section from the read model", async () => {
    const sections = await getHomeSections({ db: database.db });
    expect(sections.total).toBe(120);
    expect(sections.featured.length).toBeGreaterThan(0);
    expect(sections.launches.length).toBeGreaterThan(0);
    expect(sections.condominiums.map((c) => c.slug)).toEqual(["residencial-aurora"]);
    expect(sections.cities.map((c) => c.label)).toEqual(
      expect.arrayContaining(["São Paulo", "Santo André", "Guarujá"]),
    );
    expect(sections.quickLinks.length).toBeGreaterThanOrEqual(2);
  });

  it("links every city, neighbourhood and quick search to its exact canonical URL (no redirect)", async () => {
    const sections = await getHomeSections({ db: database.db });
    const vocabulary = await getVocabulary({ db: database.db });
    const links = [
      ...sections.quickLinks.map((l) => l.url),
      ...sections.cities.flatMap((c) => [c.url, c.forSaleUrl, c.forRentUrl, ...c.neighbourhoods.map((n) => n.url)]),
    ];
    expect(links.length).toBeGreaterThan(PLACES.length);
    for (const link of links) {
      const url = new URL(link, ORIGIN);
      const segment = url.pathname.replace(/^\/todos-os-imoveis\/?/, "");
      const parsed = parseFilters(segment ? decodeURIComponent(segment) : undefined, url.searchParams, vocabulary);
      expect("canonical" in parsed && parsed.canonical, link).toBe(link);
      const response = await settle(
        listingsLoader(args(link, segment ? { filtros: decodeURIComponent(segment) } : {})),
      );
      expect(response.status, link).toBe(200);
    }
    // Each neighbourhood link shows exactly that neighbourhood's listings.
    for (const city of sections.cities) {
      for (const nb of city.neighbourhoods) {
        const expected = PLACES.filter(
          ([c, n]) => slugify(c) === slugify(city.label) && slugify(n) === slugify(nb.label),
        );
        expect(expected.length, nb.url).toBe(1);
      }
    }
  });

  it("links condominium cards and the condominium index to pages that answer 200", async () => {
    const home = await settle(homeLoader(args("/")));
    expect(home.status).toBe(200);
    const data = home.data;
    for (const condo of data.sections.condominiums) {
      const response = await settle(condominiumLoader(args(condo.path, { condominio: condo.slug })));
      expect(response.status, condo.path).toBe(200);
    }
    expect(data.sections.condominiumCount).toBe(1);
    const index = await settle(condominiumsLoader(args("/condominios")));
    expect(index.status).toBe(200);
    // The hero's quick links are the home loader's own.
    expect(data.quickLinks).toEqual(data.sections.quickLinks);
  });
});
