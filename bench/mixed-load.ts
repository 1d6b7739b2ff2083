/**
 * The uncached mixed load shared by `npm run bench` and `npm run bench:load`
 * (docs/decisions/0095-load-and-growth.md): list pages with varied filters,
 * listing pages, `/busca` and `/mapa/pontos`, every URL at most once over
 * the whole run (so neither the page cache of ADR 0013 nor a warm facet
 * cache answers), requested by a crowd of clients each with its own address;
 * and the crawler scenario (every listing once, 8 requests at a time, while
 * one visitor browses). Latencies in ms; memory in MB.
 */
import fs from "node:fs";
import http from "node:http";
import { sql } from "drizzle-orm";
import type { Db } from "../app/.server/db";
import { loadVocabulary } from "../app/.server/catalogue/vocabulary";
import { filtersToUrl, type ListingFilters } from "../app/lib/filters";
import { listingPath } from "../app/lib/urls";
import { createRandom, summarize, type LatencySummary } from "./stats";

/** The page types of the mix, as printed. */
export const PAGE_KINDS = ["lista", "imóvel", "busca", "mapa"] as const;
/** One page type of the mix. */
export type PageKind = (typeof PAGE_KINDS)[number];

/** One URL of the mix. */
export interface MixedPath {
  kind: PageKind;
  /** Path and query, e.g. "/busca?q=casa%202%20quartos&p=7". */
  path: string;
}

/** Targets of the mixed load (ADR 0095): p95 per page type at 50 clients, and at 200 clients no error and p95. */
export const MIXED_TARGETS = { p95At50Ms: 300, p95At200Ms: 2000, crawlSlowdown: 2 } as const;

/** What {@link drawMixedWorkload} reads from the database: the mix, and every listing's page for the crawler. */
export interface MixedWorkload {
  /** `count` URLs, the four kinds in turn, all distinct. */
  mix: MixedPath[];
  /** The page of every active listing, in a seeded order. */
  listings: string[];
}

const SEARCH_WORDS = ["apartamento", "casa", "pinheiros", "moema", "cobertura", "studio", "jardins", "vila", "metrô"];
const SORTS = ["menor-preco", "maior-preco", "maior-area"] as const;

/**
 * Draws the mix (seeded, the same for the same catalogue): list pages of
 * either purpose in a city, with 0–2 neighbourhoods, sometimes a category,
 * bedrooms or a sort, and a minimum price that differs on every URL; listing
 * pages in a seeded order; `/busca` phrases; `/mapa/pontos` with a city and
 * a minimum price.
 */
export async function drawMixedWorkload(db: Db, count = 8000, seed = 20261129): Promise<MixedWorkload> {
  const vocabulary = await loadVocabulary(db);
  const rows = (
    await db.execute(
      sql`select code, category, neighbourhood, condominium_slug from listings where removed_at is null order by code`,
    )
  ).rows as { code: string; category: string; neighbourhood: string; condominium_slug: string | null }[];
  const random = createRandom(seed);
  const listings = rows.map((row) =>
    listingPath({
      code: row.code,
      category: row.category,
      neighbourhood: row.neighbourhood,
      condominiumSlug: row.condominium_slug,
    }),
  );
  for (let i = listings.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [listings[i], listings[j]] = [listings[j]!, listings[i]!];
  }
  const city = vocabulary.cities.find((c) => c.slug === "sao-paulo") ?? vocabulary.cities[0]!;
  const seen = new Set<string>();
  const mix: MixedPath[] = [];
  for (let i = 0; mix.length < count && i < count * 2; i++) {
    const kind = PAGE_KINDS[i % PAGE_KINDS.length]!;
    const sale = random.chance(0.6);
    // Distinct per i: the URL is never one the server has seen in this run.
    const priceMin = sale ? 100_000 + i * 53 : 500 + i;
    let path: string;
    if (kind === "lista") {
      const filters: ListingFilters = { purpose: sale ? "venda" : "aluguel", city: city.slug, priceMin };
      const hoods = random.int(0, 2);
      if (hoods > 0)
        filters.neighbourhoods = [
          ...new Set(Array.from({ length: hoods }, () => random.pick(city.neighbourhoods).slug)),
        ].sort();
      if (random.chance(0.3)) filters.category = random.pick(vocabulary.categories).slug;
      if (random.chance(0.4)) filters.bedroomsMin = random.int(1, 4);
      if (random.chance(0.3)) filters.sort = random.pick(SORTS);
      path = filtersToUrl(filters, vocabulary);
    } else if (kind === "imóvel") {
      path = listings[Math.floor(i / PAGE_KINDS.length) % Math.max(1, listings.length)] ?? "/";
    } else if (kind === "busca") {
      const phrase = `${random.pick(SEARCH_WORDS)} ${random.int(1, 5)} quartos`;
      path = `/busca?q=${encodeURIComponent(phrase)}&p=${i}`;
    } else {
      path = `/mapa/pontos?cidade=${city.slug}&finalidade=${sale ? "venda" : "aluguel"}&valor-min=${priceMin}`;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    mix.push({ kind, path });
  }
  return { mix, listings };
}

/** Hands out the mix's URLs in order, each once, across every crowd of a run. */
export class PathFeed {
  private position = 0;
  constructor(private readonly paths: readonly MixedPath[]) {}
  /** The next URL never requested, or undefined when all were. */
  next(): MixedPath | undefined {
    return this.paths[this.position++];
  }
  /** URLs handed out so far. */
  get used(): number {
    return Math.min(this.position, this.paths.length);
  }
}

/**
 * The processes of the process group `pgid` (the server child and tsx): each one's
 * `/proc/<pid>/stat` fields after the command's ")" (state, ppid, pgrp, …) and its pid.
 */
function* groupProcesses(pgid: number): Generator<{ pid: string; fields: string[] }> {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) yield { pid: entry, fields };
    } catch {
      // the process ended meanwhile
    }
  }
}

/** Resident set size (MB) of every process in the process group `pgid` (the server child and tsx). */
export function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const { pid } of groupProcesses(pgid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}

/** Linux's clock ticks per second for `/proc/<pid>/stat` times (USER_HZ, 100 on every Linux build). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms, user + system) of every process in the process group `pgid` so far. */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  // utime and stime are the 12th and 13th fields after the command.
  for (const { fields } of groupProcesses(pgid)) ticks += Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Waits until the process group `pgid` used less than `share` of one core
 * over a `windowMs` window (a server's start-up work, the background jobs
 * its first request starts, done), or `timeoutMs` passed.
 * @returns how long it waited (ms) and whether it became quiet.
 */
export async function waitForQuiet(
  pgid: number,
  { share = 0.05, windowMs = 500, timeoutMs = 60_000 } = {},
): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  let before = groupCpuMs(pgid);
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = groupCpuMs(pgid);
    if (now - before < share * windowMs) return { waitedMs: performance.now() - started, quiet: true };
    before = now;
  }
  return { waitedMs: performance.now() - started, quiet: false };
}

/** Peak of {@link groupRssMb} while `work` runs, sampled every 250 ms. */
export async function withPeakRss<T>(pgid: number, work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peakMb = groupRssMb(pgid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, groupRssMb(pgid))), 250);
  try {
    return { value: await work(), peakMb };
  } finally {
    clearInterval(sampler);
  }
}

/** Outcome of one request: its status (0 = no answer: connection error or timeout) and latency. */
interface Outcome {
  status: number;
  ms: number;
}

/** A GET client on its own keep-alive agent; every request carries `X-Forwarded-For` of its caller. */
function httpClient(origin: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const get = (path: string, address: string, userAgent?: string) =>
    new Promise<Outcome>((resolve) => {
      const started = performance.now();
      const done = (status: number) => resolve({ status, ms: performance.now() - started });
      const headers: http.OutgoingHttpHeaders = {
        "x-forwarded-for": address,
        accept: "text/html",
        "accept-encoding": "gzip",
      };
      if (userAgent) headers["user-agent"] = userAgent;
      const request = http.get(`${origin}${path}`, { agent, headers }, (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? 0));
        response.on("error", () => done(0));
      });
      request.setTimeout(60_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => done(0));
    });
  return { get, close: () => agent.destroy() };
}

/** The i-th client's address, 10.x.y.z (the loopback proxy the server trusts passes it on). */
const clientAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * One client requesting the feed's next URLs one at a time for `seconds`,
 * not measured: the first requests after a server's start pay for its warm-up
 * (compilation, first reads), which a crowd would otherwise all queue behind.
 */
export async function warmUp(origin: string, feed: PathFeed, seconds = 5): Promise<void> {
  const client = httpClient(origin, 1);
  const until = performance.now() + seconds * 1000;
  for (let next = feed.next(); next && performance.now() < until; next = feed.next())
    await client.get(next.path, clientAddress(59_999));
  client.close();
}

/** Result of {@link crowdLoad}. */
export interface CrowdResult {
  clients: number;
  /** Wall time of the load, s. */
  seconds: number;
  /** Answered (not refused, not failed) per second. */
  answeredPerSecond: number;
  /** Latency of answers (2xx–4xx… except failures), all kinds and per kind. */
  answered: LatencySummary;
  byKind: Record<PageKind, LatencySummary>;
  /** 503s: the server shedding load (ADR 0071), and their latency. */
  refused: LatencySummary;
  /** Failures: no answer (connection error, timeout) or a status ≥ 500 other than 503, or 404. */
  failures: number;
  statusCodes: Record<string, number>;
  /** URLs requested. */
  requests: number;
}

/** Whether a status is a failure of the site (not an answer, not a refusal). */
const isFailure = (status: number) => status === 0 || status === 404 || (status >= 500 && status !== 503);

/**
 * `clients` visitors, each its own address and connection, each asking for
 * the next URL of `feed` as soon as its last answer is read, for `seconds`
 * (or until the feed runs out). A refused visitor waits 250 ms before its
 * next request, as a reload would.
 */
export async function crowdLoad(
  origin: string,
  feed: PathFeed,
  clients: number,
  seconds: number,
): Promise<CrowdResult> {
  const client = httpClient(origin, clients * 2);
  const answered: number[] = [];
  const byKind = Object.fromEntries(PAGE_KINDS.map((k) => [k, [] as number[]])) as Record<PageKind, number[]>;
  const refused: number[] = [];
  const statusCodes: Record<string, number> = {};
  let failures = 0;
  let requests = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const address = clientAddress(i + 1);
      for (let next = feed.next(); next && performance.now() < until; next = feed.next()) {
        const { status, ms } = await client.get(next.path, address);
        requests += 1;
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        if (status === 503) {
          refused.push(ms);
          await new Promise((resolve) => setTimeout(resolve, 250));
        } else if (isFailure(status)) {
          failures += 1;
        } else {
          answered.push(ms);
          byKind[next.kind].push(ms);
        }
      }
    }),
  );
  client.close();
  const wall = (performance.now() - started) / 1000;
  return {
    clients,
    seconds: wall,
    answeredPerSecond: answered.length / wall,
    answered: summarize(answered),
    byKind: Object.fromEntries(PAGE_KINDS.map((k) => [k, summarize(byKind[k])])) as Record<PageKind, LatencySummary>,
    refused: summarize(refused),
    failures,
    statusCodes,
    requests,
  };
}

/** Result of {@link crawlScenario}. */
export interface CrawlResult {
  /** The visitor's latency alone, then while the crawler runs. */
  idle: LatencySummary;
  duringCrawl: LatencySummary;
  /** Listing pages the crawler fetched, its wall time (s), its refusals (503) and failures. */
  crawled: number;
  crawlSeconds: number;
  crawlRefused: number;
  crawlFailures: number;
  /** Peak memory of the server during the crawl, MB (when a pgid was given). */
  peakRssMb?: number;
}

/** Googlebot's user agent: the crawler the site most cares about. */
const CRAWLER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * The crawler scenario: one visitor (one address, one request at a time,
 * URLs from `feed`) browses alone for `idleSeconds`, then again while a
 * crawler fetches every page of `listings` once, `parallel` at a time (one
 * address per lane, as a search engine's many machines). The crawler honours
 * nothing: a 503 is counted and it moves on.
 */
export async function crawlScenario(
  origin: string,
  feed: PathFeed,
  listings: readonly string[],
  options: { parallel?: number; idleSeconds?: number; pgid?: number } = {},
): Promise<CrawlResult> {
  const parallel = options.parallel ?? 8;
  const client = httpClient(origin, parallel + 2);
  const visitorAddress = clientAddress(60_000);
  const visit = async (keepGoing: () => boolean) => {
    const samples: number[] = [];
    for (let next = feed.next(); next && keepGoing(); next = feed.next()) {
      const { status, ms } = await client.get(next.path, visitorAddress);
      if (!isFailure(status) && status !== 503) samples.push(ms);
    }
    return samples;
  };
  const idleUntil = performance.now() + (options.idleSeconds ?? 10) * 1000;
  const idle = await visit(() => performance.now() < idleUntil);
  let position = 0;
  let crawlRefused = 0;
  let crawlFailures = 0;
  let crawling = true;
  const crawlStarted = performance.now();
  const crawl = async () => {
    await Promise.all(
      Array.from({ length: parallel }, async (_, lane) => {
        const address = clientAddress(61_000 + lane);
        while (position < listings.length) {
          const { status } = await client.get(listings[position++]!, address, CRAWLER_AGENT);
          if (status === 503) crawlRefused += 1;
          else if (isFailure(status)) crawlFailures += 1;
        }
      }),
    );
    crawling = false;
  };
  const run = () => Promise.all([crawl(), visit(() => crawling)]);
  let duringCrawl: number[];
  let peakRssMb: number | undefined;
  if (options.pgid === undefined) [, duringCrawl] = await run();
  else {
    const measured = await withPeakRss(options.pgid, run);
    [, duringCrawl] = measured.value;
    peakRssMb = measured.peakMb;
  }
  const crawlSeconds = (performance.now() - crawlStarted) / 1000;
  client.close();
  return {
    idle: summarize(idle),
    duringCrawl: summarize(duringCrawl),
    crawled: listings.length,
    crawlSeconds,
    crawlRefused,
    crawlFailures,
    peakRssMb,
  };
}
