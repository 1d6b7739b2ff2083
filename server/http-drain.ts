/**
 * Graceful stop of an HTTP/1.1 server (docs/decisions/0025-production-process-and-image.md).
 *
 * `http.Server#close()` stops listening and, since Node 19, drops every idle
 * keep-alive connection at once. That races with a client that has just written
 * its next request on such a connection: the client sees ECONNRESET ("socket
 * hang up") for a request the server never read. {@link trackConnections}
 * drains instead the way a keep-alive timeout does, without the race:
 *
 * 1. stop listening (no new connections), keeping the open ones;
 * 2. every response not yet started, and every request still arriving on an open
 *    connection, is answered with `Connection: close`, so Node closes that
 *    connection right after the response and the client knows not to reuse it;
 * 3. once no request has been in flight for `idleGraceMs`, and one more read of
 *    the sockets brings none (the quiet time may be a blocked event loop), the
 *    connections left (idle browsers) are closed;
 * 4. at `deadlineMs`, whatever remains is cut (a request that hangs).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

/** Options of {@link HttpDrain.drain}. */
export interface DrainOptions {
  /** Time after which open connections are destroyed even with a response in flight (ms). */
  deadlineMs: number;
  /** Quiet time, with no request in flight, before idle keep-alive connections are closed (ms). Default 300. */
  idleGraceMs?: number;
}

/** What a drain did. */
export interface DrainResult {
  /** Whether connections still busy at the deadline had to be cut. */
  forced: boolean;
}

/** Connection bookkeeping of one HTTP server. */
export interface HttpDrain {
  /** Responses started and not yet finished. */
  readonly inFlight: number;
  /** Whether {@link HttpDrain.drain} has been called. */
  readonly draining: boolean;
  /** Stops listening, lets requests in flight finish, closes every connection; resolves when none is left. */
  drain(options: DrainOptions): Promise<DrainResult>;
}

/**
 * Tracks the requests of `server` (call it before the server takes requests)
 * so that {@link HttpDrain.drain} can close it without resetting a connection
 * a client is using.
 */
export function trackConnections(server: Server): HttpDrain {
  const responses = new Set<ServerResponse>();
  let draining = false;
  let lastActivity = Date.now();
  let requestsRead = 0;

  const onRequest = (_req: IncomingMessage, res: ServerResponse) => {
    // A request read during the drain still gets its answer, and its connection then closes.
    if (draining) res.setHeader("Connection", "close");
    responses.add(res);
    requestsRead += 1;
    lastActivity = Date.now();
    res.once("close", () => {
      responses.delete(res);
      lastActivity = Date.now();
    });
  };
  // Before any other listener, so the header is set before Express writes anything.
  server.prependListener("request", onRequest);

  return {
    get inFlight() {
      return responses.size;
    },
    get draining() {
      return draining;
    },
    async drain({ deadlineMs, idleGraceMs = 300 }) {
      draining = true;
      for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
      const closed = new Promise<void>((resolve) => {
        // net.Server's close: stops accepting and resolves once every connection has ended,
        // without http.Server's immediate closeIdleConnections() (the race described above).
        NetServer.prototype.close.call(server, () => resolve());
      });
      const deadline = Date.now() + deadlineMs;
      let forced = false;
      let done = false;
      void closed.then(() => {
        done = true;
      });
      while (!done) {
        const now = Date.now();
        if (now >= deadline) {
          forced = responses.size > 0;
          server.closeAllConnections();
          break;
        }
        if (responses.size === 0 && now - lastActivity >= idleGraceMs) {
          // After a blocked event loop, timers run before sockets are read: requests may sit
          // unread in the socket buffers, and closing those connections would reset them. Let
          // one I/O poll run (setImmediate comes after it), and close only if it read nothing.
          const readBefore = requestsRead;
          await new Promise((resolve) => setImmediate(resolve));
          if (responses.size === 0 && requestsRead === readBefore) server.closeIdleConnections();
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await closed;
      return { forced };
    },
  };
}
