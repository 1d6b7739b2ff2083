import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "./db";
import { nodeTimers, startJobLoop, startPeriodicJob, type PeriodicJobSpec } from "./periodic-job";

/** A database whose only capability is an in-memory advisory lock (the PGlite semantics). */
function fakeDatabase() {
  const held = new Set<number>();
  const releases: number[] = [];
  const db = {} as Db;
  const database = {
    db,
    async tryAdvisoryLock(key: number) {
      if (held.has(key)) return null;
      held.add(key);
      return {
        async release() {
          held.delete(key);
          releases.push(key);
        },
      };
    },
  } as unknown as Database;
  return { database, db, held, releases };
}

/** A run that stays in progress until `finish(value)` is called. */
function pendingRun() {
  let resolveRun: (value: string) => void = () => {};
  const run = vi.fn(() => new Promise<string>((resolve) => (resolveRun = resolve)));
  return { run, finish: (value: string) => resolveRun(value) };
}

function spec(run: PeriodicJobSpec<string>["run"]): PeriodicJobSpec<string> {
  return { lockKey: 42, firstDelayMs: 1_000, intervalMs: 5_000, errorMessage: "job failed", run };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startPeriodicJob", () => {
  it("runs after the first delay, then every interval, with the lock held and released", async () => {
    const { database, db, held, releases } = fakeDatabase();
    const seen: { db: Db; locked: boolean }[] = [];
    const job = startPeriodicJob(
      spec(async (context) => {
        seen.push({ db: context.db, locked: held.has(42) });
        return "done";
      }),
      { database, log: () => {} },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ db, locked: true }]);
    expect(releases).toEqual([42]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(2);
    await job.stop();
  });

  it("uses the caller's delays over the job's", async () => {
    const { database } = fakeDatabase();
    const run = vi.fn(async () => "done");
    const job = startPeriodicJob(spec(run), { database, firstRunDelayMs: 10, intervalMs: 20, log: () => {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it("skips (null) when another holder has the lock", async () => {
    const { database, held } = fakeDatabase();
    const run = vi.fn(async () => "done");
    const job = startPeriodicJob(spec(run), { database, log: () => {} });
    held.add(42);
    await expect(job.runNow()).resolves.toBeNull();
    expect(run).not.toHaveBeenCalled();
    held.delete(42);
    await expect(job.runNow()).resolves.toBe("done");
    await job.stop();
  });

  it("joins a run in progress instead of starting another", async () => {
    const { database } = fakeDatabase();
    const { run, finish } = pendingRun();
    const job = startPeriodicJob(spec(run), { database, log: () => {} });
    const first = job.runNow();
    const second = job.runNow();
    await vi.advanceTimersByTimeAsync(0);
    finish("once");
    await expect(Promise.all([first, second])).resolves.toEqual(["once", "once"]);
    expect(run).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it("logs a failed scheduled run, releases the lock and retries at the next interval", async () => {
    const { database, releases } = fakeDatabase();
    const log = vi.fn();
    const failure = new Error("boom");
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue("ok");
    const job = startPeriodicJob(spec(run), { database, log });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log).toHaveBeenCalledWith("job failed", failure);
    expect(releases).toEqual([42]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it("passes the log to the run and rejects runNow with the run's error", async () => {
    const { database } = fakeDatabase();
    const log = vi.fn();
    const job = startPeriodicJob(
      spec(async (context) => {
        context.log("working");
        throw new Error("bad");
      }),
      { database, log },
    );
    await expect(job.runNow()).rejects.toThrow("bad");
    expect(log).toHaveBeenCalledWith("working");
    await job.stop();
  });

  it("stop cancels the timer, waits for the run in progress and makes runNow a no-op", async () => {
    const { database } = fakeDatabase();
    const { run, finish } = pendingRun();
    const job = startPeriodicJob(spec(run), { database, log: () => {} });
    const inProgress = job.runNow();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish("last");
    await stopping;
    await expect(inProgress).resolves.toBe("last");
    await expect(job.runNow()).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    await job.stop();
  });
});

describe("startJobLoop", () => {
  it("waits the step's own delay after it ends, else the period, and goes on after a failure", async () => {
    const starts: number[] = [];
    const errors: unknown[] = [];
    const delays: (number | undefined | Error)[] = [250, undefined, new Error("boom"), undefined];
    const t0 = Date.now();
    const loop = startJobLoop(
      async () => {
        starts.push(Date.now() - t0);
        const next = delays.shift();
        if (next instanceof Error) throw next;
        return next;
      },
      { firstDelayMs: 100, periodMs: 1_000, onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(3_000);
    expect(starts).toEqual([100, 350, 1_350, 2_350]);
    expect(errors).toEqual([new Error("boom")]);
    loop.stop();
  });

  it("runNow runs at once with its argument, joins a step in progress and re-arms the timer after it", async () => {
    let release = () => {};
    const args: (string | undefined)[] = [];
    const loop = startJobLoop<string>(
      (arg) => {
        args.push(arg);
        return new Promise<void>((resolve) => (release = resolve));
      },
      { firstDelayMs: 10_000, periodMs: 5_000 },
    );
    const first = loop.runNow("takeover");
    const joined = loop.runNow("other");
    expect(args).toEqual(["takeover"]);
    release();
    await Promise.all([first, joined]);
    expect(loop.nextRunAt()?.getTime()).toBe(Date.now() + 5_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(args).toEqual(["takeover", undefined]);
    loop.stop();
  });

  it("stop cancels the timer, lets a step in progress end and starts no other", async () => {
    let release = () => {};
    const step = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const loop = startJobLoop(step, { firstDelayMs: 0, periodMs: 1_000 });
    await vi.advanceTimersByTimeAsync(0);
    loop.stop();
    expect(loop.nextRunAt()).toBeNull();
    release();
    await vi.advanceTimersByTimeAsync(10_000);
    await loop.runNow();
    expect(step).toHaveBeenCalledTimes(1);
  });

  it("uses unref'd Node timers by default, and ref'd ones when asked", () => {
    for (const unref of [true, false]) {
      vi.useRealTimers();
      const timers = nodeTimers(unref);
      const handle = timers.setTimeout(() => {}, 60_000) as NodeJS.Timeout;
      expect(handle.hasRef()).toBe(!unref);
      timers.clearTimeout(handle);
    }
  });
});
