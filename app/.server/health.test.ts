import { describe, expect, it } from "vitest";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { type Database } from "./db";
import { eq } from "drizzle-orm";
import { syncState } from "./db/schema";
import {
  createHealthCache,
  fetchStaleAfterMs,
  getHealth,
  hasCookieNamed,
  type HealthResult,
  type HealthReport,
  isDirectLocalRequest,
  isLoopbackAddress,
  mayReadHealthDetails,
  publicHealth,
  staleAfterMs,
} from "./health";
import { FETCHED_JOB } from "./sync/reconcile";
import { clearRemovalHold, HELD_CODES_JOB, HELD_JOB } from "./sync/removal-valve";
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

  it("is stale when the sync succeeds but receives nothing for more than a day, or its watermark is in the future", async () => {
    expect(fetchStaleAfterMs(300)).toBe(24 * 60 * 60_000 + 15 * 60_000);
    await writeSyncState(database.db, {
      lastStartedAt: minutesAgo(3),
      lastSuccessAt: minutesAgo(2),
      lastErrorAt: null,
      watermark: "2026-08-15",
    });
    await writeSyncState(database.db, { lastSuccessAt: minutesAgo(60) }, FETCHED_JOB);
    let { body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now });
    expect(body.status).toBe("ok");
    expect(body.sync).toMatchObject({ stale: false, staleReason: null, lastFetchedAt: minutesAgo(60).toISOString() });

    // Every run succeeds and fetches nothing: the freeze a bad watermark caused, seen from outside.
    await writeSyncState(database.db, { lastSuccessAt: minutesAgo(24 * 60 + 16) }, FETCHED_JOB);
    ({ body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now }));
    expect(body.status).toBe("degraded");
    expect(body.sync).toMatchObject({ stale: true, staleReason: "nothing-fetched" });
    expect(publicHealth(body)).toEqual({ status: "degraded" });

    await writeSyncState(database.db, { lastSuccessAt: minutesAgo(5) }, FETCHED_JOB);
    await writeSyncState(database.db, { watermark: "2099-12-31" });
    ({ body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now }));
    expect(body.status).toBe("degraded");
    expect(body.sync).toMatchObject({ staleReason: "future-watermark", watermark: "2099-12-31" });
    // Tomorrow is within the tolerance (a Vista clock a little ahead).
    await writeSyncState(database.db, { watermark: "2026-08-16" });
    ({ body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now }));
    expect(body.sync.staleReason).toBeNull();
    await database.db.delete(syncState).where(eq(syncState.job, FETCHED_JOB));
  });

  it("is degraded while the sync's safety valve holds removals back; anyone sees the status only", async () => {
    await writeSyncState(database.db, {
      lastStartedAt: minutesAgo(3),
      lastSuccessAt: minutesAgo(2),
      lastErrorAt: null,
      watermark: "2026-08-15",
    });
    expect((await getHealth({ database, scheduler: null, intervalSeconds: 300, now })).body.sync.heldReason).toBeNull();
    await writeSyncState(database.db, { counts: { L1: 1, L2: 1 } }, HELD_CODES_JOB);
    await writeSyncState(
      database.db,
      {
        lastStartedAt: minutesAgo(10),
        lastErrorAt: minutesAgo(2),
        counts: { removals: 2, active: 5, limit: 1, runs: 2 },
      },
      HELD_JOB,
    );
    const { body } = await getHealth({ database, scheduler: null, intervalSeconds: 300, now });
    expect(body.status).toBe("degraded");
    expect(body.sync).toMatchObject({
      stale: false,
      heldReason: "removals-held",
      heldRemovals: {
        removals: 2,
        active: 5,
        limit: 1,
        runs: 2,
        since: minutesAgo(10).toISOString(),
        confirmed: false,
      },
    });
    expect(publicHealth(body)).toEqual({ status: "degraded" });
    await clearRemovalHold(database.db);
    expect((await getHealth({ database, scheduler: null, intervalSeconds: 300, now })).body.status).toBe("ok");
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

describe("who reads the details", () => {
  it("tells anyone the status only", () => {
    const report = { status: "ok", database: { ok: true, kind: "postgres", latencyMs: 1 } } as HealthReport;
    expect(publicHealth(report)).toEqual({ status: "ok" });
  });

  it("knows loopback addresses, IPv4-mapped too", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.1"])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      "10.0.0.1",
      "172.17.0.1",
      "::ffff:10.0.0.1",
      "::",
      "0.0.0.0",
      "127.0.0.1.evil",
      "",
      undefined,
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  it("counts a request as local only from a loopback socket without proxy headers", () => {
    expect(isDirectLocalRequest("127.0.0.1", new Headers())).toBe(true);
    expect(isDirectLocalRequest("127.0.0.1", new Headers({ "X-Forwarded-For": "203.0.113.1" }))).toBe(false);
    expect(isDirectLocalRequest("::1", new Headers({ "X-Forwarded-Proto": "https" }))).toBe(false);
    expect(isDirectLocalRequest("::1", new Headers({ "X-Real-IP": "203.0.113.1" }))).toBe(false);
    expect(isDirectLocalRequest("::1", new Headers({ Via: "1.1 caddy" }))).toBe(false);
    expect(isDirectLocalRequest("203.0.113.1", new Headers({ "X-Forwarded-For": "127.0.0.1" }))).toBe(false);
  });

  it("asks the admin guard only when there is a credential, and a failure is a no", async () => {
    const asked: string[] = [];
    const isAdmin = async (request: Request) => {
      asked.push(request.headers.get("authorization") ?? request.headers.get("cookie") ?? "");
      if (request.headers.get("authorization") === "Bearer boom") throw new Error("banco fora do ar");
      return request.headers.get("authorization") === "Bearer admin";
    };
    const request = (headers: Record<string, string> = {}) =>
      new Request("http://localhost/health/server", { headers });
    expect(await mayReadHealthDetails(request(), "127.0.0.1", isAdmin)).toBe(true);
    expect(await mayReadHealthDetails(request(), "203.0.113.1", isAdmin)).toBe(false);
    expect(asked).toEqual([]);
    expect(await mayReadHealthDetails(request({ Authorization: "Bearer admin" }), "203.0.113.1", isAdmin)).toBe(true);
    expect(await mayReadHealthDetails(request({ Authorization: "Bearer agent" }), "203.0.113.1", isAdmin)).toBe(false);
    expect(await mayReadHealthDetails(request({ Authorization: "Bearer boom" }), "203.0.113.1", isAdmin)).toBe(false);
    expect(await mayReadHealthDetails(request({ Cookie: "session=abc" }), "203.0.113.1", isAdmin)).toBe(false);
    expect(await mayReadHealthDetails(request({ Cookie: "a=1; __Host-session=x" }), "203.0.113.1", isAdmin)).toBe(
      false,
    );
    expect(asked).toEqual(["Bearer admin", "Bearer agent", "Bearer boom", "session=abc", "a=1; __Host-session=x"]);
  });

  it("never asks the admin guard for a request with unrelated cookies only", async () => {
    let asked = 0;
    const isAdmin = async () => {
      asked++;
      return true;
    };
    for (const cookie of [
      "a=1",
      "consent=all; favoritos=AP1,AP2",
      "__session=x",
      "session=",
      "xsession=1",
      "session",
    ]) {
      const request = new Request("http://localhost/health/server", { headers: { Cookie: cookie } });
      expect(await mayReadHealthDetails(request, "203.0.113.1", isAdmin), cookie).toBe(false);
    }
    expect(asked).toBe(0);
  });

  it("finds a cookie by exact name", () => {
    expect(hasCookieNamed("a=1; session=v", ["session"])).toBe(true);
    expect(hasCookieNamed(" session = v ", ["session"])).toBe(true);
    expect(hasCookieNamed("mysession=v; session2=v", ["session"])).toBe(false);
    expect(hasCookieNamed(null, ["session"])).toBe(false);
  });
});

describe("the shared health report", () => {
  /** A deferred health result: the round stays in flight until `resolve` is called. */
  function deferred() {
    let resolve!: (result: HealthResult) => void;
    const promise = new Promise<HealthResult>((r) => (resolve = r));
    return { promise, resolve };
  }
  const result = (status: HealthReport["status"]): HealthResult => ({
    httpStatus: status === "error" ? 503 : 200,
    body: { status } as HealthReport,
  });

  it("shares one round in flight among concurrent callers, then reuses it for the TTL", async () => {
    let clock = 1_000_000;
    const rounds: ReturnType<typeof deferred>[] = [];
    const cached = createHealthCache(
      () => {
        const round = deferred();
        rounds.push(round);
        return round.promise;
      },
      { ttlMs: 2000, clock: () => clock },
    );

    const callers = Array.from({ length: 50 }, () => cached());
    expect(rounds).toHaveLength(1);
    rounds[0].resolve(result("ok"));
    const answers = await Promise.all(callers);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0].body.status).toBe("ok");

    clock += 1999;
    await cached();
    expect(rounds).toHaveLength(1);

    clock += 1;
    const next = cached();
    expect(rounds).toHaveLength(2);
    rounds[1].resolve(result("degraded"));
    expect((await next).body.status).toBe("degraded");
  });

  it("does not keep a failed round", async () => {
    let calls = 0;
    const cached = createHealthCache(
      () => (++calls === 1 ? Promise.reject(new Error("boom")) : Promise.resolve(result("ok"))),
      { clock: () => 0 },
    );
    await expect(cached()).rejects.toThrow("boom");
    expect((await cached()).body.status).toBe("ok");
    expect(calls).toBe(2);
  });

  describe("against the database", () => {
    let database: Database;
    useMigratedMemoryDatabase((opened) => (database = opened));

    it("costs one database round for N concurrent calls", async () => {
      let queries = 0;
      const counted: Database = {
        ...database,
        db: new Proxy(database.db, {
          get(target, property) {
            const value = Reflect.get(target, property, target) as unknown;
            if (typeof value !== "function") return value;
            if (property === "execute" || property === "select")
              return (...args: unknown[]) => {
                queries++;
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            return (value as (...a: unknown[]) => unknown).bind(target);
          },
        }),
      };
      const cached = createHealthCache(() => getHealth({ database: counted, scheduler: null, intervalSeconds: 300 }), {
        clock: () => 0,
      });

      const single = await getHealth({ database: counted, scheduler: null, intervalSeconds: 300 });
      const perRound = queries;
      expect(single.httpStatus).toBe(200);
      expect(perRound).toBeGreaterThanOrEqual(2); // select 1, count(*), the sync state

      queries = 0;
      const answers = await Promise.all(Array.from({ length: 40 }, () => cached()));
      expect(answers.every((answer) => answer === answers[0])).toBe(true);
      expect(answers[0].body.database.ok).toBe(true);
      expect(queries).toBe(perRound);
    });
  });
});
