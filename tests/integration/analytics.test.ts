/**
 * First-party analytics on PGlite (the process database): `POST /api/eventos`
 * through its route module (204, bots and requests without User-Agent store
 * nothing, malformed or oversized bodies are refused, the per-IP limit
 * answers 429), the rows it stores (no IP, no User-Agent), the dashboard
 * figures and CSV of `/admin/estatisticas` computed from those rows, the
 * broker's figures on `/painel` (own listings only), and the 13-month
 * retention, which folds old events into daily totals without changing them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { brokerPanelFigures, loadAnalyticsDashboard } from "~/.server/analytics/queries";
import {
  ANALYTICS_LOCK_KEY,
  runAnalyticsMaintenance,
  startAnalyticsMaintenance,
} from "~/.server/analytics/maintenance";
import { recordBeacon } from "~/.server/analytics/record";
import { saoPauloDay } from "~/.server/analytics/visitor";
import { analyticsDaily, analyticsEvents, analyticsSalts, leads, listings } from "~/.server/db/schema";
import { createLimiter } from "~/.server/rate-limit";
import { setSingleton } from "~/.server/singleton";
import { MAX_BEACON_BYTES } from "~/lib/analytics-events";
import { ANALYTICS_EVENTS_PATH } from "~/lib/paths";
import * as apiEvents from "~/routes/api-events";
import * as adminStats from "~/routes/admin-stats";
import { loadStatsPage, statsCsv } from "~/routes/admin-stats.server";
import { createTestPostgres, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { answer, siteRequest, SITE_ORIGIN } from "./helpers/loaders";
import { useSitePglite } from "./helpers/site-pglite";

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const test = useSitePglite("analytics");
beforeAll(async () => {
  const now = new Date();
  // Active listings (no `removed_at`), so the filter vocabulary knows Moema and Pinheiros.
  await test.database.db.insert(listings).values(
    [
      makeListing({ code: "A100", broker: makeBroker("7", "Ana Corretora"), neighbourhood: "Moema" }),
      makeListing({
        code: "B200",
        broker: makeBroker("8", "Bruno Corretor"),
        neighbourhood: "Pinheiros",
        category: "Casa",
      }),
    ].map((listing) => ({ ...storedRow(listing, { condominiumSlug: null, now }), removedAt: null })),
  );
}, 60_000);
beforeEach(async () => {
  await test.database.db.delete(analyticsEvents);
  await test.database.db.delete(analyticsDaily);
  await test.database.db.delete(leads);
  // A fresh, generous limiter per test (the 429 test installs a strict one).
  setSingleton("analytics-rate-limiter", createLimiter({ keyPrefix: "t", points: 1000, durationSeconds: 60 }, null));
});

/** A beacon as the browser sends it (`sendBeacon` with a string: text/plain, same origin). */
function beacon(body: unknown, init: { ua?: string | null; type?: string; raw?: string } = {}): Request {
  const headers = new Headers({
    "Content-Type": init.type ?? "text/plain;charset=UTF-8",
    Origin: SITE_ORIGIN,
    "Sec-Fetch-Site": "same-origin",
  });
  if (init.ua !== null) headers.set("User-Agent", init.ua ?? BROWSER_UA);
  return siteRequest(ANALYTICS_EVENTS_PATH, {
    method: "POST",
    headers,
    body: init.raw ?? JSON.stringify(body),
  });
}

const post = (request: Request, clientIp = "203.0.113.9") =>
  answer(() => apiEvents.action({ request, params: {}, context: { clientIp } } as unknown as ActionFunctionArgs));

async function storedRows() {
  return test.database.db.select().from(analyticsEvents);
}

describe("POST /api/eventos", () => {
  it("answers 204 and stores a page view with the events its address implies", async () => {
    const home = await post(
      beacon({
        type: "pageview",
        path: "/?utm_source=jornal&utm_medium=impresso&utm_campaign=natal",
        referrer: "https://www.google.com/search?q=imoveis",
      }),
    );
    expect(home.status).toBe(204);
    expect((await post(beacon({ type: "pageview", path: "/detalhes/apartamento-moema/A100" }))).status).toBe(204);
    expect((await post(beacon({ type: "pageview", path: "/busca?q=  Cobertura   MOEMA " }))).status).toBe(204);
    expect((await post(beacon({ type: "pageview", path: "/mapa?area=-23.6,-46.7,-23.5,-46.6" }))).status).toBe(204);
    expect((await post(beacon({ type: "gallery_open", path: "/detalhes/apartamento-moema/A100" }))).status).toBe(204);
    expect(
      (await post(beacon({ type: "form_start", path: "/detalhes/apartamento-moema/A100", form: "info" }))).status,
    ).toBe(204);

    const rows = await storedRows();
    const byType = (type: string) => rows.filter((row) => row.type === type);
    expect(byType("pageview")).toHaveLength(4);
    const first = byType("pageview").find((row) => row.path === "/")!;
    expect(first).toMatchObject({
      referrerHost: "www.google.com",
      utmSource: "jornal",
      utmMedium: "impresso",
      utmCampaign: "natal",
      device: "desktop",
    });
    expect(byType("listing_view").map((row) => row.listingCode)).toEqual(["A100"]);
    expect(byType("search").map((row) => row.detailValue)).toEqual(["cobertura moema"]);
    expect(byType("map_search")).toHaveLength(1);
    expect(byType("gallery_open")[0]!.listingCode).toBe("A100");
    expect(byType("form_start")[0]).toMatchObject({ detailKey: "form", detailValue: "info", listingCode: "A100" });
    // One visitor (same IP and UA, same day): one hash on every row.
    expect(new Set(rows.map((row) => row.visitorHash)).size).toBe(1);
  });

  it("never stores the IP or the User-Agent", async () => {
    await post(beacon({ type: "pageview", path: "/busca?q=jardins" }, { ua: PHONE_UA }), "198.51.100.77");
    const rows = await storedRows();
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain("198.51.100.77");
    expect(text).not.toContain("iPhone");
    expect(rows[0]!.device).toBe("mobile");
    expect(rows[0]!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stores nothing for a bot or a request without User-Agent, and still answers 204", async () => {
    const bot = await post(
      beacon({ type: "pageview", path: "/" }, { ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    );
    const headless = await post(
      beacon({ type: "pageview", path: "/" }, { ua: "Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36" }),
    );
    const none = await post(beacon({ type: "pageview", path: "/" }, { ua: null }));
    expect([bot.status, headless.status, none.status]).toEqual([204, 204, 204]);
    expect(await storedRows()).toEqual([]);
  });

  it("stores nothing for the admin and broker areas", async () => {
    expect((await post(beacon({ type: "pageview", path: "/admin/estatisticas" }))).status).toBe(204);
    expect((await post(beacon({ type: "pageview", path: "/painel" }))).status).toBe(204);
    expect(await storedRows()).toEqual([]);
  });

  it("refuses malformed JSON, invalid bodies, foreign paths and other content types", async () => {
    expect((await post(beacon(null, { raw: "{not json" }))).status).toBe(400);
    expect((await post(beacon({ type: "click", path: "/" }))).status).toBe(400);
    expect((await post(beacon({ type: "pageview", path: "https://evil.example/" }))).status).toBe(400);
    expect((await post(beacon({ type: "pageview", path: "//evil.example/" }))).status).toBe(400);
    expect((await post(beacon({ type: "pageview", path: "/\\evil.example/" }))).status).toBe(400);
    expect((await post(beacon({ type: "pageview", path: "/", extra: 1 }))).status).toBe(400);
    expect(
      (await post(beacon({ type: "pageview", path: "/" }, { type: "application/x-www-form-urlencoded" }))).status,
    ).toBe(415);
    expect(await storedRows()).toEqual([]);
  });

  it("refuses a body over the size limit with 413", async () => {
    const big = JSON.stringify({ type: "pageview", path: `/${"a".repeat(MAX_BEACON_BYTES)}` });
    const response = await post(beacon(null, { raw: big, type: "application/json" }));
    expect(response.status).toBe(413);
    expect(await storedRows()).toEqual([]);
  });

  it("limits beacons per IP with 429 and Retry-After", async () => {
    setSingleton("analytics-rate-limiter", createLimiter({ keyPrefix: "t429", points: 3, durationSeconds: 60 }, null));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(beacon({ type: "pageview", path: "/" }), "192.0.2.1")).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const limited = await post(beacon({ type: "pageview", path: "/" }), "192.0.2.1");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another IP is not affected.
    expect((await post(beacon({ type: "pageview", path: "/" }), "192.0.2.2")).status).toBe(204);
    expect(await storedRows()).toHaveLength(4);
  });

  it("answers 405 to GET", async () => {
    const response = await answer(() => apiEvents.loader());
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("/admin/estatisticas", () => {
  /** Visitor `n` (its own IP) viewing pages. */
  async function visit(n: number, paths: string[]) {
    for (const pagePath of paths) await post(beacon({ type: "pageview", path: pagePath }), `203.0.113.${n}`);
  }

  it("sends an anonymous visitor to the sign-in page", async () => {
    const response = await answer(() =>
      adminStats.loader({ request: siteRequest("/admin/estatisticas"), params: {}, context: {} } as LoaderFunctionArgs),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login-corretores/);
  });

  it("shows figures that match the recorded events and leads", async () => {
    await visit(1, ["/", "/detalhes/apartamento-moema/A100", "/busca?q=moema"]);
    await visit(2, ["/detalhes/apartamento-moema/A100", "/detalhes/casa-pinheiros/B200", "/busca?q=Moema"]);
    await visit(3, ["/busca?q=jardins", "/todos-os-imoveis/venda-apartamento-sao-paulo-moema?quartos=3"]);
    await visit(5, ["/todos-os-imoveis/apartamento-sao-paulo-moema?pagina=2"]);
    await post(
      beacon({ type: "whatsapp_click", path: "/detalhes/apartamento-moema/A100", listing: "A100" }),
      "203.0.113.1",
    );
    await test.database.db.insert(leads).values([
      { kind: "info", idempotencyKey: "k1", listingCode: "A100" },
      { kind: "whatsapp", idempotencyKey: "k2", listingCode: "A100" },
      { kind: "sell", idempotencyKey: "k3" },
    ]);

    const { period, dashboard, csvHref } = await loadStatsPage(siteRequest("/admin/estatisticas?periodo=7"), {
      db: test.database.db,
    });
    expect(period.days).toBe(7);
    expect(csvHref).toBe("/admin/estatisticas/exportar.csv?periodo=7");
    const today = dashboard.visits.at(-1)!;
    expect(today.day).toBe(saoPauloDay(new Date()));
    expect(today).toMatchObject({ pageViews: 9, visitors: 4 });
    expect(dashboard.visits).toHaveLength(7);
    expect(dashboard.totals).toMatchObject({ pageview: 9, listing_view: 3, search: 3, whatsapp_click: 1, leads: 3 });
    // The filters of the first listings page; a later page (`pagina=2`) is not counted again.
    const filters = await test.database.db.select().from(analyticsEvents);
    expect(
      filters
        .filter((row) => row.type === "filter")
        .map((row) => `${row.detailKey}=${row.detailValue}`)
        .sort(),
    ).toEqual(["bedroomsMin=3", "category=apartamento", "city=sao-paulo", "neighbourhoods=moema", "purpose=venda"]);

    expect(dashboard.topListings.map((l) => [l.code, l.views, l.leads, l.conversionPercent])).toEqual([
      ["A100", 2, 2, 100],
      ["B200", 1, 0, 0],
    ]);
    expect(dashboard.topListings[0]!.path).toBe("/detalhes/apartamento-moema/A100");
    expect(dashboard.topSearches).toEqual([
      { term: "moema", searches: 2, visitors: 2 },
      { term: "jardins", searches: 1, visitors: 1 },
    ]);
    expect(dashboard.topNeighbourhoods.map((n) => [n.name, n.filterUses, n.listingViews])).toEqual([
      ["Moema", 1, 2],
      ["Pinheiros", 0, 1],
    ]);
    expect(dashboard.channels.map((c) => [c.kind, c.leads])).toEqual([
      ["info", 1],
      ["sell", 1],
      ["whatsapp", 1],
    ]);
    const brokers = Object.fromEntries(dashboard.brokers.map((b) => [b.code, [b.views, b.leads]]));
    expect(brokers).toEqual({ "7": [2, 2], "8": [1, 0] });
  });

  it("exports the period as CSV for Excel (BOM, `;`, one line per day)", async () => {
    await visit(4, ["/", "/detalhes/apartamento-moema/A100"]);
    const { csv, fileName } = await statsCsv(siteRequest("/admin/estatisticas/exportar.csv?periodo=7"), {
      db: test.database.db,
    });
    expect(fileName).toMatch(/^estatisticas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\uFEFF"Data";"Visualizações de página";"Visitantes";')).toBe(true);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 7);
    const day = saoPauloDay(new Date());
    const todayLine = lines.at(-1)!.split(";");
    expect(todayLine[0]).toBe(`"${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}"`);
    expect(todayLine.slice(1, 4)).toEqual(['"2"', '"1"', '"1"']);
  });
});

describe("broker figures on /painel", () => {
  it("lists only the broker's own listings", async () => {
    await post(beacon({ type: "pageview", path: "/detalhes/apartamento-moema/A100" }), "203.0.113.20");
    await post(beacon({ type: "pageview", path: "/detalhes/casa-pinheiros/B200" }), "203.0.113.21");
    await test.database.db.insert(leads).values({ kind: "info", idempotencyKey: "k-b", listingCode: "B200" });
    const seven = await brokerPanelFigures("7", { db: test.database.db });
    const eight = await brokerPanelFigures("8", { db: test.database.db });
    expect(seven.listings.map((l) => [l.code, l.views, l.leads])).toEqual([["A100", 1, 0]]);
    expect(eight.listings.map((l) => [l.code, l.views, l.leads])).toEqual([["B200", 1, 1]]);
    expect((await brokerPanelFigures("99", { db: test.database.db })).listings).toEqual([]);
  });
});

describe("retention", () => {
  const DAY_MS = 86_400_000;

  it("folds events older than 13 months into daily totals with the same figures, and deletes old salts", async () => {
    const db = test.database.db;
    const now = new Date();
    const old = new Date(now.getTime() - 420 * DAY_MS); // about 14 months ago
    const recent = new Date(now.getTime() - 2 * DAY_MS);
    const row = (at: Date, type: "pageview" | "listing_view" | "search", hash: string, extra = {}) => ({
      occurredAt: at,
      type,
      path: "/detalhes/apartamento-moema/A100",
      device: "desktop" as const,
      visitorHash: hash.repeat(64),
      ...extra,
    });
    await db
      .insert(analyticsEvents)
      .values([
        row(old, "pageview", "a", { listingCode: "A100" }),
        row(old, "listing_view", "a", { listingCode: "A100" }),
        row(old, "pageview", "b", { listingCode: "A100" }),
        row(old, "listing_view", "b", { listingCode: "A100" }),
        row(old, "search", "b", { path: "/busca", detailKey: "q", detailValue: "moema" }),
        row(recent, "pageview", "c", { listingCode: "A100" }),
        row(recent, "listing_view", "c", { listingCode: "A100" }),
      ]);
    const range = { from: saoPauloDay(new Date(old.getTime() - DAY_MS)), to: saoPauloDay(now) };
    const before = await loadAnalyticsDashboard(range, db);

    await db
      .insert(analyticsSalts)
      .values({ day: saoPauloDay(new Date(now.getTime() - 5 * DAY_MS)), salt: "0".repeat(64) });
    const result = await runAnalyticsMaintenance(db, { now });
    expect(result.aggregatedEvents).toBe(5);
    expect(result.deletedSalts).toBeGreaterThanOrEqual(1);

    const after = await loadAnalyticsDashboard(range, db);
    expect(after.totals).toEqual(before.totals);
    expect(after.visits).toEqual(before.visits);
    expect(after.topListings).toEqual(before.topListings);
    expect(after.topSearches).toEqual(before.topSearches);
    const oldDay = after.visits.find((d) => d.day === saoPauloDay(old))!;
    expect(oldDay).toEqual({ day: saoPauloDay(old), pageViews: 2, visitors: 2 });

    const raw = await db.select().from(analyticsEvents);
    expect(raw.every((r) => r.occurredAt.getTime() >= recent.getTime() - 1000)).toBe(true);
    expect(raw).toHaveLength(2);
    const daily = await db.select().from(analyticsDaily);
    expect(daily.find((d) => d.type === "visits")).toMatchObject({ events: 2, visitors: 2 });
    const salts = await db.select({ day: analyticsSalts.day }).from(analyticsSalts);
    expect(salts.every((s) => s.day >= saoPauloDay(new Date(now.getTime() - DAY_MS)))).toBe(true);

    // A second run has nothing left to fold and changes nothing.
    expect((await runAnalyticsMaintenance(db, { now })).aggregatedEvents).toBe(0);
    expect((await loadAnalyticsDashboard(range, db)).totals).toEqual(before.totals);
  });

  it("runs in one process at a time (advisory lock)", async () => {
    const first = startAnalyticsMaintenance({ database: test.database, firstRunDelayMs: 60_000, log: () => {} });
    const second = startAnalyticsMaintenance({ database: test.database, firstRunDelayMs: 60_000, log: () => {} });
    const lock = await test.database.tryAdvisoryLock(ANALYTICS_LOCK_KEY);
    try {
      expect(await first.runNow()).toBeNull();
    } finally {
      await lock?.release();
    }
    expect(await second.runNow()).not.toBeNull();
    await Promise.all([first.stop(), second.stop()]);
  });
});

// The same queries and the retention on a PostgreSQL server (CI always has one;
// locally the block is skipped without TEST_DATABASE_URL).
const postgresUrl = postgresTestUrl();
describe.skipIf(!postgresUrl)("on PostgreSQL", () => {
  let pgTest: TestDatabase;
  beforeAll(async () => {
    pgTest = await createTestPostgres(postgresUrl!);
  }, 60_000);
  afterAll(async () => {
    await pgTest?.cleanup();
  });

  it("records, aggregates after 13 months and keeps the totals", async () => {
    const db = pgTest.database.db;
    const sender = { origin: SITE_ORIGIN, ip: "203.0.113.50", userAgent: BROWSER_UA };
    const now = new Date();
    const old = new Date(now.getTime() - 420 * 86_400_000);
    const noVocabulary = async () => ({ categories: [], cities: [] });
    await recordBeacon({ type: "pageview", path: "/busca?q=moema" }, sender, {
      db,
      now: old,
      vocabulary: noVocabulary,
    });
    await recordBeacon({ type: "pageview", path: "/busca?q=moema" }, sender, { db, now, vocabulary: noVocabulary });
    const range = { from: saoPauloDay(old), to: saoPauloDay(now) };
    const before = await loadAnalyticsDashboard(range, db);
    expect(before.topSearches).toEqual([{ term: "moema", searches: 2, visitors: 2 }]);
    expect((await runAnalyticsMaintenance(db, { now })).aggregatedEvents).toBe(2);
    const after = await loadAnalyticsDashboard(range, db);
    expect(after.totals).toEqual(before.totals);
    expect(after.topSearches).toEqual(before.topSearches);
    expect(await db.select().from(analyticsEvents)).toHaveLength(2);
  });
});
