/**
 * The Remix handler behind the three bounds on the work the process takes
 * on: each client's requests take turns (`./client-queue`, ADR 0062, 429
 * past its queue), search-engine crawlers take turns in one lane
 * (`./crawler-lane`, ADR 0098, 503 past it), and every admitted request
 * takes a place in the process-wide gate (`./admission`, ADR 0071, 503 past
 * it). Images, the health check, the build id and Remix's route manifest
 * (read from the build, no database) never wait in any of them.
 */
import type { RequestHandler } from "express";
import type { Config } from "../app/.server/config";
import { ADMISSION_DEFAULTS, admission, type AdmissionOptions } from "./admission";
import { CLIENT_QUEUE_DEFAULTS, clientQueue } from "./client-queue";
import { CRAWLER_LANE_DEFAULTS, crawlerLane } from "./crawler-lane";
import type { RemixHandler } from "./remix-handler";
import { REJECTION_MESSAGES } from "./request-guards";

/** Paths that never wait for a turn or a place. */
export const UNQUEUED_PATHS: ReadonlySet<string> = new Set([
  "/imagens",
  "/health/server",
  "/builds/latest.json",
  "/__manifest",
]);

/**
 * `remix.handle` inside the per-client queue, the crawler lane and the
 * admission gate, with their refusals rendered by `remix`.
 */
export function handlerTakingTurns(
  remix: RemixHandler,
  config: Pick<
    Config,
    | "MAX_REQUESTS_IN_FLIGHT"
    | "MAX_REQUESTS_QUEUED"
    | "MAX_REQUEST_WAIT_MS"
    | "CRAWLER_MAX_IN_FLIGHT"
    | "CRAWLER_MAX_QUEUED"
  >,
): RequestHandler {
  const applies = (req: { path: string }) => !UNQUEUED_PATHS.has(req.path);
  const queue = clientQueue({
    ...CLIENT_QUEUE_DEFAULTS,
    applies,
    reject: (req, res) => remix.reject(req, res, { status: 429, message: REJECTION_MESSAGES.tooManyAtOnce }),
  });
  // The gate and the lane refuse alike: the process is busy, whichever bound was hit.
  const overloaded: AdmissionOptions["reject"] = (req, res) =>
    remix.shed(req, res, { status: 503, message: REJECTION_MESSAGES.overloaded });
  const gate = admission({
    maxInFlight: config.MAX_REQUESTS_IN_FLIGHT,
    maxQueued: config.MAX_REQUESTS_QUEUED,
    retryAfterSeconds: ADMISSION_DEFAULTS.retryAfterSeconds,
    maxWaitMs: config.MAX_REQUEST_WAIT_MS,
    applies,
    reject: overloaded,
  });
  const lane = crawlerLane({
    maxInFlight: config.CRAWLER_MAX_IN_FLIGHT,
    maxQueued: config.CRAWLER_MAX_QUEUED,
    retryAfterSeconds: CRAWLER_LANE_DEFAULTS.retryAfterSeconds,
    applies,
    reject: overloaded,
  });
  return queue.wrap(lane.wrap(gate.wrap(remix.handle)));
}
