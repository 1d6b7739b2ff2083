import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { crawlerLane, isCrawler } from "./crawler-lane";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
const PHONE =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

/** A request/response pair as the lane sees them. */
function exchange(userAgent: string | undefined, path = "/imoveis") {
  const headers: Record<string, string> = {};
  const req = {
    path,
    destroyed: false,
    get: (name: string) => (name.toLowerCase() === "user-agent" ? userAgent : undefined),
  } as unknown as Request;
  // A writable as `stream.finished` sees one: `write` and events; `send()` ends the answer.
  const res = Object.assign(new EventEmitter(), {
    writableEnded: false,
    writableFinished: false,
    write: () => true,
    set(name: string, value: string) {
      headers[name] = value;
      return res;
    },
  });
  const send = () => {
    res.writableEnded = true;
    res.writableFinished = true;
    res.emit("finish");
  };
  return { req, res: res as unknown as Response, headers, send };
}

/** A handler whose requests finish (the answer sent) when the test says so. */
function heldHandler() {
  const byRequest = new Map<Request, () => void>();
  const handler = (req: Request, res: Response) =>
    new Promise<void>((resolve) =>
      byRequest.set(req, () => {
        (res as unknown as { writableFinished: boolean }).writableFinished = true;
        resolve();
      }),
    );
  return { handler, started: (req: Request) => byRequest.has(req), release: (req: Request) => byRequest.get(req)!() };
}

const next: NextFunction = () => undefined;
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("isCrawler", () => {
  it("names search engines' crawlers, not visitors, HTTP tools, headless browsers or phones named *bot", () => {
    for (const agent of [
      GOOGLEBOT,
      BINGBOT,
      "Mozilla/5.0 (compatible; YandexBot/3.0)",
      "Baiduspider+(+http://www.baidu.com/search/spider.htm)",
      "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    ]) {
      expect(isCrawler(agent), agent).toBe(true);
    }
    for (const agent of [
      PHONE,
      undefined,
      "",
      "curl/8.5.0",
      "node",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    ]) {
      expect(isCrawler(agent), String(agent)).toBe(false);
    }
  });
});

describe("the crawler lane (ADR 0098)", () => {
  it("answers crawlers one at a time, queues up to maxQueued, and refuses the next with 503 and Retry-After", async () => {
    const refused: Response[] = [];
    const lane = crawlerLane({
      maxInFlight: 1,
      maxQueued: 1,
      retryAfterSeconds: 30,
      reject: (_req, res) => void refused.push(res),
    });
    const held = heldHandler();
    const handle = lane.wrap(held.handler);
    const [first, second, third] = [exchange(GOOGLEBOT), exchange(BINGBOT), exchange(GOOGLEBOT)];
    const done = [first, second, third].map(({ req, res }) => handle(req, res, next));
    await settle();
    expect(held.started(first.req)).toBe(true);
    expect(held.started(second.req)).toBe(false);
    expect(lane.state()).toEqual({ inFlight: 1, queued: 1, refused: 1 });
    expect(refused).toEqual([third.res]);
    expect(third.headers["Retry-After"]).toBe("30");
    held.release(first.req);
    await settle();
    expect(held.started(second.req)).toBe(true);
    held.release(second.req);
    await Promise.all(done);
    expect(lane.state()).toEqual({ inFlight: 0, queued: 0, refused: 1 });
  });

  it("never holds a visitor back, even while crawlers fill the lane", async () => {
    const lane = crawlerLane({ maxInFlight: 1, maxQueued: 0, retryAfterSeconds: 30, reject: () => undefined });
    const held = heldHandler();
    const handle = lane.wrap(held.handler);
    const crawler = exchange(GOOGLEBOT);
    void handle(crawler.req, crawler.res, next);
    const visitors = [exchange(PHONE), exchange(PHONE), exchange(undefined)];
    for (const visitor of visitors) void handle(visitor.req, visitor.res, next);
    await settle();
    for (const visitor of visitors) expect(held.started(visitor.req)).toBe(true);
    expect(lane.state()).toEqual({ inFlight: 1, queued: 0, refused: 0 });
  });

  it("lets requests it does not apply to through, and drops a crawler that left while waiting", async () => {
    const lane = crawlerLane({
      maxInFlight: 1,
      maxQueued: 4,
      retryAfterSeconds: 30,
      applies: (req) => req.path !== "/imagens",
      reject: () => undefined,
    });
    const held = heldHandler();
    const handle = lane.wrap(held.handler);
    const first = exchange(GOOGLEBOT);
    const image = exchange(GOOGLEBOT, "/imagens");
    const gone = exchange(GOOGLEBOT);
    const done = [first, image, gone].map(({ req, res }) => handle(req, res, next));
    await settle();
    expect(held.started(image.req)).toBe(true);
    (gone.req as { destroyed: boolean }).destroyed = true;
    held.release(first.req);
    held.release(image.req);
    await Promise.all(done);
    expect(held.started(gone.req)).toBe(false);
  });

  it("keeps a crawler's turn until its answer has been sent, not only until the handler returned", async () => {
    const lane = crawlerLane({ maxInFlight: 1, maxQueued: 4, retryAfterSeconds: 30, reject: () => undefined });
    const started: Request[] = [];
    // Hands the answer over at once, as Remix does; the body is still being written.
    const handle = lane.wrap(async (req) => void started.push(req));
    const first = exchange(GOOGLEBOT);
    const second = exchange(GOOGLEBOT);
    const done = [first, second].map(({ req, res }) => handle(req, res, next));
    await settle();
    expect(started).toEqual([first.req]);
    first.send();
    await settle();
    expect(started).toEqual([first.req, second.req]);
    second.send();
    await Promise.all(done);
    expect(lane.state()).toEqual({ inFlight: 0, queued: 0, refused: 0 });
  });
});
