/**
 * The drain closes idle keep-alive connections without resetting a request
 * that reached the server while its event loop was blocked.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnections } from "./http-drain";

/**
 * A client in its own thread (its own event loop): one keep-alive socket, a
 * first request, then on "go" a second one after `delayMs`. Reports "ready"
 * after the first answer, then the second request's fate: the status line and
 * the Connection header, or the socket error code.
 */
const CLIENT = `
const net = require("node:net");
const { parentPort, workerData } = require("node:worker_threads");
const socket = net.connect(workerData.port, "127.0.0.1");
let received = "";
let answers = 0;
const request = "GET /x HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: keep-alive\\r\\n\\r\\n";
socket.on("data", (chunk) => {
  received += chunk.toString("latin1");
  if (!received.endsWith("ok")) return;
  answers += 1;
  if (answers === 1) parentPort.postMessage("ready");
  else parentPort.postMessage({ answer: received.split("\\r\\n")[0], connection: /connection: (\\S+)/i.exec(received)?.[1] });
  received = "";
});
socket.on("error", (error) => parentPort.postMessage({ error: error.code }));
socket.on("close", () => parentPort.postMessage({ closed: true }));
socket.write(request);
parentPort.on("message", () => setTimeout(() => socket.write(request), workerData.delayMs));
`;

let server: http.Server | undefined;
let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
  server?.closeAllConnections();
  server = undefined;
});

/** Blocks this thread's event loop for `ms` (a synchronous burst of work, as a big sync batch does). */
function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describe("trackConnections().drain", () => {
  it("answers, with Connection: close, a request that arrived on an idle connection while the event loop was blocked past the grace", async () => {
    server = http.createServer((_req, res) => {
      res.setHeader("Content-Length", "2");
      res.end("ok");
    });
    const drain = trackConnections(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    worker = new Worker(CLIENT, { eval: true, workerData: { port, delayMs: 100 } });
    const messages: unknown[] = [];
    const ready = new Promise<void>((resolve) =>
      worker!.on("message", (message) => (message === "ready" ? resolve() : messages.push(message))),
    );
    await ready;

    worker.postMessage("go");
    const drained = drain.drain({ deadlineMs: 5_000, idleGraceMs: 300 });
    // The client writes its second request 100 ms into this block; the grace has passed when it ends.
    blockEventLoop(700);
    const result = await drained;
    await expect.poll(() => messages.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);

    expect(result).toEqual({ forced: false });
    expect(messages[0]).toEqual({ answer: "HTTP/1.1 200 OK", connection: "close" });
    expect(messages[1]).toEqual({ closed: true });
  });

  it("closes connections left idle once the grace has passed, and stops listening", async () => {
    server = http.createServer((_req, res) => res.end("ok"));
    const drain = trackConnections(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path: "/", agent }, (res) => res.resume().on("end", resolve))
        .on("error", reject),
    );
    const idleSocket = Object.values(agent.freeSockets).flat()[0];
    expect(idleSocket).toBeDefined();
    const socketClosed = new Promise<void>((resolve) => idleSocket!.once("close", () => resolve()));

    const started = Date.now();
    const result = await drain.drain({ deadlineMs: 5_000, idleGraceMs: 200 });
    await socketClosed;

    expect(result).toEqual({ forced: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(server.listening).toBe(false);
    agent.destroy();
  });
});
