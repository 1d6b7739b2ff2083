/**
 * What search engines and operators read (docs/product.md "Public site": title,
 * description, canonical URL, Open Graph, JSON-LD `RealEstateListing` with an
 * `Offer`, `sitemap.xml` with every public listing and `lastmod`), and what
 * operators read (`GET /health/server` reports the sync's state and counts).
 */
// Type only: the spec reads the JSON `/health/server` answers, typed where the server builds it.
import type { HealthReport } from "../../app/.server/health";
import { expect, test } from "./fixtures";
import { LISTINGS_PATH, listingPaths, parseCount } from "./helpers";

/** `value` as a literal inside a RegExp. */
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every node of a JSON-LD document (arrays and `@graph` flattened). */
function jsonLdNodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(jsonLdNodes);
  if (value && typeof value === "object") {
    const node = value as Record<string, unknown>;
    return [node, ...(node["@graph"] ? jsonLdNodes(node["@graph"]) : [])];
  }
  return [];
}

test("página de imóvel: title, description, canonical, Open Graph e JSON-LD RealEstateListing", async ({
  page,
  request,
}) => {
  const [path] = await listingPaths(request, `${LISTINGS_PATH}/venda`);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const heading = (await page.getByRole("heading", { level: 1 }).innerText()).trim();

  // Title: the listing, then the site title "{AGENCY_NAME} Imobiliária" (docs/spec.txt §1).
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(heading)} \\| .+ Imobiliária$`));

  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveCount(1);
  const descriptionText = (await description.getAttribute("content")) ?? "";
  expect(descriptionText.length).toBeGreaterThan(50);
  expect(descriptionText.length).toBeLessThanOrEqual(320);
  expect(descriptionText).toMatch(/R\$/);

  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  const canonicalUrl = new URL((await canonical.getAttribute("href")) ?? "");
  expect(canonicalUrl.protocol).toMatch(/^https?:$/);
  expect(canonicalUrl.pathname).toBe(path);
  expect(canonicalUrl.search).toBe("");

  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", heading);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonicalUrl.href);
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(/^https?:\/\//);

  // JSON-LD: parseable, one RealEstateListing about this page with an Offer in BRL.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length).toBeGreaterThan(0);
  const nodes = blocks.flatMap((text) => jsonLdNodes(JSON.parse(text)));
  const listings = nodes.filter((node) => node["@type"] === "RealEstateListing");
  expect(listings).toHaveLength(1);
  const listing = listings[0];
  expect(listing["@context"] ?? nodes[0]["@context"]).toMatch(/^https?:\/\/schema\.org\/?$/);
  expect(listing.url).toBe(canonicalUrl.href);
  expect(listing.name).toBe(heading);
  const offers = jsonLdNodes(listing.offers).filter((node) => node["@type"] === "Offer");
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer.priceCurrency).toBe("BRL");
    expect(Number(offer.price)).toBeGreaterThan(0);
  }
  const images = (Array.isArray(listing.image) ? listing.image : [listing.image]) as string[];
  expect(images.length).toBeGreaterThan(0);
  // The share image is served (the site's image route).
  const image = await request.get(images[0]);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/^image\//);
});

test("/health/server informa a sincronização concluída e o número de imóveis ativos", async ({ request }) => {
  const response = await request.get("/health/server");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/application\/json/);
  expect(response.headers()["cache-control"]).toMatch(/no-store/);
  const health = (await response.json()) as HealthReport;
  expect(health.status).toBe("ok");
  expect(health.database.ok).toBe(true);
  expect(health.sync.lastSuccessAt).not.toBeNull();
  expect(Number.isNaN(Date.parse(health.sync.lastSuccessAt ?? ""))).toBe(false);
  expect(health.sync.lastError).toBeNull();
  expect(health.sync.stale).toBe(false);
  expect(health.sync.activeListings).toBeGreaterThan(0);
  expect(health.sync.counts?.total).toBe(health.sync.activeListings);

  // The public list shows exactly the active listings.
  const list = await request.get(LISTINGS_PATH);
  const status = /role="status">([^<]+)</.exec(await list.text());
  expect(status, "count line of the listings page").not.toBeNull();
  expect(parseCount(status?.[1] ?? "")).toBe(health.sync.activeListings);
});

test("sitemap.xml lista todos os imóveis ativos com lastmod", async ({ request }) => {
  const health = (await (await request.get("/health/server")).json()) as HealthReport;

  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml[^>]*\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);

  const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => ({
    loc: m[1],
    lastmod: m[2],
  }));
  const listingEntries = entries.filter((entry) => /\/detalhes\/[^/]+\/[^/]+$/.test(new URL(entry.loc).pathname));
  expect(listingEntries.length).toBe(health.sync.activeListings);
  expect(new Set(listingEntries.map((entry) => entry.loc)).size).toBe(listingEntries.length);
  const withoutLastmod = listingEntries.filter((entry) => !/^\d{4}-\d{2}-\d{2}/.test(entry.lastmod ?? ""));
  expect(withoutLastmod, "listing entries without a valid lastmod").toEqual([]);

  // Sampled entries are canonical listing pages (200, no redirect).
  const sample = [0, Math.floor(listingEntries.length / 2), listingEntries.length - 1].map(
    (i) => listingEntries[i].loc,
  );
  for (const loc of sample) {
    const pathOnly = new URL(loc).pathname;
    const pageResponse = await request.get(pathOnly, { maxRedirects: 0 });
    expect(pageResponse.status(), pathOnly).toBe(200);
  }

  // robots.txt points crawlers to it.
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});
