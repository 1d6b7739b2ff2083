/**
 * Integration on real data: the Vista sandbox (real JPEG photos) synced over
 * HTTP into the process database (PGlite in a temporary DATA_DIR) by the real
 * sync, then the detail pages, the sitemap and the image route exactly as the
 * site serves them (route loaders called with a `Request`). Expectations are
 * derived from the read model, never hard-coded.
 *
 * To keep `npm test` short, the sync sees one listing in {@link SUBSET} of the
 * sandbox's catalogue (whole pages filtered by code, consistently in every pass,
 * so removal detection still works); the full sync is covered by the sync suite.
 * `DETAIL_FULL_CATALOGUE=1` runs this file on the whole catalogue.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSitemapCache } from "~/.server/catalogue/sitemap";
import { clearVocabularyCache } from "~/.server/catalogue/vocabulary";
import type { Database } from "~/.server/db";
import { condominiums, listings } from "~/.server/db/schema";
import { runSync } from "~/.server/sync";
import { setVistaTarget } from "~/.server/vista/target";
import { imageUrl } from "~/lib/images";
import { listingPath } from "~/lib/urls";
import { loader as condominiumLoader } from "~/routes/condominium";
import { loader as imageLoader } from "~/routes/image";
import { loader as listingLoader } from "~/routes/listing";
import { loader as sitemapLoader } from "~/routes/sitemap";
import type { VistaClient } from "~/.server/vista";
import { loaderArgs as args, settle, siteRequest as get, SITE_ORIGIN as ORIGIN } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";
import { startTestSandbox, type TestSandbox } from "./helpers/sandbox";

/** One listing in SUBSET (by the digits of its code) is synced; 1 = all. */
const SUBSET = process.env.DETAIL_FULL_CATALOGUE ? 1 : 6;

let env: TestSandbox;
let client: VistaClient;
let processDb: ProcessDatabase;
let database: Database;

beforeAll(async () => {
  processDb = await openProcessDatabase("detail-sandbox");
  database = processDb.database;
  env = await startTestSandbox();
  setVistaTarget({ baseUrl: env.url, key: env.sandbox.key });
  const keep = (code: string | undefined) => Number((code ?? "").replace(/\D/g, "")) % SUBSET === 0;
  client = {
    ...env.client,
    async *listAll(pesquisa, options) {
      for await (const page of env.client.listAll(pesquisa, options)) {
        const kept = page.filter((wire) => keep(wire.Codigo));
        if (kept.length) yield kept;
      }
    },
  };
  const started = performance.now();
  await runSync({ database, client, log: () => {}, source: env.url });
  console.info(
    `[detail] sync (1/${SUBSET} of the catalogue) into PGlite: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}, 300_000);

afterAll(async () => {
  await processDb?.close();
  await env?.close();
});

async function activeRows() {
  const { code, category, neighbourhood, condominiumSlug, updatedAt } = listings;
  return database.db
    .select({ code, category, neighbourhood, condominiumSlug, updatedAt })
    .from(listings)
    .where(sql`${listings.removedAt} is null`);
}

describe("detail pages on the synced sandbox catalogue", () => {
  it("sitemap.xml lists every active listing, each once, with its lastmod", async () => {
    clearSitemapCache();
    clearVocabularyCache();
    const started = performance.now();
    const xml = await ((await sitemapLoader(args(get("/sitemap.xml")))) as Response).text();
    console.info(`[detail] sitemap.xml built in ${Math.round(performance.now() - started)} ms`);
    const listingLocs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)]
      .filter((m) => /\/detalhes\/[^/]+\/[^/]+$/.test(m[1]))
      .map((m) => [m[1], m[2]] as const);
    const active = await activeRows();
    expect(active.length).toBeGreaterThan(13_000 / SUBSET);
    expect(listingLocs).toHaveLength(active.length);
    const byLoc = new Map(listingLocs);
    for (const row of active) expect(byLoc.get(`${ORIGIN}${listingPath(row)}`)).toBe(row.updatedAt ?? undefined);
    const condoCount = await database.db.select({ n: sql<number>`count(*)::int` }).from(condominiums);
    const condoLocs = [...xml.matchAll(/<loc>[^<]+\/detalhes\/[^/<]+<\/loc>/g)];
    expect(condoLocs.length).toBeGreaterThan(0);
    expect(condoLocs.length).toBeLessThanOrEqual(condoCount[0].n);
  });

  it("a listing of a condominium renders from real data, and its condominium page lists it", async () => {
    const [row] = await database.db
      .select()
      .from(listings)
      .where(
        sql`${listings.condominiumSlug} is not null and ${listings.removedAt} is null and ${listings.brokerCode} is not null`,
      )
      .orderBy(listings.code)
      .limit(1);
    const canonical = listingPath(row);
    const response = await settle(
      listingLoader(args(get(canonical), { condominio: row.condominiumSlug!, id: row.code })),
    );
    expect(response.status).toBe(200);
    const data = response.data;
    expect(data.listing.code).toBe(row.code);
    expect(data.listing.photos.length).toBe(row.data.photos.length);
    expect(data.listing.photos.length).toBeGreaterThan(0);
    expect(data.listing.broker.name).toBe(row.data.broker!.name);
    expect(data.condominium.path).toBe(`/detalhes/${row.condominiumSlug}`);
    // The sandbox carries fictional owner data: it must not reach the page.
    const owner = await client.detalhes(row.code, ["Codigo", "Proprietario"]);
    if (owner.Proprietario) expect(JSON.stringify(data)).not.toContain(String(owner.Proprietario));

    const condo = await settle(
      condominiumLoader(args(get(`/detalhes/${row.condominiumSlug}`), { condominio: row.condominiumSlug! })),
    );
    expect(condo.status).toBe(200);
    const condoData = condo.data;
    const units = [...condoData.forSale, ...condoData.forRent].map((unit: { code: string }) => unit.code);
    expect(units).toContain(row.code);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(sql`${listings.condominiumSlug} = ${row.condominiumSlug} and ${listings.removedAt} is null`);
    expect(condoData.unitCount).toBe(n);
  });

  it("the image route resizes a sandbox photo to WebP", async () => {
    const [row] = await database.db
      .select({ cover: listings.coverPhotoUrl })
      .from(listings)
      .where(sql`${listings.coverPhotoUrl} <> ''`)
      .limit(1);
    const response = (await imageLoader(
      args(get(imageUrl(row.cover, 480), { headers: { Accept: "image/avif,image/webp,*/*" } })),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(480);
  });

  it("a listing removed from Vista answers 410 with similar listings after the next sync", async () => {
    const active = (await activeRows()).sort((a, b) => a.code.localeCompare(b.code));
    const victim = active[Math.floor(active.length / 2)];
    env.sandbox.remove([victim.code]);
    await runSync({ database, client, log: () => {}, source: env.url });
    const [row] = await database.db.select().from(listings).where(eq(listings.code, victim.code));
    expect(row.removedAt).not.toBeNull();
    const response = await settle(
      listingLoader(args(get(listingPath(victim)), { condominio: listingPath(victim).split("/")[2], id: victim.code })),
    );
    expect(response.status).toBe(410);
    const data = response.data;
    expect(data.kind).toBe("removed");
    expect(data.similar.length).toBeGreaterThan(0);
    expect(data.similar.map((s: { code: string }) => s.code)).not.toContain(victim.code);
  });
});
