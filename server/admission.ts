/**
 * Admission control (docs/decisions/0071-admission-control.md): the
 * process answers at most {@link AdmissionOptions.maxInFlight} page and
 * data requests at once; further ones wait in one queue of at most
 * {@link AdmissionOptions.maxQueued}, first come first served, and past it
 * a request is refused at once with 503 and `Retry-After`. Past the point
 * where the CPU (and, on PGlite, its one database thread) is saturated,
 * more requests in flight add only latency and memory: without a bound the
 * queue, the latency of everyone and the memory of the requests held all
 * grow with the crowd. The database pool's own queue is bounded by the
 * same cap, since only admitted requests run queries.
 *
 * It wraps the handler that does the work, inside the per-client queue
 * (`./client-queue`): a client's waiting requests hold no place here. A
 * place is held until the handler's promise settles, and a request whose
 * client left while it waited is dropped without being answered.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import pLimit from "p-limit";
import type { AsyncHandler } from "./client-queue";

/** Options of {@link admission}. */
export interface AdmissionOptions {
  /** Requests answered at once by this process. */
  maxInFlight: number;
  /** Requests waiting for a place at most; one more is refused (503). */
  maxQueued: number;
  /** Seconds a refused request is told to wait (`Retry-After`). */
  retryAfterSeconds: number;
  /** Whether the request needs a place (default: every request). */
  applies?(req: Request): boolean;
  /** Answers a refused request (503); `Retry-After` is already set. */
  reject(req: Request, res: Response): void;
}

/** What the gate holds now and has refused (health, benchmarks, tests). */
export interface AdmissionState {
  inFlight: number;
  queued: number;
  /** Requests refused since the start. */
  refused: number;
}

/** The gate. */
export interface Admission {
  /** `handler`, run once it has a place; requests `applies` leaves out run at once. */
  wrap(handler: AsyncHandler): AsyncHandler & RequestHandler;
  state(): AdmissionState;
}

/**
 * Defaults of the server (settings `MAX_REQUESTS_IN_FLIGHT`,
 * `MAX_REQUESTS_QUEUED`): enough in flight to keep two cores and a
 * PostgreSQL pool of 10 busy while some requests wait on I/O, and a queue
 * that empties within a couple of seconds at the throughput of such a
 * machine, so a request is either answered soon or refused at once.
 */
export const ADMISSION_DEFAULTS = { maxInFlight: 16, maxQueued: 64, retryAfterSeconds: 5 } as const;

/** A gate with the given bounds (module comment). */
export function admission(options: AdmissionOptions): Admission {
  const limit = pLimit(options.maxInFlight);
  // Admitted and not finished: running (at most maxInFlight, p-limit's bound) or waiting.
  let held = 0;
  let refused = 0;

  const wrap = (handler: AsyncHandler) => async (req: Request, res: Response, next: NextFunction) => {
    if (options.applies && !options.applies(req)) return handler(req, res, next);
    if (held >= options.maxInFlight + options.maxQueued) {
      refused += 1;
      res.set("Retry-After", String(options.retryAfterSeconds));
      return options.reject(req, res);
    }
    held += 1;
    try {
      await limit(async () => {
        // Let the requests that arrived with this one reach the gate first: an admitted request's
        // work (a render, PGlite's statements) holds the one thread, and arrivals behind it would
        // otherwise be read, counted and refused only after it.
        await new Promise<void>((resolve) => setImmediate(resolve));
        // The client left while waiting: nothing to answer.
        if (req.destroyed || res.writableEnded) return;
        await handler(req, res, next);
      });
    } catch (error) {
      next(error);
    } finally {
      held -= 1;
    }
  };

  return {
    wrap,
    state: () => ({
      inFlight: Math.min(held, options.maxInFlight),
      queued: Math.max(0, held - options.maxInFlight),
      refused,
    }),
  };
}
