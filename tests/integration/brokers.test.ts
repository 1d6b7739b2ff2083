/**
 * Integration: broker portfolios `/corretor/{filtro}` on a
 * PGlite read model filled with the sync's own row mapping. Covers how
 * `{filtro}` resolves (code, slug, case, namesakes), the canonical redirects,
 * 404, the empty state of a broker without active listings, paging and
 * sorting against a plain reference, and that no owner data reaches the page.
 * Expectations come from the fixtures, never from hard-coded counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  brokerListings,
  buildBrokerDirectory,
  clearBrokerCache,
  getBrokerDirectory,
  resolveBroker,
} from "~/.server/catalogue/brokers";
import { brokers, listings } from "~/.server/db/schema";
import type { Listing } from "~/domain/listing";
import { LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { loader as brokerLoader } from "~/routes/broker";
import { makeBroker as broker, makeListing, storedRow, type StoredRow } from "./helpers/fixtures";
import { answer, loaderArgs, SITE_ORIGIN as ORIGIN } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

const now = new Date("2026-07-01T12:00:00Z");

/** Ana Lima (10) has most listings; a namesake Ana Lima (20) fewer; Bruno (30) few; Clara (40) none active. */
const BROKERS = [
  broker("10", "Ana Lima"),
  broker("20", "Ana  Lima"),
  broker("30", "Bruno Sá"),
  broker("40", "Clara Dias"),
  broker("XY9", "Équipe Vendas"),
];
const LISTINGS_PER_BROKER: Record<string, number> = { "10": 53, "20": 4, "30": 7, "40": 0, XY9: 2 };

/** The process database (`getDb()`, what the route loader reads) in a temporary DATA_DIR. */
let env: ProcessDatabase;
let rows: StoredRow[] = [];

beforeAll(async () => {
  env = await openProcessDatabase("brokers");
  const fixtures: { listing: Listing; removed: boolean }[] = [];
  let n = 0;
  for (const b of BROKERS) {
    for (let i = 0; i < LISTINGS_PER_BROKER[b.code]; i++, n++) {
      fixtures.push({
        listing: makeListing({
          code: `B${String(n).padStart(4, "0")}`,
          broker: b,
          salePrice: 300_000 + ((n * 41_000) % 900_000),
          rentPrice: n % 3 === 0 ? 2_000 + n * 10 : null,
          privateArea: 40 + (n % 90),
          updatedAt: `2026-0${1 + (n % 6)}-${String(1 + (n % 27)).padStart(2, "0")}`,
          // An owner field that must never reach the page.
          ...({ ownerName: "Proprietário Secreto" } as object),
        }),
        removed: false,
      });
    }
  }
  // Clara's only listing left the catalogue: she resolves, with no active listing.
  fixtures.push({ listing: makeListing({ code: "B9999", broker: BROKERS[3], salePrice: 500_000 }), removed: true });
  rows = fixtures.map(({ listing, removed }) => storedRow(listing, { condominiumSlug: null, removed, now }));
  await env.database.db.insert(listings).values(rows);
  await env.database.db.insert(brokers).values(BROKERS.map((b) => ({ code: b.code, data: b })));
  clearBrokerCache();
}, 60_000);

afterAll(async () => {
  await env?.close();
});

/** The loader's response, thrown (redirect, 404) or returned. */
function respond(url: string): Promise<Response> {
  const filtro = decodeURIComponent(new URL(url, ORIGIN).pathname.replace(/^\/corretor\//, ""));
  return answer(() => brokerLoader(loaderArgs(url, { filtro })));
}
const activeOf = (code: string) => rows.filter((r) => r.brokerCode === code && r.removedAt == null);

describe("broker directory and {filtro} resolution", () => {
  it("counts active listings per broker and gives each a canonical path", async () => {
    const directory = await getBrokerDirectory({ db: env.database.db });
    for (const b of BROKERS) expect(directory.byCode.get(b.code)?.activeListings).toBe(activeOf(b.code).length);
    expect(directory.byCode.get("10")?.path).toBe("/corretor/ana-lima");
    expect(directory.byCode.get("30")?.path).toBe("/corretor/bruno-sa");
    // The namesake with fewer active listings cannot own the slug: its page lives at its code.
    expect(directory.byCode.get("20")?.path).toBe("/corretor/20");
  });

  it("resolves the exact code, the code in another case, then the slug; unknown or odd input is null", async () => {
    const directory = await getBrokerDirectory({ db: env.database.db });
    expect(resolveBroker(directory, "30")?.code).toBe("30");
    expect(resolveBroker(directory, "xy9")?.code).toBe("XY9");
    expect(resolveBroker(directory, "bruno-sa")?.code).toBe("30");
    expect(resolveBroker(directory, "Bruno Sá")?.code).toBe("30");
    expect(resolveBroker(directory, "equipe-vendas")?.code).toBe("XY9");
    expect(resolveBroker(directory, "ana-lima")?.code).toBe("10");
    for (const odd of ["", "   ", "nao-existe", "%%%", "-", "x".repeat(500), "../../etc"]) {
      expect(resolveBroker(directory, odd)).toBeNull();
    }
  });

  it("gives a shared slug to the broker with most active listings, ties to the lowest code", () => {
    const a = broker("7", "João Souza");
    const b = broker("5", "Joao Souza");
    /** The directory of the two namesakes when 7 and 5 have these counts of active listings. */
    const directoryWith = (activeOf7: number, activeOf5: number) =>
      buildBrokerDirectory(
        [a, b].map((data) => ({ code: data.code, data })),
        new Map([
          ["7", activeOf7],
          ["5", activeOf5],
        ]),
      );
    const tie = directoryWith(3, 3);
    expect(tie.bySlug.get("joao-souza")?.code).toBe("5");
    const more = directoryWith(4, 3);
    expect(more.bySlug.get("joao-souza")?.code).toBe("7");
    expect(more.byCode.get("5")?.path).toBe("/corretor/5");
  });

  it("pages through a broker's active listings in the chosen order, each once", async () => {
    const expected = activeOf("10");
    const first = await brokerListings("10", { db: env.database.db, sort: "menor-preco" });
    expect(first.total).toBe(expected.length);
    expect(first.pageCount).toBe(Math.ceil(expected.length / LISTINGS_PAGE_SIZE));
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await brokerListings("10", { db: env.database.db, sort: "menor-preco", page });
      seen.push(...result.items.map((i) => i.code));
    }
    const reference = [...expected]
      .sort((x, y) => x.salePrice! - y.salePrice! || (x.code < y.code ? -1 : 1))
      .map((r) => r.code);
    expect(seen).toEqual(reference);
  });
});

describe("the /corretor/{filtro} page", () => {
  it("serves the slug URL with the broker card data, canonical and the first page", async () => {
    const response = await respond("/corretor/ana-lima");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("public");
    const data = await response.json();
    expect(data.canonicalUrl).toBe(`${ORIGIN}/corretor/ana-lima`);
    expect(data.broker).toMatchObject({
      code: "10",
      name: "Ana Lima",
      creci: BROKERS[0].creci,
      email: BROKERS[0].email,
    });
    expect(data.total).toBe(activeOf("10").length);
    expect(data.items).toHaveLength(Math.min(LISTINGS_PAGE_SIZE, activeOf("10").length));
    expect(data.nextUrl).toBe(`${ORIGIN}/corretor/ana-lima?pagina=2`);
    expect(data.jsonLd["@type"]).toBe("RealEstateAgent");
    const text = JSON.stringify(data);
    expect(text).not.toContain("Proprietário Secreto");
    expect(text).not.toContain("ownerName");
  });

  it("redirects the code form, other spellings and bad parameters to the canonical URL (301)", async () => {
    const cases: [string, string][] = [
      ["/corretor/10", "/corretor/ana-lima"],
      ["/corretor/Ana-Lima", "/corretor/ana-lima"],
      ["/corretor/xy9", "/corretor/equipe-vendas"],
      ["/corretor/bruno-sa?ordem=recentes", "/corretor/bruno-sa"],
      ["/corretor/bruno-sa?ordem=xyz&pagina=abc&foo=1", "/corretor/bruno-sa"],
      ["/corretor/ana-lima?pagina=1", "/corretor/ana-lima"],
      ["/corretor/10?ORDEM=menor-preco&pagina=2", "/corretor/ana-lima?ordem=menor-preco&pagina=2"],
      ["/corretor/ana-lima?utm_source=x&ordem=recentes", "/corretor/ana-lima?utm_source=x"],
    ];
    for (const [from, to] of cases) {
      const response = await respond(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get("Location"), from).toBe(to);
    }
    // The namesake's canonical page is its code: no redirect there.
    expect((await respond("/corretor/20")).status).toBe(200);
  });

  it("answers 404 for an unknown broker and 302 past the last page", async () => {
    const missing = await respond("/corretor/nao-existe");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Page Not Found: /corretor/nao-existe");
    const pages = Math.ceil(activeOf("10").length / LISTINGS_PAGE_SIZE);
    const past = await respond(`/corretor/ana-lima?pagina=${pages + 5}`);
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/corretor/ana-lima?pagina=${pages}`);
  });

  it("shows a broker without active listings with an empty portfolio (200, noindex)", async () => {
    const response = await respond("/corretor/clara-dias");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.total).toBe(0);
    expect(data.items).toEqual([]);
    expect(data.noindex).toBe(true);
    expect(data.broker.name).toBe("Clara Dias");
  });
});
