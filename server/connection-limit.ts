/**
 * Bounds on what one slow or greedy client can hold of the HTTP server
 * (docs/decisions/0067-slow-clients-and-image-route-bounds.md):
 *
 * - **Node's own timeouts** ({@link SLOW_CLIENT_DEFAULTS}): the request
 *   headers must arrive within `headersTimeoutMs`, an idle keep-alive
 *   connection is closed after `keepAliveTimeoutMs` (longer than the proxy's
 *   own idle time for its pooled connections, so the proxy never reuses a
 *   connection this side is closing), and `requestTimeoutMs` is the backstop
 *   for the longest request (an upload at the slowest accepted rate).
 * - **A deadline per request body** ({@link bodyDeadlineMs}): a form or JSON
 *   body must be complete `bodyTimeoutMs` after its request began; an upload
 *   (the streamed body plan of `server/request-guards.ts`, admin and member
 *   files up to 100 MiB) gets that plus the time its declared
 *   `Content-Length` takes at `minUploadBytesPerSecond`. Past it, the socket
 *   gets a bare 408 when nothing was answered yet, and is closed. A body
 *   answered before it was read (a refused upload) gets 5 s more at most.
 * - **A cap of open connections per remote address**
 *   ({@link limitConnectionsPerAddress}), counted on the `connection` event:
 *   over the cap the new socket is destroyed before any byte is read. Trusted
 *   proxies (Express "trust proxy", TRUST_PROXY) are exempt: behind Caddy every
 *   socket comes from the proxy's address, and the proxy's own limits apply to
 *   the visitors it forwards.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { clientKey } from "../app/lib/client-address";
import { bodyPlan } from "./request-guards";

/** Timeouts and caps of {@link boundSlowClients}; every duration in ms, every size in bytes. */
export interface SlowClientOptions {
  /** Longest wait for a request's complete headers, from its first byte (ms). */
  headersTimeoutMs: number;
  /** Longest wait for a non-upload request's body, from the request's headers (ms). */
  bodyTimeoutMs: number;
  /** Slowest accepted upload, bytes per second: an upload of `n` bytes gets `bodyTimeoutMs + n / rate` (s → ms). */
  minUploadBytesPerSecond: number;
  /** Node's `requestTimeout`, the backstop for any request (ms); at least the longest upload deadline. */
  requestTimeoutMs: number;
  /** Idle time after which a keep-alive connection is closed (ms). */
  keepAliveTimeoutMs: number;
  /** Open connections one remote address may hold; the next one is destroyed. */
  maxConnectionsPerAddress: number;
}

/** Largest upload the guards accept, bytes (100 MiB, `UPLOAD_BODY_LIMIT_BYTES` in server/request-guards.ts). */
const LARGEST_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * The site's values: headers within 10 s, forms within 30 s, uploads at
 * 128 KiB/s at least (100 MiB: 30 s + 800 s), idle keep-alive 65 s (Caddy
 * keeps pooled upstream connections 60 s, deploy/caddy/site.caddy), 100 open
 * connections per visitor address (browsers open 6 per origin; room for a
 * shared office or carrier NAT).
 */
export const SLOW_CLIENT_DEFAULTS: SlowClientOptions = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 30_000,
  minUploadBytesPerSecond: 128 * 1024,
  requestTimeoutMs: 30_000 + Math.ceil((LARGEST_UPLOAD_BYTES / (128 * 1024)) * 1000) + 10_000,
  keepAliveTimeoutMs: 65_000,
  maxConnectionsPerAddress: 100,
};

/**
 * The deadline of one request's body (ms from its headers): `bodyTimeoutMs`,
 * plus, for an upload (streamed body plan) with a `Content-Length`, the time
 * those bytes take at `minUploadBytesPerSecond`.
 */
export function bodyDeadlineMs(
  request: { method?: string; url?: string; headers: { "content-type"?: string; "content-length"?: string } },
  options: Pick<SlowClientOptions, "bodyTimeoutMs" | "minUploadBytesPerSecond">,
): number {
  const path = (request.url ?? "/").split("?")[0]!;
  const plan = bodyPlan(request.method ?? "GET", path, request.headers["content-type"]);
  if (plan.mode !== "stream") return options.bodyTimeoutMs;
  const declared = Number(request.headers["content-length"]);
  if (!Number.isFinite(declared) || declared <= 0) return options.bodyTimeoutMs;
  const bytes = Math.min(declared, plan.limit);
  return options.bodyTimeoutMs + Math.ceil((bytes / options.minUploadBytesPerSecond) * 1000);
}

/** What Node answers on its own request timeout, written raw: no route has answered yet. */
const REQUEST_TIMEOUT_RESPONSE = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

/** Closes `socket` after a bare 408 when `res` has not started; destroyed at once when it has, or after 1 s at most. */
function cutSlowRequest(socket: Socket, res: ServerResponse): void {
  if (socket.destroyed) return;
  if (res.headersSent || !socket.writable) {
    socket.destroy();
    return;
  }
  setTimeout(() => socket.destroy(), 1000).unref();
  socket.write(REQUEST_TIMEOUT_RESPONSE, () => socket.destroy());
}

/**
 * Cuts every request whose body is not complete by {@link bodyDeadlineMs}:
 * one unref'd timer per request, cleared once the body is complete and the
 * answer sent, or when the socket closes. When the answer is sent before the
 * body is complete (an upload refused before it is read: no valid upload
 * ticket, too large), Node keeps reading the rest to reuse the connection;
 * the rest then gets `lingerMs` at most (ms), so a faked upload cannot keep
 * its socket for the upload's whole deadline.
 */
export function enforceBodyDeadlines(
  server: Server,
  options: Pick<SlowClientOptions, "bodyTimeoutMs" | "minUploadBytesPerSecond"> & { lingerMs?: number },
): void {
  const lingerMs = options.lingerMs ?? 5_000;
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const deadline = Date.now() + bodyDeadlineMs(req, options);
    const cutIfIncomplete = () => {
      if (!req.complete) cutSlowRequest(socket, res);
    };
    let timer = setTimeout(cutIfIncomplete, deadline - Date.now());
    timer.unref();
    const clear = () => clearTimeout(timer);
    socket.once("close", clear);
    res.once("finish", () => {
      clear();
      if (req.complete) {
        socket.off("close", clear);
        return;
      }
      timer = setTimeout(cutIfIncomplete, Math.max(0, Math.min(lingerMs, deadline - Date.now())));
      timer.unref();
    });
  });
}

/** Options of {@link limitConnectionsPerAddress}. */
export interface ConnectionLimitOptions {
  /** Open connections one remote address may hold; the next one is destroyed. */
  maxPerAddress: number;
  /** Addresses never capped: the trusted proxies (their own limits apply to their clients). */
  isExempt?: (address: string) => boolean;
  /** Told of each refused socket (its address and the number of its open connections). */
  onRefused?: (address: string, open: number) => void;
}

/** Live counts of {@link limitConnectionsPerAddress}. */
export interface ConnectionLimit {
  /** Open, counted connections of `address` (exempt addresses are not counted). */
  openFor(address: string): number;
  /** Sockets destroyed because their address was over the cap, since the start. */
  readonly refused: number;
}

/** `::ffff:203.0.113.9` → `203.0.113.9`: one visitor counted once whichever way its socket was accepted. */
function normaliseAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/**
 * Counts the open sockets of `server` per remote address on its `connection`
 * event and destroys a new one whose address already holds `maxPerAddress`;
 * exempt addresses (trusted proxies) are neither counted nor refused.
 */
export function limitConnectionsPerAddress(server: Server, options: ConnectionLimitOptions): ConnectionLimit {
  const open = new Map<string, number>();
  let refused = 0;
  server.prependListener("connection", (socket: Socket) => {
    const raw = socket.remoteAddress;
    if (!raw) {
      // Already closed by the peer: nothing to serve.
      socket.destroy();
      return;
    }
    const exemptable = normaliseAddress(raw);
    if (options.isExempt?.(exemptable)) return;
    // Counted per client: every address of one IPv6 /64 together (app/lib/client-address.ts).
    const address = clientKey(exemptable);
    const count = open.get(address) ?? 0;
    if (count >= options.maxPerAddress) {
      refused += 1;
      options.onRefused?.(address, count);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return {
    openFor: (address) => open.get(clientKey(normaliseAddress(address))) ?? 0,
    get refused() {
      return refused;
    },
  };
}

/**
 * Applies every bound of this module to `server` (call it before `listen`):
 * Node's header, request and keep-alive timeouts, the body deadlines, and the
 * per-address cap with `isTrustedProxy` exempt. Refusals are logged at most
 * once a minute, with how many there were.
 */
export function boundSlowClients(
  server: Server,
  options: SlowClientOptions & { isTrustedProxy: (address: string) => boolean },
): ConnectionLimit {
  server.headersTimeout = options.headersTimeoutMs;
  server.requestTimeout = options.requestTimeoutMs;
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  enforceBodyDeadlines(server, options);
  let lastLog = 0;
  let unlogged = 0;
  return limitConnectionsPerAddress(server, {
    maxPerAddress: options.maxConnectionsPerAddress,
    isExempt: options.isTrustedProxy,
    onRefused: (address, count) => {
      unlogged += 1;
      if (Date.now() - lastLog < 60_000) return;
      console.warn(
        `[http] ${unlogged} conexão(ões) recusada(s): ${address} já tinha ${count} abertas (limite ${options.maxConnectionsPerAddress} por endereço)`,
      );
      lastLog = Date.now();
      unlogged = 0;
    },
  });
}

/** How often Node checks `headersTimeoutMs` and `requestTimeoutMs` (ms); Node's default is 30 s. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 5_000;

/**
 * An HTTP server for `handler` (the Express app) with {@link boundSlowClients}
 * applied and Node's timeouts checked every
 * {@link CONNECTIONS_CHECKING_INTERVAL_MS}; call `listen` on it.
 */
export function createBoundedServer(
  handler: RequestListener,
  options: SlowClientOptions & { isTrustedProxy: (address: string) => boolean },
): Server {
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, handler);
  boundSlowClients(server, options);
  return server;
}
