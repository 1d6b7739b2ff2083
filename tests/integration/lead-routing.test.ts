/**
 * Lead routing (ADR 0080) on PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set: the listing's broker on creation, Vista's answer recorded by the
 * lead worker (a fake client and the real sandbox over HTTP), the
 * round-robin fallback (fair, and across two servers on PostgreSQL), the
 * admin's reassignment in the history, and duplicates within 30 days.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/.server/db";
import { leadDeliveries, leads, listings, users } from "~/.server/db/schema";
import { leadHistory } from "~/.server/leads/history";
import { assignLead } from "~/.server/leads/inbox";
import { saveLeadRoutingSettings } from "~/.server/leads/routing";
import { recordLead } from "~/.server/leads/store";
import { deliverDue } from "~/.server/leads/worker";
import type { Mailer, MailMessage } from "~/.server/mail/transport";
import type { VistaClient } from "~/.server/vista";
import { postgresTestUrl } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { useSandboxAndFolder } from "./helpers/sandbox-folder";
import { useTestDatabase } from "./helpers/use-database";

const AGENCY_EMAIL = "contato@exemplo.com.br";
const ADMIN = { uid: "admin-1", name: "Alice Admin" };

/** A mailer that keeps what it was given. */
function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: "file", sent, send: async (message) => void sent.push(message), close: () => undefined };
}

/** A Vista client whose `POST /lead` answers `corretor` (Vista's own distribution). */
function fakeVista(corretor: number | undefined): Pick<VistaClient, "createLead"> & { calls: number } {
  const fake = {
    calls: 0,
    createLead: async () => {
      fake.calls++;
      return corretor === undefined ? { codigo: 1 } : { codigo: 1, corretor };
    },
  };
  return fake;
}

const shared = useSandboxAndFolder("lead-routing");
const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("lead routing on %s", (kind) => {
  const env = useTestDatabase(kind);
  let db: Db;
  let keys = 0;
  const record = async (input: Record<string, unknown>, on: Db = db) =>
    (await recordLead(input as never, { idempotencyKey: `rt-${kind}-${++keys}`, db: on, agencyEmail: AGENCY_EMAIL }))
      .lead;
  const whatsapp = (on?: Db) => record({ kind: "whatsapp", page: "/sobre", utm: {} }, on);
  const deliver = (vista: Pick<VistaClient, "createLead">) =>
    deliverDue({
      db,
      mailer: memoryMailer(),
      vista,
      batch: 100,
      publicUrl: "https://www.exemplo.com.br",
      agencyTitle: "Horizonte Imobiliária",
    });
  const leadRow = async (id: string) => (await db.select().from(leads).where(eq(leads.id, id)))[0]!;

  beforeAll(async () => {
    db = env.database.db;
    const now = new Date();
    await db.insert(listings).values([
      storedRow(makeListing({ code: "RT1", broker: { code: "77", name: "Carla" } as never }), {
        condominiumSlug: null,
        now,
      }),
      storedRow(makeListing({ code: "RT2", broker: { code: "88", name: "Desativado" } as never }), {
        condominiumSlug: null,
        now,
      }),
    ]);
    await db.insert(users).values([
      { uid: "carla", email: "carla@exemplo.com.br", displayName: "Carla", role: "agent", brokerCode: "77" },
      { uid: "off-88", email: "off@exemplo.com.br", role: "agent", brokerCode: "88", disabled: true },
      { uid: "dani", email: "dani@exemplo.com.br", displayName: "Dani", role: "agent", brokerCode: "55" },
      { uid: ADMIN.uid, email: "alice@exemplo.com.br", displayName: ADMIN.name, role: "admin" },
    ]);
  }, 60_000);
  beforeEach(async () => {
    // Each test starts with the rule off and everyone's rotation clock cleared.
    await saveLeadRoutingSettings({ fallback: "off" }, null, db);
    await db.update(users).set({ lastRoundRobinAt: null });
  });

  it("gives a lead about a listing to the listing's broker on creation, with its history", async () => {
    const lead = await record({ kind: "info", code: "RT1", name: "Rui", email: "rui@exemplo.com.br", message: "Oi" });
    expect(lead).toMatchObject({ assignedUid: "carla", assignedBy: "listing" });
    expect(lead.assignedAt).toBeInstanceOf(Date);
    const history = await leadHistory(lead.id, db);
    expect(history.map((event) => [event.type, event.actorUid, event.toValue, event.note])).toEqual([
      ["created", null, null, "Recebido pelo site"],
      ["assigned", null, "carla", "Corretor do imóvel"],
    ]);
    // The listing's broker is a disabled user: nobody yet (the lead waits for Vista's answer).
    const other = await record({ kind: "info", code: "RT2", name: "Rui", phone: "11 3333-4444", message: "Oi" });
    expect(other.assignedUid).toBeNull();
  });

  it("records the broker of Vista's answer through the worker, only for a lead still unassigned", async () => {
    const lead = await record({ kind: "sell", name: "Sara", phone: "11 91111-2222", location: "Moema" });
    expect(lead.assignedUid).toBeNull();
    const vista = fakeVista(55);
    await deliver(vista);
    expect(vista.calls).toBeGreaterThan(0);
    expect(await leadRow(lead.id)).toMatchObject({ assignedUid: "dani", assignedBy: "vista" });
    const history = await leadHistory(lead.id, db);
    expect(history.at(-1)).toMatchObject({ type: "assigned", actorUid: null, toValue: "dani" });
    expect(history.at(-1)!.note).toContain("Distribuição do Vista");

    // Already assigned by its listing: Vista's answer changes nothing.
    const listed = await record({ kind: "info", code: "RT1", name: "Tom", email: "tom@exemplo.com.br", message: "?" });
    await deliver(fakeVista(55));
    expect(await leadRow(listed.id)).toMatchObject({ assignedUid: "carla", assignedBy: "listing" });
  });

  it("records the Corretor the Vista sandbox answers over HTTP", async () => {
    const code = "AP11237";
    const brokerCode = shared.sandbox.sandbox.listing(code)!.brokerCode!;
    await db
      .insert(users)
      .values({ uid: "sandbox-broker", email: "sandbox@exemplo.com.br", role: "agent", brokerCode })
      .onConflictDoNothing();
    // The read model does not have the listing: only Vista can name the broker.
    const lead = await record({ kind: "info", code, name: "Vera", email: "vera@exemplo.com.br", message: "Visita?" });
    expect(lead.assignedUid).toBeNull();
    await deliver(shared.sandbox.client);
    const [vistaRow] = await db
      .select()
      .from(leadDeliveries)
      .where(sql`${leadDeliveries.leadId} = ${lead.id} and ${leadDeliveries.channel} = 'vista'`);
    expect(vistaRow!.status).toBe("sent");
    expect(await leadRow(lead.id)).toMatchObject({ assignedUid: "sandbox-broker", assignedBy: "vista" });
    await db.update(users).set({ receivesLeads: false }).where(eq(users.uid, "sandbox-broker"));
  });

  it("round-robin: off leaves leads unassigned; on, three leads go to three brokers, then the one who waited longest", async () => {
    const unassigned = await whatsapp();
    expect(unassigned.assignedUid).toBeNull();

    await db.update(users).set({ receivesLeads: false });
    await db.insert(users).values([
      { uid: "rr-a", email: "a@exemplo.com.br", role: "agent" },
      { uid: "rr-b", email: "b@exemplo.com.br", role: "agent" },
      { uid: "rr-c", email: "c@exemplo.com.br", role: "agent" },
      { uid: "rr-off", email: "nao@exemplo.com.br", role: "agent", receivesLeads: false },
      { uid: "rr-disabled", email: "desativado@exemplo.com.br", role: "agent", disabled: true },
      { uid: "rr-admin", email: "adm@exemplo.com.br", role: "admin" },
    ]);
    await saveLeadRoutingSettings({ fallback: "round_robin" }, ADMIN.uid, db);
    const first = [await whatsapp(), await whatsapp(), await whatsapp()];
    expect(first.map((lead) => lead.assignedBy)).toEqual(["round_robin", "round_robin", "round_robin"]);
    expect(new Set(first.map((lead) => lead.assignedUid))).toEqual(new Set(["rr-a", "rr-b", "rr-c"]));
    const fourth = await whatsapp();
    expect(fourth.assignedUid).toBe(first[0]!.assignedUid);
    const history = await leadHistory(fourth.id, db);
    expect(history.at(-1)).toMatchObject({ type: "assigned", actorUid: null, toValue: fourth.assignedUid });
    expect(history.at(-1)!.note).toMatch(/^Rodízio: /);

    // Vista names a broker who does not use the site: the rotation takes the lead.
    const sell = await record({ kind: "sell", name: "Ivo", phone: "11 92222-3333", location: "Pinheiros" });
    expect(sell.assignedUid).toBeNull();
    await deliver(fakeVista(999));
    const routed = await leadRow(sell.id);
    expect(routed.assignedBy).toBe("round_robin");
    expect(["rr-a", "rr-b", "rr-c"]).toContain(routed.assignedUid);
  });

  // Two servers need a server database (PGlite is one process's): declared on PostgreSQL only.
  if (kind === "postgres")
    it("round-robin across two servers: concurrent leads go to different brokers", async () => {
      const other = await openDatabase({ url: env.url!, poolSize: 3 });
      try {
        await saveLeadRoutingSettings({ fallback: "round_robin" }, ADMIN.uid, db);
        await db.update(users).set({ receivesLeads: false });
        await db
          .update(users)
          .set({ receivesLeads: true, lastRoundRobinAt: null })
          .where(inArray(users.uid, ["rr-a", "rr-b", "rr-c"]));
        const created = await Promise.all([whatsapp(db), whatsapp(other.db), whatsapp(db)]);
        expect(new Set(created.map((lead) => lead.assignedUid))).toEqual(new Set(["rr-a", "rr-b", "rr-c"]));
      } finally {
        await other.close();
      }
    });

  it("an admin's reassignment records admin, the time and the history from → to", async () => {
    const lead = await record({ kind: "info", code: "RT1", name: "Lia", email: "lia@exemplo.com.br", message: "Oi" });
    expect(await assignLead(lead.id, "dani", ADMIN, db)).toBeNull();
    const row = await leadRow(lead.id);
    expect(row).toMatchObject({ assignedUid: "dani", assignedBy: "admin" });
    expect(row.assignedAt!.getTime()).toBeGreaterThanOrEqual(lead.assignedAt!.getTime());
    expect((await leadHistory(lead.id, db)).at(-1)).toMatchObject({
      type: "assigned",
      actorUid: ADMIN.uid,
      actorName: ADMIN.name,
      fromValue: "carla",
      toValue: "dani",
    });
    // The same broker again writes nothing; removing writes "from dani to nobody".
    expect(await assignLead(lead.id, "dani", ADMIN, db)).toBeNull();
    expect(await assignLead(lead.id, null, ADMIN, db)).toBeNull();
    const history = await leadHistory(lead.id, db);
    expect(history.filter((event) => event.type === "assigned")).toHaveLength(3);
    expect(history.at(-1)).toMatchObject({ fromValue: "dani", toValue: null });
    expect(await leadRow(lead.id)).toMatchObject({ assignedUid: null, assignedBy: null, assignedAt: null });
  });

  it("flags a duplicate of the same phone or e-mail within 30 days, not after, and not of a merged lead", async () => {
    const first = await record({ kind: "sell", name: "Gil", phone: "11 94444-5555", location: "Moema" });
    expect(first.duplicateOfId).toBeNull();
    const byPhone = await record({ kind: "info", code: "RT1", name: "Gil", phone: "(11) 94444-5555", message: "?" });
    expect(byPhone.duplicateOfId).toBe(first.id);
    const byEmail = await record({
      kind: "info",
      code: "RT1",
      name: "Gil",
      phone: "11 94444-5555",
      email: "gil@exemplo.com.br",
      message: "E-mail",
    });
    // The most recent earlier lead of the person.
    expect(byEmail.duplicateOfId).toBe(byPhone.id);
    expect((await leadHistory(byEmail.id, db)).map((event) => event.type)).toContain("duplicate");
    const sameEmail = await record({ kind: "alert", condominium: "x", name: "Gil", email: "gil@exemplo.com.br" });
    expect(sameEmail.duplicateOfId).toBe(byEmail.id);

    // 31 days ago: no longer a duplicate.
    const old = await record({ kind: "sell", name: "Ana", phone: "11 96666-7777", location: "Moema" });
    await db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(leads.id, old.id));
    const fresh = await record({ kind: "sell", name: "Ana", phone: "11 96666-7777", location: "Moema" });
    expect(fresh.duplicateOfId).toBeNull();
    expect((await leadHistory(fresh.id, db)).map((event) => event.type)).not.toContain("duplicate");

    // A merged lead is never the one pointed to.
    await db.update(leads).set({ mergedIntoId: first.id }).where(eq(leads.id, fresh.id));
    const after = await record({ kind: "sell", name: "Ana", phone: "11 96666-7777", location: "Moema" });
    expect(after.duplicateOfId).toBeNull();
  });
});
