/**
 * Faults around the sync on a real PostgreSQL (`TEST_DATABASE_URL`): the
 * backend that holds the sync's advisory lock is terminated in the middle of a
 * run (what a PostgreSQL restart or fail-over does to it). The process must
 * survive: that run ends as failed with a readable cause, the lock is free,
 * queries still work and the next run succeeds. When the leader's server dies
 * in the middle of a run, another one takes over at its next takeover check.
 * A transaction's terminated connection fails that transaction only, and a
 * terminated LISTEN connection comes back. Skipped locally without
 * `TEST_DATABASE_URL`; fails under `CI` without it.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db";
import { listings } from "~/.server/db/schema";
import { readSyncState, startSyncScheduler, SYNC_LOCK_KEY } from "~/.server/sync";
import { TAKEOVER_CHECK_MS } from "~/.server/sync/reconcile";
import { writeSyncState } from "~/.server/sync/state";
import { FakeVista } from "~/test-support/fake-vista";
import { ManualTimers } from "~/test-support/manual-timers";
import { createTestPostgres, postgresTestUrl, type TestDatabase } from "./helpers/database";

const adminUrl = postgresTestUrl();

/** The server process id of the connection holding the advisory lock `key` in the current database, or null. */
async function lockHolderPid(admin: pg.Client, key: number): Promise<number | null> {
  const { rows } = await admin.query<{ pid: number }>(
    `select l.pid from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and d.datname = current_database()`,
    [key],
  );
  return rows[0]?.pid ?? null;
}

(adminUrl ? describe : describe.skip)("sync faults on PostgreSQL", () => {
  let test: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    test = await createTestPostgres(adminUrl!);
    admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await test?.cleanup();
  });

  it("a terminated lock connection fails that run only: the process keeps serving and the next run succeeds", async () => {
    const vista = new FakeVista();
    for (let i = 1; i <= 60; i++) vista.add(`L${i}`);
    const lines: string[] = [];
    const scheduler = startSyncScheduler({
      intervalSeconds: 3600,
      getClient: () => vista.client(),
      database: test.database,
      log: (line) => lines.push(line),
      runOnStart: false,
      concurrency: 2,
    });
    try {
      const gate = vista.holdDetails();
      const run = scheduler.runNow();
      await gate.reached;
      const pid = await lockHolderPid(admin, SYNC_LOCK_KEY);
      expect(pid).not.toBeNull();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      // The lock is gone with its connection; the run notices and ends as failed.
      expect(await run).toBeNull();
      gate.release();
      expect(scheduler.status().lastError).toMatch(/57P01/);
      expect(lines.filter((line) => /57P01/.test(line))).toHaveLength(1);
      const state = await readSyncState(test.database.db);
      expect(state?.lastError).toMatch(/^conexão do bloqueio da sincronização perdida: PostgreSQL 57P01/);
      expect(state?.lastSuccessAt).toBeNull();

      // The process still serves: the pool answers, the lock is free, the next run is normal.
      const { rows } = await test.database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows[0].one).toBe(1);
      expect(await lockHolderPid(admin, SYNC_LOCK_KEY)).toBeNull();
      const next = await scheduler.runNow();
      expect(next).toMatchObject({ mode: "full", counts: { fetched: 60, upserted: 60, total: 60 } });
      expect(scheduler.status().lastError).toBeNull();
      const [{ n }] = (await test.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${listings}`))
        .rows;
      expect(n).toBe(60);
    } finally {
      await scheduler.stop();
    }
  });

  it("another server takes over within its takeover check when the leader dies in the middle of a run", async () => {
    const vista = new FakeVista();
    for (let i = 1; i <= 10; i++) vista.add(`T${i}`);
    const lines: string[] = [];
    let onLine: ((line: string) => void) | undefined;
    const next = (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        onLine = (line) => {
          if (pattern.test(line)) resolve(line);
        };
      });
    // The leader: another server's connection holding the lock, with a run started.
    const leader = new pg.Client({ connectionString: test.url });
    leader.on("error", () => undefined);
    await leader.connect();
    const { rows: held } = await leader.query<{ pid: number }>("select pg_backend_pid() as pid, pg_advisory_lock($1)", [
      SYNC_LOCK_KEY,
    ]);
    await writeSyncState(test.database.db, { lastStartedAt: new Date(), lastSuccessAt: new Date(Date.now() - 60_000) });
    const timers = new ManualTimers();
    const follower = startSyncScheduler({
      intervalSeconds: 3600,
      getClient: () => vista.client(),
      database: test.database,
      log: (line) => {
        lines.push(line);
        onLine?.(line);
      },
      runOnStart: false,
      reconcileHour: null,
      timers,
    });
    try {
      const skipped = next(/outro processo está sincronizando/);
      let rearmed = timers.nextTimer(TAKEOVER_CHECK_MS);
      timers.advance(TAKEOVER_CHECK_MS);
      await skipped;
      await rearmed;
      // The leader's server dies: PostgreSQL ends its session and frees the lock.
      await admin.query("select pg_terminate_backend($1)", [held[0].pid]);
      await expect.poll(() => lockHolderPid(admin, SYNC_LOCK_KEY)).toBeNull();
      const done = next(/^\[sync\] concluída/);
      rearmed = timers.nextTimer(TAKEOVER_CHECK_MS);
      timers.advance(TAKEOVER_CHECK_MS);
      expect(await done).toMatch(/^\[sync\] concluída \((completa|incremental)\): /);
      await rearmed;
      expect(lines).toContain(
        "[sync] assumindo a sincronização: a rodada anterior não terminou (o servidor que sincronizava parou)",
      );
      // Two checks: the takeover came within 2 × TAKEOVER_CHECK_MS of the manual clock, under a minute.
      expect(2 * TAKEOVER_CHECK_MS).toBeLessThan(60_000);
    } finally {
      await follower.stop();
      await leader.end().catch(() => undefined);
    }
  });

  it("a terminated connection in the middle of a transaction fails that transaction only", async () => {
    // Settled at once into a value: the transaction fails while the terminate query is still awaited,
    // and a rejection nobody handles yet would count as an unhandled one.
    const slow = test.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('application_name', 'sync-faults-tx', true)`);
        await tx.execute(sql`select pg_sleep(30)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await expect
      .poll(
        async () =>
          (await admin.query("select 1 from pg_stat_activity where application_name = 'sync-faults-tx'")).rowCount,
      )
      .toBe(1);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sync-faults-tx'",
    );
    expect(await slow).toBeInstanceOf(Error);
    const { rows } = await test.database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0].one).toBe(1);
  });

  it("a terminated LISTEN connection is re-established without crashing", async () => {
    const other = await openDatabase({ url: test.url!, poolSize: 2 });
    try {
      const received: string[] = [];
      let reconnected!: () => void;
      const back = new Promise<void>((resolve) => (reconnected = resolve));
      const listening = await other.listen(
        "sync_faults_test",
        (payload) => received.push(payload),
        () => reconnected(),
      );
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = 'imobiliaria-site-listen' and datname = current_database()",
      );
      expect(rows).toHaveLength(1);
      await admin.query("select pg_terminate_backend($1)", [rows[0].pid]);
      await back;
      await other.notify("sync_faults_test", "depois");
      await expect.poll(() => received).toContain("depois");
      await listening.close();
    } finally {
      await other.close();
    }
  });
});
