/**
 * The slow-client bounds on a real HTTP server on 127.0.0.1: a body that
 * trickles is cut at its deadline (408, then the socket closes), connections
 * over the per-address cap are closed at once, exempt (trusted proxy)
 * addresses are never capped, and uploads get the time their size needs.
 */
import { EventEmitter, once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  bodyDeadlineMs,
  boundSlowClients,
  createBoundedServer,
  enforceBodyDeadlines,
  limitConnectionsPerAddress,
  SLOW_CLIENT_DEFAULTS,
} from "./connection-limit";

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** Reads the whole body, then answers 200 with its length. */
const readsBody: http.RequestListener = (req, res) => {
  let size = 0;
  req.on("data", (chunk: Buffer) => (size += chunk.length));
  req.on("end", () => res.end(String(size)));
};

/** A server on 127.0.0.1 with `handler` ({@link readsBody} by default), set up by `setup` before it listens. */
async function listen(setup: (server: http.Server) => void, handler = readsBody): Promise<number> {
  const server = http.createServer(handler);
  setup(server);
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** A raw TCP client, open once connected; what it receives is collected in `received()`. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  sockets.push(socket);
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = once(socket, "close");
  await once(socket, "connect");
  return { socket, closed, received: () => text };
}

describe("body deadlines", () => {
  it("cuts a body that trickles past the deadline with a 408, then closes the socket", async () => {
    const port = await listen((server) =>
      enforceBodyDeadlines(server, { bodyTimeoutMs: 150, minUploadBytesPerSecond: 1 }),
    );
    const client = await connect(port);
    client.socket.write(
      "POST /contato HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\na=",
    );
    // One byte every 50 ms: never idle long, never complete.
    const drip = setInterval(() => client.socket.writable && client.socket.write("b"), 50);
    const started = performance.now();
    await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("leaves a complete body alone and keeps the connection for the next request", async () => {
    const port = await listen((server) =>
      enforceBodyDeadlines(server, { bodyTimeoutMs: 100, minUploadBytesPerSecond: 1 }),
    );
    const client = await connect(port);
    const request = "POST /contato HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc";
    client.socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 250));
    client.socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(client.received().match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(client.socket.destroyed).toBe(false);
  });

  it("gives the rest of a body refused before it was read a short linger, not the upload's deadline", async () => {
    const refuses: http.RequestListener = (_req, res) => {
      res.writeHead(403, { "Content-Type": "text/plain" }).end("acesso negado");
    };
    const port = await listen(
      (server) => enforceBodyDeadlines(server, { bodyTimeoutMs: 60_000, minUploadBytesPerSecond: 1, lingerMs: 100 }),
      refuses,
    );
    const client = await connect(port);
    client.socket.write(
      "POST /admin/membros/1 HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n" +
        `Content-Length: ${10 * 1024 * 1024}\r\n\r\n--x`,
    );
    const drip = setInterval(() => client.socket.writable && client.socket.write("b"), 30);
    await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(client.received()).toContain("acesso negado");
  });

  it("gives an upload the time its declared size takes at the slowest accepted rate", () => {
    const options = { bodyTimeoutMs: 30_000, minUploadBytesPerSecond: 128 * 1024 };
    const upload = (type: string, length: string, url = "/admin/membros/7") =>
      bodyDeadlineMs({ method: "POST", url, headers: { "content-type": type, "content-length": length } }, options);
    expect(upload("multipart/form-data; boundary=x", String(100 * 1024 * 1024))).toBe(830_000);
    expect(upload("image/webp", String(1024 * 1024))).toBe(38_000);
    // Not an upload: a form on an admin path, or a file on a public path.
    expect(upload("application/x-www-form-urlencoded", "1000")).toBe(30_000);
    expect(upload("multipart/form-data; boundary=x", "1000000", "/contato")).toBe(30_000);
    // A declared size past the guard's limit is bounded by the limit (the guard answers 413 anyway).
    expect(upload("multipart/form-data; boundary=x", String(10 * 1024 ** 3))).toBe(830_000);
    expect(bodyDeadlineMs({ method: "GET", url: "/", headers: {} }, options)).toBe(30_000);
  });

  it("keeps Node's backstop above the longest upload deadline", () => {
    const longest = bodyDeadlineMs(
      {
        method: "PUT",
        url: "/api/members/x/photo",
        headers: { "content-type": "image/jpeg", "content-length": String(100 * 1024 * 1024) },
      },
      SLOW_CLIENT_DEFAULTS,
    );
    expect(SLOW_CLIENT_DEFAULTS.requestTimeoutMs).toBeGreaterThan(longest);
    expect(SLOW_CLIENT_DEFAULTS.headersTimeoutMs).toBeLessThan(SLOW_CLIENT_DEFAULTS.requestTimeoutMs);
  });
});

describe("connections per address", () => {
  it("closes connections over the cap at once and accepts again once one closes", async () => {
    let limit: ReturnType<typeof limitConnectionsPerAddress> | undefined;
    const refusals: string[] = [];
    const port = await listen((server) => {
      limit = limitConnectionsPerAddress(server, {
        maxPerAddress: 3,
        isExempt: () => false,
        onRefused: (address) => refusals.push(address),
      });
    });
    const kept = await Promise.all([1, 2, 3].map(() => connect(port)));
    // The server counts a socket on its `connection` event: wait until it saw all three.
    while (limit!.openFor("127.0.0.1") < 3) await new Promise((resolve) => setImmediate(resolve));
    const over = await Promise.all([1, 2].map(() => connect(port)));
    await Promise.all(over.map((client) => client.closed));
    expect(over.every((client) => client.received() === "")).toBe(true);
    expect(limit!.refused).toBe(2);
    expect(refusals).toEqual(["127.0.0.1", "127.0.0.1"]);
    expect(kept.every((client) => !client.socket.destroyed)).toBe(true);

    kept[0].socket.destroy();
    await kept[0].closed;
    while (limit!.openFor("127.0.0.1") > 2) await new Promise((resolve) => setImmediate(resolve));
    const again = await connect(port);
    again.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await once(again.socket, "data");
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it("never caps an exempt address (a trusted proxy)", async () => {
    let limit: ReturnType<typeof limitConnectionsPerAddress> | undefined;
    const port = await listen((server) => {
      limit = limitConnectionsPerAddress(server, { maxPerAddress: 1, isExempt: (a) => a === "127.0.0.1" });
    });
    const clients = await Promise.all([1, 2, 3].map(() => connect(port)));
    for (const client of clients) client.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await Promise.all(clients.map((client) => once(client.socket, "data")));
    expect(clients.every((client) => client.received().startsWith("HTTP/1.1 200 OK"))).toBe(true);
    expect(limit!.refused).toBe(0);
    expect(limit!.openFor("127.0.0.1")).toBe(0);
  });
});

describe("connections per client network", () => {
  it("counts every address of one IPv6 /64 together, and the exempt check on the address itself", () => {
    const server = http.createServer();
    const limit = limitConnectionsPerAddress(server, { maxPerAddress: 2, isExempt: (a) => a === "2001:db8:9::1" });
    /** A socket from `remoteAddress`, as the server's `connection` event hands it; whether it was destroyed. */
    const connect = (remoteAddress: string) => {
      const socket = new EventEmitter() as EventEmitter & {
        remoteAddress: string;
        destroyed: boolean;
        destroy(): void;
      };
      socket.remoteAddress = remoteAddress;
      socket.destroyed = false;
      socket.destroy = () => void (socket.destroyed = true);
      server.emit("connection", socket);
      return socket;
    };
    expect(connect("2001:db8:1:2::1").destroyed).toBe(false);
    expect(connect("2001:db8:1:2::ffff").destroyed).toBe(false);
    // A third address of the same /64 is the same client, over its cap.
    expect(connect("2001:db8:1:2:abcd::7").destroyed).toBe(true);
    expect(limit.openFor("2001:db8:1:2::42")).toBe(2);
    // Another /64 is another client; an exempt address is never counted.
    expect(connect("2001:db8:1:3::1").destroyed).toBe(false);
    for (let i = 0; i < 3; i++) expect(connect("2001:db8:9::1").destroyed).toBe(false);
  });
});

describe("boundSlowClients", () => {
  it("sets Node's header, request and keep-alive timeouts", async () => {
    const server = createBoundedServer(() => undefined, { ...SLOW_CLIENT_DEFAULTS, isTrustedProxy: () => true });
    servers.push(server);
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(SLOW_CLIENT_DEFAULTS.requestTimeoutMs);
    expect(server.keepAliveTimeout).toBe(65_000);
    const other = http.createServer();
    boundSlowClients(other, { ...SLOW_CLIENT_DEFAULTS, headersTimeoutMs: 1234, isTrustedProxy: () => false });
    expect(other.headersTimeout).toBe(1234);
  });
});
