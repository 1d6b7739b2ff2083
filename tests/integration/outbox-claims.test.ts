/**
 * The shared outbox's claim rules (ADR 0069) on a table of its own, in
 * PGlite: a claim token that fences every write of a pass, the lease renewed
 * while a delivery runs and the delivery aborted when the claim is lost or
 * the delivery outlives its bound, rows of an unreachable transport given
 * back untried, and the recovery: a delivery that goes through, or a probe,
 * makes the rows waiting on its transport due. The loop and the basic claim
 * are tested beside the module (app/.server/outbox.test.ts).
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import {
  backoffMs,
  DEFAULT_PROBE_INTERVAL_MS,
  deliverDueOutbox,
  isTransportUnavailable,
  OutboxProbes,
  type OutboxSpec,
} from "~/.server/outbox";
import { at, NOW, type TestOutboxRow, useTestOutbox } from "./helpers/test-outbox";

const outbox = useTestOutbox("test_outbox_claims");
const { table: testOutbox, addRow, rowOf, specWith } = outbox;
type TestRow = TestOutboxRow;

let db: Db;
beforeAll(() => {
  db = outbox.db();
});

describe("deliverDueOutbox: claims, bounds and recovery", () => {
  /** An error as nodemailer reports a silent or unreachable server. */
  const unreachable = () => Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" });

  it("skips a row whose claim passed to another worker: it neither delivers nor records it", async () => {
    const first = await addRow("first", { nextAttemptAt: at(-2000) });
    const second = await addRow("second", { nextAttemptAt: at(-1000) });
    const delivered: string[] = [];
    const lost: string[] = [];
    const otherToken = "00000000-0000-4000-8000-0000000000ff";
    const { spec } = specWith(async (row) => {
      delivered.push(row.payload);
      // Meanwhile another worker claimed the second row (its lease ran out here).
      await db
        .update(testOutbox)
        .set({ claimToken: otherToken, lockedUntil: at(9000) })
        .where(eq(testOutbox.id, second));
    });
    const result = await deliverDueOutbox(spec, { db, now: NOW, onClaimLost: (id) => lost.push(id) });
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(delivered).toEqual(["first"]);
    expect(lost).toEqual([second]);
    expect(await rowOf(first)).toMatchObject({ status: "sent", claimToken: null });
    expect(await rowOf(second)).toMatchObject({ status: "pending", attempts: 0, claimToken: otherToken });
  });

  it("writes nothing for a failure after the claim passed on, and records a completed send anyway", async () => {
    const failing = await addRow("failing", { nextAttemptAt: at(-2000) });
    const sending = await addRow("sending", { nextAttemptAt: at(-1000) });
    const otherToken = "00000000-0000-4000-8000-0000000000fe";
    const steal = (id: string) =>
      db
        .update(testOutbox)
        .set({ claimToken: otherToken, lockedUntil: at(9000) })
        .where(eq(testOutbox.id, id));
    const { spec, failures } = specWith(async (row) => {
      await steal(row.id);
      if (row.payload === "failing") throw new Error("refused");
    });
    const lost: [string, boolean][] = [];
    const result = await deliverDueOutbox(spec, { db, now: NOW, onClaimLost: (id, sent) => lost.push([id, sent]) });
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(failures).toEqual([]);
    expect(await rowOf(failing)).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
      claimToken: otherToken,
    });
    // The send happened: recorded, so the worker holding it now skips it.
    expect(await rowOf(sending)).toMatchObject({ status: "sent", attempts: 1, claimToken: null });
    expect(lost).toEqual([
      [failing, false],
      [sending, true],
    ]);
  });

  it("renews the lease while a delivery runs, and aborts the delivery when the claim is taken", async () => {
    const id = await addRow("slow", { nextAttemptAt: new Date(Date.now() - 1000) });
    // The pass's statements go through this wrapper, which tells when each has run.
    let executed = 0;
    let wake = () => {};
    const watched = new Proxy(db, {
      get: (target, prop, receiver) =>
        prop === "execute"
          ? async (...args: Parameters<Db["execute"]>) => {
              const result = await target.execute(...args);
              executed++;
              wake();
              return result;
            }
          : Reflect.get(target, prop, receiver),
    }) as Db;
    const statements = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (executed >= count ? resolve() : (wake = check));
        check();
      });
    const leases: number[] = [];
    let reason: unknown;
    const spec: OutboxSpec<TestRow> = {
      ...specWith(async () => {}).spec,
      load: async (loadDb, ids) => ({
        items: await loadDb.select().from(testOutbox).where(inArray(testOutbox.id, ids)),
        deliver: async (_row, signal) => {
          // During the delivery the pass runs renewals only: two of them move the lease end twice.
          const start = executed;
          leases.push((await rowOf(id)).lockedUntil!.getTime());
          await statements(start + 1);
          leases.push((await rowOf(id)).lockedUntil!.getTime());
          await statements(start + 2);
          leases.push((await rowOf(id)).lockedUntil!.getTime());
          // Another worker takes the row: the next renewal finds it lost and aborts the delivery.
          await db
            .update(testOutbox)
            .set({ claimToken: "00000000-0000-4000-8000-0000000000fd" })
            .where(eq(testOutbox.id, id));
          if (!signal.aborted) await new Promise((resolve) => signal.addEventListener("abort", resolve));
          reason = signal.reason;
          throw signal.reason;
        },
      }),
    };
    const lost: string[] = [];
    const result = await deliverDueOutbox(spec, {
      db: watched,
      leaseMs: 400,
      deliveryTimeoutMs: 60_000,
      onClaimLost: (lostId) => lost.push(lostId),
    });
    expect(result).toEqual({ sent: 0, failed: 0 });
    expect(leases[1]!).toBeGreaterThan(leases[0]!);
    expect(leases[2]!).toBeGreaterThan(leases[1]!);
    expect((reason as Error).name).toBe("ClaimLostError");
    expect(lost).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
  });

  it("aborts a delivery past deliveryTimeoutMs and counts it as the transport being unreachable", async () => {
    const id = await addRow("silent");
    const { spec, failures } = specWith(
      (_row) => new Promise<void>(() => {}), // replaced below: the delivery must see its signal
    );
    const load = spec.load;
    spec.load = async (loadDb, ids) => ({
      ...(await load(loadDb, ids)),
      deliver: (_row, signal) =>
        new Promise<void>((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    });
    expect(await deliverDueOutbox(spec, { db, now: NOW, deliveryTimeoutMs: 20, random: () => 0.5 })).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(await rowOf(id)).toMatchObject({
      attempts: 1,
      waitingOn: "default",
      nextAttemptAt: at(backoffMs(1, () => 0.5)),
    });
    expect(failures[0]!.error).toMatch(/^TimeoutError: /);
  });

  it("gives back the other rows of a transport found unreachable untried, and still delivers the other transports", async () => {
    const mailA = await addRow("mail a", { nextAttemptAt: at(-3000) });
    const hook = await addRow("hook", { nextAttemptAt: at(-2000) });
    const mailB = await addRow("mail b", { nextAttemptAt: at(-1000), attempts: 2 });
    const tried: string[] = [];
    const { spec } = specWith(async (row) => {
      tried.push(row.payload);
      if (row.payload.startsWith("mail")) throw unreachable();
    });
    spec.transport = (row) => (row.payload.startsWith("mail") ? "smtp" : "http");
    const random = () => 0.5;
    expect(await deliverDueOutbox(spec, { db, now: NOW, random })).toEqual({ sent: 1, failed: 1 });
    expect(tried).toEqual(["mail a", "hook"]);
    expect(await rowOf(mailA)).toMatchObject({
      attempts: 1,
      waitingOn: "smtp",
      nextAttemptAt: at(backoffMs(1, random)),
    });
    expect(await rowOf(mailB)).toMatchObject({
      status: "pending",
      attempts: 2,
      waitingOn: "smtp",
      lockedUntil: null,
      claimToken: null,
      nextAttemptAt: at(backoffMs(2, random)),
    });
    expect((await rowOf(hook)).status).toBe("sent");

    // A refused connection fails at once: the pass goes on with the transport's other rows.
    await db.update(testOutbox).set({ nextAttemptAt: NOW, waitingOn: null });
    tried.length = 0;
    const refused = specWith(async (row) => {
      tried.push(row.payload);
      throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" });
    });
    refused.spec.transport = spec.transport;
    expect(await deliverDueOutbox(refused.spec, { db, now: NOW, random })).toEqual({ sent: 0, failed: 2 });
    expect(tried).toEqual(["mail a", "mail b"]);
    expect((await rowOf(mailB)).waitingOn).toBe("smtp");
  });

  it("makes the rows waiting on a transport due when a delivery through it succeeds, not those refused", async () => {
    const waiting = await addRow("waiting", { attempts: 3, waitingOn: "smtp", nextAttemptAt: at(3_600_000) });
    const refused = await addRow("refused", { attempts: 3, lastError: "Error: 550", nextAttemptAt: at(3_600_000) });
    const otherTransport = await addRow("other", { attempts: 1, waitingOn: "http", nextAttemptAt: at(60_000) });
    await addRow("fresh");
    const { spec } = specWith(async () => {});
    spec.transport = (row) => (row.payload === "other" ? "http" : "smtp");
    const probes = new OutboxProbes();
    probes.take(testOutbox, NOW.getTime(), 0); // probed just now: only the successful delivery wakes rows
    const options = { db, now: NOW, probeIntervalMs: 3_600_000, probes };
    expect(await deliverDueOutbox(spec, options)).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(waiting)).nextAttemptAt).toEqual(NOW);
    expect((await rowOf(refused)).nextAttemptAt).toEqual(at(3_600_000));
    expect((await rowOf(otherTransport)).nextAttemptAt).toEqual(at(60_000));
    expect(await deliverDueOutbox(spec, options)).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(waiting)).status).toBe("sent");
  });

  it("probes: makes the first row waiting on each transport due, once per interval and process", async () => {
    const smtpFirst = await addRow("smtp first", { attempts: 4, waitingOn: "smtp", nextAttemptAt: at(600_000) });
    const smtpLater = await addRow("smtp later", { attempts: 4, waitingOn: "smtp", nextAttemptAt: at(900_000) });
    const http = await addRow("http", { attempts: 1, waitingOn: "http", nextAttemptAt: at(40_000) });
    const delivered: string[] = [];
    const { spec } = specWith(async (row) => {
      delivered.push(row.payload);
      throw unreachable();
    });
    spec.transport = (row) => (row.payload === "http" ? "http" : "smtp");
    const probes = new OutboxProbes();
    const options = { db, probes, probeIntervalMs: DEFAULT_PROBE_INTERVAL_MS, random: () => 0.5 };
    expect(await deliverDueOutbox(spec, { ...options, now: NOW })).toEqual({ sent: 0, failed: 2 });
    expect(delivered.sort()).toEqual(["http", "smtp first"]);
    expect((await rowOf(smtpLater)).nextAttemptAt).toEqual(at(900_000));
    expect((await rowOf(smtpFirst)).attempts).toBe(5);
    expect((await rowOf(http)).attempts).toBe(2);
    // Not again within the interval; again after it.
    expect(await deliverDueOutbox(spec, { ...options, now: at(DEFAULT_PROBE_INTERVAL_MS - 1) })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await deliverDueOutbox(spec, { ...options, now: at(DEFAULT_PROBE_INTERVAL_MS) })).toEqual({
      sent: 0,
      failed: 2,
    });
  });
});

describe("isTransportUnavailable", () => {
  it("tells an unreachable or silent transport from a refusal", () => {
    expect(isTransportUnavailable(Object.assign(new Error("x"), { code: "ECONNECTION" }))).toBe(true);
    expect(isTransportUnavailable(Object.assign(new Error("x"), { responseCode: 421 }))).toBe(true);
    expect(isTransportUnavailable(new DOMException("late", "TimeoutError"))).toBe(true);
    const aborted = Object.assign(
      new Error("Message sending aborted", { cause: new DOMException("late", "TimeoutError") }),
      {
        name: "AbortError",
        code: "EABORT",
      },
    );
    expect(isTransportUnavailable(aborted)).toBe(true);
    expect(
      isTransportUnavailable(Object.assign(new Error("550 no such user"), { code: "EENVELOPE", responseCode: 550 })),
    ).toBe(false);
    expect(isTransportUnavailable(new TypeError("bad data"))).toBe(false);
    expect(isTransportUnavailable("text")).toBe(false);
  });
});
