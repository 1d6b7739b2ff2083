/**
 * The lines the mixed load prints (`npm run bench`, `npm run bench:load`,
 * `npm run bench:growth`), pt-BR, with "meta ✓ / ✗" beside each target of
 * docs/decisions/0095-load-and-growth.md. Printing only: a missed target
 * never fails the run.
 */
import {
  crawlScenario,
  crowdLoad,
  groupRssMb,
  MIXED_TARGETS,
  PAGE_KINDS,
  PathFeed,
  withPeakRss,
  type CrawlResult,
  type CrowdResult,
  type MixedWorkload,
  warmUp,
} from "./mixed-load";
import { formatMs } from "./stats";

/** "meta ✓" / "meta ✗" (the bench's usual mark). */
const mark = (ok: boolean) => (ok ? "meta ✓" : "meta ✗");

/** Whether a crowd met its target: at 50 clients (or fewer) every kind's p95 ≤ 300 ms; above, no error and p95 ≤ 2 s. */
export function crowdMeetsTarget(result: CrowdResult): boolean {
  const kinds = PAGE_KINDS.map((k) => result.byKind[k]).filter((s) => s.samples > 0);
  if (result.clients <= 50) return kinds.every((s) => s.p95 <= MIXED_TARGETS.p95At50Ms);
  return (
    result.refused.samples === 0 &&
    result.failures === 0 &&
    kinds.every((s) => s.p95 <= MIXED_TARGETS.p95At200Ms) &&
    result.answered.p95 <= MIXED_TARGETS.p95At200Ms
  );
}

/** The target of a crowd as words. */
function targetText(clients: number): string {
  return clients <= 50
    ? `p95 ≤ ${MIXED_TARGETS.p95At50Ms} ms em cada tipo`
    : `nenhum erro e p95 ≤ ${MIXED_TARGETS.p95At200Ms / 1000} s`;
}

/**
 * The lines of one crowd: answered per second, p50/p95/p99 of all answers
 * and per page type, errors split into refusals (503, the server shedding
 * load) and failures, status codes, and the server's peak memory.
 */
export function crowdLines(result: CrowdResult, peakRssMb?: number): string[] {
  const errors = result.refused.samples + result.failures;
  const codes = Object.entries(result.statusCodes)
    .map(([code, n]) => `${code === "0" ? "sem resposta" : code}: ${n}`)
    .join(", ");
  const lines = [
    `${String(result.clients).padStart(4)} clientes: ${result.answeredPerSecond.toFixed(1)} respondidas/s · ` +
      `p50 ${formatMs(result.answered.p50)} p95 ${formatMs(result.answered.p95)} p99 ${formatMs(result.answered.p99)} · ` +
      `erros ${errors} (${result.refused.samples} recusas 503 por excesso de carga, p50 ${formatMs(result.refused.p50)}; ${result.failures} falhas)` +
      `${peakRssMb === undefined ? "" : ` · memória máx. ${peakRssMb.toFixed(0)} MB`} · ${mark(crowdMeetsTarget(result))} (${targetText(result.clients)})`,
  ];
  for (const kind of PAGE_KINDS) {
    const s = result.byKind[kind];
    lines.push(
      `       ${kind.padEnd(7)} ${String(s.samples).padStart(5)} resp. · p50 ${formatMs(s.p50)} p95 ${formatMs(s.p95)} p99 ${formatMs(s.p99)}`,
    );
  }
  lines.push(`       códigos: ${codes || "—"} · ${result.requests} URLs, cada uma uma vez`);
  return lines;
}

/** Whether the visitor's p50 and p95 during the crawl stayed within 2× of idle. */
export function crawlMeetsTarget(result: CrawlResult): boolean {
  const limit = MIXED_TARGETS.crawlSlowdown;
  return (
    result.duringCrawl.samples > 0 &&
    result.duringCrawl.p50 <= limit * result.idle.p50 &&
    result.duringCrawl.p95 <= limit * result.idle.p95
  );
}

/** The lines of the crawler scenario. */
export function crawlLines(result: CrawlResult): string[] {
  const ratio = (during: number, idle: number) => (idle > 0 ? `${(during / idle).toFixed(1)}×` : "—");
  return [
    `robô: ${result.crawled.toLocaleString("pt-BR")} imóveis em ${result.crawlSeconds.toFixed(0)} s, 8 por vez ` +
      `(${(result.crawled / Math.max(1, result.crawlSeconds)).toFixed(1)}/s; ${result.crawlRefused} recusas 503, ${result.crawlFailures} falhas)` +
      `${result.peakRssMb === undefined ? "" : ` · memória máx. ${result.peakRssMb.toFixed(0)} MB`}`,
    `visitante sozinho: p50 ${formatMs(result.idle.p50)} p95 ${formatMs(result.idle.p95)} (${result.idle.samples} páginas) · ` +
      `durante o robô: p50 ${formatMs(result.duringCrawl.p50)} p95 ${formatMs(result.duringCrawl.p95)} (${result.duringCrawl.samples} páginas) · ` +
      `${ratio(result.duringCrawl.p50, result.idle.p50)} / ${ratio(result.duringCrawl.p95, result.idle.p95)} · ` +
      `${mark(crawlMeetsTarget(result))} (≤ ${MIXED_TARGETS.crawlSlowdown}× o visitante sozinho)`,
  ];
}

/** What {@link measureMixedLoad} measured against one server. */
export interface MixedLoadReport {
  /** Server memory after its start-up sync, before the load, MB. */
  restRssMb: number;
  crowds: { result: CrowdResult; peakRssMb: number }[];
  crawl?: CrawlResult;
}

/** Settings of {@link measureMixedLoad}. */
export interface MixedLoadSettings {
  /** Crowd sizes, in order (e.g. [50, 200]). */
  crowds: number[];
  /** Load per crowd, s. */
  seconds: number;
  /** Run the crawler scenario after the crowds; `crawlLimit` listings at most (default every one). */
  crawl: boolean;
  crawlLimit?: number;
  /** Where progress and result lines go. */
  say: (line: string) => void;
}

/**
 * The mixed load against a running server: 5 s of warm-up by one client,
 * then each crowd in turn on the next unused URLs of the mix, then the crawler scenario; prints each result as
 * it comes.
 */
export async function measureMixedLoad(
  server: { origin: string; pgid: number },
  workload: MixedWorkload,
  settings: MixedLoadSettings,
): Promise<MixedLoadReport> {
  const feed = new PathFeed(workload.mix);
  const report: MixedLoadReport = { restRssMb: groupRssMb(server.pgid), crowds: [] };
  settings.say(`memória do servidor em repouso: ${report.restRssMb.toFixed(0)} MB`);
  await warmUp(server.origin, feed);
  for (const clients of settings.crowds) {
    const { value: result, peakMb } = await withPeakRss(server.pgid, () =>
      crowdLoad(server.origin, feed, clients, settings.seconds),
    );
    report.crowds.push({ result, peakRssMb: peakMb });
    for (const line of crowdLines(result, peakMb)) settings.say(line);
    // Let the server drain what a refused crowd left before the next one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (settings.crawl) {
    // From the end of the seeded order: the mix's listing pages come from its start, so none is a cache hit.
    const listings = [...workload.listings].reverse().slice(0, settings.crawlLimit ?? workload.listings.length);
    settings.say(`robô: ${listings.length.toLocaleString("pt-BR")} imóveis, 8 por vez, com um visitante …`);
    report.crawl = await crawlScenario(server.origin, feed, listings, { pgid: server.pgid });
    for (const line of crawlLines(report.crawl)) settings.say(line);
  }
  if (feed.used >= workload.mix.length)
    settings.say("aviso: a mistura acabou antes do tempo (aumente a contagem de URLs)");
  return report;
}
