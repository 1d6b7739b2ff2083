/**
 * Admission control (docs/decisions/0071-admission-control.md): the
 * process answers at most {@link AdmissionOptions.maxInFlight} page and
 * data requests at once; further ones wait in one queue of at most
 * {@link AdmissionOptions.maxQueued}, first come first served, and past it
 * (or when the wait it would have, at the recent time a request holds its
 * place, passes {@link AdmissionOptions.maxWaitMs}) a request is refused at
 * once with 503 and `Retry-After`. Past the point
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
  /**
   * Longest expected wait for a place, ms: a request that would wait longer
   * (the requests ahead of it × the recent time a request holds its place ÷
   * `maxInFlight`) is refused even below `maxQueued`. Infinity: no such bound.
   */
  maxWaitMs?: number;
  /** Current time, ms (tests). */
  now?: () => number;
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
 * `MAX_REQUESTS_QUEUED`, `MAX_REQUEST_WAIT_MS`): enough in flight to keep
 * two cores and a PostgreSQL pool of 10 busy while some requests wait on
 * I/O, and a queue bounded both in count and in expected wait, so a request
 * is either answered within a couple of seconds or refused at once, whatever
 * a request costs on the machine and database at hand.
 */
export const ADMISSION_DEFAULTS = { maxInFlight: 16, maxQueued: 64, retryAfterSeconds: 5, maxWaitMs: 2000 } as const;

/** Weight of the latest request in the running mean of the time a request holds its place. */
const HOLD_TIME_WEIGHT = 0.1;

/** A gate with the given bounds (module comment). */
export function admission(options: AdmissionOptions): Admission {
  const limit = pLimit(options.maxInFlight);
  const now = options.now ?? (() => performance.now());
  const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
  // Admitted and not finished: running (at most maxInFlight, p-limit's bound) or waiting.
  let held = 0;
  let refused = 0;
  // Running mean of the time an admitted request holds its place, ms (0 until one finished).
  let holdMs = 0;

  /** Whether one more request would wait longer than `maxWaitMs` for a place. */
  const waitTooLong = () => {
    const ahead = held - options.maxInFlight + 1;
    return ahead > 0 && (ahead * holdMs) / options.maxInFlight > maxWaitMs;
  };

  const wrap = (handler: AsyncHandler) => async (req: Request, res: Response, next: NextFunction) => {
    if (options.applies && !options.applies(req)) return handler(req, res, next);
    if (held >= options.maxInFlight + options.maxQueued || waitTooLong()) {
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
        const started = now();
        try {
          await handler(req, res, next);
        } finally {
          const took = now() - started;
          holdMs = holdMs === 0 ? took : holdMs + HOLD_TIME_WEIGHT * (took - holdMs);
        }
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
