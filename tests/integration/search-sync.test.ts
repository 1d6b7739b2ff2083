/**
 * Integration on real data: the Vista sandbox (every listing of the São
 * Paulo data set) synced by the real sync (`runSync`) into a PGlite in a
 * temporary DATA_DIR (the process database, `getDb()`), then the catalogue
 * queries and the home and listings route loaders, called with a `Request`.
 * Expectations come from the synced rows through a plain reference
 * implementation (`./search-reference`), never from hard-coded numbers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { countListings, searchListings } from "~/.server/catalogue/search";
import { getVocabulary, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { listings } from "~/.server/db/schema";
import { filtersToUrl, LISTINGS_PAGE_SIZE, SORT_ORDERS, type ListingFilters } from "~/lib/filters";
import { listingPath } from "~/lib/urls";
import { loader as homeLoader } from "~/routes/home";
import { loader as listingsLoader } from "~/routes/listings";
import { settle, type Settled, siteRequest as request, SITE_ORIGIN as ORIGIN } from "./helpers/loaders";
import { useSyncedListingRows } from "./helpers/synced-sandbox";
import { referenceSearch } from "./search-reference";

const rows = useSyncedListingRows("search", {
  code: listings.code,
  forSale: listings.forSale,
  forRent: listings.forRent,
  category: listings.category,
  categorySlug: listings.categorySlug,
  citySlug: listings.citySlug,
  neighbourhood: listings.neighbourhood,
  neighbourhoodSlug: listings.neighbourhoodSlug,
  bedrooms: listings.bedrooms,
  salePrice: listings.salePrice,
  rentPrice: listings.rentPrice,
  area: listings.area,
  monthlyCostSale: listings.monthlyCostSale,
  monthlyCostRent: listings.monthlyCostRent,
  updatedAt: listings.updatedAt,
  priceReducedAt: listings.priceReducedAt,
  condominiumSlug: listings.condominiumSlug,
});
let vocabulary: Vocabulary;

beforeAll(async () => {
  vocabulary = await getVocabulary();
});

/** Runs the listings loader; returns its answer whether returned or thrown. */
async function listingsPage(pathAndQuery: string): Promise<Settled<any>> {
  const url = new URL(pathAndQuery, ORIGIN);
  const prefix = "/todos-os-imoveis/";
  const filtros = url.pathname.startsWith(prefix) ? decodeURIComponent(url.pathname.slice(prefix.length)) : undefined;
  return settle(listingsLoader({ request: request(pathAndQuery), params: filtros ? { filtros } : {}, context: {} }));
}

/** Filter sets taken from the synced data: busiest places, every category, price quantiles, bedrooms. */
function sampleFilters(): ListingFilters[] {
  const city = vocabulary.cities[0];
  const busiest = [...city.neighbourhoods]
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((n) => n.slug);
  const quantile = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
  const sales = rows.flatMap((r) => (r.salePrice != null ? [r.salePrice] : []));
  const rents = rows.flatMap((r) => (r.rentPrice != null ? [r.rentPrice] : []));
  const sets: ListingFilters[] = [
    {},
    { purpose: "venda" },
    { purpose: "aluguel" },
    { city: city.slug, neighbourhoods: [busiest[0]] },
    { purpose: "venda", city: city.slug, neighbourhoods: [...busiest].sort() },
    { purpose: "venda", priceMin: quantile(sales, 0.25), priceMax: quantile(sales, 0.5) },
    { purpose: "aluguel", priceMax: quantile(rents, 0.3), bedroomsMin: 2 },
    { priceMin: quantile(rents, 0.9), priceMax: quantile(sales, 0.1) },
    { bedroomsMin: 4, city: city.slug },
  ];
  for (const category of vocabulary.categories) sets.push({ category: category.slug, purpose: "aluguel" });
  return sets;
}

describe("search over the synced catalogue", () => {
  it("has synced thousands of listings", () => {
    expect(rows.length).toBeGreaterThan(10_000);
    expect(vocabulary.total).toBe(rows.length);
  });

  it("counts the vocabulary like the rows do", () => {
    const byCategory = new Map<string, number>();
    const byPlace = new Map<string, number>();
    for (const r of rows) {
      byCategory.set(r.categorySlug, (byCategory.get(r.categorySlug) ?? 0) + 1);
      byPlace.set(
        `${r.citySlug}/${r.neighbourhoodSlug}`,
        (byPlace.get(`${r.citySlug}/${r.neighbourhoodSlug}`) ?? 0) + 1,
      );
    }
    expect(new Map(vocabulary.categories.map((c) => [c.slug, c.count]))).toEqual(byCategory);
    expect(
      new Map(vocabulary.cities.flatMap((c) => c.neighbourhoods.map((n) => [`${c.slug}/${n.slug}`, n.count] as const))),
    ).toEqual(byPlace);
    expect(vocabulary.purposes.venda).toBe(rows.filter((r) => r.forSale).length);
    expect(vocabulary.purposes.aluguel).toBe(rows.filter((r) => r.forRent).length);
  });

  it("reaches every active listing exactly once through the pages of the list", async () => {
    // The same query as the 24-per-page list with a larger LIMIT, so the walk stays quick.
    const pageSize = 1_000;
    const seen: string[] = [];
    const first = await searchListings({}, { pageSize });
    expect(first.pageCount).toBe(Math.ceil(rows.length / pageSize));
    expect((await searchListings({})).pageCount).toBe(Math.ceil(rows.length / LISTINGS_PAGE_SIZE));
    seen.push(...first.items.map((i) => i.code));
    for (let page = 2; page <= first.pageCount; page++) {
      const result = await searchListings({ page }, { pageSize });
      seen.push(...result.items.map((i) => i.code));
    }
    expect(seen).toEqual(referenceSearch(rows, {}));
  }, 300_000);

  it("gives the reference counts and first pages for filters and sorts taken from the data", async () => {
    for (const filters of sampleFilters()) {
      const expectedTotal = referenceSearch(rows, filters).length;
      expect(await countListings(filters), JSON.stringify(filters)).toBe(expectedTotal);
      for (const sort of SORT_ORDERS) {
        const f = { ...filters, ...(sort === "recentes" ? {} : { sort }) };
        const expected = referenceSearch(rows, f);
        const result = await searchListings(f);
        expect(result.total, JSON.stringify(f)).toBe(expected.length);
        expect(
          result.items.map((i) => i.code),
          JSON.stringify(f),
        ).toEqual(expected.slice(0, LISTINGS_PAGE_SIZE));
      }
    }
  }, 300_000);

  it("pages through a filtered search without gaps or repeats", async () => {
    const city = vocabulary.cities[0];
    const nb = [...city.neighbourhoods].sort((a, b) => b.count - a.count)[0];
    const filters: ListingFilters = { city: city.slug, neighbourhoods: [nb.slug], sort: "menor-preco" };
    const expected = referenceSearch(rows, filters);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / LISTINGS_PAGE_SIZE); page++) {
      seen.push(...(await searchListings({ ...filters, page })).items.map((i) => i.code));
    }
    expect(seen).toEqual(expected);
  });
});

describe("listings route", () => {
  it("renders a canonical URL with the count, the page and public caching", async () => {
    const city = vocabulary.cities[0];
    const nb = [...city.neighbourhoods].sort((a, b) => b.count - a.count)[0];
    const filters: ListingFilters = { purpose: "venda", city: city.slug, neighbourhoods: [nb.slug], page: 2 };
    const url = filtersToUrl(filters, vocabulary);
    const response = await listingsPage(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=600");
    const data = response.data;
    const expected = referenceSearch(rows, filters);
    expect(data.total).toBe(expected.length);
    expect(data.items.map((i: { code: string }) => i.code)).toEqual(expected.slice(24, 48));
    expect(data.heading).toBe(`Imóveis à venda em ${nb.label}, ${city.label}`);
    expect(data.countText).toContain(`à venda em ${nb.label}`);
    expect(data.canonicalUrl).toBe(`${ORIGIN}${url}`);
    expect(data.prevUrl).toBe(`${ORIGIN}${filtersToUrl({ ...filters, page: 1 }, vocabulary)}`);
  });

  it("redirects other spellings and the home form to the canonical URL (301)", async () => {
    const city = vocabulary.cities[0];
    const nb = city.neighbourhoods[0];
    const canonical = filtersToUrl({ purpose: "aluguel", city: city.slug, neighbourhoods: [nb.slug] }, vocabulary);
    for (const spelling of [
      `/todos-os-imoveis?finalidade=alugar&local=${city.slug}%2F${nb.slug}&tipo=&codigo=`,
      `/todos-os-imoveis?bairro=${nb.slug}&finalidade=aluguel`,
      `/todos-os-imoveis/${encodeURIComponent(`Aluguel ${city.label} ${nb.label}`)}`,
      `${canonical}?pagina=1&ordem=recentes`,
    ]) {
      const response = await listingsPage(spelling);
      expect(response.status, spelling).toBe(301);
      expect(response.headers.get("Location"), spelling).toBe(canonical);
    }
  });

  it("answers 404 'Page Not Found: {path}' for an unknown word in {filtros}", async () => {
    const response = await listingsPage("/todos-os-imoveis/venda-castelo-medieval");
    expect(response.status).toBe(404);
    expect(response.data).toBe("Page Not Found: /todos-os-imoveis/venda-castelo-medieval");
  });

  it("sends a code search to the listing and keeps an unknown code on the results", async () => {
    const row = rows[0];
    const found = await listingsPage(`/todos-os-imoveis?finalidade=venda&codigo=${row.code.toLowerCase()}`);
    expect(found.status).toBe(302);
    expect(found.headers.get("Location")).toBe(
      listingPath({
        code: row.code,
        category: row.category,
        neighbourhood: row.neighbourhood,
        condominiumSlug: row.condominiumSlug,
      }),
    );
    const missing = await listingsPage("/todos-os-imoveis?codigo=ZZ999999");
    expect(missing.status).toBe(200);
    const data = missing.data;
    expect(data.codeNotFound).toBe("ZZ999999");
    expect(data.noindex).toBe(true);
    expect(data.total).toBe(rows.length);
  });

  it("redirects a page past the end to the last page", async () => {
    const response = await listingsPage("/todos-os-imoveis/aluguel?pagina=99999");
    expect(response.status).toBe(302);
    const last = Math.ceil(rows.filter((r) => r.forRent).length / LISTINGS_PAGE_SIZE);
    expect(response.headers.get("Location")).toBe(`/todos-os-imoveis/aluguel?pagina=${last}`);
  });

  it("suggests wider searches, each with results, when nothing matches", async () => {
    const city = vocabulary.cities[0];
    const nb = city.neighbourhoods[0];
    const filters: ListingFilters = {
      purpose: "venda",
      city: city.slug,
      neighbourhoods: [nb.slug],
      priceMax: 1_000,
      bedroomsMin: 3,
    };
    const response = await listingsPage(filtersToUrl(filters, vocabulary));
    expect(response.status).toBe(200);
    const data = response.data;
    expect(data.total).toBe(0);
    expect(data.noindex).toBe(true);
    expect(data.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of data.suggestions as { url: string; count: number }[]) {
      const again = await listingsPage(suggestion.url);
      expect(again.status, suggestion.url).toBe(200);
      expect(again.data.total).toBe(suggestion.count);
      expect(suggestion.count).toBeGreaterThan(0);
    }
  });
});

describe("home route", () => {
  it("fills every section from the synced catalogue, with canonical links", async () => {
    const response = await settle(homeLoader({ request: request("/"), params: {}, context: {} }));
    expect(response.status).toBe(200);
    const data = response.data;
    const { sections } = data;
    expect(sections.total).toBe(rows.length);
    expect(sections.featured.length + sections.recent.length).toBeGreaterThan(0);
    expect(sections.condominiums.length).toBeGreaterThan(0);
    for (const condo of sections.condominiums) {
      expect(condo.units).toBe(rows.filter((r) => r.condominiumSlug === condo.slug).length);
      expect(condo.path).toBe(`/detalhes/${condo.slug}`);
    }
    const units = sections.condominiums.map((c: { units: number }) => c.units);
    expect(units).toEqual([...units].sort((a, b) => b - a));
    for (const city of sections.cities) {
      for (const nb of city.neighbourhoods) {
        const page = await listingsPage(nb.url);
        expect(page.status, nb.url).toBe(200);
        expect(page.data.total).toBe(nb.count);
      }
    }
    for (const link of data.quickLinks) expect((await listingsPage(link.url)).status, link.url).toBe(200);
  }, 300_000);
});
