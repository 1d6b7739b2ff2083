/**
 * `npm run bench:growth` (docs/decisions/0095-load-and-growth.md): what
 * happens when the catalogue grows. The Vista sandbox serves the demo
 * catalogue multiplied (×1 and ×5 by default: copies with new codes and
 * nearby coordinates, server/vista-sandbox/catalogue/multiply.ts); for each
 * factor a fresh read model is fully synced from it and measured: the full
 * sync's time, the database's size, the search/map/suggestion query times
 * (bench/queries.ts, the same inputs at every factor, drawn from the ×1
 * catalogue), then a production server child on it: its memory at rest and
 * under a short uncached mixed load at 50 clients after 5 s of warm-up
 * (bench/mixed-load.ts).
 * Prints a table with the ratio to ×1 and "meta ✓ / ✗": every query p95
 * within 1.5× of ×1, the sync linear or better. Never fails on a target.
 *
 * PGlite always; PostgreSQL too with `BENCH_DATABASE_URL` (or
 * `TEST_DATABASE_URL`), a role allowed to CREATE DATABASE.
 *
 * Flags: `--factors=1,5`; `--reps=<n>` timed calls per input (default 3);
 * `--seconds=<n>` mixed load at 50 clients (default 10); `--skip-http` no
 * server child; `--skip-postgres`; `--build` rebuild the site first.
 * Writes the figures to `.cache/bench/growth.json`.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadVocabulary } from "../app/.server/catalogue/vocabulary";
import {
  postgresAdminUrl,
  preparePglite,
  preparePostgres,
  redactUrl,
  startBenchSandbox,
  type BenchDatabase,
} from "./catalogue";
import { drawCombinations, drawMapCases, drawPrefixes, loadWorkloadSource } from "./combinations";
import { ensureSiteBuild, stopAllServers } from "./http";
import {
  crowdLoad,
  drawMixedWorkload,
  groupRssMb,
  PathFeed,
  warmUp,
  withPeakRss,
  type MixedWorkload,
} from "./mixed-load";
import { crowdLines } from "./mixed-report";
import { measureBounds, measureMapPoints, measureSearch, measureSuggestions, type Measurement } from "./queries";
import { flag, option, root, say, startServerOn } from "./server-bench";
import { formatMs } from "./stats";

const cacheDir = path.join(root, ".cache/bench/growth");
const factors = (option("factors") ?? "1,5")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
const repetitions = { warmup: 1, reps: Math.max(1, Number(option("reps") ?? 3)) };
const loadSeconds = Math.max(3, Number(option("seconds") ?? 10));

/** Targets of ADR 0095: query p95 at most 1.5× the ×1 figure; sync time per listing no worse than at ×1. */
const GROWTH_TARGETS = { queryRatio: 1.5, syncPerListingRatio: 1 } as const;

/** The query inputs, drawn once from the ×1 catalogue and used at every factor. */
type QueryWorkload = Awaited<ReturnType<typeof drawQueries>>;

async function drawQueries(bench: BenchDatabase) {
  const { db } = bench.database;
  const source = await loadWorkloadSource(db, await loadVocabulary(db));
  const combos = drawCombinations(source);
  return { combos, mapCases: drawMapCases(source, combos), prefixes: drawPrefixes(source) };
}

/** The figures of one factor on one database. */
interface GrowthFigures {
  factor: number;
  database: string;
  listings: number;
  syncMs: number;
  /** Of which writing to the database, ms (the rest: fetching from the sandbox and the sync's own work). */
  syncWriteMs: number;
  databaseMb: number;
  queries: Record<string, Measurement>;
  /** Server child: memory at rest and peak under the load, MB; p95 of the answered pages under 50 clients, ms. */
  server?: { restRssMb: number; peakRssMb: number; p95Ms: number; byKindP95: Record<string, number>; errors: number };
}

async function measureFactor(
  bench: BenchDatabase,
  factor: number,
  sandbox: { url: string; key: string },
  shared: { queries?: QueryWorkload; mixed?: MixedWorkload },
): Promise<GrowthFigures> {
  const { db } = bench.database;
  shared.queries ??= await drawQueries(bench);
  shared.mixed ??= await drawMixedWorkload(db, 4000);
  const size = (await db.execute(sql`select pg_database_size(current_database()) as bytes`)).rows[0] as {
    bytes: string | number;
  };
  say(`[growth] ×${factor} ${bench.label}: consultas … `);
  const { combos, mapCases, prefixes } = shared.queries;
  const figures: GrowthFigures = {
    factor,
    database: bench.label,
    listings: bench.sync.counts.total,
    syncMs: bench.sync.counts.durationMs,
    syncWriteMs: bench.sync.counts.writeMs,
    databaseMb: Number(size.bytes) / 1024 / 1024,
    queries: {
      busca: (await measureSearch(db, combos, repetitions)).summary,
      "mapa: área": await measureBounds(db, mapCases, repetitions),
      "mapa: pontos": await measureMapPoints(db, mapCases, repetitions),
      sugestões: await measureSuggestions(db, prefixes, repetitions),
    },
  };
  if (!flag("skip-http")) figures.server = await measureServer(bench, factor, sandbox, shared.mixed);
  return figures;
}

/** A production server child on the factor's database: memory at rest and under 50 clients of the mixed load. */
async function measureServer(
  bench: BenchDatabase,
  factor: number,
  sandbox: { url: string; key: string },
  mixed: MixedWorkload,
): Promise<GrowthFigures["server"]> {
  const slug = `${bench.label === "PGlite" ? "pglite" : "postgres"}-x${factor}`;
  const server = await startServerOn(bench, path.join(cacheDir, `server-${slug}`), sandbox, {
    onStart: () =>
      say(`[growth] ×${factor} ${bench.label}: servidor de produção e carga de ${loadSeconds} s com 50 clientes …`),
  });
  try {
    const restRssMb = groupRssMb(server.pgid);
    const feed = new PathFeed(mixed.mix);
    await warmUp(server.origin, feed);
    const { value: result, peakMb } = await withPeakRss(server.pgid, () =>
      crowdLoad(server.origin, feed, 50, loadSeconds),
    );
    for (const line of crowdLines(result, peakMb)) say(`  ${line}`);
    return {
      restRssMb,
      peakRssMb: peakMb,
      p95Ms: result.answered.p95,
      byKindP95: Object.fromEntries(Object.entries(result.byKind).map(([k, s]) => [k, s.p95])),
      errors: result.refused.samples + result.failures,
    };
  } finally {
    await server.stop();
  }
}

/** One database at every factor: a fresh sandbox and a fresh, fully synced read model per factor. */
async function measureDatabase(
  label: "PGlite" | "PostgreSQL",
  shared: { queries?: QueryWorkload; mixed?: MixedWorkload },
): Promise<GrowthFigures[]> {
  const results: GrowthFigures[] = [];
  for (const factor of factors) {
    say(`[growth] ×${factor} ${label}: sandbox com o catálogo ×${factor} …`);
    const sandbox = await startBenchSandbox(path.join(cacheDir, `sandbox-x${factor}`), { multiply: factor, port: 0 });
    let bench: BenchDatabase | undefined;
    try {
      const log = (line: string) => {
        if (/concluída|iniciada/.test(line)) say(`  [${label} ×${factor}] ${line}`);
      };
      bench =
        label === "PGlite"
          ? await preparePglite(path.join(cacheDir, `pglite-x${factor}`), true, { sandbox, log })
          : await preparePostgres(postgresAdminUrl()!, { sandbox, log });
      results.push(await measureFactor(bench, factor, sandbox, shared));
    } finally {
      await bench?.close().catch(() => undefined);
      await stopAllServers().catch(() => undefined);
      await sandbox.close().catch(() => undefined);
    }
  }
  return results;
}

/** "1,8×" and the mark against `limit`. */
function ratioCell(value: number, base: number, limit: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base <= 0) return "—";
  const ratio = value / base;
  return `${ratio.toLocaleString("pt-BR", { maximumFractionDigits: 2 })}× ${ratio <= limit ? "meta ✓" : "meta ✗"}`;
}

function printTable(results: GrowthFigures[]): void {
  const base = results.find((r) => r.factor === factors[0]);
  if (!base) return;
  say();
  say(
    `Crescimento — ${base.database}: ${results.map((r) => `×${r.factor} = ${r.listings.toLocaleString("pt-BR")} imóveis`).join(", ")}`,
  );
  for (const r of results) {
    const perListing = r.syncMs / Math.max(1, r.listings);
    const basePerListing = base.syncMs / Math.max(1, base.listings);
    const cells = [
      `sincronização completa ${(r.syncMs / 1000).toFixed(1)} s (${perListing.toFixed(2)} ms/imóvel, gravação ${(r.syncWriteMs / 1000).toFixed(1)} s${r === base ? "" : `, ${ratioCell(perListing, basePerListing, GROWTH_TARGETS.syncPerListingRatio)} por imóvel`})`,
      `banco ${r.databaseMb.toFixed(0)} MB`,
    ];
    if (r.server)
      cells.push(
        `servidor: memória ${r.server.restRssMb.toFixed(0)} MB em repouso, ${r.server.peakRssMb.toFixed(0)} MB máx. sob carga; páginas p95 ${formatMs(r.server.p95Ms)} com 50 clientes (${r.server.errors} erros)`,
      );
    say(`  ×${r.factor}: ${cells.join(" · ")}`);
    for (const [name, m] of Object.entries(r.queries)) {
      if (!m.available) {
        say(`      ${name.padEnd(13)} indisponível (${m.reason})`);
        continue;
      }
      const b = base.queries[name];
      const ratio =
        r === base || !b?.available
          ? ""
          : ` · ${ratioCell(m.p95, b.p95, GROWTH_TARGETS.queryRatio)} do ×${base.factor}`;
      say(
        `      ${name.padEnd(13)} p50 ${formatMs(m.p50)} p95 ${formatMs(m.p95)} p99 ${formatMs(m.p99)}${ratio}${m.note ? ` · ${m.note}` : ""}`,
      );
    }
  }
}

async function main() {
  await fsp.mkdir(cacheDir, { recursive: true });
  if (!flag("skip-http")) ensureSiteBuild(root, flag("build"), say, "bench:growth");
  const all: GrowthFigures[][] = [];
  const shared: { queries?: QueryWorkload; mixed?: MixedWorkload } = {};
  all.push(await measureDatabase("PGlite", shared));
  const adminUrl = postgresAdminUrl();
  if (adminUrl && !flag("skip-postgres")) {
    say(`[growth] PostgreSQL em ${redactUrl(adminUrl)} …`);
    all.push(await measureDatabase("PostgreSQL", shared));
  } else say("[growth] PostgreSQL: não configurado (defina BENCH_DATABASE_URL) ou --skip-postgres");
  for (const results of all) printTable(results);
  await fsp.writeFile(
    path.join(cacheDir, "..", "growth.json"),
    `${JSON.stringify({ date: new Date().toISOString(), factors, repetitions, targets: GROWTH_TARGETS, results: all }, null, 2)}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[growth] falhou: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
