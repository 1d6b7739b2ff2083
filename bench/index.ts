/**
 * `npm run bench` (ADR 0012): server time of the search, map and
 * suggestion queries and the rendered list page's throughput, on PGlite and on
 * PostgreSQL, over the full demo catalogue, and the CPU time the Vista
 * sandbox spends drawing a photo and building its catalogue. Prints a table (and the EXPLAIN
 * ANALYZE of the slowest search) and writes the same figures as JSON to
 * `.cache/bench/last.json`. It never fails on a missed target: it prints
 * "meta ✓ / ✗" beside each one. See bench/README.md.
 *
 * Flags: `--fresh` rebuild the cached PGlite; `--build` run `npm run build`
 * first (under `flock /tmp/e2e.lock`) even when `build/` exists; `--skip-http`
 * no list-page load; `--lock=<file>` hold that flock while a server child runs;
 * `--seconds=<n>` load duration (default 10); `--reps=<n>` timed calls per
 * input (default 3); `--vacuum` run `VACUUM ANALYZE` after the syncs (to
 * compare with the state a server leaves its database in); `--skip-mixed` no
 * uncached mixed load at 50 and 200 clients (bench/mixed-load.ts, ADR 0095)
 * and no crawler scenario after the list-page load; `--mixed-seconds=<n>`
 * its load per crowd (default 15); `--crawl-limit=<n>` listings the crawler
 * fetches (default every one).
 */
import { execFileSync } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadVocabulary } from "../app/.server/catalogue/vocabulary";
import {
  preparePglite,
  preparePostgres,
  postgresAdminUrl,
  redactUrl,
  startBenchSandbox,
  type BenchDatabase,
} from "./catalogue";
import {
  BENCH_SEED,
  drawCombinations,
  drawMapCases,
  drawPrefixes,
  loadWorkloadSource,
  type FilterCombination,
} from "./combinations";
import { ensureSiteBuild, loadTest, stopAllServers, type ThroughputResult } from "./http";
import { drawMixedWorkload, type MixedWorkload } from "./mixed-load";
import { measureMixedLoad, type MixedLoadReport } from "./mixed-report";
import {
  explainAnalyze,
  measureBounds,
  measureFacets,
  measureMapPoints,
  measureSearch,
  measureSuggestions,
  searchStatements,
  type Repetitions,
} from "./queries";
import { CATALOGUE_CPU_TARGET_MS, measureCatalogueBuild } from "./sandbox-catalogue";
import { measureSandboxPhotos, PHOTO_CPU_TARGET_MS } from "./sandbox-photos";
import { printReport, TARGETS, type DatabaseReport } from "./report";
import { flag, option, root, say, startServerOn } from "./server-bench";
import { formatMs, targetMark } from "./stats";
import { filtersToUrl } from "../app/lib/filters";

const cacheDir = path.join(root, ".cache/bench");
const fresh = flag("fresh");
const vacuum = flag("vacuum");
const seconds = Number(option("seconds") ?? 10);
const repetitions: Repetitions = { warmup: 1, reps: Math.max(1, Number(option("reps") ?? 3)) };
const lockFile = option("lock");
const benchStarted = performance.now();

const elapsed = () => `${((performance.now() - benchStarted) / 1000).toFixed(0)} s`;

async function measureDatabase(
  bench: BenchDatabase,
  combos: FilterCombination[],
  work: Awaited<ReturnType<typeof workload>>,
) {
  const { db } = bench.database;
  say(`[bench] ${bench.label}: busca (${combos.length} combinações × ${repetitions.reps}) … (${elapsed()})`);
  const search = await measureSearch(db, combos, repetitions);
  say(`[bench] ${bench.label}: mapa e sugestões … (${elapsed()})`);
  const bounds = await measureBounds(db, work.mapCases, repetitions);
  const points = await measureMapPoints(db, work.mapCases, repetitions);
  const suggestions = await measureSuggestions(db, work.prefixes, repetitions);
  const facets = await measureFacets(db, combos, repetitions);
  const slowestEntry = [...search.perCombination].sort((a, b) => b.medianMs - a.medianMs)[0];
  let slowest: DatabaseReport["slowest"];
  if (slowestEntry) {
    const combo = combos[slowestEntry.index];
    const statements = searchStatements(db, combo.filters);
    slowest = {
      index: combo.index,
      url: combo.url,
      medianMs: slowestEntry.medianMs,
      total: slowestEntry.total,
      plan: { page: await explainAnalyze(db, statements.page), count: await explainAnalyze(db, statements.count) },
    };
  }
  const report: DatabaseReport = {
    label: bench.label,
    prepare: {
      reused: bench.reused,
      syncMode: bench.sync.mode,
      syncMs: bench.sync.counts.durationMs,
      prepareMs: Math.round(bench.prepareMs),
      activeListings: bench.sync.counts.total,
    },
    search: search.summary,
    bounds,
    points,
    suggestions,
    facets,
    slowest,
  };
  return { report, perCombination: search.perCombination };
}

async function workload(bench: BenchDatabase) {
  const vocabulary = await loadVocabulary(bench.database.db);
  const source = await loadWorkloadSource(bench.database.db, vocabulary);
  const combos = drawCombinations(source);
  return { vocabulary, source, combos, mapCases: drawMapCases(source, combos), prefixes: drawPrefixes(source) };
}

/** The canonical list URLs to load: each combination's, on a page that exists (else its first page). */
function listUrls(
  combos: FilterCombination[],
  perCombination: { index: number; pageCount: number }[],
  vocabulary: Awaited<ReturnType<typeof loadVocabulary>>,
): string[] {
  return combos.map((combo) => {
    const pages = perCombination[combo.index]?.pageCount ?? 0;
    if ((combo.filters.page ?? 1) <= Math.max(1, pages)) return combo.url;
    return filtersToUrl({ ...combo.filters, page: undefined }, vocabulary);
  });
}

function ensureBuild(): string | null {
  try {
    ensureSiteBuild(root, flag("build"), say, "bench");
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The list-page load and, unless `--skip-mixed`, the mixed load and the crawler, on one server child. */
async function measureListPage(
  bench: BenchDatabase,
  urls: string[],
  sandbox: { url: string; key: string },
  mixed: MixedWorkload,
): Promise<{ listPage: ThroughputResult | { error: string }; mixedLoad?: MixedLoadReport | { error: string } }> {
  const slug = bench.label === "PGlite" ? "pglite" : "postgres";
  try {
    const server = await startServerOn(bench, path.join(cacheDir, `server-${slug}`), sandbox, {
      lockFile,
      onCopy: () => say(`[bench] ${bench.label}: copiando o banco para o servidor … (${elapsed()})`),
      onStart: () =>
        say(
          `[bench] ${bench.label}: iniciando o servidor de produção${lockFile ? ` (flock ${lockFile})` : ""} … (${elapsed()})`,
        ),
    });
    try {
      say(
        `[bench] ${bench.label}: servidor pronto em ${(server.readyMs / 1000).toFixed(1)} s; carga de ${seconds} s com 50 conexões … (${elapsed()})`,
      );
      const listPage = await loadTest(server.origin, urls, 50, seconds, { distinctClients: true });
      if (flag("skip-mixed")) return { listPage };
      say(`[bench] ${bench.label}: mistura sem cache, 50 e 200 clientes, e o robô … (${elapsed()})`);
      const crawlLimit = option("crawl-limit");
      const mixedLoad = await measureMixedLoad(server, mixed, {
        crowds: [50, 200],
        seconds: Number(option("mixed-seconds") ?? 15),
        crawl: true,
        crawlLimit: crawlLimit ? Number(crawlLimit) : undefined,
        say: (line) => say(`  [${bench.label}] ${line}`),
      }).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
      return { listPage, mixedLoad };
    } finally {
      await server.stop();
    }
  } catch (error) {
    return { listPage: { error: error instanceof Error ? error.message : String(error) } };
  }
}

// ---------------------------------------------------------------------------
// Output

async function main() {
  await fsp.mkdir(cacheDir, { recursive: true });
  const buildError = flag("skip-http") ? null : ensureBuild();
  const syncLog = (label: string) => (line: string) => say(`  [${label}] ${line}`);

  say(`[bench] iniciando o sandbox do Vista … (${elapsed()})`);
  const sandbox = await startBenchSandbox(path.join(cacheDir, "sandbox"));
  const databases: BenchDatabase[] = [];
  const reports: DatabaseReport[] = [];
  let postgresNote: string | null = null;
  const cleanup = async () => {
    await stopAllServers().catch(() => undefined);
    for (const bench of databases) await bench.close().catch(() => undefined);
    await sandbox.close().catch(() => undefined);
  };
  process.once("SIGINT", () => {
    void cleanup().finally(() => process.exit(130));
  });

  try {
    say(
      `[bench] PGlite em ${path.relative(root, path.join(cacheDir, "pglite"))}${fresh ? " (--fresh)" : ""} … (${elapsed()})`,
    );
    const pglite = await preparePglite(path.join(cacheDir, "pglite"), fresh, {
      sandbox,
      log: syncLog("PGlite"),
      vacuum,
    });
    databases.push(pglite);
    const work = await workload(pglite);
    const mixed = await drawMixedWorkload(pglite.database.db);
    const perDb: {
      bench: BenchDatabase;
      report: DatabaseReport;
      perCombination: { index: number; pageCount: number }[];
    }[] = [];
    const first = await measureDatabase(pglite, work.combos, work);
    perDb.push({ bench: pglite, ...first });

    const adminUrl = postgresAdminUrl();
    if (!adminUrl) {
      postgresNote = "PostgreSQL: não configurado (defina BENCH_DATABASE_URL)";
      say(`[bench] ${postgresNote}`);
    } else {
      say(`[bench] PostgreSQL em ${redactUrl(adminUrl)}: banco temporário, sincronização completa … (${elapsed()})`);
      try {
        const postgres = await preparePostgres(adminUrl, { sandbox, log: syncLog("PostgreSQL"), vacuum });
        databases.push(postgres);
        const measured = await measureDatabase(postgres, work.combos, work);
        perDb.push({ bench: postgres, ...measured });
      } catch (error) {
        postgresNote = `PostgreSQL: falhou (${error instanceof Error ? error.message : String(error)})`;
        say(`[bench] ${postgresNote}`);
      }
    }

    for (const { bench, report, perCombination } of perDb) {
      if (!flag("skip-http")) {
        if (buildError) report.listPage = { error: buildError };
        else
          Object.assign(
            report,
            await measureListPage(bench, listUrls(work.combos, perCombination, work.vocabulary), sandbox, mixed),
          );
      }
      reports.push(report);
    }

    printReport(reports, postgresNote, work.combos, { repetitions, vacuum });
    const photos = await measureSandboxPhotos();
    say();
    say(
      `Fotos do sandbox Vista: ${formatMs(photos.cpuMsPerPhoto)} de CPU por foto 1200×800 ` +
        `(${photos.photos} fotos) · ${targetMark(photos.cpuMsPerPhoto, PHOTO_CPU_TARGET_MS)} (≤ ${PHOTO_CPU_TARGET_MS} ms)`,
    );
    const catalogueBuild = measureCatalogueBuild();
    say(
      `Catálogo do sandbox Vista: ${formatMs(catalogueBuild.cpuMs)} de CPU para montar ` +
        `${catalogueBuild.listings.toLocaleString("pt-BR")} imóveis (a mais rápida de 3) · ` +
        `${targetMark(catalogueBuild.cpuMs, CATALOGUE_CPU_TARGET_MS)} (≤ ${CATALOGUE_CPU_TARGET_MS} ms)`,
    );
    const json = {
      date: new Date().toISOString(),
      commit: gitHead(),
      durationSeconds: Math.round((performance.now() - benchStarted) / 1000),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "", node: process.version },
      targets: TARGETS,
      workload: {
        seed: BENCH_SEED,
        vacuum,
        repetitions,
        combinations: work.combos.map((c) => ({ url: c.url, filters: c.filters })),
        viewports: work.mapCases.length,
        prefixes: work.prefixes,
      },
      postgres: postgresNote,
      databases: reports,
      sandboxPhotos: photos,
      sandboxCatalogue: catalogueBuild,
    };
    await fsp.writeFile(path.join(cacheDir, "last.json"), `${JSON.stringify(json, null, 2)}\n`);
    say();
    say(
      `[bench] figuras gravadas em ${path.relative(root, path.join(cacheDir, "last.json"))} · duração total ${elapsed()}`,
    );
  } finally {
    await cleanup();
  }
}

function gitHead(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] falhou: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
