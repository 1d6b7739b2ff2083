/**
 * The admin home's dashboard on PGlite and PostgreSQL (docs/decisions/0084-admin-dashboard.md),
 * at a fixed present: leads per channel and São Paulo window (a lead at 23:00
 * of yesterday is not "today"; one of 31 days ago is in no window), merged
 * leads left out everywhere, the unanswered leads of any date oldest first
 * and those past the response target (an SLA reminder row), median and p90
 * of the first response per broker, per channel and overall, the searches
 * with no result ranked (one recorded through the beacon with `results: 0`),
 * and the listings viewed without a lead (removed listings left out). The
 * inbox's `resposta` filters list the same leads the numbers count.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { loadAdminDashboard } from "~/.server/admin/dashboard";
import { recordBeacon } from "~/.server/analytics/record";
import { analyticsEvents, leadDeliveries, leads, listings, users } from "~/.server/db/schema";
import { listLeads } from "~/.server/leads/inbox";
import type { AdminDashboard } from "~/lib/admin-dashboard";
import type { LeadKind, LeadStatus } from "~/domain/lead";
import { postgresTestUrl, type TestDatabase } from "./helpers/database";
import { makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { useTestDatabase } from "./helpers/use-database";

const MIN = 60_000;
/** Noon in São Paulo (UTC−3): today is 2026-11-18, the week starts on the 12th, the 30 days on 2026-10-20. */
const NOW = new Date("2026-11-18T15:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MIN);
const at = (iso: string) => new Date(iso);

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];
const ids: Record<string, string> = {};

/** A lead row: `response` minutes after creation by `by`, when given. */
function lead(
  key: string,
  kind: LeadKind,
  createdAt: Date,
  options: { status?: LeadStatus; response?: [number, string]; listingCode?: string; mergedInto?: string } = {},
) {
  ids[key] = randomUUID();
  return {
    id: ids[key],
    kind,
    idempotencyKey: `dash-${key}`,
    name: `Pessoa ${key}`,
    createdAt,
    status: options.status ?? (options.response ? "em_atendimento" : "novo"),
    listingCode: options.listingCode ?? null,
    firstResponseAt: options.response ? new Date(createdAt.getTime() + options.response[0] * MIN) : null,
    firstResponseUid: options.response?.[1] ?? null,
    mergedIntoId: options.mergedInto ? ids[options.mergedInto] : null,
  };
}

/** An analytics event row at `occurredAt`. */
function event(type: "search" | "listing_view", occurredAt: Date, extra: Record<string, string>, visitor = "v1") {
  return {
    type,
    occurredAt,
    path: type === "search" ? "/busca" : "/detalhes/x/y",
    device: "desktop" as const,
    visitorHash: visitor.padEnd(64, "0"),
    listingCode: extra.listingCode ?? null,
    detailKey: extra.detailKey ?? null,
    detailValue: extra.detailValue ?? null,
  };
}

const repeat = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

/** The leads, reminders, listings and events of the scenario (see the module comment). */
async function seed(db: TestDatabase["database"]["db"]): Promise<void> {
  await db.insert(users).values([
    { uid: "u-ana", email: "ana@corretores.example", displayName: "Ana Corretora", role: "agent" },
    { uid: "u-bruno", email: "bruno@corretores.example", displayName: "", role: "agent" },
  ]);
  await db.insert(leads).values(lead("L1", "info", ago(60), { listingCode: "C300" }));
  await db.insert(leads).values([
    // 23:00 of yesterday in São Paulo (02:00 UTC today): in the week, not today.
    lead("L2", "info", at("2026-11-18T02:00:00Z")),
    lead("L3", "whatsapp", at("2026-11-15T13:00:00Z"), { response: [2, "u-ana"] }),
    lead("L4", "whatsapp", at("2026-11-01T13:00:00Z"), { response: [4, "u-ana"] }),
    // 31 São Paulo days ago: in no window, but still unanswered (and late).
    lead("L5", "whatsapp", at("2026-10-19T13:00:00Z"), { listingCode: "F600" }),
    // Merged into L1: counted nowhere (not even its SLA row).
    lead("L6", "sell", ago(30), { mergedInto: "L1", listingCode: "B200" }),
    lead("L7", "alert", at("2026-10-25T13:00:00Z"), {
      status: "fechado",
      response: [10, "u-ana"],
      listingCode: "A100",
    }),
    // An LGPD request: a channel of its own, never "unanswered" nor timed.
    lead("L8", "lgpd", ago(10)),
    lead("L9", "info", at("2026-11-10T13:00:00Z"), { response: [60, "u-ana"] }),
    lead("L10", "sell", at("2026-11-16T13:00:00Z"), { status: "proposta", response: [30, "u-bruno"] }),
  ]);
  const sla = (key: string, channel: "sla_broker" | "sla_admin") => ({
    leadId: ids[key]!,
    channel,
    recipient: "corretor@example.com",
    status: "sent" as const,
    sentAt: NOW,
  });
  await db
    .insert(leadDeliveries)
    .values([sla("L1", "sla_broker"), sla("L5", "sla_broker"), sla("L5", "sla_admin"), sla("L6", "sla_admin")]);

  const broker = makeBroker("7", "Ana Corretora");
  const listing = (code: string, removed = false) =>
    storedRow(makeListing({ code, broker, title: `Apartamento ${code}` }), {
      condominiumSlug: null,
      removed,
      now: NOW,
    });
  await db
    .insert(listings)
    .values([
      { ...listing("A100"), removedAt: null },
      { ...listing("B200"), removedAt: null },
      { ...listing("C300"), removedAt: null },
      listing("D400", true),
      { ...listing("F600"), removedAt: null },
    ]);

  const empty = { detailKey: "q_empty" };
  await db.insert(analyticsEvents).values([
    ...repeat(2, () => event("search", ago(100), { ...empty, detailValue: "cobertura duplex" }, "v1")),
    event("search", at("2026-10-25T12:00:00Z"), { ...empty, detailValue: "cobertura duplex" }, "v2"),
    ...repeat(2, (i) => event("search", ago(200 + i), { ...empty, detailValue: "studio" }, `s${i}`)),
    // Searches that found something, and a no-result search before the window.
    ...repeat(5, () => event("search", ago(5), { detailKey: "q", detailValue: "moema" })),
    event("search", at("2026-10-10T12:00:00Z"), { ...empty, detailValue: "velho" }),
    // Views: A100 has a lead in the window (L7), D400 left the site, C300's old views are out of the window.
    ...repeat(7, () => event("listing_view", ago(50), { listingCode: "A100" })),
    ...repeat(5, () => event("listing_view", ago(50), { listingCode: "B200" })),
    ...repeat(2, () => event("listing_view", ago(50), { listingCode: "C300" })),
    ...repeat(10, () => event("listing_view", at("2026-10-01T12:00:00Z"), { listingCode: "C300" })),
    ...repeat(9, () => event("listing_view", ago(50), { listingCode: "D400" })),
    ...repeat(4, () => event("listing_view", ago(50), { listingCode: "F600" })),
  ]);
  // A search page that found nothing, as the browser reports it.
  await recordBeacon(
    { type: "pageview", path: "/busca?q=Casa+com+piscina", results: 0 },
    { origin: "http://localhost", ip: "203.0.113.7", userAgent: "Mozilla/5.0 Chrome/131" },
    { db, now: ago(15) },
  );
}

describe.each(kinds)("admin dashboard on %s", (kind) => {
  const env = useTestDatabase(kind);
  let dashboard: AdminDashboard;
  beforeAll(async () => {
    await seed(env.database.db);
    dashboard = await loadAdminDashboard({ db: env.database.db, now: NOW });
  }, 60_000);

  it("counts leads per channel and São Paulo window, merged leads left out", () => {
    expect(dashboard.windows).toEqual({ today: "2026-11-18", weekFrom: "2026-11-12", monthFrom: "2026-10-20" });
    const byKind = Object.fromEntries(dashboard.channels.map((row) => [row.kind, [row.today, row.week, row.month]]));
    expect(byKind).toEqual({
      info: [1, 2, 3],
      whatsapp: [0, 1, 2],
      visit: [0, 0, 0],
      sell: [0, 1, 1],
      valuation: [0, 0, 0],
      alert: [0, 0, 1],
      lgpd: [1, 1, 1],
    });
    expect(dashboard.totals).toEqual({ today: 2, week: 5, month: 8 });
  });

  it("lists the unanswered sales leads of any date, oldest first, and counts those past the target", () => {
    const { unanswered } = dashboard;
    expect(unanswered.total).toBe(3);
    expect(unanswered.pastSla).toBe(2);
    expect(unanswered.oldest.map((row) => [row.name, row.pastSla])).toEqual([
      ["Pessoa L5", true],
      ["Pessoa L2", false],
      ["Pessoa L1", true],
    ]);
    expect(unanswered.oldest[2]!.ageMs).toBe(60 * MIN);
  });

  it("gives median and p90 of the first response per broker, per channel and overall", () => {
    const { brokers, channels, overall } = dashboard.firstResponse;
    expect(brokers).toEqual([
      // 2, 4, 10 and 60 min: median (4 + 10) / 2, p90 10 + 0.7 × 50.
      { uid: "u-ana", name: "Ana Corretora", answered: 4, medianMs: 7 * MIN, p90Ms: 45 * MIN },
      { uid: "u-bruno", name: "bruno@corretores.example", answered: 1, medianMs: 30 * MIN, p90Ms: 30 * MIN },
    ]);
    // 2, 4, 10, 30, 60 min; L1 and L2 not answered (L5 is older than the window, L8 is LGPD).
    expect(overall).toEqual({ answered: 5, medianMs: 10 * MIN, p90Ms: 48 * MIN, unanswered: 2 });
    const byKind = Object.fromEntries(channels.map((row) => [row.kind, row]));
    expect(byKind.info).toEqual({ kind: "info", answered: 1, medianMs: 60 * MIN, p90Ms: 60 * MIN, unanswered: 2 });
    expect(byKind.whatsapp).toEqual({
      kind: "whatsapp",
      answered: 2,
      medianMs: 3 * MIN,
      p90Ms: 3.8 * MIN,
      unanswered: 0,
    });
    expect(byKind.sell?.answered).toBe(1);
    expect(byKind.alert?.medianMs).toBe(10 * MIN);
  });

  it("ranks the searches with no result of the last 30 days", () => {
    expect(dashboard.emptySearches).toEqual([
      { term: "cobertura duplex", searches: 3, visitors: 2 },
      { term: "studio", searches: 2, visitors: 2 },
      { term: "casa com piscina", searches: 1, visitors: 1 },
    ]);
  });

  it("lists the listings most viewed without a lead, still on the site", () => {
    expect(dashboard.viewedWithoutLeads.map((row) => [row.code, row.views])).toEqual([
      ["B200", 5],
      ["F600", 4],
    ]);
    expect(dashboard.viewedWithoutLeads[0]!.title).toBe("Apartamento B200");
    expect(dashboard.viewedWithoutLeads[0]!.path).toMatch(/\/B200$/);
  });

  it("the inbox filters behind the numbers list the same leads", async () => {
    const db = env.database.db;
    const names = async (filters: Parameters<typeof listLeads>[0]) =>
      (await listLeads(filters, db)).items.map((item) => item.name).sort();
    expect(await names({ resposta: "pendente" })).toEqual(["Pessoa L1", "Pessoa L2", "Pessoa L5"]);
    expect(await names({ resposta: "atrasada" })).toEqual(["Pessoa L1", "Pessoa L5"]);
    expect((await listLeads({ tipo: "info", de: "2026-10-20", ate: "2026-11-18" }, db)).total).toBe(3);
    // Every lead but the merged one.
    expect((await listLeads({}, db)).total).toBe(9);
  });
});
