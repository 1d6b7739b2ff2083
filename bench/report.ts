/**
 * The report `npm run bench` prints: one table of query figures per database
 * against the targets, the list page's throughput and its cold first load,
 * and the uncached mixed load with the crawler (ADR 0095).
 */
import os from "node:os";
import { BENCH_SEED, type FilterCombination } from "./combinations";
import type { ThroughputResult } from "./http";
import { crawlLines, crowdLines, type MixedLoadReport } from "./mixed-report";
import type { Measurement, Repetitions } from "./queries";
import { formatMs, targetMark } from "./stats";

/** Performance targets of ADR 0012, ms (p95). */
export const TARGETS = { searchP95: 20, suggestionsP95: 10, listPageP95: 150 } as const;

const say = (line = "") => process.stdout.write(`${line}\n`);

/** Figures of one database. */
export interface DatabaseReport {
  label: string;
  prepare: { reused: boolean; syncMode: string; syncMs: number; prepareMs: number; activeListings: number };
  search: Measurement;
  bounds: Measurement;
  points: Measurement;
  suggestions: Measurement;
  facets: Measurement;
  slowest?: { index: number; url: string; medianMs: number; total: number; plan: { page: string[]; count: string[] } };
  listPage?: ThroughputResult | { error: string };
  /** The uncached mixed load at 50 and 200 clients and the crawler scenario (bench/mixed-load.ts). */
  mixedLoad?: MixedLoadReport | { error: string };
}

function pad(text: string, width: number, right = false): string {
  const len = [...text].length;
  return len >= width ? text : right ? " ".repeat(width - len) + text : text + " ".repeat(width - len);
}

function table(rows: string[][], rightFrom = 2): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...(r[c] ?? "")].length)));
  return rows.map((r) =>
    r
      .map((cell, c) => pad(cell ?? "", widths[c], c >= rightFrom && c < r.length - 1))
      .join("  ")
      .trimEnd(),
  );
}

function queryRow(name: string, db: string, m: Measurement, target?: number): string[] {
  if (!m.available) return [name, db, "", "", "", "", "", `ainda não disponível (${m.reason})`];
  const goal = target === undefined ? "" : `p95 ≤ ${target} ms ${targetMark(m.p95, target)}`;
  return [
    name,
    db,
    m.calls.toLocaleString("pt-BR"),
    formatMs(m.p50),
    formatMs(m.p95),
    formatMs(m.p99),
    formatMs(m.max),
    [goal, m.note].filter(Boolean).join(" · "),
  ];
}

function pageRow(db: string, result: DatabaseReport["listPage"]): string[] {
  const name = "página de lista (50 conexões)";
  if (!result) return [name, db, "", "", "", "", "", "não medida (--skip-http)"];
  if ("error" in result) return [name, db, "", "", "", "", "", `falhou: ${result.error}`];
  const codes = Object.entries(result.statusCodes)
    .map(([code, n]) => `${code}: ${n.toLocaleString("pt-BR")}`)
    .join(", ");
  return [
    name,
    db,
    result.requests.toLocaleString("pt-BR"),
    formatMs(result.latency.p50),
    formatMs(result.latency.p95),
    formatMs(result.latency.p99),
    formatMs(result.latency.max),
    `${result.requestsPerSecond.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} req/s · p95 ≤ ${TARGETS.listPageP95} ms ${targetMark(result.latency.p95, TARGETS.listPageP95)} · não-2xx ${result.non2xx} · erros ${result.errors} (${codes})`,
  ];
}

function coldRow(db: string, result: DatabaseReport["listPage"]): string[] | null {
  if (!result || "error" in result) return null;
  return [
    "página de lista, 1ª renderização",
    db,
    result.cold.samples.toLocaleString("pt-BR"),
    formatMs(result.cold.p50),
    formatMs(result.cold.p95),
    formatMs(result.cold.p99),
    formatMs(result.cold.max),
    "uma URL por vez, sem cache (antes da carga)",
  ];
}

/** How the run was made, for the report's heading. */
export interface RunSettings {
  repetitions: Repetitions;
  /** Whether `--vacuum` ran VACUUM ANALYZE after the sync. */
  vacuum: boolean;
}

/** Prints the whole report to stdout: the run's heading, one line per database, then the tables. */
export function printReport(
  reports: DatabaseReport[],
  postgresNote: string | null,
  combos: FilterCombination[],
  { repetitions, vacuum }: RunSettings,
) {
  say();
  say(
    `Benchmark — ${reports[0]?.prepare.activeListings.toLocaleString("pt-BR") ?? "?"} imóveis ativos · ${combos.length} combinações de filtros (semente ${BENCH_SEED}) · ${repetitions.reps} medições por entrada após ${repetitions.warmup} de aquecimento · ${os.cpus().length} CPUs · Node ${process.version}`,
  );
  for (const r of reports) {
    const p = r.prepare;
    say(
      `  ${r.label}: ${p.reused ? "banco reutilizado" : "banco novo"}, sincronização ${p.syncMode === "full" ? "completa" : "incremental"} em ${(p.syncMs / 1000).toFixed(1)} s (preparo ${(p.prepareMs / 1000).toFixed(1)} s)${vacuum ? ", depois VACUUM ANALYZE (--vacuum)" : ", sem VACUUM/ANALYZE (como o servidor deixa o banco)"}`,
    );
  }
  if (postgresNote) say(`  ${postgresNote}`);
  say();
  const rows: string[][] = [["consulta", "banco", "chamadas", "p50", "p95", "p99", "máx", "meta / observações"]];
  for (const r of reports) {
    rows.push(queryRow(`busca (${combos.length} combinações)`, r.label, r.search, TARGETS.searchP95));
    rows.push(queryRow("mapa: imóveis na área (100 áreas)", r.label, r.bounds));
    rows.push(queryRow("mapa: pontos (40 filtros)", r.label, r.points));
    rows.push(queryRow("sugestões (100 prefixos)", r.label, r.suggestions, TARGETS.suggestionsP95));
    rows.push(queryRow("contagens dos filtros (50)", r.label, r.facets));
    const cold = coldRow(r.label, r.listPage);
    if (cold) rows.push(cold);
    rows.push(pageRow(r.label, r.listPage));
  }
  for (const line of table(rows)) say(line);
  printMixedLoads(reports);
  for (const r of reports) {
    if (!r.slowest) continue;
    say();
    say(
      `EXPLAIN ANALYZE — busca mais lenta no ${r.label}: #${r.slowest.index} ${r.slowest.url} (mediana ${formatMs(r.slowest.medianMs)}, ${r.slowest.total.toLocaleString("pt-BR")} resultados)`,
    );
    say("  -- página (24 linhas):");
    for (const line of r.slowest.plan.page) say(`  ${line}`);
    say("  -- total:");
    for (const line of r.slowest.plan.count) say(`  ${line}`);
  }
}

/** The mixed-load section: per database, each crowd's lines and the crawler's (ADR 0095). */
function printMixedLoads(reports: DatabaseReport[]): void {
  for (const r of reports) {
    if (!r.mixedLoad) continue;
    say();
    if ("error" in r.mixedLoad) {
      say(`Mistura sem cache — ${r.label}: falhou (${r.mixedLoad.error})`);
      continue;
    }
    say(
      `Mistura sem cache — ${r.label} (listas, imóveis, /busca, /mapa/pontos; cada URL uma vez; memória em repouso ${r.mixedLoad.restRssMb.toFixed(0)} MB):`,
    );
    for (const { result, peakRssMb } of r.mixedLoad.crowds) for (const line of crowdLines(result, peakRssMb)) say(line);
    if (r.mixedLoad.crawl) for (const line of crawlLines(r.mixedLoad.crawl)) say(line);
  }
}

// ---------------------------------------------------------------------------
// Main
