/**
 * The sync's safety valve (docs/decisions/0073-sync-safety-valve.md), on a
 * real database (PGlite; PostgreSQL too with `TEST_DATABASE_URL`) with the
 * fake Vista and a real SMTP sink:
 * - a run seeing 90% fewer listings keeps the catalogue, health says
 *   "degraded", and the admins get one e-mail, not one per run; when Vista
 *   lists them again the hold ends;
 * - a single sold listing leaves at once;
 * - a real shrink applies once consecutive runs agree, or at the next run
 *   after an admin confirmed it (through the scheduler of this process).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmHeldRemovals, syncPanel } from "~/.server/admin/sync";
import type { Database } from "~/.server/db";
import { listings, syncState, users } from "~/.server/db/schema";
import { getHealth } from "~/.server/health";
import { createMailer } from "~/.server/mail/transport";
import { readRemovalHold, runSync, startSyncScheduler, type RemovalNotifier } from "~/.server/sync";
import { adminMailNotifier } from "~/.server/sync/valve-mail";
import type { VistaListingWire } from "~/.server/vista";
import { FakeVista } from "~/test-support/fake-vista";
import { ManualTimers } from "~/test-support/manual-timers";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink";

/** Noon in São Paulo; runs and health read this clock. */
const NOW = new Date("2026-11-20T15:00:00Z");
const now = () => NOW;

/** The text of a raw message with quoted-printable soft breaks and escapes decoded (UTF-8). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split("=")
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString("utf8"),
  );
}

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("sync safety valve (%s)", (kind) => {
  let test: TestDatabase;
  let database: Database;
  let sink: SmtpSink;
  let outboxDir: string;
  let notify: RemovalNotifier;
  let vista: FakeVista;
  let lines: string[];
  /** Listings taken out of the fake Vista, to put back. */
  let hidden: Map<string, VistaListingWire>;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    database = test.database;
    sink = await startSmtpSink();
    outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "valve-outbox-"));
    notify = adminMailNotifier({
      db: database.db,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, outboxDir, from: "site@agencia.test" }),
      publicUrl: "https://www.agencia.test",
      agencyTitle: "Horizonte Imobiliária",
      fallback: "contato@agencia.test",
      confirmRuns: 3,
    });
  });
  afterAll(async () => {
    await sink?.close();
    await test?.cleanup();
    if (outboxDir) await fs.rm(outboxDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.db.execute(sql`truncate ${listings}, ${syncState}, ${users} cascade`);
    await database.db.insert(users).values([
      { uid: "admin-1", email: "dona@agencia.test", role: "admin" },
      { uid: "admin-2", email: "antigo@agencia.test", role: "admin", disabled: true },
      { uid: "agent-1", email: "corretor@agencia.test", role: "agent" },
    ]);
    sink.messages.length = 0;
    vista = new FakeVista();
    for (let i = 1; i <= 100; i++) vista.add(`L${i}`, { DataAtualizacao: "2026-11-10" });
    lines = [];
    hidden = new Map();
    await sync();
  });

  const sync = () =>
    runSync({
      database,
      client: vista.client(),
      log: (line) => lines.push(line),
      now,
      removalValve: { settings: { maxShare: 0.1, maxCount: null, confirmRuns: 3 }, notify },
    });
  const hide = (codes: string[]) => {
    for (const code of codes) {
      hidden.set(code, vista.rows.get(code)!);
      vista.rows.delete(code);
    }
  };
  const showAgain = () => {
    for (const [code, wire] of hidden) vista.rows.set(code, wire);
    hidden.clear();
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `L${from + i}`);
  const activeCount = async () =>
    (await database.db.select({ code: listings.code }).from(listings).where(isNull(listings.removedAt))).length;
  const health = async () => (await getHealth({ database, scheduler: null, intervalSeconds: 300, now: NOW })).body;

  it("a run seeing 90% fewer listings keeps the catalogue, says degraded, and e-mails the admins once", async () => {
    hide(range(11, 100));
    const first = await sync();
    expect(first.counts).toMatchObject({ removed: 0, held: 90, total: 100 });
    expect(await activeCount()).toBe(100);
    expect(lines).toContain(
      "[sync] 90 remoções retidas por segurança (90% dos 100 imóveis ativos; limite 10): catálogo mantido; " +
        "rodada 1 de 3 para aplicar sem confirmação",
    );

    const report = await health();
    expect(report.status).toBe("degraded");
    expect(report.sync).toMatchObject({
      stale: false,
      heldReason: "removals-held",
      heldRemovals: { removals: 90, active: 100, limit: 10, runs: 1, confirmed: false },
    });

    expect(sink.messages).toHaveLength(1);
    const mail = decoded(sink.messages[0]!);
    expect(mail).toMatch(/^To: dona@agencia\.test$/m);
    expect(mail).not.toContain("antigo@agencia.test");
    expect(mail).not.toContain("corretor@agencia.test");
    expect(mail).toContain("deixou de listar 90 dos 100 imóveis ativos do site (90%)");
    expect(mail).toContain("https://www.agencia.test/admin");

    // The same wrong answer again: still held, no second e-mail.
    const second = await sync();
    expect(second.counts).toMatchObject({ removed: 0, held: 90, total: 100 });
    expect(sink.messages).toHaveLength(1);
    expect((await readRemovalHold(database.db))?.runs).toBe(2);

    // Vista lists them again: the hold ends, nothing was ever removed.
    showAgain();
    const good = await sync();
    expect(good.counts).toMatchObject({ removed: 0, held: 0, total: 100 });
    expect(lines).toContain("[sync] remoções retidas descartadas: o Vista voltou a listar os imóveis");
    expect(await readRemovalHold(database.db)).toBeNull();
    const after = await health();
    expect(after.status).toBe("ok");
    expect(after.sync.heldReason).toBeNull();
  });

  it("a single sold listing leaves at once", async () => {
    vista.rows.get("L7")!.ExibirNoSite = "Nao";
    const result = await sync();
    expect(result.counts).toMatchObject({ removed: 1, held: 0, total: 99 });
    const [row] = await database.db.select().from(listings).where(eq(listings.code, "L7"));
    expect(row).toMatchObject({ removalReason: "unlisted" });
    expect(row!.removedAt).toBeInstanceOf(Date);
    expect((await health()).sync.heldReason).toBeNull();
    expect(sink.messages).toHaveLength(0);
  });

  it("a real shrink applies once three consecutive runs agree", async () => {
    hide(range(51, 100));
    expect((await sync()).counts).toMatchObject({ removed: 0, held: 50 });
    // One more listing sold meanwhile: a superset still agrees.
    hide(["L50"]);
    expect((await sync()).counts).toMatchObject({ removed: 0, held: 51 });
    const third = await sync();
    expect(third.counts).toMatchObject({ removed: 51, held: 0, total: 49 });
    expect(lines).toContain("[sync] 51 remoções aplicadas: confirmadas por 3 rodadas seguidas");
    expect(await activeCount()).toBe(49);
    expect(await readRemovalHold(database.db)).toBeNull();
    expect((await health()).status).toBe("ok");
    expect(sink.messages).toHaveLength(1);
  });

  it("an admin's confirmation applies the shrink at the next run, started at once by this process's scheduler", async () => {
    const timers = new ManualTimers(NOW.getTime());
    const scheduler = startSyncScheduler({
      intervalSeconds: 3600,
      getClient: () => vista.client(),
      database,
      log: (line) => lines.push(line),
      runOnStart: false,
      timers,
      reconcileHour: null,
      takeoverCheckMs: 0,
      notifyAdmins: notify,
    });
    try {
      hide(range(41, 100));
      expect((await scheduler.runNow())?.counts).toMatchObject({ removed: 0, held: 60 });
      expect(sink.messages).toHaveLength(1);
      const panel = await syncPanel({ database, scheduler });
      expect(panel.held).toMatchObject({ removals: 60, active: 100, limit: 10, runs: 1, confirmRuns: 3 });

      // A form from another hold changes nothing.
      const stale = await confirmHeldRemovals(new Date(NOW.getTime() - 60_000), { database, scheduler });
      expect(stale).toEqual({ outcome: "changed", run: null });

      const confirmed = await confirmHeldRemovals(new Date(panel.held!.since), { database, scheduler });
      expect(confirmed.outcome).toBe("confirmed");
      expect((await health()).sync.heldRemovals).toMatchObject({ confirmed: true });
      const applied = await confirmed.run;
      expect(applied?.counts).toMatchObject({ removed: 60, held: 0, total: 40 });
      expect(lines).toContain("[sync] 60 remoções aplicadas: confirmadas pela administração");
      expect(await activeCount()).toBe(40);
      expect((await syncPanel({ database, scheduler })).held).toBeNull();
      expect(await confirmHeldRemovals(new Date(panel.held!.since), { database, scheduler })).toEqual({
        outcome: "none",
        run: null,
      });
    } finally {
      await scheduler.stop();
    }
  });
});
