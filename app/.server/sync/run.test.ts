import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { type Database } from "../db";
import { brokers, condominiums, listings, syncState } from "../db/schema";
import { FakeVista } from "~/test-support/fake-vista";
import { runSync } from "./run";
import { startSyncScheduler } from "./scheduler";
import { readSyncState, sourceFingerprint } from "./state";

describe("runSync (fake Vista, PGlite in memory)", () => {
  let database: Database;
  let vista: FakeVista;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  /** A scheduler on the fake Vista that only runs when asked to. */
  const idleScheduler = () =>
    startSyncScheduler({ intervalSeconds: 3600, getClient: () => vista.client(), database, log, runOnStart: false });

  useMigratedMemoryDatabase((opened) => (database = opened));
  beforeEach(async () => {
    await database.db.execute(sql`truncate ${listings}, ${condominiums}, ${brokers}, ${syncState}`);
    vista = new FakeVista();
    for (let i = 1; i <= 120; i++) vista.add(`C${i}`);
    lines.length = 0;
  });

  const active = async () =>
    (
      await database.db
        .select({ code: listings.code })
        .from(listings)
        .where(sql`${listings.removedAt} is null`)
    ).map((r) => r.code);

  it("does a full sync first, with media, condominium and broker, and records the state", async () => {
    vista.add("HIDDEN", { ExibirNoSite: "Nao" });
    const result = await runSync({ database, client: vista.client(), log, source: "http://vista.test" });
    expect(result.mode).toBe("full");
    expect(result.counts).toMatchObject({ fetched: 120, upserted: 120, removed: 0, total: 120 });
    expect(vista.calls.detalhes).toBe(120);
    expect((await active()).length).toBe(120);

    const [row] = await database.db.select().from(listings).where(eq(listings.code, "C7"));
    expect(row.data.photos[0].url).toBe("https://cdn.example/C7/1.jpg");
    expect(row.condominiumSlug).toBe("edificio-aurora");
    expect(row.brokerCode).toBe("14");
    const [condo] = await database.db.select().from(condominiums);
    expect(condo.data.photos[0].url).toBe("https://cdn.example/aurora.jpg");
    expect((await database.db.select().from(brokers)).map((b) => b.code)).toEqual(["14"]);

    const state = await readSyncState(database.db);
    expect(state?.watermark).toBe("2026-08-01");
    expect(state?.sourceFingerprint).toBe(sourceFingerprint("http://vista.test/"));
    expect(state?.lastSuccessAt).toBeInstanceOf(Date);
    expect(state?.counts).toMatchObject({ fetched: 120, upserted: 120 });
    expect(lines.at(-1)).toMatch(
      /^\[sync\] concluída \(completa\): 120 recebidos, 120 gravados, 0 removidos, 120 imóveis ativos · \d+,\d s$/,
    );
    expect(lines.some((line) => /^\[sync\] 120\/120 imóveis \(100%\) · /.test(line))).toBe(true);
  });

  it("then syncs deltas: changed listings only, removals, hides and returns", async () => {
    await runSync({ database, client: vista.client(), log, source: "http://vista.test" });
    vista.calls.detalhes = 0;

    vista.rows.forEach((wire) => (wire.DataAtualizacao = "2026-07-15"));
    vista.rows.get("C5")!.DataAtualizacao = "2026-08-03";
    vista.rows.get("C5")!.ValorVenda = "450000";
    vista.rows.delete("C6");
    vista.rows.get("C7")!.ExibirNoSite = "Nao";
    const delta = await runSync({ database, client: vista.client(), log, source: "http://vista.test" });
    expect(delta.mode).toBe("delta");
    // Only listings updated on or after the watermark (2026-08-01) are re-read.
    expect(vista.calls.listAllFilters).toContainEqual({ DataAtualizacao: [">=", "2026-08-01"], ExibirNoSite: "Sim" });
    expect(delta.counts).toMatchObject({ fetched: 1, upserted: 1, removed: 2, total: 118 });
    expect(vista.calls.detalhes).toBe(1);
    expect(delta.watermark).toBe("2026-08-03");
    const removed = await database.db
      .select({ code: listings.code, reason: listings.removalReason })
      .from(listings)
      .where(sql`${listings.removedAt} is not null`);
    expect(removed.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: "C6", reason: "unlisted" },
      { code: "C7", reason: "unlisted" },
    ]);
    const [c5] = await database.db.select().from(listings).where(eq(listings.code, "C5"));
    expect(c5.salePrice).toBe(450_000);

    // Next delta (watermark 2026-08-03) re-reads only C5; C7 shown again with an old date comes back.
    vista.calls.detalhes = 0;
    vista.rows.get("C7")!.ExibirNoSite = "Sim";
    const next = await runSync({ database, client: vista.client(), log, source: "http://vista.test" });
    expect(next.counts).toMatchObject({ fetched: 2, revived: 1, removed: 0, total: 119 });
    expect(vista.calls.detalhes).toBe(2);
    expect(await active()).toContain("C7");
  });

  it("runs full again when the Vista source changes, or when forced", async () => {
    await runSync({ database, client: vista.client(), log, source: "http://vista.test" });
    expect((await runSync({ database, client: vista.client(), log, source: "http://other.test" })).mode).toBe("full");
    expect((await runSync({ database, client: vista.client(), log, source: "http://other.test" })).mode).toBe("delta");
    expect((await runSync({ database, client: vista.client(), log, mode: "full" })).mode).toBe("full");
  });

  it("leaves no old row versions behind a full run on PGlite, which has no autovacuum (ADR 0068)", async () => {
    const size = async () =>
      Number(
        (await database.db.execute<{ bytes: string }>(sql`select pg_total_relation_size('listings') as bytes`)).rows[0]!
          .bytes,
      );
    await runSync({ database, client: vista.client(), log, mode: "full" });
    const first = await size();
    for (let run = 0; run < 3; run++) await runSync({ database, client: vista.client(), log, mode: "full" });
    // Every full run rewrites all 120 rows; without the vacuum the table grows by their size each time.
    expect(await size()).toBeLessThanOrEqual(first);
  });

  it("stores a listing without price as removed (no_price) and does not re-fetch it", async () => {
    vista.add("NOPRICE", { ValorVenda: "0", ValorLocacao: "" });
    const result = await runSync({ database, client: vista.client(), log });
    expect(result.counts).toMatchObject({ noPrice: 1, total: 120 });
    const [row] = await database.db.select().from(listings).where(eq(listings.code, "NOPRICE"));
    expect(row.removalReason).toBe("no_price");
    vista.rows.forEach((wire) => (wire.DataAtualizacao = "2026-07-01"));
    const delta = await runSync({ database, client: vista.client(), log });
    expect(delta.counts).toMatchObject({ fetched: 0, revived: 0 });
  });

  it("drops media sub-tables the key may not read, and keeps going", async () => {
    vista.refuseFields = ["Foto"];
    const result = await runSync({ database, client: vista.client(), log });
    expect(result.counts.upserted).toBe(120);
    expect(lines.some((line) => line.includes("campos recusados pelo Vista e ignorados: Foto"))).toBe(true);
    const [row] = await database.db.select().from(listings).where(eq(listings.code, "C1"));
    expect(row.data.photos).toEqual([]);
  });

  it("records a failure without moving the watermark", async () => {
    await runSync({ database, client: vista.client(), log });
    vista.failDetails = true;
    vista.rows.get("C3")!.DataAtualizacao = "2026-09-01";
    await expect(runSync({ database, client: vista.client(), log })).rejects.toThrow("HTTP 500");
    const state = await readSyncState(database.db);
    expect(state?.watermark).toBe("2026-08-01");
    expect(state?.lastError).toContain("HTTP 500");
    expect(state!.lastErrorAt!.getTime()).toBeGreaterThan(state!.lastSuccessAt!.getTime());
  });

  it("scheduler: retries a failed run sooner, then keeps the interval", async () => {
    let calls = 0;
    const scheduler = startSyncScheduler({
      intervalSeconds: 3600,
      retryBaseMs: 20,
      getClient: () => {
        calls++;
        if (calls <= 2) throw new Error(`Vista fora do ar (${calls})`);
        return vista.client();
      },
      database,
      log,
    });
    try {
      await expect.poll(() => scheduler.status().lastResult?.mode, { timeout: 20_000 }).toBe("full");
      expect(calls).toBe(3);
      expect(lines).toContain("[sync] erro: Vista fora do ar (1)");
      expect(scheduler.status().lastError).toBeNull();
      expect(scheduler.status().nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    } finally {
      await scheduler.stop();
    }
  });

  it("scheduler: stop() interrupts a run and records it", async () => {
    for (let i = 121; i <= 2000; i++) vista.add(`C${i}`);
    vista.delayMs = 20;
    const scheduler = idleScheduler();
    const run = scheduler.runNow();
    await expect.poll(() => vista.calls.detalhes, { timeout: 20_000 }).toBeGreaterThan(10);
    await scheduler.stop();
    expect(await run).toBeNull();
    expect(scheduler.status()).toMatchObject({ running: false, stopped: true });
    expect(vista.calls.detalhes).toBeLessThan(2000);
    const state = await readSyncState(database.db);
    expect(state?.lastError).toBe("sincronização interrompida (encerramento do processo)");
    expect(state?.lastSuccessAt).toBeNull();
    expect(await scheduler.runNow()).toBeNull();
  });

  it("scheduler: one leader at a time, never throws out of the timer", async () => {
    const a = idleScheduler();
    const b = idleScheduler();
    try {
      const [ra, rb] = await Promise.all([a.runNow(), b.runNow()]);
      expect([ra, rb].filter((r) => r !== null)).toHaveLength(1);
      expect(lines).toContain("[sync] outro processo está sincronizando; esta rodada foi pulada");
      const failing = startSyncScheduler({
        intervalSeconds: 3600,
        getClient: () => {
          throw new Error("Vista API not configured");
        },
        database,
        log,
        runOnStart: false,
      });
      expect(await failing.runNow()).toBeNull();
      expect(failing.status().lastError).toBe("Vista API not configured");
      await failing.stop();
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
