import { describe, expect, it } from "vitest";
import { PAGE_KINDS, PathFeed, type CrawlResult, type CrowdResult, type PageKind } from "./mixed-load";
import { crawlLines, crawlMeetsTarget, crowdLines, crowdMeetsTarget } from "./mixed-report";
import { summarize } from "./stats";

/** A crowd whose every page type answered in `ms` (constant), with the given refusals and failures. */
function crowd(clients: number, ms: number, refused = 0, failures = 0): CrowdResult {
  const samples = Array.from({ length: 20 }, () => ms);
  return {
    clients,
    seconds: 10,
    answeredPerSecond: 8,
    answered: summarize(samples),
    byKind: Object.fromEntries(PAGE_KINDS.map((k) => [k, summarize(samples)])) as Record<
      PageKind,
      ReturnType<typeof summarize>
    >,
    refused: summarize(Array.from({ length: refused }, () => 5)),
    failures,
    statusCodes: { 200: 80, ...(refused ? { 503: refused } : {}) },
    requests: 80 + refused + failures,
  };
}

describe("PathFeed", () => {
  it("hands out every URL once, in order, then nothing", () => {
    const feed = new PathFeed([
      { kind: "lista", path: "/a" },
      { kind: "busca", path: "/b" },
    ]);
    expect(feed.next()?.path).toBe("/a");
    expect(feed.next()?.path).toBe("/b");
    expect(feed.next()).toBeUndefined();
    expect(feed.used).toBe(2);
  });
});

describe("crowd targets", () => {
  it("at 50 clients asks p95 ≤ 300 ms of every page type", () => {
    expect(crowdMeetsTarget(crowd(50, 300))).toBe(true);
    expect(crowdMeetsTarget(crowd(50, 301))).toBe(false);
  });

  it("at 200 clients asks no refusal, no failure and p95 ≤ 2 s", () => {
    expect(crowdMeetsTarget(crowd(200, 1900))).toBe(true);
    expect(crowdMeetsTarget(crowd(200, 2100))).toBe(false);
    expect(crowdMeetsTarget(crowd(200, 100, 1))).toBe(false);
    expect(crowdMeetsTarget(crowd(200, 100, 0, 1))).toBe(false);
  });

  it("prints refusals apart from failures and one line per page type", () => {
    const lines = crowdLines(crowd(200, 100, 3, 2), 900);
    expect(lines[0]).toContain("erros 5 (3 recusas 503");
    expect(lines[0]).toContain("2 falhas");
    expect(lines[0]).toContain("memória máx. 900 MB");
    expect(lines[0]).toContain("meta ✗");
    for (const kind of PAGE_KINDS) expect(lines.some((l) => l.trim().startsWith(kind))).toBe(true);
  });
});

describe("crawl target", () => {
  const crawl = (idle: number, during: number): CrawlResult => ({
    idle: summarize([idle, idle]),
    duringCrawl: summarize([during, during]),
    crawled: 100,
    crawlSeconds: 10,
    crawlRefused: 0,
    crawlFailures: 0,
  });

  it("holds while the visitor is at most 2× slower than alone", () => {
    expect(crawlMeetsTarget(crawl(50, 100))).toBe(true);
    expect(crawlMeetsTarget(crawl(50, 101))).toBe(false);
    expect(crawlLines(crawl(50, 150))[1]).toContain("3.0× / 3.0× · meta ✗");
  });

  it("does not hold when the visitor got no page during the crawl", () => {
    expect(crawlMeetsTarget({ ...crawl(50, 60), duringCrawl: summarize([]) })).toBe(false);
  });
});
