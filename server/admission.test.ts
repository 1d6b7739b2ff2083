import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { admission } from "./admission";

/** A request/response pair as the gate sees them; `answered` records how it ended. */
function exchange(path = "/imoveis") {
  const headers: Record<string, string> = {};
  const record = { rejected: false, handled: false };
  const req = { path, destroyed: false } as unknown as Request;
  const res = {
    writableEnded: false,
    set(name: string, value: string) {
      headers[name] = value;
      return this;
    },
  } as unknown as Response;
  return { req, res, headers, record };
}

/** A handler whose requests finish when the test says so. */
function heldHandler() {
  const releases: (() => void)[] = [];
  const byRequest = new Map<Request, () => void>();
  let started = 0;
  const handler = (req: Request, _res: Response, _next: NextFunction) =>
    new Promise<void>((resolve) => {
      started += 1;
      releases.push(resolve);
      byRequest.set(req, resolve);
    });
  return { handler, releases, release: (req: Request) => byRequest.get(req)!(), started: () => started };
}

const next: NextFunction = () => undefined;
/** Lets every pending callback run: the gate yields once (setImmediate) before a handler starts. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("admission control (ADR 0071)", () => {
  it("answers at most maxInFlight at once, queues up to maxQueued, and refuses the next with 503 and Retry-After at once", async () => {
    const refused: Response[] = [];
    const gate = admission({
      maxInFlight: 2,
      maxQueued: 1,
      retryAfterSeconds: 5,
      reject: (_req, res) => void refused.push(res),
    });
    const held = heldHandler();
    const handle = gate.wrap(held.handler);
    const requests = [exchange(), exchange(), exchange(), exchange()];
    const done = requests.map(({ req, res }) => handle(req, res, next));
    await settle();
    expect(held.started()).toBe(2);
    expect(gate.state()).toEqual({ inFlight: 2, queued: 1, refused: 1 });
    expect(refused).toEqual([requests[3]!.res]);
    expect(requests[3]!.headers["Retry-After"]).toBe("5");
    held.releases[0]!();
    await settle();
    // The waiting request got the freed place; nothing else was refused.
    expect(held.started()).toBe(3);
    expect(gate.state()).toEqual({ inFlight: 2, queued: 0, refused: 1 });
    held.releases[1]!();
    held.releases[2]!();
    await Promise.all(done);
    expect(gate.state()).toEqual({ inFlight: 0, queued: 0, refused: 1 });
  });

  it("drops a waiting request whose client left, and lets requests it does not apply to through", async () => {
    const gate = admission({
      maxInFlight: 1,
      maxQueued: 4,
      retryAfterSeconds: 5,
      applies: (req) => req.path !== "/health/server",
      reject: () => undefined,
    });
    const held = heldHandler();
    const handle = gate.wrap(held.handler);
    const first = exchange();
    const gone = exchange();
    const firstDone = handle(first.req, first.res, next);
    const goneDone = handle(gone.req, gone.res, next);
    const health = exchange("/health/server");
    void handle(health.req, health.res, next);
    await settle();
    // The health check ran beside the request in flight.
    expect(held.started()).toBe(2);
    (gone.req as { destroyed: boolean }).destroyed = true;
    held.release(first.req);
    await Promise.all([firstDone, goneDone]);
    expect(held.started()).toBe(2);
    expect(gate.state()).toEqual({ inFlight: 0, queued: 0, refused: 0 });
    held.release(health.req);
  });

  it("refuses below maxQueued when the wait ahead, at the recent time a request holds its place, passes maxWaitMs", async () => {
    let clock = 0;
    const refused: Response[] = [];
    const gate = admission({
      maxInFlight: 2,
      maxQueued: 100,
      retryAfterSeconds: 5,
      maxWaitMs: 1000,
      now: () => clock,
      reject: (_req, res) => void refused.push(res),
    });
    const held = heldHandler();
    const handle = gate.wrap(held.handler);
    // One request held its place 800 ms: the mean hold time is now 800 ms.
    const first = exchange();
    const firstDone = handle(first.req, first.res, next);
    await settle();
    clock = 800;
    held.release(first.req);
    await firstDone;
    // Two run, and each one waiting adds 400 ms of expected wait: the third waiting one would wait 1,200 ms.
    const requests = Array.from({ length: 5 }, () => exchange());
    requests.forEach(({ req, res }) => void handle(req, res, next));
    await settle();
    expect(gate.state()).toEqual({ inFlight: 2, queued: 2, refused: 1 });
    expect(refused).toEqual([requests[4]!.res]);
    for (const { req } of requests.slice(0, 4)) {
      held.release(req);
      await settle();
    }
  });

  it("passes a handler's failure to Express's error handling and frees its place", async () => {
    const gate = admission({ maxInFlight: 1, maxQueued: 0, retryAfterSeconds: 5, reject: () => undefined });
    const errors: unknown[] = [];
    const failing = gate.wrap(async () => {
      throw new Error("falhou");
    });
    const { req, res } = exchange();
    await failing(req, res, (error?: unknown) => void errors.push(error));
    expect((errors[0] as Error).message).toBe("falhou");
    expect(gate.state().inFlight).toBe(0);
  });
});
