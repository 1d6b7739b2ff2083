/**
 * Faults of the listings sync, on PGlite in memory with a fake Vista
 * (docs/decisions/0068-sync-faults.md):
 * - one listing dated 2099 does not freeze the incremental sync; a stored
 *   watermark from the future is ignored;
 * - a price or date that cannot be read refuses that listing's update (it
 *   keeps its last good data) instead of hiding it as "no price";
 * - a failed write records its cause in one line, not the SQL;
 * - the scheduler: a lost lock connection ends the run as failed and the
 *   next one is normal; the nightly full reconciliation; the admin's
 *   "Sincronizar tudo agora"; a follower takes over a run its leader left
 *   unfinished within its takeover check.
 * Time is a {@link ManualTimers} clock: tests advance it and wait for log lines.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { startFullSync } from "~/.server/admin/sync";
import { type Database } from "~/.server/db";
import { brokers, condominiums, listings, syncState } from "~/.server/db/schema";
import { readSyncState, runSync, startSyncScheduler, SYNC_LOCK_KEY, type SyncSchedulerOptions } from "~/.server/sync";
import { readSyncOverview } from "~/.server/sync/reconcile";
import { writeSyncState } from "~/.server/sync/state";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { FakeVista } from "~/test-support/fake-vista";
import { ManualTimers } from "~/test-support/manual-timers";

/** Noon in São Paulo (15:00 UTC): "today" is 2026-11-20 for the runs of these tests. */
const NOW = new Date("2026-11-20T15:00:00Z");
/** The clock of `runSync` in these tests (ms); a test moves it when the order of two instants matters. */
let clock = NOW.getTime();
const now = () => new Date(clock);

/** Log lines, with a wait for the next line matching a pattern (an event, not a delay). */
class Lines {
  readonly all: string[] = [];
  private waiters: { pattern: RegExp; from: number; resolve: (line: string) => void }[] = [];

  log = (line: string): void => {
    this.all.push(line);
    for (const waiter of [...this.waiters]) {
      if (waiter.pattern.test(line)) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(line);
      }
    }
  };

  /** Resolves with the first line matching `pattern` logged from now on. */
  next(pattern: RegExp): Promise<string> {
    return new Promise((resolve) => this.waiters.push({ pattern, from: this.all.length, resolve }));
  }
}

describe("sync faults (PGlite, fake Vista)", () => {
  let database: Database;
  let vista: FakeVista;
  let lines: Lines;

  useMigratedMemoryDatabase((opened) => (database = opened));
  beforeEach(async () => {
    await database.db.execute(sql`truncate ${listings}, ${condominiums}, ${brokers}, ${syncState}`);
    vista = new FakeVista();
    for (let i = 1; i <= 30; i++) vista.add(`L${i}`, { DataAtualizacao: "2026-11-10" });
    lines = new Lines();
    clock = NOW.getTime();
  });

  const sync = (options: { mode?: "auto" | "full" } = {}) =>
    runSync({ database, client: vista.client(), log: lines.log, now, ...options });
  const row = async (code: string) => (await database.db.select().from(listings).where(eq(listings.code, code)))[0];

  /** A scheduler on the fake Vista whose clock only moves when the test advances it. */
  const scheduler = (timers: ManualTimers, options: Partial<SyncSchedulerOptions> = {}) =>
    startSyncScheduler({
      intervalSeconds: 3600,
      getClient: () => vista.client(),
      database,
      log: lines.log,
      runOnStart: false,
      timers,
      ...options,
    });

  it("a listing dated 2099 is clamped to today: later changes still reach the site", async () => {
    vista.rows.get("L7")!.DataAtualizacao = "2099-12-31";
    const full = await sync();
    expect(full.watermark).toBe("2026-11-20");
    expect(full.counts.futureDates).toBe(1);
    expect(lines.all).toContain(
      "[sync] imóvel L7 com data de atualização no futuro (2099-12-31); considerada 2026-11-20",
    );
    expect((await row("L7")).updatedAt).toBe("2026-11-20");

    // Five price changes made in the CRM afterwards, dated today.
    for (let i = 1; i <= 5; i++)
      Object.assign(vista.rows.get(`L${i}`)!, { DataAtualizacao: "2026-11-20", ValorVenda: "450000" });
    const delta = await sync();
    expect(delta.mode).toBe("delta");
    expect(vista.calls.listAllFilters).toContainEqual({ DataAtualizacao: [">=", "2026-11-20"], ExibirNoSite: "Sim" });
    for (let i = 1; i <= 5; i++) expect((await row(`L${i}`)).salePrice).toBe(450_000);
    expect((await readSyncState(database.db))?.watermark).toBe("2026-11-20");
  });

  it("a watermark from the future stored earlier is ignored", async () => {
    await sync();
    await writeSyncState(database.db, { watermark: "2099-12-31" });
    Object.assign(vista.rows.get("L2")!, { DataAtualizacao: "2026-11-20", ValorVenda: "410000" });
    const delta = await sync();
    expect(delta.mode).toBe("delta");
    expect(lines.all).toContain("[sync] marca incremental no futuro (2099-12-31) ignorada; usando 2026-11-20");
    expect((await row("L2")).salePrice).toBe(410_000);
  });

  it("an unreadable price or date refuses that listing's update: it keeps its last good data", async () => {
    await sync();
    Object.assign(vista.rows.get("L3")!, { DataAtualizacao: "2026-11-20", ValorVenda: { valor: "1" } });
    Object.assign(vista.rows.get("L4")!, { DataAtualizacao: "2026-11-20", ValorVenda: ["480000"] });
    Object.assign(vista.rows.get("L5")!, { DataAtualizacao: "2026-11-20", ValorLocacao: "consulte" });
    // Vista answers what it answers, whatever the wire type says.
    vista.add("NEW", { DataAtualizacao: "2026-11-20", ValorCondominio: {} as unknown as string });
    Object.assign(vista.rows.get("L6")!, { DataAtualizacao: "2026-11-20", ValorVenda: "0", ValorLocacao: "" });

    const delta = await sync();
    expect(delta.counts).toMatchObject({ refused: 4, noPrice: 1, removed: 0, total: 29 });
    expect(lines.all).toContain(
      "[sync] imóvel L3 não atualizado: valor ilegível em ValorVenda (mantidos os últimos dados)",
    );
    for (const code of ["L3", "L4", "L5"]) {
      expect(await row(code)).toMatchObject({ salePrice: 500_000, removedAt: null, removalReason: null });
    }
    expect(await row("NEW")).toBeUndefined();
    // "0" and "" still mean "no price": that listing is hidden as before.
    expect((await row("L6")).removalReason).toBe("no_price");

    // Fixed in the CRM: the next run takes it.
    Object.assign(vista.rows.get("L3")!, { ValorVenda: "470000" });
    await sync();
    expect((await row("L3")).salePrice).toBe(470_000);
  });

  it("a failed write records its cause in one line (the PostgreSQL code and message), not the SQL", async () => {
    await database.db.execute(sql`
      create or replace function test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/16384/16397": No space left on device' using errcode = '53100';
      end $$`);
    await database.db.execute(
      sql`create trigger test_disk_full before insert or update on listings for each statement execute function test_disk_full()`,
    );
    try {
      await expect(sync()).rejects.toThrow();
      const expected =
        'PostgreSQL 53100 (disco cheio): could not extend file "base/16384/16397": No space left on device';
      expect((await readSyncState(database.db))?.lastError).toBe(expected);
      expect(lines.all.at(-1)).toMatch(
        new RegExp(`^\\[sync\\] falhou após \\d+,\\d s: ${expected.replace(/[()]/g, "\\$&")}$`),
      );
    } finally {
      await database.db.execute(sql`drop trigger test_disk_full on listings`);
      await database.db.execute(sql`drop function test_disk_full()`);
    }
  });

  it("scheduler: a lost lock connection ends that run as failed, frees the lock, and the next run is normal", async () => {
    const lost = new AbortController();
    let released = 0;
    const losing: Database = {
      ...database,
      async tryAdvisoryLock(key) {
        const lock = await database.tryAdvisoryLock(key);
        if (!lock) return null;
        return {
          lost: released === 0 ? lost.signal : lock.lost,
          release: () => {
            released++;
            return lock.release();
          },
        };
      },
    };
    const timers = new ManualTimers(NOW.getTime());
    const s = scheduler(timers, { database: losing, takeoverCheckMs: 0, runOnStart: true });
    try {
      const gate = vista.holdDetails();
      const failed = lines.next(/falhou/);
      const retry = timers.nextTimer();
      timers.advance(0);
      await gate.reached;
      lost.abort(new Error("PostgreSQL 57P01 (conexão encerrada pelo servidor): terminating connection"));
      await failed;
      // The run's failure brings the next one forward (30 s).
      expect(await retry).toBe(30_000);
      gate.release();
      const message =
        "conexão do bloqueio da sincronização perdida: PostgreSQL 57P01 (conexão encerrada pelo servidor): terminating connection";
      expect(s.status().lastError).toBe(message);
      expect((await readSyncState(database.db))?.lastError).toBe(message);
      expect(lines.all.filter((line) => line.includes("57P01"))).toHaveLength(1);
      expect(released).toBe(1);
      expect(s.status().running).toBe(false);
      const next = lines.next(/^\[sync\] concluída/);
      timers.advance(30_000);
      expect(await next).toMatch(/^\[sync\] concluída \(completa\): 30 recebidos, 30 gravados/);
    } finally {
      await s.stop();
    }
  });

  it("scheduler: each night's first run after 03:00 in São Paulo is a full reconciliation", async () => {
    // 01:30 in São Paulo.
    const timers = new ManualTimers(new Date("2026-11-20T04:30:00Z").getTime());
    const s = scheduler(timers, { takeoverCheckMs: 0 });
    try {
      expect((await s.runNow())?.mode).toBe("full");
      const hour = async () => {
        const done = lines.next(/^\[sync\] concluída/);
        const rescheduled = timers.nextTimer(3_600_000);
        timers.advance(3_600_000);
        const line = await done;
        await rescheduled;
        return line;
      };
      expect(await hour()).toMatch(/\(incremental\)/); // 02:30
      const started = lines.next(/iniciada/);
      expect(await hour()).toMatch(/\(completa\)/); // 03:30
      expect(await started).toBe("[sync] sincronização completa iniciada (reconciliação diária)");
      expect(await hour()).toMatch(/\(incremental\)/); // 04:30
    } finally {
      await s.stop();
    }
  });

  it("admin: 'Sincronizar tudo agora' runs a full sync, also when asked during a delta", async () => {
    await sync();
    const timers = new ManualTimers(NOW.getTime() + 60_000);
    const s = scheduler(timers, { takeoverCheckMs: 0, reconcileHour: null });
    try {
      const started = lines.next(/^\[sync\] sincronização completa iniciada/);
      const { run } = await startFullSync({ database, scheduler: s, now: new Date(NOW.getTime() + 30_000) });
      expect(await started).toBe("[sync] sincronização completa iniciada");
      expect((await run)?.mode).toBe("full");
      expect((await s.runNow())?.mode).toBe("delta");

      // Asked while a delta runs: the full run follows it.
      const gate = vista.holdDetails();
      vista.rows.get("L1")!.DataAtualizacao = "2026-11-20";
      const delta = s.runNow();
      await gate.reached;
      const full = s.runNow({ mode: "full" });
      gate.release();
      expect((await delta)?.mode).toBe("delta");
      expect((await full)?.mode).toBe("full");
    } finally {
      await s.stop();
    }
  });

  it("admin: a request recorded by another process makes the next run full", async () => {
    await sync();
    clock += 1000;
    await startFullSync({ database, scheduler: null, now: now() });
    expect((await readSyncOverview(database.db)).marks.fullRequestedAt).toEqual(now());
    clock += 1000;
    const result = await sync();
    expect(result.mode).toBe("full");
    expect(lines.all).toContain("[sync] sincronização completa iniciada (pedida pela administração)");
    clock += 1000;
    expect((await sync()).mode).toBe("delta");
  });

  it("takeover: a follower runs the sync within its check once the leader's lock is gone", async () => {
    await sync();
    // The leader started a run and holds the lock…
    const leaderLock = await database.tryAdvisoryLock(SYNC_LOCK_KEY);
    expect(leaderLock).not.toBeNull();
    await writeSyncState(database.db, { lastStartedAt: new Date(NOW.getTime() + 1000) });
    const timers = new ManualTimers(NOW.getTime() + 2000);
    const follower = scheduler(timers, { reconcileHour: null });
    try {
      const skipped = lines.next(/outro processo está sincronizando/);
      let rearmed = timers.nextTimer(20_000);
      timers.advance(20_000);
      await skipped;
      await rearmed;
      // …then its process died: the lock went with its connection.
      await leaderLock!.release();
      const takeover = lines.next(/assumindo/);
      const done = lines.next(/^\[sync\] concluída/);
      const rescheduled = timers.nextTimer(3_600_000);
      rearmed = timers.nextTimer(20_000);
      timers.advance(20_000);
      expect(await takeover).toBe(
        "[sync] assumindo a sincronização: a rodada anterior não terminou (o servidor que sincronizava parou)",
      );
      expect(await done).toMatch(/\(incremental\)/);
      // The follower's own interval now counts from this run, and its check goes on.
      await rescheduled;
      await rearmed;
      expect(follower.status().nextRunAt!.getTime()).toBe(timers.now() + 3_600_000);
    } finally {
      await follower.stop();
    }
  });
});
