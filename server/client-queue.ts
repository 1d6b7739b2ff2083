/**
 * One client's requests take turns (ADR 0062). On the embedded database
 * (PGlite, in-process) every query of every request runs on one thread, so a
 * client that keeps several uncached catalogue pages in flight takes the
 * database from everyone else. Here each client — its IP as Express derives
 * it under `TRUST_PROXY`, an IPv6 /64 counting as one (`app/lib/client-address.ts`) — has at most {@link ClientQueueOptions.maxInFlight}
 * requests being answered at once; its further requests wait in its own
 * queue (first come, first served), and past
 * {@link ClientQueueOptions.maxQueued} waiting ones it gets a 429 with
 * `Retry-After`. Other clients never wait behind that queue.
 *
 * It wraps the handler that does the work (the Remix handler, after the
 * static files and the page cache, so what they answer is never queued), and
 * a turn ends when that handler's promise settles, not when the client hangs
 * up: Remix waits for a request's loaders before it notices the abort, so a
 * client that drops its requests cannot start more work than its turns. A
 * request whose client went away while it waited is dropped without being
 * answered.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";

/** A request handler whose promise settles once its work is done. */
export type AsyncHandler = (req: Request, res: Response, next: NextFunction) => Promise<void>;
import pLimit, { type LimitFunction } from "p-limit";
import { clientKey } from "../app/lib/client-address";

/** Options of {@link clientQueue}. */
export interface ClientQueueOptions {
  /** Requests of one client answered at once. */
  maxInFlight: number;
  /** Requests of one client waiting at most; one more is refused (429). */
  maxQueued: number;
  /** The client's key (default: `clientKey` of `req.ip`, or of the socket's address without one: an IPv6 /64 is one client). */
  key?(req: Request): string;
  /** Whether the request takes its turn (default: every request). */
  applies?(req: Request): boolean;
  /** Answers a refused request (429); `retryAfterSeconds` is already in `Retry-After`. */
  reject(req: Request, res: Response): void;
}

/** The queue and what it holds now (tests, health). */
export interface ClientQueue {
  /** `handler`, run in its client's turn; requests `applies` leaves out run at once. */
  wrap(handler: AsyncHandler): RequestHandler;
  /** Clients with a request in flight or waiting. */
  readonly clients: number;
}

/** Seconds a refused client is asked to wait before trying again. */
export const CLIENT_QUEUE_RETRY_AFTER_SECONDS = 2;

/** The defaults of the server (2 at once, 16 waiting per client). */
export const CLIENT_QUEUE_DEFAULTS = { maxInFlight: 1, maxQueued: 16 } as const;

/** A per-client queue of requests (module comment). */
export function clientQueue(options: ClientQueueOptions): ClientQueue {
  const queues = new Map<string, { limit: LimitFunction; held: number }>();
  const keyOf = options.key ?? ((req: Request) => clientKey(req.ip ?? req.socket.remoteAddress ?? "unknown"));

  function run(handler: AsyncHandler, req: Request, res: Response, next: NextFunction): void {
    if (options.applies && !options.applies(req)) return void handler(req, res, next);
    const key = keyOf(req);
    let queue = queues.get(key);
    if (!queue) {
      queue = { limit: pLimit(options.maxInFlight), held: 0 };
      queues.set(key, queue);
    }
    if (queue.limit.pendingCount >= options.maxQueued) {
      res.set("Retry-After", String(CLIENT_QUEUE_RETRY_AFTER_SECONDS));
      return options.reject(req, res);
    }
    const current = queue;
    current.held += 1;
    void current
      .limit(async () => {
        // The client left while waiting: nothing to answer.
        if (req.destroyed || res.writableEnded) return;
        await handler(req, res, next);
      })
      .catch(next)
      .finally(() => {
        current.held -= 1;
        if (current.held === 0 && queues.get(key) === current) queues.delete(key);
      });
  }

  return {
    wrap: (handler) => (req, res, next) => run(handler, req, res, next),
    get clients() {
      return queues.size;
    },
  };
}
