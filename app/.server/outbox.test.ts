import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "./db";
import {
  backoffMs,
  DEFAULT_LEASE_MS,
  deliverDueOutbox,
  startOutboxWorker,
  type OutboxPassResult,
  type OutboxSpec,
} from "./outbox";
import { at, NOW, type TestOutboxRow, useTestOutbox } from "../../tests/integration/helpers/test-outbox";

const outbox = useTestOutbox("test_outbox");
const { table: testOutbox, addRow, rowOf, specWith } = outbox;
type TestRow = TestOutboxRow;

let db: Db;
beforeAll(() => {
  db = outbox.db();
});

describe("deliverDueOutbox", () => {
  it("delivers the due rows and marks them sent: one more attempt, sent_at = now, lease and error cleared", async () => {
    const id = await addRow("a", { attempts: 2, lastError: "Error: earlier", nextAttemptAt: at(-1000) });
    const delivered: string[] = [];
    const { spec, failures } = specWith(async (row) => {
      delivered.push(row.payload);
    });
    expect(await deliverDueOutbox(spec, { db, now: NOW })).toEqual({ sent: 1, failed: 0 });
    expect(delivered).toEqual(["a"]);
    expect(failures).toEqual([]);
    expect(await rowOf(id)).toMatchObject({
      status: "sent",
      attempts: 3,
      sentAt: NOW,
      lockedUntil: null,
      lastError: null,
    });
    // A sent row is never claimed again.
    expect(await deliverDueOutbox(spec, { db, now: at(60_000) })).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toEqual(["a"]);
  });

  it("claims only pending rows that are due and not leased, oldest due first, at most a batch", async () => {
    const oldest = await addRow("oldest", { nextAttemptAt: at(-3000) });
    const older = await addRow("older", { nextAttemptAt: at(-2000) });
    const old = await addRow("old", { nextAttemptAt: at(-1000) });
    await addRow("later", { nextAttemptAt: at(1000) });
    await addRow("sent", { status: "sent", nextAttemptAt: at(-5000) });
    await addRow("leased", { nextAttemptAt: at(-5000), lockedUntil: at(1) });
    const expired = await addRow("lease expired", { nextAttemptAt: at(-4000), lockedUntil: NOW });
    const { spec, loads } = specWith(async () => {});

    expect(await deliverDueOutbox(spec, { db, now: NOW, batch: 3 })).toEqual({ sent: 3, failed: 0 });
    expect(loads).toEqual([[expired, oldest, older].sort()]);
    expect(await deliverDueOutbox(spec, { db, now: NOW, batch: 3 })).toEqual({ sent: 1, failed: 0 });
    expect(loads[1]).toEqual([old]);
    expect(await deliverDueOutbox(spec, { db, now: NOW, batch: 3 })).toEqual({ sent: 0, failed: 0 });
    expect(loads).toHaveLength(2); // nothing claimed: no load
  });

  it("holds a lease of leaseMs (default 2 min) on the rows while it delivers them", async () => {
    const id = await addRow("a");
    const leases: (Date | null)[] = [];
    const { spec } = specWith(async () => {
      leases.push((await rowOf(id)).lockedUntil);
    });
    await deliverDueOutbox(spec, { db, now: NOW });
    await db.update(testOutbox).set({ status: "pending" }).where(eq(testOutbox.id, id));
    await deliverDueOutbox(spec, { db, now: NOW, leaseMs: 5000 });
    expect(leases).toEqual([at(DEFAULT_LEASE_MS), at(5000)]);
  });

  it("reschedules a failed row with the backoff, keeps the error and reports the attempt", async () => {
    const id = await addRow("a");
    const ok = await addRow("b");
    const { spec, failures } = specWith(async (row) => {
      if (row.payload === "a") throw new TypeError("smtp down");
    });
    const random = () => 0.5;
    expect(await deliverDueOutbox(spec, { db, now: NOW, random })).toEqual({ sent: 1, failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "TypeError: smtp down",
      nextAttemptAt: at(backoffMs(1, random)),
      lockedUntil: null,
      sentAt: null,
    });
    expect((await rowOf(ok)).status).toBe("sent");
    expect(failures).toEqual([{ payload: "a", attempts: 1, error: "TypeError: smtp down" }]);

    // Not due before the backoff; the second failure waits twice as long.
    expect(await deliverDueOutbox(spec, { db, now: at(1000), random })).toEqual({ sent: 0, failed: 0 });
    const second = at(backoffMs(1, random));
    expect(await deliverDueOutbox(spec, { db, now: second, random })).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(second.getTime() + backoffMs(2, random)),
    });
    expect(failures.map((failure) => failure.attempts)).toEqual([1, 2]);
  });

  it("keeps at most 1000 characters of the error, and a thrown non-Error as text", async () => {
    const long = await addRow("long");
    const odd = await addRow("odd");
    const { spec, failures } = specWith(async (row) => {
      if (row.payload === "long") throw new Error("x".repeat(2000));
      throw 42;
    });
    expect(await deliverDueOutbox(spec, { db, now: NOW })).toEqual({ sent: 0, failed: 2 });
    const longError = (await rowOf(long)).lastError!;
    expect(longError).toHaveLength(1000);
    expect(longError.startsWith("Error: xxx")).toBe(true);
    expect((await rowOf(odd)).lastError).toBe("42");
    expect(failures.map((failure) => failure.error.length)).toEqual([1000, 2]);
  });

  it("leaves a row that is no longer pending as it is", async () => {
    const id = await addRow("a");
    const { spec } = specWith(async () => {
      // Someone else finished the row meanwhile.
      await db
        .update(testOutbox)
        .set({ status: "sent", attempts: 9, sentAt: at(-1) })
        .where(eq(testOutbox.id, id));
    });
    expect(await deliverDueOutbox(spec, { db, now: NOW })).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 9, sentAt: at(-1) });
  });

  it("fails the pass when the load fails, leaving the claimed rows leased", async () => {
    const id = await addRow("a");
    const spec: OutboxSpec<TestRow> = {
      table: testOutbox,
      row: (row) => row,
      load: async () => {
        throw new Error("configuration missing");
      },
    };
    await expect(deliverDueOutbox(spec, { db, now: NOW })).rejects.toThrow("configuration missing");
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, lockedUntil: at(DEFAULT_LEASE_MS) });
  });
});

describe("startOutboxWorker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A pass whose results are given in order (then empty passes), recording the batch it was asked for. */
  function scriptedPass(results: (OutboxPassResult | Error)[]) {
    const batches: number[] = [];
    const pass = vi.fn(async (batch: number) => {
      batches.push(batch);
      const next = results.shift() ?? { sent: 0, failed: 0 };
      if (next instanceof Error) throw next;
      return next;
    });
    return { pass, batches };
  }

  it("runs a pass at once, then every interval, and again at once after a full batch", async () => {
    const { pass, batches } = scriptedPass([
      { sent: 1, failed: 1 },
      { sent: 1, failed: 0 },
    ]);
    const worker = startOutboxWorker({ batch: 2, intervalMs: 1000 }, pass, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(pass).toHaveBeenCalledTimes(1);
    // The first pass handled a full batch: the next has no pause (the fake clock makes a
    // 0 ms timer set while timers run wait 1 ms).
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(pass).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(3);
    expect(batches).toEqual([2, 2, 2]);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pass).toHaveBeenCalledTimes(3);
  });

  it("defaults to batches of 20 every 5 s, and waits at least 10 ms", async () => {
    const { pass, batches } = scriptedPass([]);
    const worker = startOutboxWorker({}, pass, false);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(batches).toEqual([20]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([20, 20]);
    await worker.stop();

    const fast = scriptedPass([]);
    const fastWorker = startOutboxWorker({ intervalMs: 1 }, fast.pass, false);
    await vi.advanceTimersByTimeAsync(9);
    expect(fast.pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fast.pass).toHaveBeenCalledTimes(2);
    await fastWorker.stop();
  });

  it("reports a failed pass and goes on", async () => {
    const onError = vi.fn();
    const failure = new Error("database unreachable");
    const { pass } = scriptedPass([failure]);
    const worker = startOutboxWorker({ intervalMs: 100, onError }, pass, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(100);
    expect(pass).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
    await worker.stop();
  });

  it("never overlaps passes: runOnce waits for the pass in progress, even a failing one", async () => {
    let finish: () => void = () => {};
    const events: string[] = [];
    let calls = 0;
    const pass = vi.fn(async () => {
      const call = ++calls;
      events.push(`start ${call}`);
      if (call === 1) {
        await new Promise<void>((resolve) => (finish = resolve));
        events.push("end 1");
        throw new Error("first pass failed");
      }
      events.push(`end ${call}`);
      return { sent: call, failed: 0 };
    });
    const worker = startOutboxWorker({ intervalMs: 1000, onError: () => {} }, pass, false);
    await vi.advanceTimersByTimeAsync(0);
    const manual = worker.runOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(["start 1"]);
    finish();
    await expect(manual).resolves.toEqual({ sent: 2, failed: 0 });
    expect(events).toEqual(["start 1", "end 1", "start 2", "end 2"]);
    await worker.stop();
  });

  it("stop waits for the pass in progress up to the timeout, then abandons it", async () => {
    let finish: () => void = () => {};
    const pass = vi.fn(
      () => new Promise<OutboxPassResult>((resolve) => (finish = () => resolve({ sent: 1, failed: 0 }))),
    );
    const worker = startOutboxWorker({}, pass, false);
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    void worker.stop({ timeoutMs: 500 }).then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pass).toHaveBeenCalledTimes(1);

    const quick = scriptedPass([]);
    const idle = startOutboxWorker({}, quick.pass, false);
    await vi.advanceTimersByTimeAsync(0);
    await idle.stop(); // nothing in progress: returns at once
    await vi.advanceTimersByTimeAsync(10_000);
    expect(quick.pass).toHaveBeenCalledTimes(1);
  });

  it("lets the process exit while waiting only when asked to", async () => {
    vi.useRealTimers();
    const timers: NodeJS.Timeout[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      callback: () => void,
      delay?: number,
    ): NodeJS.Timeout => {
      const timer = realSetTimeout(callback, delay);
      timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    try {
      for (const unrefTimers of [true, false]) {
        timers.length = 0;
        const worker = startOutboxWorker({}, async () => ({ sent: 0, failed: 0 }), unrefTimers);
        expect(timers[0]!.hasRef()).toBe(!unrefTimers);
        await worker.stop();
      }
    } finally {
      spy.mockRestore();
    }
  });
});
