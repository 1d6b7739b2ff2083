/**
 * Search-engine crawlers take turns in one lane (ADR 0098). A crawler asks
 * for many uncached pages at once from many addresses (so the per-client
 * queue, `./client-queue`, does not bound it), and on this site's one Node
 * thread every render in flight slows every other: a crawl of the listings
 * made a visitor's pages several times slower. Here the page and data
 * requests of crawlers (`isCrawler`) run at most
 * {@link CrawlerLaneOptions.maxInFlight} at once, process-wide; further ones
 * wait in the lane (first come, first served) without holding a place in the
 * admission gate, and past {@link CrawlerLaneOptions.maxQueued} waiting ones
 * a crawler is answered 503 with `Retry-After`, which search engines read as
 * "come back later" (they slow their crawl, and keep the pages they have).
 * Visitors never wait in the lane.
 *
 * A crawler's turn lasts until its answer has been sent, not only until the
 * handler has produced it: Remix hands the document over as a stream, and
 * writing it (the body's transforms, compression) is a large part of the
 * work, which would otherwise run for every crawler at once outside the lane.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { finished } from "node:stream/promises";
import pLimit from "p-limit";
import type { AsyncHandler } from "./client-queue";

/**
 * A self-declared crawler: a user agent `isbot` (the well-kept list, which
 * also knows the phones whose name contains "bot") calls a bot and that names
 * itself a bot, spider or crawler (Googlebot, bingbot, Baiduspider, YandexBot,
 * Applebot, AhrefsBot, GPTBot…). HTTP tools (`curl`, Node's `fetch`), headless
 * browsers and Lighthouse are bots to `isbot` but fetch a page at a time, so
 * they stay out of the lane.
 */
export function isCrawler(userAgent: string | undefined): boolean {
  if (!userAgent || !/bot\b|bot\/|spider|crawl|slurp/i.test(userAgent)) return false;
  return isbot(userAgent);
}

/** Options of {@link crawlerLane}. */
export interface CrawlerLaneOptions {
  /** Crawler requests answered at once by this process. */
  maxInFlight: number;
  /** Crawler requests waiting at most; one more is refused (503). */
  maxQueued: number;
  /** Seconds a refused crawler is told to wait (`Retry-After`). */
  retryAfterSeconds: number;
  /** Whether the request takes part at all (default: every request); crawlers of those that do take the lane. */
  applies?(req: Request): boolean;
  /** Answers a refused request (503); `Retry-After` is already set. */
  reject(req: Request, res: Response): void;
}

/** What the lane holds now and has refused. */
export interface CrawlerLaneState {
  inFlight: number;
  queued: number;
  /** Crawler requests refused since the start. */
  refused: number;
}

/** The lane. */
export interface CrawlerLane {
  /** `handler`, run at once for a visitor and in turn for a crawler. */
  wrap(handler: AsyncHandler): AsyncHandler & RequestHandler;
  state(): CrawlerLaneState;
}

/**
 * Defaults of the server (settings `CRAWLER_MAX_IN_FLIGHT`,
 * `CRAWLER_MAX_QUEUED`): one crawler page at a time leaves the thread to the
 * visitors between its renders and still serves a crawler tens of pages a
 * second; the queue holds a search engine's usual parallel fetches.
 */
export const CRAWLER_LANE_DEFAULTS = { maxInFlight: 1, maxQueued: 32, retryAfterSeconds: 30 } as const;

/** A lane with the given bounds (module comment). */
export function crawlerLane(options: CrawlerLaneOptions): CrawlerLane {
  const limit = pLimit(options.maxInFlight);
  let refused = 0;

  const wrap = (handler: AsyncHandler) => async (req: Request, res: Response, next: NextFunction) => {
    if ((options.applies && !options.applies(req)) || !isCrawler(req.get("User-Agent"))) {
      return handler(req, res, next);
    }
    if (limit.activeCount + limit.pendingCount >= options.maxInFlight + options.maxQueued) {
      refused += 1;
      res.set("Retry-After", String(options.retryAfterSeconds));
      return options.reject(req, res);
    }
    try {
      await limit(async () => {
        // The crawler left while waiting: nothing to answer.
        if (req.destroyed || res.writableEnded) return;
        await handler(req, res, next);
        // The turn ends once the answer is sent or the crawler has gone (a premature close also settles).
        if (!res.writableFinished) await finished(res).catch(() => undefined);
      });
    } catch (error) {
      next(error);
    }
  };

  return {
    wrap,
    state: () => ({ inFlight: limit.activeCount, queued: limit.pendingCount, refused }),
  };
}
