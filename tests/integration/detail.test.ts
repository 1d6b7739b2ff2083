/**
 * Integration: the listing page, the condominium page, similar listings, the
 * sitemap, robots.txt and the image route's validation, against a PGlite read
 * model in a temporary DATA_DIR (the process database, `getDb()`), filled
 * through the sync's own row mapping (`listingRow`, `condominiumRow`).
 * Route loaders are called directly with a `Request`. Expected results come
 * from plain reference implementations over the fixtures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCondominiumPage, getListingPage, rangeOf } from "~/.server/catalogue/detail";
import { pageJsonLd } from "~/.server/page-json-ld";
import { SIMILAR_PRICE_TOLERANCE, similarListings } from "~/.server/catalogue/similar";
import { clearSitemapCache, getSitemapXml, sitemapEntries } from "~/.server/catalogue/sitemap";
import { clearVocabularyCache } from "~/.server/catalogue/vocabulary";
import type { Database } from "~/.server/db";
import { condominiums, listings } from "~/.server/db/schema";
import { condominiumRow } from "~/.server/sync/rows";
import type { Condominium } from "~/domain/condominium";
import type { Listing, Photo } from "~/domain/listing";
import type { JsonLdNode } from "~/lib/json-ld";
import { slugify } from "~/lib/slug";
import { listingPath } from "~/lib/urls";
import { loader as condominiumLoader } from "~/routes/condominium";
import { loader as imageLoader } from "~/routes/image";
import { loader as listingLoader } from "~/routes/listing";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { makeBroker, makeListing as baseListing, storedRow, type StoredRow } from "./helpers/fixtures";
import { loaderArgs as args, settle, siteRequest as get, SITE_ORIGIN as ORIGIN } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

const now = new Date("2026-10-01T12:00:00Z");

function photo(code: string, n: number): Photo {
  return {
    url: `https://cdn.vistahost.com.br/demo/fotos/${code}/${n}.jpg`,
    thumbnailUrl: `https://cdn.vistahost.com.br/demo/fotos/${code}/${n}-p.jpg`,
    isCover: n === 1,
    order: n,
    description: "",
    kind: "Imagem",
  };
}

/** A listing of this suite: the shared neutral listing, updated 2026-09-01, with three photos. */
function makeListing(overrides: Partial<Listing> & Pick<Listing, "code">): Listing {
  return baseListing({
    updatedAt: "2026-09-01",
    longitude: -46.66,
    photos: [1, 2, 3].map((n) => photo(overrides.code, n)),
    ...overrides,
  });
}

const CONDO: Omit<Condominium, "slug"> = {
  name: "Edifício Aurora",
  description: "Prédio com lazer completo.\nPortaria 24 horas.",
  neighbourhood: "Moema",
  city: "São Paulo",
  state: "SP",
  address: "Alameda dos Anapurus, 100",
  latitude: -23.601,
  longitude: -46.661,
  infrastructure: ["Piscina", "Academia", "Salão de festas"],
  photos: [photo("EMP1", 1), photo("EMP1", 2)],
  coverPhotoUrl: "",
  floors: 12,
  yearBuilt: 2010,
  isLaunch: false,
};
const CONDO_SLUG = slugify(CONDO.name);

type Fixture = { listing: Listing; removed?: boolean; condominium?: boolean; extra?: Record<string, unknown> };

/** The target listing of most tests, with owner data smuggled into its stored JSON. */
const TARGET = makeListing({
  code: "AP00100",
  title: "Apartamento com 3 quartos à venda em Moema",
  salePrice: 1_000_000,
  condoFee: 1_000,
  iptu: 3_600,
  latitude: -23.6,
  longitude: -46.66,
  webDescription: "Primeiro parágrafo.\n\nSegundo parágrafo.",
  features: ["Varanda gourmet", "Ar-condicionado"],
  featuredVideo: "dQw4w9WgXcQ",
  featuredVideoType: "youtube",
  broker: makeBroker("7", "Ana Lima", { email: "ana@imobiliaria.test", creci: "123456-F" }),
});

const FIXTURES: Fixture[] = [
  {
    listing: TARGET,
    extra: {
      ownerName: "Dono Secreto",
      owners: [{ name: "Dono Secreto", phone: "11900000000" }],
      Proprietario: "Dono Secreto",
      notes: "nota interna",
    },
  },
  // Same neighbourhood, in range, various distances.
  { listing: makeListing({ code: "AP00101", salePrice: 1_200_000, latitude: -23.62, longitude: -46.68 }) },
  {
    listing: makeListing({ code: "AP00102", salePrice: 800_000, latitude: -23.601, longitude: -46.661 }),
    condominium: true,
  },
  {
    listing: makeListing({
      code: "AP00103",
      salePrice: 900_000,
      rentPrice: 4_500,
      condoFee: 1_100,
      privateArea: 100,
      latitude: -23.601,
      longitude: -46.661,
    }),
    condominium: true,
  },
  {
    listing: makeListing({
      code: "AP00104",
      rentPrice: 4_000,
      condoFee: 700,
      privateArea: 60,
      latitude: -23.601,
      longitude: -46.661,
    }),
    condominium: true,
  },
  {
    listing: makeListing({ code: "AP00105", salePrice: 850_000, latitude: -23.601, longitude: -46.661 }),
    condominium: true,
    removed: true,
  },
  // Out of the price range, wrong purpose, removed.
  { listing: makeListing({ code: "AP00106", salePrice: 1_400_000 }) },
  { listing: makeListing({ code: "AP00107", salePrice: 690_000 }) },
  { listing: makeListing({ code: "AP00108", rentPrice: 5_000 }) },
  { listing: makeListing({ code: "AP00109", salePrice: 1_100_000 }), removed: true },
  // Other neighbourhoods, in range, near and far.
  {
    listing: makeListing({
      code: "AP00110",
      neighbourhood: "Vila Mariana",
      salePrice: 1_290_000,
      latitude: -23.5995,
      longitude: -46.6595,
    }),
  },
  {
    listing: makeListing({
      code: "AP00111",
      neighbourhood: "Pinheiros",
      salePrice: 700_000,
      latitude: -23.56,
      longitude: -46.69,
    }),
  },
  {
    listing: makeListing({
      code: "AP00112",
      neighbourhood: "Pinheiros",
      salePrice: 950_000,
      latitude: null,
      longitude: null,
    }),
  },
  {
    listing: makeListing({
      code: "AP00113",
      neighbourhood: "Vila Mariana",
      salePrice: 1_050_000,
      latitude: -23.59,
      longitude: -46.64,
    }),
  },
  // A removed listing with similar listings around it (410 page).
  { listing: makeListing({ code: "AP00200", title: "Cobertura em Moema", salePrice: 1_000_000 }), removed: true },
  // Same neighbourhood name in another city: not "the same neighbourhood".
  {
    listing: makeListing({
      code: "AP00114",
      city: "Santo André",
      salePrice: 1_000_000,
      latitude: -23.66,
      longitude: -46.53,
    }),
  },
];

type Row = StoredRow;
let rows: Row[] = [];
let processDb: ProcessDatabase;
let database: Database;

beforeAll(async () => {
  processDb = await openProcessDatabase("detail");
  database = processDb.database;
  rows = FIXTURES.map(({ listing, removed, condominium, extra }) => ({
    ...storedRow(listing, { condominiumSlug: condominium ? CONDO_SLUG : null, removed, now }),
    data: { ...listing, ...extra } as Listing,
  }));
  await database.db.insert(listings).values(rows);
  await database.db.insert(condominiums).values(condominiumRow(CONDO, CONDO_SLUG, now));
  clearVocabularyCache();
  clearSitemapCache();
});

afterAll(async () => {
  await processDb?.close();
});

/** Runs a loader expected to throw a Response and returns it. */
async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the loader to throw a Response");
}

function canonicalPathOf(code: string): string {
  const row = rows.find((r) => r.code === code)!;
  return listingPath({
    code,
    category: row.category,
    neighbourhood: row.neighbourhood,
    condominiumSlug: row.condominiumSlug,
  });
}

// ---------------------------------------------------------------------------
// Reference implementation of the similar-listings rule (similar.ts, written plainly)

function referenceSimilar(target: Listing, limit: number): string[] {
  const price = target.salePrice!;
  const distance = (r: Row) =>
    r.latitude == null || r.longitude == null
      ? Infinity
      : (r.latitude - target.latitude!) ** 2 +
        ((r.longitude - target.longitude!) * Math.cos((target.latitude! * Math.PI) / 180)) ** 2;
  return rows
    .filter((r) => r.removedAt == null && r.code !== target.code && r.forSale)
    .filter(
      (r) =>
        r.salePrice! >= price * (1 - SIMILAR_PRICE_TOLERANCE) && r.salePrice! <= price * (1 + SIMILAR_PRICE_TOLERANCE),
    )
    .map((r) => ({
      code: r.code,
      key: [
        r.citySlug === slugify(target.city) && r.neighbourhoodSlug === slugify(target.neighbourhood) ? 0 : 1,
        distance(r),
        Math.abs(r.salePrice! - price),
      ] as const,
    }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.code.localeCompare(b.code))
    .slice(0, limit)
    .map((r) => r.code);
}

describe("similarListings", () => {
  it("keeps active listings of the same purpose within ±30 %, same neighbourhood first, then by distance", async () => {
    const similar = await similarListings(TARGET, { db: database.db });
    const expected = referenceSimilar(TARGET, 8);
    expect(similar.map((s) => s.code)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(4);
    // The rule's consequences, spelled out.
    const codes = similar.map((s) => s.code);
    expect(codes).not.toContain(TARGET.code);
    for (const excluded of ["AP00105", "AP00106", "AP00107", "AP00108", "AP00109", "AP00200"])
      expect(codes).not.toContain(excluded);
    const firstOther = similar.findIndex((s) => s.neighbourhood !== "Moema" || s.city !== "São Paulo");
    expect(similar.slice(firstOther).every((s) => s.neighbourhood !== "Moema" || s.city !== "São Paulo")).toBe(true);
    for (const summary of similar) {
      expect(summary.path).toBe(canonicalPathOf(summary.code));
      expect(summary.salePrice).toBeGreaterThanOrEqual(700_000);
      expect(summary.salePrice).toBeLessThanOrEqual(1_300_000);
    }
  });

  it("honours the limit and the purpose", async () => {
    expect((await similarListings(TARGET, { db: database.db, limit: 3 })).map((s) => s.code)).toEqual(
      referenceSimilar(TARGET, 3),
    );
    const rent = await similarListings(makeListing({ code: "X", rentPrice: 4_200 }), { db: database.db });
    expect(rent.map((s) => s.code).sort()).toEqual(["AP00103", "AP00104", "AP00108"]);
  });
});

describe("getListingPage", () => {
  it("returns the public listing, its condominium and its canonical path", async () => {
    const page = await getListingPage("AP00103", database.db);
    expect(page).not.toBeNull();
    expect(page!.removed).toBe(false);
    expect(page!.condominium?.name).toBe(CONDO.name);
    expect(page!.condominium?.slug).toBe(CONDO_SLUG);
    expect(page!.path).toBe(`/detalhes/${CONDO_SLUG}/AP00103`);
  });

  it("never returns owner data, even when the stored JSON has it", async () => {
    const page = await getListingPage(TARGET.code, database.db);
    const json = JSON.stringify(page);
    for (const secret of ["Dono Secreto", "11900000000", "nota interna", "ownerName", "Proprietario"])
      expect(json).not.toContain(secret);
    expect(page!.listing.broker?.name).toBe("Ana Lima");
  });

  it("finds a code regardless of case, flags removed listings and returns null for unknown codes", async () => {
    expect((await getListingPage("ap00100", database.db))?.listing.code).toBe("AP00100");
    expect((await getListingPage("AP00200", database.db))?.removed).toBe(true);
    expect(await getListingPage("NAOEXISTE", database.db)).toBeNull();
    expect(await getListingPage("", database.db)).toBeNull();
  });
});

describe("listing route", () => {
  it("serves the canonical URL with the page data, public caching and SEO", async () => {
    const canonical = canonicalPathOf(TARGET.code);
    expect(canonical).toBe("/detalhes/apartamento-moema/AP00100");
    const loaderInput = args(get(canonical), { condominio: "apartamento-moema", id: "AP00100" });
    const response = await settle(listingLoader(loaderInput));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=600");
    const text = JSON.stringify(response.data);
    for (const secret of ["Dono Secreto", "11900000000", "nota interna"]) expect(text).not.toContain(secret);
    const data = response.data;
    expect(data.kind).toBe("listing");
    expect(data.canonicalUrl).toBe(`${ORIGIN}${canonical}`);
    expect(data.ogImage).toBe(`${ORIGIN}/imagens?src=${encodeURIComponent(photo("AP00100", 1).url)}&w=1280`);
    // The WhatsApp button goes through /obrigado-whatsapp, keeping the page's UTM parameters only.
    expect(data.whatsapp).toBe(`/obrigado-whatsapp?imovel=AP00100&origem=${encodeURIComponent(canonical)}`);
    expect(data.leadForm.startedAt).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(data.mapUrl).toBe("https://www.openstreetmap.org/?mlat=-23.6&mlon=-46.66#map=16/-23.6/-46.66");
    expect(data.similar.map((s: { code: string }) => s.code)).toEqual(referenceSimilar(TARGET, 8));
    expect(data.crumbs.map((c: { name: string }) => c.name)).toEqual(["Início", "São Paulo", "Moema", TARGET.title]);
    expect(data.crumbs[1].path).toBe("/todos-os-imoveis/sao-paulo");
    expect(data.crumbs[2].path).toBe("/todos-os-imoveis/sao-paulo-moema");
    // The JSON-LD goes to the document only, never into the loader data (ADR 0094).
    expect(data).not.toHaveProperty("jsonLd");
    const [listingLd] = pageJsonLd(loaderInput.context) as JsonLdNode[];
    expect(listingLd["@type"]).toBe("RealEstateListing");
    expect(listingLd.offers).toMatchObject({ "@type": "Offer", price: 1_000_000, priceCurrency: "BRL" });
    expect((listingLd!.address as JsonLdNode).addressLocality).toBe("Moema, São Paulo");
  });

  it("redirects 301 to the canonical URL on a wrong slug, keeping the query string", async () => {
    const response = await thrown(() =>
      listingLoader(
        args(get("/detalhes/qualquer-coisa/AP00103?utm_source=x"), { condominio: "qualquer-coisa", id: "AP00103" }),
      ),
    );
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/detalhes/${CONDO_SLUG}/AP00103?utm_source=x`);
  });

  it("redirects 301 for a code in the wrong case", async () => {
    const response = await thrown(() =>
      listingLoader(
        args(get("/detalhes/apartamento-moema/ap00100"), { condominio: "apartamento-moema", id: "ap00100" }),
      ),
    );
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/detalhes/apartamento-moema/AP00100");
  });

  it("throws the 404 'Page Not Found: {path}' for an unknown id", async () => {
    const response = await thrown(() =>
      listingLoader(args(get("/detalhes/x/ZZ999"), { condominio: "x", id: "ZZ999" })),
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Page Not Found: /detalhes/x/ZZ999");
  });

  it("answers 410 with similar listings for a listing that left the catalogue", async () => {
    const canonical = canonicalPathOf("AP00200");
    const response = await settle(
      listingLoader(args(get(canonical), { condominio: "apartamento-moema", id: "AP00200" })),
    );
    expect(response.status).toBe(410);
    const data = response.data;
    expect(data.kind).toBe("removed");
    expect(data.listing).toEqual({
      code: "AP00200",
      title: "Cobertura em Moema",
      category: "Apartamento",
      neighbourhood: "Moema",
      city: "São Paulo",
    });
    const target = FIXTURES.find((f) => f.listing.code === "AP00200")!.listing;
    expect(data.similar.map((s: { code: string }) => s.code)).toEqual(referenceSimilar(target, 8));
    expect(data.similar.length).toBeGreaterThan(0);
    expect(data).not.toHaveProperty("jsonLd");
  });
});

describe("condominium page", () => {
  it("lists active units for sale and rent with ranges and counts", async () => {
    const page = (await getCondominiumPage(CONDO_SLUG, database.db))!;
    const units = rows.filter((r) => r.condominiumSlug === CONDO_SLUG && r.removedAt == null);
    const sale = units.filter((r) => r.forSale).sort((a, b) => a.salePrice! - b.salePrice!);
    const rent = units.filter((r) => r.forRent).sort((a, b) => a.rentPrice! - b.rentPrice!);
    expect(page.forSale.map((s) => s.code)).toEqual(sale.map((r) => r.code));
    expect(page.forRent.map((s) => s.code)).toEqual(rent.map((r) => r.code));
    expect(page.unitCount).toBe(units.length);
    expect(page.ranges).toEqual({
      salePrice: rangeOf(sale.map((r) => r.salePrice)),
      rentPrice: rangeOf(rent.map((r) => r.rentPrice)),
      condoFee: rangeOf(units.map((r) => r.condoFee)),
      area: rangeOf(units.map((r) => r.area)),
    });
    expect(page.ranges.salePrice).toEqual({ min: 800_000, max: 900_000 });
    expect(page.forSale.map((s) => s.code)).not.toContain("AP00105");
  });

  it("serves the page with SEO data, 404s an unknown slug and redirects a wrongly cased one", async () => {
    const loaderInput = args(get(`/detalhes/${CONDO_SLUG}`), { condominio: CONDO_SLUG });
    const response = await settle(condominiumLoader(loaderInput));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("public");
    const data = response.data;
    expect(data.canonicalUrl).toBe(`${ORIGIN}/detalhes/${CONDO_SLUG}`);
    expect(data.ranges.salePrice).toBe("R$ 800.000 a R$ 900.000");
    expect(data).not.toHaveProperty("jsonLd");
    expect(pageJsonLd(loaderInput.context)?.[0]?.["@type"]).toBe("ApartmentComplex");

    const missing = await thrown(() =>
      condominiumLoader(args(get("/detalhes/nao-existe"), { condominio: "nao-existe" })),
    );
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Page Not Found: /detalhes/nao-existe");

    const upper = await thrown(() =>
      condominiumLoader(args(get("/detalhes/Edificio-Aurora"), { condominio: "Edificio-Aurora" })),
    );
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe(`/detalhes/${CONDO_SLUG}`);
  });

  it("computes ranges over known positive values only", () => {
    expect(rangeOf([null, 0, -1, Number.NaN])).toBeNull();
    expect(rangeOf([3, 1, 2])).toEqual({ min: 1, max: 3 });
  });
});

describe("sitemap and robots", () => {
  it("lists every active listing with lastmod, the condominium, the home and the main list pages", async () => {
    const response = (await sitemapLoader(args(get("/sitemap.xml")))) as Response;
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(new Set(locs).size).toBe(locs.length);
    const active = rows.filter((r) => r.removedAt == null);
    for (const row of active) {
      const loc = `${ORIGIN}${canonicalPathOf(row.code)}`;
      expect(locs).toContain(loc);
      expect(xml).toContain(`<url><loc>${loc}</loc><lastmod>${row.updatedAt}</lastmod></url>`);
    }
    for (const row of rows.filter((r) => r.removedAt != null))
      expect(locs).not.toContain(`${ORIGIN}${canonicalPathOf(row.code)}`);
    expect(locs.filter((loc) => /\/detalhes\/[^/]+\/[^/]+$/.test(loc))).toHaveLength(active.length);
    for (const path of [
      "/",
      "/todos-os-imoveis",
      "/todos-os-imoveis/venda",
      "/todos-os-imoveis/aluguel",
      `/detalhes/${CONDO_SLUG}`,
    ]) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    expect(locs).toContain(`${ORIGIN}/todos-os-imoveis/sao-paulo-moema`);
  });

  it("uses PUBLIC_URL when configured", async () => {
    const xml = await getSitemapXml("https://www.imobiliaria.test", database.db);
    expect(xml).toContain("<loc>https://www.imobiliaria.test/detalhes/apartamento-moema/AP00100</loc>");
    expect((await sitemapEntries(database.db)).length).toBeLessThanOrEqual(50_000);
  });

  it("robots.txt allows crawling and points at the absolute sitemap", async () => {
    const text = await ((await robotsLoader(args(get("/robots.txt")))) as Response).text();
    expect(text).toContain("User-agent: *\nAllow: /");
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("image route validation", () => {
  const image = (query: string) => imageLoader(args(get(`/imagens?${query}`))) as Promise<Response>;

  it("answers 400 for a host not allowed, a width not offered or a missing source", async () => {
    const src = encodeURIComponent("https://cdn.vistahost.com.br/demo/fotos/AP00100/1.jpg");
    expect((await image(`src=${encodeURIComponent("https://evil.example.com/a.jpg")}&w=640`)).status).toBe(400);
    expect((await image(`src=${encodeURIComponent("http://169.254.169.254/latest/meta-data")}&w=640`)).status).toBe(
      400,
    );
    expect((await image(`src=${src}&w=500`)).status).toBe(400);
    expect((await image(`src=${src}&w=99999`)).status).toBe(400);
    expect((await image("w=640")).status).toBe(400);
  });
});
