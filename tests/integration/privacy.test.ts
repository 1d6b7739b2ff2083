/**
 * Data-subject requests end to end through the route modules
 * (`/admin/lgpd`, `/admin/lgpd/exportar`), against the Firebase Auth
 * emulator and PGlite (`useAuthTestEnv`): admin only; a person found by
 * e-mail and by phone in several spellings across leads, deliveries, users
 * and sessions; the JSON and CSV downloads; anonymising leaves no trace of
 * the e-mail, phone or name in the raw `leads` and `lead_deliveries` rows
 * while kind, listing code and dates stay; deleting; the audit trail without
 * the raw e-mail; the retention job; the LGPD requests' deadlines.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leadDeliveries, leads, privacyActions } from "~/.server/db/schema";
import { recordLead } from "~/.server/leads/store";
import { runPrivacyMaintenance } from "~/.server/privacy";
import { PRIVACY_LOCK_KEY, RETENTION_REASON, startPrivacyMaintenance } from "~/.server/privacy/retention";
import * as page from "~/routes/admin-privacy";
import * as exportRoute from "~/routes/admin-privacy-export";
import { answer, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { expectAdminOnlyPage } from "./helpers/admin-pages";
import { pageRequest } from "./helpers/page-requests";

const env = useAuthTestEnv("privacy", { uid: "agent-privacy", claims: { role: "agent" } });
const PATH = "/admin/lgpd";
const AGENCY = "contato@imobiliaria.localhost";

const args = (request: Request) => ({ request, params: {}, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;
const request = (who: Who, pathAndQuery: string, form?: Record<string, string>) =>
  pageRequest(env.cookies[who], pathAndQuery, form);
const db = () => env.test.database.db;

interface Loaded {
  q: string;
  invalid: boolean;
  requests: { id: string; email: string | null; dueDate: string; daysLeft: number; status: string }[];
  search: null | {
    total: number;
    groups: { key: string; records: { id: string; fields: Record<string, unknown> }[] }[];
  };
  audit: {
    action: string;
    reason: string;
    subjectHash: string | null;
    adminEmail: string;
    counts: Record<string, number>;
  }[];
}

async function load(q: string): Promise<Loaded> {
  const response = await answer(() => page.loader(args(request("admin", `${PATH}?${new URLSearchParams({ q })}`))));
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as Loaded;
}

const count = (data: Loaded, key: string) => data.search?.groups.find((group) => group.key === key)?.records.length;

let n = 0;
async function lead(input: Record<string, unknown>) {
  n += 1;
  const { lead: row } = await recordLead(input as never, {
    idempotencyKey: `privacy-${n}`,
    db: db(),
    agencyEmail: AGENCY,
  });
  return row;
}

/** Every raw row of leads and deliveries as one text (to search it for a value). */
async function rawTables(): Promise<string> {
  const { rows } = await db().execute(
    sql`select row_to_json(l)::text as t from leads l union all select row_to_json(d)::text from lead_deliveries d`,
  );
  return rows.map((row) => (row as { t: string }).t).join("\n");
}

describe("/admin/lgpd access", () => {
  it("sends an anonymous visitor to the sign-in page and refuses an agent (page, post and export)", async () => {
    await expectAdminOnlyPage((who) => answer(() => page.loader(args(request(who, PATH)))));
    const post = await answer(() =>
      page.action(args(request("agent", PATH, { intent: "delete", q: "x@y.com", reason: "teste" }))),
    );
    expect(post.status).toBe(403);
    const download = await answer(() => exportRoute.loader(args(request("agent", "/admin/lgpd/exportar?q=x@y.com"))));
    expect(download.status).toBe(403);
  });
});

describe("a person's records", () => {
  it("finds leads and their deliveries by e-mail in any case, and by phone in several spellings", async () => {
    const info = await lead({
      kind: "info",
      code: "AP100",
      name: "Ana Privacidade",
      phone: "(11) 91234-5678",
      email: "Ana.Privacidade@Exemplo.com.br",
      message: "Quero visitar",
    });
    await lead({
      kind: "lgpd",
      name: "Ana Privacidade",
      email: "ana.privacidade@exemplo.com.br",
      request: "acesso",
      message: "Quais dados vocês têm?",
    });
    await lead({ kind: "sell", name: "Ana Privacidade", phone: "+55 11 91234-5678", location: "Rua A, 1" });
    await lead({ kind: "sell", name: "Outra Pessoa", phone: "(21) 98888-7777", location: "Rua B, 2" });

    const byEmail = await load("  ANA.PRIVACIDADE@exemplo.com.br ");
    expect(byEmail.invalid).toBe(false);
    expect(count(byEmail, "leads")).toBe(2);
    // info: agency + Vista; lgpd: agency + the holder's receipt.
    expect(count(byEmail, "deliveries")).toBe(4);
    expect(count(byEmail, "users")).toBe(0);

    for (const phone of ["11912345678", "+55 (11) 91234-5678", "011 91234-5678"]) {
      const byPhone = await load(phone);
      expect(count(byPhone, "leads"), phone).toBe(2);
      const ids = byPhone.search!.groups.find((group) => group.key === "leads")!.records.map((record) => record.id);
      expect(ids).toContain(info.id);
    }
  });

  it("finds a user's mirror row and sessions by e-mail (never the token hash)", async () => {
    const data = await load(env.agent.email.toUpperCase());
    expect(count(data, "users")).toBe(1);
    expect(count(data, "sessions")).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(data.search)).not.toContain("tokenHash");
  });

  it("answers an invalid search with a message instead of results", async () => {
    const data = await load("não é contato");
    expect(data.invalid).toBe(true);
    expect(data.search).toBeNull();
  });

  it("exports JSON and CSV as private downloads with every record", async () => {
    const json = await answer(() =>
      exportRoute.loader(
        args(request("admin", "/admin/lgpd/exportar?q=ana.privacidade%40exemplo.com.br&formato=json")),
      ),
    );
    expect(json.status).toBe(200);
    expect(json.headers.get("Cache-Control")).toBe("private, no-store");
    expect(json.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="dados-pessoais-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const value = (await json.json()) as {
      subject: { value: string };
      sources: Record<string, { count: number; records: { date: string; fields: Record<string, unknown> }[] }>;
    };
    expect(value.subject.value).toBe("ana.privacidade@exemplo.com.br");
    expect(value.sources.leads!.count).toBe(2);
    expect(value.sources.leads!.records.map((record) => record.fields.kind).sort()).toEqual(["info", "lgpd"]);
    for (const record of value.sources.leads!.records)
      expect(record.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const csv = await answer(() =>
      exportRoute.loader(args(request("admin", "/admin/lgpd/exportar?q=(11)%2091234-5678&formato=csv"))),
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF"Origem";"ID";"Data";"Dados"\r\n')).toBe(true);
    expect(text.match(/^"Contatos \(leads\)";/gm)).toHaveLength(2);
    expect(text).toContain("phone: 11912345678");

    const bad = await answer(() => exportRoute.loader(args(request("admin", "/admin/lgpd/exportar?q=xyz"))));
    expect(bad.status).toBe(400);
  });
});

describe("anonymise and delete", () => {
  it("refuses a post without a reason or with a reason over 500 characters", async () => {
    for (const reason of ["", "x".repeat(501)]) {
      const response = await answer(() =>
        page.action(args(request("admin", PATH, { intent: "anonymise", q: "ana.privacidade@exemplo.com.br", reason }))),
      );
      expect(response.status).toBe(400);
    }
    expect(await rawTables()).toContain("ana.privacidade@exemplo.com.br");
  });

  it("anonymises leads and deliveries, keeping kind, code, dates and status, and records it without the e-mail", async () => {
    const before = await db()
      .select()
      .from(leads)
      .where(sql`lower(${leads.email}) = 'ana.privacidade@exemplo.com.br'`);
    const response = await answer(() =>
      page.action(
        args(
          request("admin", PATH, {
            intent: "anonymise",
            q: "ana.privacidade@exemplo.com.br",
            reason: "Pedido do titular",
          }),
        ),
      ),
    );
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toBe("/admin/lgpd?q=ana.privacidade%40exemplo.com.br");

    const raw = (await rawTables()).toLowerCase();
    expect(raw).not.toContain("ana.privacidade@exemplo.com.br");
    expect(raw).toContain("outra pessoa");
    // The phone-only lead of the same person still has the phone: the search was by e-mail.
    const after = await db()
      .select()
      .from(leads)
      .where(
        sql`${leads.id} in (${sql.join(
          before.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
    for (const row of after) {
      const old = before.find((item) => item.id === row.id)!;
      expect(row).toMatchObject({
        kind: old.kind,
        listingCode: old.listingCode,
        status: old.status,
        name: "[anonimizado]",
        email: "[anonimizado]",
        message: "[anonimizado]",
      });
      expect(row.createdAt.toISOString()).toBe(old.createdAt.toISOString());
    }
    // Now by phone: the remaining lead with the number goes too.
    await answer(() =>
      page.action(
        args(request("admin", PATH, { intent: "anonymise", q: "+55 11 91234-5678", reason: "Pedido do titular" })),
      ),
    );
    const rawAfterPhone = await rawTables();
    expect(rawAfterPhone).not.toContain("11912345678");
    expect(rawAfterPhone.toLowerCase()).not.toContain("ana privacidade");
    expect(count(await load("ana.privacidade@exemplo.com.br"), "leads")).toBe(0);
    expect(count(await load("11912345678"), "leads")).toBe(0);

    const audit = await db().select().from(privacyActions).where(eq(privacyActions.action, "anonymise"));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      reason: "Pedido do titular",
      adminUid: env.admin.uid,
      adminEmail: env.admin.email,
    });
    expect(audit[0]!.subjectHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(audit)).not.toContain("ana.privacidade");
    expect(JSON.stringify(audit)).not.toContain("91234");
    expect((await load("")).audit.some((entry) => entry.action === "anonymise")).toBe(true);
  });

  it("deletes a person's leads with their deliveries and records it", async () => {
    const target = await lead({
      kind: "alert",
      condominium: "edificio-x",
      name: "Bruno Excluir",
      email: "bruno@exemplo.com.br",
    });
    expect(await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, target.id))).not.toHaveLength(0);
    const response = await answer(() =>
      page.action(
        args(request("admin", PATH, { intent: "delete", q: "bruno@exemplo.com.br", reason: "Eliminação pedida" })),
      ),
    );
    expect([302, 303]).toContain(response.status);
    expect(await db().select().from(leads).where(eq(leads.id, target.id))).toHaveLength(0);
    expect(await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, target.id))).toHaveLength(0);
    const [entry] = await db().select().from(privacyActions).where(eq(privacyActions.action, "delete"));
    expect(entry).toMatchObject({ reason: "Eliminação pedida", counts: { leads: 1, deliveries: 2 } });
    expect(JSON.stringify(entry)).not.toContain("bruno");
  });
});

describe("LGPD requests and retention", () => {
  it("lists LGPD requests with a due date 15 calendar days after receipt, oldest due first", async () => {
    const older = await lead({
      kind: "lgpd",
      name: "Carla Pedido",
      email: "carla.pedido@exemplo.com.br",
      message: "Apaguem",
    });
    await db()
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(leads.id, older.id));
    await lead({ kind: "lgpd", name: "Davi Pedido", email: "davi.pedido@exemplo.com.br", message: "Acesso" });
    const { requests } = await load("");
    const carla = requests.find((item) => item.email === "carla.pedido@exemplo.com.br")!;
    const davi = requests.find((item) => item.email === "davi.pedido@exemplo.com.br")!;
    expect(carla.daysLeft).toBe(-5);
    expect(davi.daysLeft).toBe(15);
    expect(requests.indexOf(carla)).toBeLessThan(requests.indexOf(davi));
    expect(carla.status).toBe("novo");
  });

  it("anonymises only leads older than the retention period, once", async () => {
    const now = new Date();
    const old = await lead({ kind: "sell", name: "Elisa Antiga", phone: "(31) 97777-6666", location: "Rua C, 3" });
    const recent = await lead({ kind: "sell", name: "Fabio Recente", phone: "(31) 96666-5555", location: "Rua D, 4" });
    await db()
      .update(leads)
      .set({ createdAt: new Date(now.getTime() - 25 * 31 * 86_400_000) })
      .where(eq(leads.id, old.id));
    await db()
      .update(leads)
      .set({ createdAt: new Date(now.getTime() - 23 * 30 * 86_400_000) })
      .where(eq(leads.id, recent.id));

    const first = await runPrivacyMaintenance(db(), { now, retentionMonths: 24 });
    expect(first.leads).toBe(1);
    const [oldRow] = await db().select().from(leads).where(eq(leads.id, old.id));
    const [recentRow] = await db().select().from(leads).where(eq(leads.id, recent.id));
    expect(oldRow).toMatchObject({
      kind: "sell",
      name: "[anonimizado]",
      phone: "[anonimizado]",
      location: "[anonimizado]",
    });
    expect(recentRow).toMatchObject({ name: "Fabio Recente", phone: "31966665555" });

    const second = await runPrivacyMaintenance(db(), { now, retentionMonths: 24 });
    expect(second.leads).toBe(0);
    const entries = await db().select().from(privacyActions).where(eq(privacyActions.action, "retention"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ reason: RETENTION_REASON, adminUid: null, subjectHash: null });
    expect(entries[0]!.counts.leads).toBe(1);
  });

  it("runs in one process at a time (advisory lock) and at most once within the minimum gap", async () => {
    const maintenance = startPrivacyMaintenance({
      database: env.test.database,
      firstRunDelayMs: 3_600_000,
      log: () => {},
    });
    try {
      const held = await env.test.database.tryAdvisoryLock(PRIVACY_LOCK_KEY);
      expect(await maintenance.runNow()).toBeNull();
      await held!.release();
      expect(await maintenance.runNow()).not.toBeNull();
      // A second run the same day (this or another process) does nothing.
      expect(await maintenance.runNow()).toBeNull();
    } finally {
      await maintenance.stop();
    }
  });
});
