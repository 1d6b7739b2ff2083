/**
 * The owner's report (ADR 0083) on PGlite (the process database) and, with
 * `TEST_DATABASE_URL`, on a real PostgreSQL shared by two "servers": links
 * created and revoked by the rules (creator or admin), the report page by its
 * token — valid, expired (410), revoked (410), unknown or malformed (404) —
 * with its private headers and every opening logged (IP, User-Agent cut to
 * 300); the figures of the link's own listing only, never another's; no
 * visitor's name, e-mail, phone or message in the page's HTML; the
 * neighbourhood median of the price per m² and its minimum of comparables;
 * the monthly rows written once however many runs or servers; their e-mail
 * and its one-click unsubscribe; the LGPD search by the owner's e-mail.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { LeadKind, LeadStatus } from "~/domain/lead";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsEvents,
  leads,
  listingPriceChanges,
  listings,
  ownerReportMails,
  ownerReports,
  ownerReportViews,
} from "~/.server/db/schema";
import type { MailMessage, Mailer } from "~/.server/mail/transport";
import { createOwnerReport, revokeOwnerReport } from "~/.server/owner-report/links";
import { deliverDueOwnerReportMails, previousMonth, queueMonthlyOwnerReports } from "~/.server/owner-report/monthly";
import { ownerReportAction } from "~/.server/owner-report/panel";
import { findSubjectRecords } from "~/.server/privacy";
import { parseSubject } from "~/.server/privacy/subject";
import { setSingleton } from "~/.server/singleton";
import { OwnerReport } from "~/components/owner-report";
import { MIN_COMPARABLES, type OwnerReportActionData, type OwnerReportView } from "~/lib/owner-report";
import * as reportPage from "~/routes/owner-report";
import * as unsubscribePage from "~/routes/owner-report-unsubscribe";
import { createTestPglite, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { makeAgentUser, makeListing, storedRow } from "./helpers/fixtures";
import { settle, siteRequest } from "./helpers/loaders";
import { usePostgresServers } from "./helpers/postgres-servers";

let test: TestDatabase;
const db = () => test.database.db;
const NOW = new Date();
const DAY = 86_400_000;
const broker = makeAgentUser("carla", "Carla Corretora");
const otherBroker = makeAgentUser("bruno", "Bruno");
const admin = { uid: "uid-admin", role: "admin" as const, displayName: "Admin", email: "admin@exemplo.com.br" };

/** A visitor's personal data on a lead of listing A: none of it may reach the report. */
const VISITOR = {
  name: "Visitante Secreta Oliveira",
  email: "visitante.secreta@exemplo.com.br",
  phone: "11987651234",
  message: "Mensagem particular da visitante",
};

/** Active apartments for sale in Moema (70 m²): A, B and the comparables (BRL/m²: 10k, 11k, 12k, 13k, 14k). */
const SALE_PRICES: Record<string, number> = {
  CMP1: 700_000,
  CMP2: 770_000,
  CMP3: 840_000,
  CMP4: 910_000,
  CMP5: 980_000,
};

beforeAll(async () => {
  test = await createTestPglite();
  setSingleton("database", test.database);
  const old = new Date(NOW.getTime() - 100 * DAY);
  const row = (code: string, extra: Partial<Parameters<typeof makeListing>[0]> = {}) => ({
    ...storedRow(makeListing({ title: `Apartamento ${code}`, salePrice: 700_000, ...extra, code }), {
      condominiumSlug: null,
      now: old,
    }),
    firstSeenAt: old,
  });
  await db()
    .insert(listings)
    .values([
      row("AAA1", { title: "Apartamento do Proprietário", salePrice: 735_000 }),
      row("BBB2", { title: "Casa Vizinha Outra", neighbourhood: "Pinheiros", salePrice: 2_000_000 }),
      ...Object.entries(SALE_PRICES).map(([code, salePrice]) => row(code, { salePrice })),
      // Not comparable: removed, another category, rent only.
      { ...row("GONE", { salePrice: 100_000 }), removedAt: NOW, removalReason: "unlisted" as const },
      row("CASA", { category: "Casa", salePrice: 100_000 }),
      row("RENT", { status: "Aluguel", salePrice: null, rentPrice: 3500 }),
    ]);
  const lead = (listingCode: string, kind: LeadKind, status: LeadStatus = "novo", extra = {}) => ({
    kind,
    idempotencyKey: `${listingCode}-${kind}-${Math.random()}`,
    listingCode,
    status,
    ...extra,
  });
  await db()
    .insert(leads)
    .values([
      lead("AAA1", "info", "novo", VISITOR),
      lead("AAA1", "whatsapp", "visita_agendada", { phone: "11912345678", name: "Outro Visitante Nome" }),
      lead("AAA1", "info", "novo", { createdAt: new Date(NOW.getTime() - 60 * DAY) }),
      lead("BBB2", "info", "novo", { name: "Visitante De B", email: "de.b@exemplo.com.br" }),
      lead("BBB2", "info", "novo"),
      lead("BBB2", "whatsapp", "novo"),
    ]);
  const event = (listingCode: string, type: "listing_view" | "gallery_open" | "favourite_add", daysAgo = 1) => ({
    type,
    path: `/detalhes/x/${listingCode}`,
    listingCode,
    device: "mobile" as const,
    visitorHash: "0".repeat(64),
    occurredAt: new Date(NOW.getTime() - daysAgo * DAY),
  });
  await db()
    .insert(analyticsEvents)
    .values([
      event("AAA1", "listing_view"),
      event("AAA1", "listing_view"),
      event("AAA1", "listing_view", 45),
      event("AAA1", "gallery_open"),
      event("AAA1", "favourite_add"),
      event("AAA1", "favourite_add", 60),
      ...Array.from({ length: 9 }, () => event("BBB2", "listing_view")),
      event("BBB2", "favourite_add"),
    ]);
  await db()
    .insert(listingPriceChanges)
    .values([
      { listingCode: "AAA1", field: "sale", oldValue: 760_000, newValue: 735_000, changedAt: old },
      { listingCode: "BBB2", field: "sale", oldValue: 2_500_000, newValue: 2_000_000, changedAt: old },
    ]);
}, 120_000);

afterAll(async () => {
  await test?.cleanup();
});

/** Creates a link for `code` as `user` (a test of the link rules, not of the form). */
async function newLink(code: string, user = broker, input = {}, now = NOW) {
  const created = await createOwnerReport(
    db(),
    user,
    code,
    { nomeProprietario: "Dona Lúcia", emailProprietario: "", ...input },
    now,
  );
  if ("refused" in created) throw new Error(created.refused);
  return created;
}

/** The report page's loader for `token` from `ip`: its answer (returned or thrown). */
function openReport(token: string, ip = "198.51.100.7", userAgent = "Mozilla/5.0 (Teste) Chrome/126.0") {
  return settle(
    reportPage.loader({
      request: siteRequest(`/proprietario/${token}`, { headers: { "User-Agent": userAgent } }),
      params: { token },
      context: { clientIp: ip },
    } as never),
  );
}

async function viewOf(token: string, ip?: string): Promise<OwnerReportView> {
  const response = await openReport(token, ip);
  expect(response.status).toBe(200);
  return (response.data as { report: OwnerReportView }).report;
}

describe("the report link", () => {
  it("a valid token opens its report with private, unindexed, referrer-less headers, and the opening is logged", async () => {
    const { token, report } = await newLink("AAA1");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(report.tokenHash).not.toContain(token);
    const longAgent = `Mozilla/5.0 ${"x".repeat(400)}`;
    const response = await openReport(token, "203.0.113.9", longAgent);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const views = await db().select().from(ownerReportViews).where(eq(ownerReportViews.reportId, report.id));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ ip: "203.0.113.9", userAgent: longAgent.slice(0, 300) });
    const meta = reportPage.meta({ data: { report: (response.data as { report: OwnerReportView }).report } } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("an unknown or malformed token is 404 and logs nothing; an expired or revoked one is 410", async () => {
    const before = (await db().select().from(ownerReportViews)).length;
    expect((await openReport("A".repeat(43))).status).toBe(404);
    expect((await openReport("curto")).status).toBe(404);
    const expired = await newLink("AAA1", broker, {}, new Date(NOW.getTime() - 91 * DAY));
    const gone = await openReport(expired.token);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("Cache-Control")).toBe("private, no-store");
    expect(gone.data.detail).toMatch(/expirou/);
    const revoked = await newLink("AAA1");
    expect(await revokeOwnerReport(db(), broker, "AAA1", revoked.report.id)).toBe(true);
    const refused = await openReport(revoked.token);
    expect(refused.status).toBe(410);
    expect(refused.data.detail).toMatch(/desativado/);
    expect((await db().select().from(ownerReportViews)).length).toBe(before);
  });

  it("only the creator or an admin revokes a link, and only as a link of its own listing", async () => {
    const { report } = await newLink("AAA1");
    expect(await revokeOwnerReport(db(), otherBroker, "AAA1", report.id)).toBe(false);
    expect(await revokeOwnerReport(db(), admin, "BBB2", report.id)).toBe(false);
    expect(await revokeOwnerReport(db(), admin, "AAA1", report.id)).toBe(true);
    const [row] = await db().select().from(ownerReports).where(eq(ownerReports.id, report.id));
    expect(row).toMatchObject({ revokedByUid: admin.uid });
    expect(row!.revokedAt).not.toBeNull();
  });

  it("the broker's form: field errors in pt-BR, the monthly opt-in needs the e-mail, the token in that answer only", async () => {
    const post = (fields: Record<string, string>) =>
      settle(
        ownerReportAction(
          siteRequest("/painel/imovel/AAA1", { method: "POST", body: new URLSearchParams(fields) }),
          "AAA1",
          broker,
        ),
      );
    const invalid = await post({ intent: "criar-relatorio", emailProprietario: "não é e-mail", mensal: "on" });
    expect(invalid.status).toBe(400);
    const errors = (invalid.data as Extract<OwnerReportActionData, { kind: "invalid" }>).errors;
    expect(errors.emailProprietario).toBe("Informe um e-mail válido.");
    const missing = await post({ intent: "criar-relatorio", mensal: "on" });
    expect((missing.data as { errors: { emailProprietario: string } }).errors.emailProprietario).toMatch(
      /e-mail do proprietário/,
    );
    const created = await post({
      intent: "criar-relatorio",
      nomeProprietario: "Sr. João",
      emailProprietario: "Joao@Exemplo.com.br",
      mensal: "on",
    });
    expect(created.status).toBe(200);
    const data = created.data as Extract<OwnerReportActionData, { kind: "created" }>;
    expect(data.url).toMatch(/\/proprietario\/[A-Za-z0-9_-]{43}$/);
    expect(decodeURIComponent(data.whatsappHref)).toContain(data.url);
    expect(data.whatsappHref.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(data.mailtoHref)).toContain(data.url);
    const [row] = await db().select().from(ownerReports).where(eq(ownerReports.ownerEmail, "joao@exemplo.com.br"));
    expect(row).toMatchObject({ monthlyOptIn: true, ownerName: "Sr. João" });
    expect(row!.optInAt).not.toBeNull();
    const unknown = await settle(
      ownerReportAction(
        siteRequest("/painel/imovel/NOPE", {
          method: "POST",
          body: new URLSearchParams({ intent: "criar-relatorio" }),
        }),
        "NOPE",
        broker,
      ),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the figures", () => {
  it("are the link's own listing's only: another listing's leads, views and prices never show", async () => {
    const { token } = await newLink("AAA1");
    const view = await viewOf(token, "198.51.100.20");
    expect(view.listing.code).toBe("AAA1");
    expect(view.views).toEqual({ total: 3, recent: 2 });
    expect(view.galleryOpens).toEqual({ total: 1, recent: 1 });
    // Saved to favourites: this listing's events only, another listing's never.
    expect(view.favourites).toEqual({ total: 2, recent: 1 });
    expect(view.leads).toEqual({ total: 3, recent: 2 });
    expect(view.leadsByKind.find((kind) => kind.kind === "info")).toMatchObject({ total: 2, recent: 1 });
    expect(view.visitsBooked).toEqual({ total: 1, recent: 1 });
    expect(view.listing.daysOnMarket).toBe(100);
    expect(view.priceHistory).toEqual([expect.objectContaining({ oldValue: 760_000, newValue: 735_000 })]);
    const serialized = JSON.stringify(view);
    for (const foreign of ["BBB2", "Casa Vizinha Outra", "Pinheiros", "2500000", "Visitante De B"])
      expect(serialized).not.toContain(foreign);
  });

  it("the page's HTML holds no visitor's name, e-mail, phone or message", async () => {
    const { token } = await newLink("AAA1");
    const view = await viewOf(token, "198.51.100.21");
    const html = renderToStaticMarkup(createElement(OwnerReport, { report: view, token }));
    expect(html).toContain("Apartamento do Proprietário");
    expect(html).toContain("Dona Lúcia");
    for (const secret of [
      VISITOR.name,
      VISITOR.email,
      VISITOR.phone,
      "98765-1234",
      VISITOR.message,
      "Outro Visitante Nome",
      "11912345678",
    ])
      expect(html).not.toContain(secret);
    expect(JSON.stringify(view)).not.toContain(VISITOR.email);
  });

  it("compares the price per m² with the median of the comparable active listings of the neighbourhood", async () => {
    const { token } = await newLink("AAA1");
    const [sale] = (await viewOf(token, "198.51.100.22")).comparisons;
    // Comparables: CMP1–CMP5 (10k–14k BRL/m²); GONE (removed), CASA (category), RENT (purpose), BBB2 (place) and AAA1 itself are out.
    expect(sale).toMatchObject({ purpose: "venda", comparables: 5, own: 10_500, median: 12_000 });
    expect(sale!.differencePercent).toBeCloseTo(-12.5, 5);
  });

  it("below the minimum of comparables, no median is given", async () => {
    const { token } = await newLink("BBB2");
    const [sale] = (await viewOf(token, "198.51.100.23")).comparisons;
    expect(sale).toMatchObject({ purpose: "venda", comparables: 0, median: null, differencePercent: null });
    expect(MIN_COMPARABLES).toBeGreaterThan(0);
  });
});

describe("the monthly e-mail", () => {
  const monthNow = () => new Date();

  it("is queued once per report and month however many runs, only for opted-in, active, unsubscribed-not reports", async () => {
    await db().delete(ownerReportMails);
    const { month } = previousMonth(monthNow());
    const createdBefore = new Date(previousMonth(monthNow()).to.getTime() - DAY);
    const optedIn = await newLink(
      "AAA1",
      broker,
      { emailProprietario: "dono@exemplo.com.br", mensal: "on" },
      createdBefore,
    );
    const notOptedIn = await newLink("AAA1", broker, { emailProprietario: "semopt@exemplo.com.br" }, createdBefore);
    const createdThisMonth = await newLink("AAA1", broker, { emailProprietario: "novo@exemplo.com.br", mensal: "on" });
    const first = await queueMonthlyOwnerReports(db(), monthNow());
    const second = await queueMonthlyOwnerReports(db(), monthNow());
    expect(second).toBe(0);
    const rows = await db().select().from(ownerReportMails);
    expect(rows.map((row) => row.reportId)).toContain(optedIn.report.id);
    expect(rows.map((row) => row.reportId)).not.toContain(notOptedIn.report.id);
    expect(rows.map((row) => row.reportId)).not.toContain(createdThisMonth.report.id);
    expect(first).toBe(rows.length);
    expect(rows.find((row) => row.reportId === optedIn.report.id)).toMatchObject({
      month,
      recipient: "dono@exemplo.com.br",
      status: "pending",
    });
  });

  it("carries the month's counts and no visitor data; its one-click link unsubscribes (GET asks, POST does)", async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: "file",
      send: async (message) => {
        sent.push(message);
      },
      close: () => undefined,
    };
    const result = await deliverDueOwnerReportMails({ db: db(), mailer, publicUrl: "https://www.exemplo.com.br" });
    expect(result.failed).toBe(0);
    const mail = sent.find((message) => message.to === "dono@exemplo.com.br");
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/^Relatório de /);
    for (const secret of [VISITOR.name, VISITOR.email, VISITOR.phone, VISITOR.message])
      expect(`${mail!.text}${mail!.html}`).not.toContain(secret);
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<https:\/\/www\.exemplo\.com\.br(\/proprietario\/([^/>]+)\/cancelar)>/.exec(
      mail!.headers?.["List-Unsubscribe"] ?? "",
    );
    expect(link).not.toBeNull();
    const [, path, token] = link!;
    const reportId = mail!.headers!["X-Owner-Report-Id"]!;
    const page = await settle(
      unsubscribePage.loader({ request: siteRequest(path!), params: { token: token! }, context: {} } as never),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ cancelled: false });
    const [stillSubscribed] = await db().select().from(ownerReports).where(eq(ownerReports.id, reportId));
    expect(stillSubscribed!.unsubscribedAt).toBeNull();
    const posted = await settle(
      unsubscribePage.action({
        request: siteRequest(path!, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) }),
        params: { token: token! },
        context: {},
      } as never),
    );
    expect(posted.status).toBe(200);
    const [row] = await db().select().from(ownerReports).where(eq(ownerReports.id, reportId));
    expect(row!.unsubscribedAt).not.toBeNull();
    const forged = await settle(
      unsubscribePage.loader({
        request: siteRequest("/proprietario/x/cancelar"),
        params: { token: `${token!.split(".")[0]}.${"A".repeat(43)}` },
        context: {},
      } as never),
    );
    expect(forged.status).toBe(404);
  });
});

describe("LGPD", () => {
  it("the data-subject search finds the report links by the owner's e-mail", async () => {
    await newLink("AAA1", broker, { emailProprietario: "lgpd.dono@exemplo.com.br", nomeProprietario: "Titular" });
    const subject = parseSubject("LGPD.Dono@exemplo.com.br");
    if (!subject) throw new Error("subject");
    const result = await findSubjectRecords(db(), subject);
    const group = result.groups.find((candidate) => candidate.key === "ownerReports");
    expect(group?.records).toHaveLength(1);
    expect(group!.records[0]!.fields).toMatchObject({ ownerName: "Titular", listingCode: "AAA1" });
    expect(JSON.stringify(group)).not.toMatch(/tokenHash/);
  });
});

const adminUrl = postgresTestUrl();

(adminUrl ? describe : describe.skip)("two servers on one PostgreSQL", () => {
  const { test: pg, servers } = usePostgresServers(adminUrl!, 2, { poolSize: 4 });

  it("running the monthly queueing on both at once writes each report's row exactly once", async () => {
    const now = new Date();
    const createdBefore = new Date(previousMonth(now).to.getTime() - DAY);
    const expires = new Date(now.getTime() + 30 * DAY);
    await pg.database.db.insert(ownerReports).values(
      Array.from({ length: 20 }, (_, i) => ({
        tokenHash: `hash-${i}`,
        listingCode: `PG${i}`,
        createdByUid: "uid",
        createdAt: createdBefore,
        expiresAt: expires,
        ownerEmail: `dono${i}@exemplo.com.br`,
        monthlyOptIn: true,
        optInAt: createdBefore,
      })),
    );
    const runs = await Promise.all([
      ...servers.map((server) => queueMonthlyOwnerReports(server.db, now)),
      ...servers.map((server) => queueMonthlyOwnerReports(server.db, now)),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(20);
    const rows = await pg.database.db.select().from(ownerReportMails);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.reportId)).size).toBe(20);
  });
});
