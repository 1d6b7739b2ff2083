import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { deferredListener } from "./deferred-listener";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** Listens on an ephemeral port with `listener`; its base URL. */
async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const unavailable = (res: ServerResponse) => {
  res.statusCode = 503;
  res.end("indisponível");
};

describe("deferredListener", () => {
  it("holds a request until the listener loads, then hands it over", async () => {
    let load: (listener: RequestListener) => void = () => undefined;
    const loaded = new Promise<RequestListener>((resolve) => (load = resolve));
    const url = await serve(deferredListener(loaded, unavailable));
    let answered = false;
    const response = fetch(`${url}/caminho`).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    load((req, res) => res.end(`carregado: ${req.url}`));
    expect(await (await response).text()).toBe("carregado: /caminho");
  });

  it("answers with onFailure when the listener fails to load, without an unhandled rejection", async () => {
    const url = await serve(deferredListener(Promise.reject(new Error("sem catálogo")), unavailable));
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("indisponível");
  });
});
