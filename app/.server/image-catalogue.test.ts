/**
 * The catalogue's photo URLs on a real migrated PGlite: every photo column
 * counts, anything else (another query string, another tenant's path) does
 * not, rows synced later are found by the next top-up, and unknown URLs
 * waiting together cause one read of the database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { brokers, condominiums, listings } from "~/.server/db/schema";
import type { Photo } from "~/domain/listing";
import { createTestPglite, type TestDatabase } from "../../tests/integration/helpers/database";
import { makeBroker, makeListing, storedCondominium, storedRow } from "../../tests/integration/helpers/fixtures";
import { createCatalogueImages, seededHash53 } from "./image-catalogue";

const CDN = "https://cdn.vistahost.com.br/horizonte/vista.imobi/fotos";

function photo(url: string, thumbnailUrl: string): Photo {
  return { url, thumbnailUrl, isCover: false, order: 1, description: "", kind: "Imagem" };
}

let test: TestDatabase;
let reads = 0;
/** The database, counting the queries of the catalogue. */
let db: Db;

beforeAll(async () => {
  test = await createTestPglite();
  const real = test.database.db;
  db = new Proxy(real, {
    get(target, property, receiver) {
      if (property === "execute")
        return (query: Parameters<Db["execute"]>[0]) => {
          reads += 1;
          return target.execute(query);
        };
      return Reflect.get(target, property, receiver);
    },
  });
  const now = new Date();
  const listing = makeListing({
    code: "AP1",
    coverPhotoUrl: `${CDN}/AP1/capa.jpg`,
    photos: [photo(`${CDN}/AP1/a.jpg`, `${CDN}/AP1/a-p.jpg`)],
    broker: makeBroker("7", "Ana", { photoUrl: `${CDN}/corretores/7.jpg` }),
  });
  await real.insert(listings).values(storedRow(listing, { condominiumSlug: null, now }));
  await real
    .insert(condominiums)
    .values(
      storedCondominium(
        { name: "Edifício Sol", coverPhotoUrl: `${CDN}/emp/1/capa.jpg`, photos: [photo(`${CDN}/emp/1/b.jpg`, "")] },
        "sao-paulo/moema/edificio-sol",
        now,
      ),
    );
  await real
    .insert(brokers)
    .values({ code: "9", data: makeBroker("9", "Bia", { photoUrl: `${CDN}/corretores/9.jpg` }) });
});

afterAll(async () => {
  await test.cleanup();
});

describe("createCatalogueImages", () => {
  it("holds every photo column of listings, condominiums and brokers, and nothing else", async () => {
    const catalogue = createCatalogueImages({ db: () => db, refreshIntervalMs: 1000 });
    for (const url of [
      `${CDN}/AP1/capa.jpg`,
      `${CDN}/AP1/a.jpg`,
      `${CDN}/AP1/a-p.jpg`,
      `${CDN}/corretores/7.jpg`,
      `${CDN}/emp/1/capa.jpg`,
      `${CDN}/emp/1/b.jpg`,
      `${CDN}/corretores/9.jpg`,
    ])
      expect(await catalogue.has(new URL(url).href), url).toBe(true);
    expect(catalogue.size).toBe(7);
    const outside = [
      `${CDN}/AP1/capa.jpg?v=2`,
      `${CDN}/AP1/capa.jpg#x`,
      "https://cdn.vistahost.com.br/outra/vista.imobi/fotos/AP1/capa.jpg",
      "https://outra-rest.vistahost.com.br/fotos/AP1/capa.jpg",
    ];
    expect(await Promise.all(outside.map((url) => catalogue.has(new URL(url).href)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("finds a photo synced after the first read at the next top-up", async () => {
    const catalogue = createCatalogueImages({ db: () => db, refreshIntervalMs: 1000 });
    expect(await catalogue.has(`${CDN}/AP1/capa.jpg`)).toBe(true);
    const listing = makeListing({ code: "AP2", coverPhotoUrl: `${CDN}/AP2/capa.jpg` });
    await test.database.db.insert(listings).values(storedRow(listing, { condominiumSlug: null, now: new Date() }));
    expect(await catalogue.has(`${CDN}/AP2/capa.jpg`)).toBe(true);
  });

  it("reads the database once for unknown URLs that wait together, and at most once per interval", async () => {
    const catalogue = createCatalogueImages({ db: () => db, refreshIntervalMs: 1000 });
    expect(await catalogue.has(`${CDN}/AP1/capa.jpg`)).toBe(true);
    reads = 0;
    const unknown = Array.from({ length: 50 }, (_, i) => catalogue.has(`${CDN}/AP1/capa.jpg?v=${i}`));
    expect(await Promise.all(unknown)).toEqual(Array(50).fill(false));
    // One top-up: the database's clock, the condominiums and brokers synced since the last read,
    // then the listings a page at a time (the page's last code, its photos, and the next, empty page).
    expect(reads).toBe(5);
    // A known URL never reads.
    expect(await catalogue.has(`${CDN}/AP1/a.jpg`)).toBe(true);
    expect(reads).toBe(5);
  });

  it("reads only the rows synced since the last read (with the overlap) at a top-up", async () => {
    const catalogue = createCatalogueImages({ db: () => db, refreshIntervalMs: 1000, overlapMs: 0 });
    await catalogue.has(`${CDN}/AP1/capa.jpg`);
    const before = catalogue.size;
    // An old row changed behind the catalogue's back is not read again; a new one is.
    await test.database.db.execute(
      sql`update listings set cover_photo_url = ${`${CDN}/AP1/nova.jpg`}, synced_at = now() - interval '1 day' where code = 'AP1'`,
    );
    expect(await catalogue.has(`${CDN}/AP1/nova.jpg`)).toBe(false);
    expect(catalogue.size).toBe(before);
  });

  it("refuses an unknown URL at once, without reading, while a costly top-up keeps the next one away", async () => {
    const slow = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "execute")
          return async (query: Parameters<Db["execute"]>[0]) => {
            await new Promise((resolve) => setTimeout(resolve, 60));
            return target.execute(query);
          };
        return Reflect.get(target, property, receiver);
      },
    });
    const catalogue = createCatalogueImages({ db: () => slow, refreshIntervalMs: 20 });
    expect(await catalogue.has(`${CDN}/AP1/a.jpg`)).toBe(true);
    reads = 0;
    const started = performance.now();
    expect(await catalogue.has(`${CDN}/AP1/a.jpg?v=1`)).toBe(false);
    expect(reads).toBe(0);
    expect(performance.now() - started).toBeLessThan(60);
  });
});

describe("seededHash53", () => {
  it("is a stable integer below 2^53 per seed, and differs between seeds", () => {
    const url = `${CDN}/AP1/capa.jpg`;
    expect(seededHash53(url, 1)).toBe(seededHash53(url, 1));
    expect(Number.isSafeInteger(seededHash53(url, 1))).toBe(true);
    expect(seededHash53(url, 1)).not.toBe(seededHash53(url, 2));
    expect(seededHash53(url, 1)).not.toBe(seededHash53(`${url}?`, 1));
  });
});
