/**
 * `sitemap.xml` and `robots.txt` (docs/product.md "Public site": "`sitemap.xml`
 * lists every public listing with `lastmod`"). One sitemap file holds every
 * URL: the protocol's limit is 50,000 URLs per file, well above one agency's
 * listings plus its condominium and list pages.
 *
 * URLs are absolute, on `PUBLIC_URL` when configured, else on the request's
 * origin ({@link siteOrigin}).
 */
import { and, eq, isNull, max, sql } from "drizzle-orm";
import { filtersToUrl } from "~/lib/filters";
import { condominiumPath, listingPath } from "~/lib/urls";
import { getDb, type Db } from "../db";
import { condominiums, listings, members } from "../db/schema";
import { clearCaches, lruCache } from "../cache";
import { getBrokerDirectory } from "./brokers";
import { condominiumIndexUrl, getCondominiumDirectory } from "./condominium-index";
import { neighbourhoodSitemapEntries } from "../neighbourhoods/sitemap";
import { listingPathColumns } from "./listing-path";
import { getVocabulary } from "./vocabulary";
import { CONDOMINIUMS_PATH, LISTINGS_PATH, memberPath } from "~/lib/paths";

/** How long a built sitemap is served from memory (ms); syncs run every few minutes. */
export const SITEMAP_TTL_MS = 5 * 60_000;

/** Most URLs one sitemap file may hold (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;

/** One `<url>` of the sitemap: a site path and its last modification (ISO date). */
export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

/**
 * Every public URL worth indexing: the home, the main list pages (all, sale,
 * rent, each city and neighbourhood with active listings), the condominium
 * index `/condominios` (and its city and neighbourhood filters), each broker
 * page with active listings (`/corretor/{slug}`) that no active team member
 * carries, each active member's page (`/membro/{slug}`: the page of a broker
 * a member carries, ADR 0085, so each person is listed once), each
 * condominium with active units, the neighbourhood market pages (ADR 0090) and each active
 * listing (with `lastmod` = its CRM update date `updated_at`). Removed listings are left out.
 */
export async function sitemapEntries(db: Db = getDb().db): Promise<SitemapEntry[]> {
  const active = isNull(listings.removedAt);
  const [listingRows, condoRows, vocabulary, brokerDirectory, condominiumDirectory, memberRows] = await Promise.all([
    db
      .select({ ...listingPathColumns, updatedAt: listings.updatedAt })
      .from(listings)
      .where(active)
      .orderBy(sql`${listings.updatedAt} desc nulls last`, listings.code),
    db
      .select({ slug: condominiums.slug, lastmod: max(listings.updatedAt) })
      .from(condominiums)
      .innerJoin(listings, and(eq(listings.condominiumSlug, condominiums.slug), active))
      .groupBy(condominiums.slug)
      .orderBy(condominiums.slug),
    getVocabulary({ db }),
    getBrokerDirectory({ db }),
    getCondominiumDirectory({ db }),
    db
      .select({ slug: members.slug, brokerCode: members.brokerCode, updatedAt: members.updatedAt })
      .from(members)
      .where(and(eq(members.active, true), isNull(members.deletedAt)))
      .orderBy(members.sortOrder, members.name),
  ]);

  const newest = listingRows.find((row) => row.updatedAt)?.updatedAt ?? null;
  const entries: SitemapEntry[] = [
    { path: "/", lastmod: newest },
    { path: LISTINGS_PATH, lastmod: newest },
    { path: filtersToUrl({ purpose: "venda" }, vocabulary), lastmod: newest },
    { path: filtersToUrl({ purpose: "aluguel" }, vocabulary), lastmod: newest },
  ];
  for (const city of vocabulary.cities) {
    entries.push({ path: filtersToUrl({ city: city.slug }, vocabulary) });
    for (const neighbourhood of city.neighbourhoods) {
      entries.push({ path: filtersToUrl({ city: city.slug, neighbourhoods: [neighbourhood.slug] }, vocabulary) });
    }
  }
  if (condominiumDirectory.cards.length) {
    entries.push({ path: CONDOMINIUMS_PATH, lastmod: newest });
    for (const city of condominiumDirectory.cities) {
      entries.push({ path: condominiumIndexUrl({ city: city.slug }) });
      for (const nb of city.neighbourhoods)
        entries.push({ path: condominiumIndexUrl({ city: city.slug, neighbourhood: nb.slug }) });
    }
  }
  const carried = new Set(memberRows.map((row) => row.brokerCode).filter(Boolean));
  for (const member of memberRows) entries.push({ path: memberPath(member.slug) });
  for (const broker of brokerDirectory.brokers) {
    if (broker.activeListings > 0 && !carried.has(broker.code)) entries.push({ path: broker.path });
  }
  entries.push(...(await neighbourhoodSitemapEntries(db)));
  for (const condo of condoRows) entries.push({ path: condominiumPath(condo.slug), lastmod: condo.lastmod });
  for (const row of listingRows) entries.push({ path: listingPath(row), lastmod: row.updatedAt });
  return entries.slice(0, SITEMAP_URL_LIMIT);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/** The sitemap XML (sitemaps.org 0.9) of `entries` on `origin` (absolute URLs). */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ];
  for (const entry of entries) {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod.slice(0, 10))}</lastmod>` : "";
    lines.push(`<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`);
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

const CACHE = "catalogue:sitemap";

/** Sitemap XML (pending or built) per origin. */
const cache = lruCache<string, Promise<string>>(CACHE, { max: 8, ttl: SITEMAP_TTL_MS });

/**
 * The sitemap XML for `origin`, built from the read model and kept in memory
 * for {@link SITEMAP_TTL_MS}. An empty catalogue (first sync running) is not
 * cached.
 */
export async function getSitemapXml(origin: string, db: Db = getDb().db): Promise<string> {
  const hit = cache.get(origin);
  if (hit) return hit;
  const pending = sitemapEntries(db).then((entries) => {
    const xml = renderSitemap(origin, entries);
    if (!entries.some((entry) => entry.path.startsWith("/detalhes/"))) cache.delete(origin);
    return xml;
  });
  cache.set(origin, pending);
  pending.catch(() => cache.delete(origin));
  return pending;
}

/** Forgets the cached sitemaps (tests; after a sync that changed listings `clearCaches()` empties every cache). */
export function clearSitemapCache(): void {
  clearCaches([CACHE]);
}

/** `robots.txt`: everything may be crawled; points at the sitemap on `origin`. */
export function renderRobots(origin: string): string {
  // /obrigado* are the thank-you pages of the contact forms and WhatsApp buttons (a crawl would record contacts).
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /health/",
    "Disallow: /builds/",
    "Disallow: /obrigado",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
