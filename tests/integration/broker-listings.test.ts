/**
 * "Meus imóveis" on PGlite (docs/decisions/0082-broker-listings-page.md):
 * the true count beyond the old cap of 200, numbered pages of 25 (beyond the
 * last: the last), the search by code, neighbourhood or title (case and
 * accents ignored, LIKE wildcards literal), the 30-day figures counted from
 * inserted events and leads in and out of the window, and another broker's
 * listings never listed. Also the page's guard for an anonymous visitor,
 * and the search and figures once more on PostgreSQL (its own `f_unaccent`).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { countBrokerListings, loadMyListings } from "~/.server/broker/my-listings";
import { listBrokerListings } from "~/.server/broker/private-listing";
import { analyticsEvents, leads, listings } from "~/.server/db/schema";
import * as panelListings from "~/routes/panel-listings";
import { postgresTestUrl } from "./helpers/database";
import { makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { answer, loaderArgs } from "./helpers/loaders";
import { useSitePglite } from "./helpers/site-pglite";
import { useTestDatabase } from "./helpers/use-database";

const DAY_MS = 86_400_000;
const MINE = "22";
const OTHER = "38";
/** More than the old cap of 200, not a multiple of the page size: 10 pages, the last with 5. */
const MY_ACTIVE = 230;

const code = (n: number) => `M${String(n).padStart(4, "0")}`;

/** Listings whose title or neighbourhood the searches look for (the rest: "Apartamento em Moema"). */
const SPECIAL: Record<string, { title?: string; neighbourhood?: string }> = {
  [code(7)]: { title: "Cobertura com terraço gourmet", neighbourhood: "Vila Mariana" },
  [code(150)]: { title: "Casa térrea", neighbourhood: "Mooca" },
  [code(151)]: { title: "Studio na Sé", neighbourhood: "Sé" },
};

const test = useSitePglite("broker-listings");
const now = new Date();

function row(listingCode: string, broker: string, options: { removed?: boolean } = {}) {
  const special = SPECIAL[listingCode] ?? {};
  const listing = makeListing({
    code: listingCode,
    broker: makeBroker(broker, `Corretor ${broker}`),
    neighbourhood: special.neighbourhood ?? "Moema",
    salePrice: 500_000,
  });
  return {
    ...storedRow(listing, { condominiumSlug: null, now, removed: options.removed }),
    title: special.title ?? "Apartamento em Moema",
  };
}

beforeAll(async () => {
  const db = test.database.db;
  const rows = [
    ...Array.from({ length: MY_ACTIVE }, (_, i) => row(code(i + 1), MINE)),
    // Removed from the catalogue: never counted nor listed.
    ...[901, 902, 903].map((n) => row(code(n), MINE, { removed: true })),
    // Another broker's, some matching every search below.
    row("X0007", OTHER),
    { ...row("X0008", OTHER), title: "Cobertura com terraço", neighbourhood: "Vila Mariana" },
    { ...row("X0009", OTHER), neighbourhood: "Mooca" },
  ];
  for (let i = 0; i < rows.length; i += 100) await db.insert(listings).values(rows.slice(i, i + 100));

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const event = (
    listingCode: string,
    daysAgo: number,
    type: "listing_view" | "pageview" | "favourite_add" = "listing_view",
  ) => ({
    occurredAt: at(daysAgo),
    type,
    path: `/detalhes/apartamento-moema/${listingCode}`,
    listingCode,
    device: "desktop" as const,
    visitorHash: "a".repeat(64),
  });
  await db.insert(analyticsEvents).values([
    // M0001: 3 views in the window, 2 before it, and page views that are not listing views.
    event(code(1), 0),
    event(code(1), 1),
    event(code(1), 20),
    event(code(1), 40),
    event(code(1), 90),
    event(code(1), 0, "pageview"),
    event(code(1), 1, "pageview"),
    // M0001: saved to favourites twice in the window, once before it.
    event(code(1), 2, "favourite_add"),
    event(code(1), 5, "favourite_add"),
    event(code(1), 45, "favourite_add"),
    // M0002: 1 view. Another broker's listing: not ours.
    event(code(2), 3),
    event("X0007", 0, "favourite_add"),
    event("X0007", 0),
  ]);

  const lead = (listingCode: string, daysAgo: number, extra: Partial<typeof leads.$inferInsert> = {}) => ({
    id: randomUUID(),
    kind: "info" as const,
    idempotencyKey: randomUUID(),
    listingCode,
    createdAt: at(daysAgo),
    ...extra,
  });
  const survivor = lead(code(1), 2);
  await db.insert(leads).values(survivor);
  await db.insert(leads).values([
    // M0001: in the window: the survivor above and one more; merged into it: not counted; 45 days ago: not counted.
    lead(code(1), 10, { status: "em_atendimento" }),
    lead(code(1), 1, { mergedIntoId: survivor.id }),
    lead(code(1), 45),
    // M0001: a visit booked on a lead of 40 days ago still counts (a current state); a merged one does not.
    lead(code(1), 40, { status: "visita_agendada" }),
    lead(code(1), 5, { status: "visita_agendada", mergedIntoId: survivor.id }),
    // M0002: one lead with a visit booked; the other broker's listing has leads too.
    lead(code(2), 0, { status: "visita_agendada" }),
    lead("X0007", 0, { status: "visita_agendada" }),
  ]);
}, 60_000);

describe("count and pages", () => {
  it("counts every active listing of the broker, beyond 200", async () => {
    const db = test.database.db;
    expect(await countBrokerListings(db, MINE)).toBe(MY_ACTIVE);
    expect(await countBrokerListings(db, OTHER)).toBe(3);
    expect(await countBrokerListings(db, "99")).toBe(0);
    // The /painel helper still answers its first 200.
    expect(await listBrokerListings(db, MINE)).toHaveLength(200);
  });

  it("pages by 25 in code order, without overlap, the last page holding the rest", async () => {
    const db = test.database.db;
    const first = await loadMyListings(db, MINE, { now });
    expect(first).toMatchObject({ total: MY_ACTIVE, matching: MY_ACTIVE, page: 1, pageCount: 10 });
    expect(first.rows.map((r) => r.code)).toEqual(Array.from({ length: 25 }, (_, i) => code(i + 1)));
    const second = await loadMyListings(db, MINE, { page: 2, now });
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.code)).toEqual(Array.from({ length: 25 }, (_, i) => code(i + 26)));
    const last = await loadMyListings(db, MINE, { page: 10, now });
    expect(last.rows.map((r) => r.code)).toEqual([226, 227, 228, 229, 230].map(code));
  });

  it("shows the last page for a page beyond it, and page 1 of 1 when there is nothing", async () => {
    const db = test.database.db;
    const beyond = await loadMyListings(db, MINE, { page: 99, now });
    expect(beyond.page).toBe(10);
    expect(beyond.rows).toHaveLength(5);
    expect(await loadMyListings(db, "99", { page: 3, now })).toMatchObject({
      total: 0,
      matching: 0,
      page: 1,
      pageCount: 1,
      rows: [],
    });
  });

  it("gives each row its public path and price", async () => {
    const [first] = (await loadMyListings(test.database.db, MINE, { now })).rows;
    expect(first).toMatchObject({
      code: code(1),
      title: "Apartamento em Moema",
      neighbourhood: "Moema",
      salePrice: 500_000,
    });
    expect(first!.path).toMatch(/\/M0001$/);
  });
});

describe("search", () => {
  const codesFor = async (q: string, broker = MINE) =>
    (await loadMyListings(test.database.db, broker, { q, now })).rows.map((r) => r.code);

  it("finds by code, any case, in part", async () => {
    expect(await codesFor("m0007")).toEqual([code(7)]);
    expect(await codesFor("M015")).toEqual([150, 151, 152, 153, 154, 155, 156, 157, 158, 159].map(code));
  });

  it("finds by neighbourhood and by title, ignoring case and accents, every word required", async () => {
    expect(await codesFor("VILA mariana")).toEqual([code(7)]);
    expect(await codesFor("moóca")).toEqual([code(150)]);
    expect(await codesFor("se")).toEqual([code(151)]);
    expect(await codesFor("terraco")).toEqual([code(7)]);
    expect(await codesFor("Térrea casa")).toEqual([code(150)]);
    expect(await codesFor("terraco mooca")).toEqual([]);
  });

  it("counts the matches apart from the broker's total and pages them", async () => {
    const result = await loadMyListings(test.database.db, MINE, { q: "moema", page: 2, now });
    expect(result).toMatchObject({ total: MY_ACTIVE, matching: MY_ACTIVE - 3, page: 2, pageCount: 10 });
  });

  it("takes LIKE wildcards literally", async () => {
    expect(await codesFor("%")).toEqual([]);
    expect(await codesFor("m_007")).toEqual([]);
    expect(await codesFor("\\")).toEqual([]);
  });

  it("never lists another broker's listing", async () => {
    for (const q of ["x0007", "vila mariana", "mooca", "terraco", undefined]) {
      const result = await loadMyListings(test.database.db, MINE, { q, page: 1, pageSize: 500, now });
      expect(result.rows.every((r) => r.code.startsWith("M"))).toBe(true);
    }
    expect(await codesFor("mooca", OTHER)).toEqual(["X0009"]);
  });

  it("lists everything for a query with nothing left once folded", async () => {
    expect((await loadMyListings(test.database.db, MINE, { q: "  ", now })).matching).toBe(MY_ACTIVE);
  });
});

describe("figures of the last 30 days", () => {
  it("counts views, favourites, leads and visits per listing of the page, from the stored events and leads", async () => {
    const page = await loadMyListings(test.database.db, MINE, { now });
    const byCode = new Map(page.rows.map((r) => [r.code, r]));
    expect(byCode.get(code(1))).toMatchObject({ views: 3, leads: 2, visits: 1, favourites: 2 });
    expect(byCode.get(code(2))).toMatchObject({ views: 1, leads: 1, visits: 1, favourites: 0 });
    expect(byCode.get(code(3))).toMatchObject({ views: 0, leads: 0, visits: 0, favourites: 0 });
    expect(page.to).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now));
  });

  it("gives the other broker's listing its own figures only", async () => {
    const other = await loadMyListings(test.database.db, OTHER, { now });
    expect(other.rows.find((r) => r.code === "X0007")).toMatchObject({ views: 1, leads: 1, visits: 1 });
  });
});

describe("the page's guard", () => {
  it("sends an anonymous visitor to the sign-in page, never cached", async () => {
    const response = await answer(() => panelListings.loader(loaderArgs("/painel/imoveis?pagina=2")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login-corretores?redirectTo=${encodeURIComponent("/painel/imoveis?pagina=2")}`,
    );
    expect(response.headers.get("Cache-Control")).toContain("no-store");
  });
});

const postgresUrl = postgresTestUrl();
describe.skipIf(!postgresUrl)("on PostgreSQL", () => {
  const pgTest = useTestDatabase("postgres");

  it("counts, searches without accents or case, and counts the figures alike", async () => {
    const db = pgTest.database.db;
    await db
      .insert(listings)
      .values([row(code(7), MINE), row(code(150), MINE), row(code(1), MINE), row("X0009", OTHER)]);
    await db.insert(analyticsEvents).values({
      type: "listing_view",
      path: `/detalhes/casa-mooca/${code(150)}`,
      listingCode: code(150),
      device: "mobile",
      visitorHash: "b".repeat(64),
    });
    await db.insert(leads).values([
      { kind: "info", idempotencyKey: randomUUID(), listingCode: code(150), status: "visita_agendada" },
      {
        kind: "info",
        idempotencyKey: randomUUID(),
        listingCode: code(150),
        createdAt: new Date(now.getTime() - 31 * DAY_MS),
      },
    ]);
    expect(await countBrokerListings(db, MINE)).toBe(3);
    const found = await loadMyListings(db, MINE, { q: "MOÓCA", now });
    expect(found).toMatchObject({ total: 3, matching: 1 });
    expect(found.rows).toMatchObject([{ code: code(150), views: 1, leads: 1, visits: 1 }]);
    expect((await loadMyListings(db, MINE, { q: "terraço", now })).rows.map((r) => r.code)).toEqual([code(7)]);
    expect((await loadMyListings(db, MINE, { q: "_", now })).matching).toBe(0);
  });
});
