/**
 * One client's requests take turns: a client's second request waits for its
 * first, another client is answered meanwhile, a full queue is refused with
 * 429 and `Retry-After`, and nothing is held once every request is answered.
 * A real Express server on 127.0.0.1; the handler holds each request until the
 * test releases it (events, never the clock).
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_QUEUE_RETRY_AFTER_SECONDS, clientQueue, type ClientQueue } from "./client-queue";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server whose handler announces each request it reaches and answers it once released. */
async function heldServer(maxInFlight: number, maxQueued: number) {
  const reached: string[] = [];
  const arrived: string[] = [];
  const waiting = new Map<string, () => void>();
  const listeners: (() => void)[] = [];
  const queue: ClientQueue = clientQueue({
    maxInFlight,
    maxQueued,
    key: (req) => String(req.headers["x-client"]),
    // Called as each request arrives, right before it is queued or refused.
    applies: (req) => {
      arrived.push(req.path);
      for (const listener of listeners.splice(0)) listener();
      return true;
    },
    reject: (_req, res) => void res.status(429).send("espere"),
  });
  const app = express();
  // The handler's promise settles only once the test releases the request: that ends its turn.
  app.use(
    queue.wrap(async (req, res) => {
      const id = req.path.slice(1);
      reached.push(id);
      for (const listener of listeners.splice(0)) listener();
      await new Promise<void>((resolve) => waiting.set(id, resolve));
      if (!res.destroyed) res.send(id);
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const port = (server!.address() as AddressInfo).port;
  const get = (client: string, id: string, signal?: AbortSignal) =>
    fetch(`http://127.0.0.1:${port}/${id}`, { headers: { "x-client": client }, signal });
  /** Resolves once `list` holds `count` requests (re-checked at each arrival and each handler call). */
  const counted = (list: string[], count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (list.length >= count ? resolve() : listeners.push(check));
      check();
    });
  const reachedCount = (count: number) => counted(reached, count);
  const arrivedCount = (count: number) => counted(arrived, count);
  const release = (id: string) => waiting.get(id)!();
  return { queue, reached, get, reachedCount, arrivedCount, release };
}

describe("clientQueue", () => {
  it("answers one client's requests in turn while another client is served", async () => {
    const s = await heldServer(1, 4);
    const first = s.get("a", "a1");
    await s.reachedCount(1);
    const second = s.get("a", "a2");
    const other = s.get("b", "b1");
    await s.reachedCount(2);
    // The other client got through; a's second request still waits for its first.
    expect(s.reached).toEqual(["a1", "b1"]);
    s.release("b1");
    expect(await (await other).text()).toBe("b1");
    s.release("a1");
    expect(await (await first).text()).toBe("a1");
    await s.reachedCount(3);
    expect(s.reached).toEqual(["a1", "b1", "a2"]);
    s.release("a2");
    expect(await (await second).text()).toBe("a2");
    expect(s.queue.clients).toBe(0);
  });

  it("keeps a turn until the work ends, also when the client hangs up", async () => {
    const s = await heldServer(1, 4);
    const gone = new AbortController();
    const first = s.get("a", "a1", gone.signal).catch(() => "aborted");
    await s.reachedCount(1);
    gone.abort();
    expect(await first).toBe("aborted");
    const second = s.get("a", "a2");
    await s.arrivedCount(2);
    // The first request's work still runs: the second waits for it, not for the hang-up.
    expect(s.reached).toEqual(["a1"]);
    s.release("a1");
    await s.reachedCount(2);
    s.release("a2");
    expect(await (await second).text()).toBe("a2");
  });

  it("refuses a client whose queue is full with 429 and Retry-After", async () => {
    const s = await heldServer(1, 1);
    const first = s.get("a", "a1");
    await s.reachedCount(1);
    const queued = s.get("a", "a2");
    // Once the second one has arrived it sits in the queue: a third is refused at once.
    await s.arrivedCount(2);
    const refused = await s.get("a", "a3");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(CLIENT_QUEUE_RETRY_AFTER_SECONDS));
    expect(await refused.text()).toBe("espere");
    s.release("a1");
    await first;
    await s.reachedCount(2);
    s.release("a2");
    expect((await queued).status).toBe(200);
    expect(s.reached).toEqual(["a1", "a2"]);
  });
});
