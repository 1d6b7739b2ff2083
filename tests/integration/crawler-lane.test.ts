/**
 * The crawler lane as the server wires it (`handlerTakingTurns`, ADR 0098),
 * over real HTTP: while a crawler's page is being answered, another
 * crawler waits in the lane (here: a lane without room, so it is refused with
 * 503 and `Retry-After`), and a visitor is answered at once.
 */
import type { AddressInfo } from "node:net";
import express, { type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemixHandler } from "../../server/remix-handler";
import { handlerTakingTurns } from "../../server/request-turns";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PHONE =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

let base = "";
let close: () => void = () => undefined;
/** Pages being answered, by path: calling the function sends the page. */
const answering = new Map<string, () => void>();
/** Resolves once `path` has reached the handler. */
const reached = new Map<string, () => void>();

beforeAll(async () => {
  const remix: RemixHandler = {
    handle: (req: Request, res: Response) =>
      new Promise<void>((resolve) => {
        answering.set(req.path, () => {
          res.status(200).send(`página ${req.path}`);
          resolve();
        });
        reached.get(req.path)?.();
      }),
    reject: (_req, res, rejection) => void res.status(rejection.status).send(rejection.message),
    shed: (_req, res, rejection) => void res.status(rejection.status).send(rejection.message),
  };
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(
    handlerTakingTurns(remix, {
      MAX_REQUESTS_IN_FLIGHT: 16,
      MAX_REQUESTS_QUEUED: 64,
      MAX_REQUEST_WAIT_MS: 2000,
      CRAWLER_MAX_IN_FLIGHT: 1,
      CRAWLER_MAX_QUEUED: 0,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** GET `path` as `agent` from its own address (the loopback proxy is trusted). */
const get = (path: string, agent: string, address: string) =>
  fetch(`${base}${path}`, { headers: { "User-Agent": agent, "X-Forwarded-For": address } });

/** Resolves when `path` reaches the handler. */
const reaching = (path: string) => new Promise<void>((resolve) => reached.set(path, resolve));

describe("the crawler lane in the server's turns", () => {
  it("refuses a second crawler while the first is answered, and answers a visitor meanwhile", async () => {
    const firstReached = reaching("/detalhes/a");
    const first = get("/detalhes/a", GOOGLEBOT, "66.249.66.1");
    await firstReached;

    const second = await get("/detalhes/b", GOOGLEBOT, "66.249.66.2");
    expect(second.status).toBe(503);
    expect(second.headers.get("Retry-After")).toBe("30");
    expect(await second.text()).toMatch(/muitos acessos/);

    const visitorReached = reaching("/detalhes/c");
    const visitor = get("/detalhes/c", PHONE, "200.150.1.1");
    await visitorReached;
    answering.get("/detalhes/c")!();
    expect((await visitor).status).toBe(200);

    answering.get("/detalhes/a")!();
    expect(await (await first).text()).toBe("página /detalhes/a");

    // The lane is free again: the next crawler is answered.
    const thirdReached = reaching("/detalhes/d");
    const third = get("/detalhes/d", GOOGLEBOT, "66.249.66.3");
    await thirdReached;
    answering.get("/detalhes/d")!();
    expect((await third).status).toBe(200);
  });
});
