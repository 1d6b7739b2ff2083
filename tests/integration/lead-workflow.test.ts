/**
 * The lead workflow of the broker area (ADR 0081), on the real database:
 * the first response is stamped once (by a status change or a reply, never by
 * a note, and of two concurrent responses only one counts), every change
 * writes its history entry, merged leads leave "Meus leads" with their history
 * kept, and "Meus leads" puts the unanswered first. Then the lead page's
 * route (`/painel/leads/:id`) with real sessions: 404 for an unknown or
 * malformed id, 403 for another broker's lead, and the one-tap reply that
 * records the response and redirects to `wa.me`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/.server/db";
import { leads, listings, users } from "~/.server/db/schema";
import { leadHistory } from "~/.server/leads/history";
import { ANONYMISED } from "~/.server/privacy";
import { anonymiseLeadsById } from "~/.server/privacy/actions";
import { loadBrokerPanelLeads } from "~/.server/leads/inbox";
import { addLeadNote, canActOnLead, changeLeadStatus, mergeLeads, recordLeadReply } from "~/.server/leads/workflow";
import * as panelLead from "~/routes/panel-lead";
import { answer, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { postgresTestUrl } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { pageRequest } from "./helpers/page-requests";
import { useTestDatabase } from "./helpers/use-database";

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];
const BRUNO = { uid: "broker-77", name: "Bruno Corretor" };
const OTHER = { uid: "broker-88", name: "Outra Corretora" };

let sequence = 0;
/** Inserts a lead as the routing would have left it; returns its id. */
async function insertLead(db: Database["db"], values: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(leads)
    .values({ kind: "info", idempotencyKey: `wf-${++sequence}-${Date.now()}`, name: "Maria Souza", ...values })
    .returning({ id: leads.id });
  return row!.id;
}

async function leadRow(db: Database["db"], id: string) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row!;
}

describe.each(kinds)("the lead workflow on %s", (kind) => {
  const env = useTestDatabase(kind);
  let db: Database["db"];

  beforeAll(async () => {
    db = env.database.db;
    await db.insert(listings).values(
      storedRow(makeListing({ code: "WF1", broker: { code: "77", name: "Bruno" } as never }), {
        condominiumSlug: null,
        now: new Date(),
      }),
    );
    await db.insert(users).values([
      { uid: BRUNO.uid, email: "bruno@exemplo.com.br", displayName: BRUNO.name, role: "agent", brokerCode: "77" },
      { uid: OTHER.uid, email: "outra@exemplo.com.br", displayName: OTHER.name, role: "agent", brokerCode: "88" },
    ]);
  });

  it("a note is not a response; the first status change is, once, and the history has both", async () => {
    const id = await insertLead(db, { assignedUid: BRUNO.uid });
    expect(await addLeadNote(id, "Ligar depois das 18h.", BRUNO, db)).toEqual({ ok: true, changed: true });
    expect((await leadRow(db, id)).firstResponseAt).toBeNull();

    expect(await changeLeadStatus(id, { status: "em_atendimento" }, BRUNO, db)).toEqual({ ok: true, changed: true });
    const first = await leadRow(db, id);
    expect(first.firstResponseAt).toBeInstanceOf(Date);
    expect(first.firstResponseUid).toBe(BRUNO.uid);

    // Another person's later change never overwrites it.
    expect(await changeLeadStatus(id, { status: "proposta" }, OTHER, db)).toMatchObject({ ok: true });
    const later = await leadRow(db, id);
    expect(later.firstResponseUid).toBe(BRUNO.uid);
    expect(later.firstResponseAt!.getTime()).toBe(first.firstResponseAt!.getTime());

    const history = await leadHistory(id, db);
    expect(history.map((e) => [e.type, e.actorName, e.fromValue, e.toValue, e.note])).toEqual([
      ["note", BRUNO.name, null, null, "Ligar depois das 18h."],
      ["status", BRUNO.name, "novo", "em_atendimento", null],
      ["status", OTHER.name, "em_atendimento", "proposta", null],
    ]);
    // The same status again changes nothing and writes nothing.
    expect(await changeLeadStatus(id, { status: "proposta" }, BRUNO, db)).toEqual({ ok: true, changed: false });
    expect(await leadHistory(id, db)).toHaveLength(3);
  });

  it("the system's changes are no response", async () => {
    const id = await insertLead(db);
    expect(await changeLeadStatus(id, { status: "em_atendimento" }, null, db)).toMatchObject({ ok: true });
    expect((await leadRow(db, id)).firstResponseAt).toBeNull();
  });

  it("perdido needs a reason from the list; another status clears it; LGPD requests keep their own statuses", async () => {
    const id = await insertLead(db);
    expect(await changeLeadStatus(id, { status: "perdido" }, BRUNO, db)).toMatchObject({
      ok: false,
      status: 400,
      field: "lostReason",
    });
    expect(await changeLeadStatus(id, { status: "perdido", lostReason: "Qualquer" }, BRUNO, db)).toMatchObject({
      ok: false,
      field: "lostReason",
    });
    expect(await changeLeadStatus(id, { status: "perdido", lostReason: "Fora do orçamento" }, BRUNO, db)).toMatchObject(
      { ok: true },
    );
    expect(await leadRow(db, id)).toMatchObject({ status: "perdido", lostReason: "Fora do orçamento" });
    expect((await leadHistory(id, db)).at(-1)).toMatchObject({ type: "status", note: "Fora do orçamento" });
    await changeLeadStatus(id, { status: "proposta" }, BRUNO, db);
    expect(await leadRow(db, id)).toMatchObject({ status: "proposta", lostReason: null });

    const lgpd = await insertLead(db, { kind: "lgpd" });
    expect(await changeLeadStatus(lgpd, { status: "proposta" }, BRUNO, db)).toMatchObject({
      ok: false,
      status: 400,
      field: "status",
    });
    expect(await changeLeadStatus(lgpd, { status: "concluido" }, BRUNO, db)).toMatchObject({ ok: true });
    expect(await changeLeadStatus(id, { status: "concluido" }, BRUNO, db)).toMatchObject({
      ok: false,
      field: "status",
    });
    expect(await changeLeadStatus("00000000-0000-4000-8000-000000000000", { status: "novo" }, BRUNO, db)).toMatchObject(
      { ok: false, status: 404 },
    );
  });

  it("a reply is a response: the lead leaves 'novo', the history says which channel", async () => {
    const id = await insertLead(db, { assignedUid: BRUNO.uid, phone: "11912345678" });
    expect(await recordLeadReply(id, "whatsapp", BRUNO, db)).toMatchObject({ ok: true });
    expect(await leadRow(db, id)).toMatchObject({ status: "em_atendimento", firstResponseUid: BRUNO.uid });
    // One transaction, one time: the two entries share it (their order is the history's tie-break).
    expect((await leadHistory(id, db)).map((e) => [e.type, e.toValue]).sort()).toEqual([
      ["reply", "whatsapp"],
      ["status", "em_atendimento"],
    ]);
  });

  it("two concurrent responses stamp the first response once", async () => {
    const id = await insertLead(db);
    let second: Database | undefined;
    try {
      // Two connections on PostgreSQL (two "processes"); PGlite has one and puts them in order.
      second = env.url ? await openDatabase({ url: env.url }) : undefined;
      const results = await Promise.all([
        recordLeadReply(id, "phone", BRUNO, db),
        changeLeadStatus(id, { status: "visita_agendada" }, OTHER, second?.db ?? db),
      ]);
      expect(results.every((result) => result.ok)).toBe(true);
    } finally {
      await second?.close();
    }
    const row = await leadRow(db, id);
    expect([BRUNO.uid, OTHER.uid]).toContain(row.firstResponseUid);
    // The stamp is that of the transaction that won (its history entries carry the same now(), a
    // microsecond apart in the order written), never rewritten by the other.
    const history = await leadHistory(id, db);
    expect(history.filter((e) => e.type === "reply")).toHaveLength(1);
    const winner = history.filter((e) => e.actorUid === row.firstResponseUid);
    expect(winner.length).toBeGreaterThan(0);
    const offsets = winner.map((e) => e.at.getTime() - row.firstResponseAt!.getTime());
    expect(offsets.every((ms) => ms >= 0 && ms <= 1)).toBe(true);
  });

  it("merge: the duplicate leaves 'Meus leads' with its history kept; both histories say so; no chains", async () => {
    const original = await insertLead(db, { assignedUid: BRUNO.uid, phone: "11955554444", name: "Paula Dias" });
    const duplicate = await insertLead(db, {
      assignedUid: BRUNO.uid,
      phone: "11955554444",
      name: "Paula D.",
      duplicateOfId: original,
    });
    const earlier = await insertLead(db, { assignedUid: BRUNO.uid, name: "Paula antiga" });
    await addLeadNote(duplicate, "Pediu fotos da varanda.", BRUNO, db);
    expect(await mergeLeads(earlier, duplicate, BRUNO, db)).toMatchObject({ ok: true });
    expect(await mergeLeads(duplicate, duplicate, BRUNO, db)).toMatchObject({ ok: false, status: 400 });
    expect(await mergeLeads(duplicate, original, BRUNO, db)).toMatchObject({ ok: true });

    expect((await leadRow(db, duplicate)).mergedIntoId).toBe(original);
    // The lead merged into the duplicate before now points to the survivor.
    expect((await leadRow(db, earlier)).mergedIntoId).toBe(original);
    const kept = await leadHistory(duplicate, db);
    expect(kept.map((e) => e.type)).toEqual(["note", "merged", "merged"]);
    expect(kept.at(-1)).toMatchObject({ toValue: original, actorName: BRUNO.name });
    const survivor = await leadHistory(original, db);
    expect(survivor.at(-1)).toMatchObject({ type: "merged", fromValue: duplicate });
    // The history names the other lead by its date, never by the person's name.
    expect(survivor.at(-1)!.note).toMatch(
      /^Recebeu o contato recebido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, duplicado\.$/,
    );
    expect(JSON.stringify([...kept, ...survivor])).not.toContain("Paula");

    // Anonymising the lead (retention or a data subject's request) blanks what brokers wrote about it.
    await anonymiseLeadsById(db, [duplicate]);
    const notes = (await leadHistory(duplicate, db)).filter((e) => e.type === "note").map((e) => e.note);
    expect(notes).toEqual([ANONYMISED]);

    // A merged lead takes no more changes, and cannot be merged again.
    expect(await changeLeadStatus(duplicate, { status: "proposta" }, BRUNO, db)).toMatchObject({ status: 409 });
    expect(await mergeLeads(duplicate, original, BRUNO, db)).toMatchObject({ status: 409 });
    expect(await mergeLeads(original, duplicate, BRUNO, db)).toMatchObject({ status: 409, field: "into" });

    const mine = await loadBrokerPanelLeads({ uid: BRUNO.uid, brokerCode: "77" }, 1, db);
    const ids = mine.items.map((lead) => lead.id);
    expect(ids).toContain(original);
    expect(ids).not.toContain(duplicate);
    expect(ids).not.toContain(earlier);
  });

  it("'Meus leads': unanswered first, then newest; the listing's title and page; the true total", async () => {
    const old = await insertLead(db, { listingCode: "WF1", name: "Sem resposta antiga" });
    await db
      .update(leads)
      .set({ createdAt: new Date("2020-01-01T12:00:00Z") })
      .where(eq(leads.id, old));
    const answered = await insertLead(db, { assignedUid: BRUNO.uid, name: "Já respondida" });
    await changeLeadStatus(answered, { status: "em_atendimento" }, BRUNO, db);
    const page = await loadBrokerPanelLeads({ uid: BRUNO.uid, brokerCode: "77" }, 1, db);
    const statuses = page.items.map((lead) => lead.status);
    expect(statuses.lastIndexOf("novo")).toBeLessThan(statuses.findIndex((status) => status !== "novo"));
    const unanswered = page.items.find((lead) => lead.id === old)!;
    expect(unanswered.listing).toMatchObject({ code: "WF1", path: expect.stringMatching(/^\/detalhes\/.+\/WF1$/) });
    expect(page.total).toBe(page.items.length);
    // Another broker sees none of Bruno's.
    const theirs = await loadBrokerPanelLeads({ uid: OTHER.uid, brokerCode: "88" }, 1, db);
    expect(theirs.items.map((lead) => lead.id)).not.toContain(old);
  });

  it("who may act: admin any lead; an agent their own and the unassigned about their listings; never LGPD", () => {
    const agent = { uid: BRUNO.uid, role: "agent" as const, brokerCode: "77" };
    const admin = { uid: "admin", role: "admin" as const, brokerCode: null };
    const lead = (facts: Partial<Parameters<typeof canActOnLead>[1]>) => ({
      kind: "info" as const,
      assignedUid: null,
      listingBrokerCode: null,
      ...facts,
    });
    expect(canActOnLead(agent, lead({ assignedUid: BRUNO.uid }))).toBe(true);
    expect(canActOnLead(agent, lead({ assignedUid: OTHER.uid, listingBrokerCode: "77" }))).toBe(false);
    expect(canActOnLead(agent, lead({ listingBrokerCode: "77" }))).toBe(true);
    expect(canActOnLead(agent, lead({ listingBrokerCode: "88" }))).toBe(false);
    expect(canActOnLead({ ...agent, brokerCode: null }, lead({}))).toBe(false);
    expect(canActOnLead(agent, lead({ kind: "lgpd", assignedUid: BRUNO.uid }))).toBe(false);
    expect(canActOnLead(admin, lead({ assignedUid: OTHER.uid }))).toBe(true);
  });
});

describe("the lead page /painel/leads/:id", () => {
  const env = useAuthTestEnv("lead-workflow", { uid: "agent-wf", claims: { role: "agent", brokerCode: "7" } });
  let mine = "";
  let theirs = "";

  beforeAll(async () => {
    const db = env.test.database.db;
    await db.insert(users).values({ uid: "broker-x", email: "x@exemplo.com.br", displayName: "X", role: "agent" });
    await db.insert(listings).values(
      storedRow(makeListing({ code: "PG7", title: "Casa com quintal", broker: { code: "7" } as never }), {
        condominiumSlug: null,
        now: new Date(),
      }),
    );
    mine = await insertLead(db, { listingCode: "PG7", name: "Maria Souza", phone: "11912345678" });
    theirs = await insertLead(db, { listingCode: "PG7", assignedUid: "broker-x" });
  });

  const load = (who: Who, id: string) =>
    answer(() =>
      panelLead.loader({
        request: pageRequest(env.cookies[who], `/painel/leads/${id}`),
        params: { id },
        context: {},
      } as LoaderFunctionArgs),
    );
  const post = (who: Who, id: string, form: Record<string, string>) =>
    answer(() =>
      panelLead.action({
        request: pageRequest(env.cookies[who], `/painel/leads/${id}`, form),
        params: { id },
        context: {},
      } as ActionFunctionArgs),
    );

  it("guards: sign-in first, 404 for a malformed or unknown id, 403 for another broker's lead", async () => {
    expect((await load("anonymous", mine)).status).toBe(302);
    expect((await load("agent", "nao-e-um-id")).status).toBe(404);
    expect((await load("agent", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await load("agent", theirs)).status).toBe(403);
    expect((await post("agent", theirs, { intent: "note", note: "Oi" })).status).toBe(403);
    expect((await load("agent", mine)).status).toBe(200);
    expect((await load("admin", theirs)).status).toBe(200);
  });

  it("bad input answers 400 beside the field", async () => {
    const response = await post("agent", mine, { intent: "status", status: "perdido", lostReason: "" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      intent: "status",
      field: "lostReason",
      error: "Escolha o motivo da perda.",
    });
  });

  it("the WhatsApp reply records the first response and redirects to wa.me with a message naming the listing", async () => {
    const response = await post("agent", mine, { intent: "reply", channel: "whatsapp" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://wa.me/5511912345678");
    expect(location.searchParams.get("text")).toContain("Vi seu interesse no imóvel Casa com quintal (código PG7).");
    const row = await leadRow(env.test.database.db, mine);
    expect(row).toMatchObject({ status: "em_atendimento", firstResponseUid: "agent-wf" });
    // No e-mail on this lead: refused beside the buttons.
    const email = await post("agent", mine, { intent: "reply", channel: "email" });
    expect(email.status).toBe(400);
  });
});
