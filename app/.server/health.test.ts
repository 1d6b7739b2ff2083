import { describe, expect, it } from "vitest";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { type Database } from "./db";
import { getHealth, staleAfterMs } from "./health";
import { writeSyncState } from "./sync/state";

describe("getHealth", () => {
  let database: Database;

  useMigratedMemoryDatabase((opened) => (database = opened));

  const now = new Date("2026-08-15T12:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  it("is degraded before the first successful sync", async () => {
    const { httpStatus, body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now });
    expect(httpStatus).toBe(200);
    expect(body.status).toBe("degraded");
    expect(body.database).toMatchObject({ ok: true, kind: "pglite" });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.sync).toMatchObject({ stale: true, activeListings: 0, lastSuccessAt: null, running: false });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("is ok after a recent success, with the counts", async () => {
    await writeSyncState(database.db, {
      lastStartedAt: minutesAgo(3),
      lastSuccessAt: minutesAgo(2),
      counts: { fetched: 10, upserted: 10, removed: 0, total: 10, durationMs: 900 },
    });
    const { httpStatus, body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now });
    expect(httpStatus).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.sync).toMatchObject({ stale: false, running: false, lastSuccessAt: minutesAgo(2).toISOString() });
    expect(body.sync.counts).toMatchObject({ total: 10 });
  });

  it("shows a run in progress in another process, and a newer failure as degraded", async () => {
    await writeSyncState(database.db, { lastStartedAt: minutesAgo(1) });
    expect((await getHealth({ database, scheduler: null, intervalSeconds: 300, now })).body.sync.running).toBe(true);
    await writeSyncState(database.db, { lastErrorAt: minutesAgo(0.5), lastError: "Vista imoveis/listar: HTTP 500" });
    const { body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now });
    expect(body.status).toBe("degraded");
    expect(body.sync).toMatchObject({ running: false, lastError: "Vista imoveis/listar: HTTP 500" });
  });

  it("is stale after three intervals (at least 15 minutes)", async () => {
    expect(staleAfterMs(300)).toBe(15 * 60_000);
    expect(staleAfterMs(600)).toBe(30 * 60_000);
    await writeSyncState(database.db, {
      lastStartedAt: minutesAgo(20),
      lastSuccessAt: minutesAgo(16),
      lastErrorAt: null,
    });
    const { body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now });
    expect(body.sync.stale).toBe(true);
    expect(body.status).toBe("degraded");
  });

  it("answers 503 when the database is down (or does not answer in time)", async () => {
    const unreachable: Database = {
      ...database,
      kind: "postgres",
      db: { execute: () => Promise.reject(new Error("connect ECONNREFUSED")) } as unknown as Database["db"],
    };
    const { httpStatus, body } = await getHealth({ database: unreachable, scheduler: null, intervalSeconds: 300, now });
    expect(httpStatus).toBe(503);
    expect(body.status).toBe("error");
    expect(body.database).toEqual({ ok: false, kind: "postgres", latencyMs: null });

    const hanging: Database = {
      ...database,
      db: { execute: () => new Promise(() => {}) } as unknown as Database["db"],
    };
    const slow = await getHealth({ database: hanging, scheduler: null, intervalSeconds: 300, now, timeoutMs: 50 });
    expect(slow.httpStatus).toBe(503);
  });
});
