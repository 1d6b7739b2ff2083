/**
 * `npm run bench:web`: what a phone visitor's browser gets, page type by page
 * type (docs/decisions/0039-fast-on-a-phone.md).
 *
 * 1. **Build budgets**: for each public page type, the JavaScript and CSS its
 *    first load asks for (the Remix manifest of `build/`: entry, root, layout
 *    and page route modules with their imports) as the server sends them to a
 *    browser that accepts brotli (the `.br` files the build writes), against
 *    the budgets below; gzip sizes beside them.
 * 2. **Lighthouse 12** (mobile, its default simulated throttling) with Debian's
 *    Chromium against the production build (`node build/node/server.js`) on
 *    the embedded catalogue: `RUNS` runs per page type, in rounds (every
 *    page type once per round, after one untimed run of each), the median of
 *    each figure in a table with the targets ✓/✗. Every report is kept as JSON
 *    under `.cache/bench-web/`. A run Lighthouse's own CPU check shows was
 *    taken on a busy machine (`isBusyRun`: its benchmark index more than 15 %
 *    under the session's median) is measured again, up to `BUSY_RETRIES`
 *    times; the table's footnote says how many were.
 * 3. **Map markers** (with the map page type): when `/mapa` shows its first
 *    marker, median of `--marker-runs` loads (default 5) on the local
 *    connection and on an emulated phone network (bench/map-markers.ts).
 * 4. **Phone loads**: each page type loaded `--phone-runs` times (default 5)
 *    in Chromium on Lighthouse's mobile network (slow 4G) with a 4× slower
 *    CPU, emulated rather than simulated: first and largest contentful paint and hydration, medians
 *    (bench/phone-loads.ts, ADR 0049).
 *
 * It never fails on a missed target; it is not part of `npm test`. Flags:
 * `--runs=<n>` (default 3), `--only=<type,…>` (e.g. `--only=home,listing`),
 * `--skip-lighthouse` (budgets only), `--build` (`npm run build` first; else
 * an existing `build/` is used). `CHROME_PATH` overrides `/usr/bin/chromium`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  FIRST_MARKER_TARGET_MS,
  HEADLESS_CHROMIUM_FLAGS,
  MARKER_TIMEOUT_MS,
  measureMapMarkers,
  PHONE_NETWORK,
  type MarkerFigures,
} from "./map-markers";
import { CPU_SLOWDOWN, measurePhoneLoads, SLOW_4G, type PhoneLoadFigures } from "./phone-loads";
import { BUSY_TOLERANCE, isBusyRun } from "./stats";
import {
  buildWeight,
  CSS_BUDGET_KB,
  PAGE_TYPES,
  TARGETS,
  type AssetsManifest,
  type BuildWeight,
  type PageType,
} from "./web-pages";
import { cacheDir, root, startSite, startTileServer } from "./web-site";

const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Math.max(1, Number(flag("runs") ?? 3));
const ONLY = flag("only")?.split(",");
const MARKER_RUNS = Math.max(1, Number(flag("marker-runs") ?? 5));
const PHONE_RUNS = Math.max(1, Number(flag("phone-runs") ?? 5));

/** One Lighthouse run's figures. */
interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Transferred JavaScript, bytes. */
  jsBytes: number;
  /** DOM elements. */
  domSize: number;
  /** Lighthouse's CPU check of the machine just before the run (`environment.benchmarkIndex`; higher is faster). */
  benchmarkIndex: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const mark = (ok: boolean) => (ok ? "✓" : "✗");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * A category's score (0–100) as Lighthouse weighs it (audit weights over the
 * audits that have a score), leaving out the audits named in `skip`.
 */
function categoryScore(lhr: LighthouseResult, id: string, skip: readonly string[] = []): number {
  let weighted = 0;
  let weights = 0;
  for (const ref of lhr.categories[id]?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score;
    if (skip.includes(ref.id) || ref.weight === 0 || score === null || score === undefined) continue;
    weighted += ref.weight * score;
    weights += ref.weight;
  }
  return weights ? Math.round((weighted / weights) * 100) : 0;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * Extra attempts for a run taken while the machine was busy ({@link isBusyRun}):
 * it is measured again after {@link BUSY_PAUSE_MS}, and the last attempt counts
 * whatever the machine's speed, so the bench always ends.
 */
const BUSY_RETRIES = 3;
/** Pause before measuring a busy run again, ms. */
const BUSY_PAUSE_MS = 5000;

/** Attempts per measured run: Lighthouse here now and then fails to record the trace (NO_NAVSTART). */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Runs Lighthouse (mobile defaults) once on `url` with the Chrome at `port`;
 * keeps the JSON report at `reportFile` (null: a warm-up run, not kept). A
 * run Lighthouse reports as failed (`runtimeError`: its metrics are missing)
 * is run again, up to {@link LIGHTHOUSE_ATTEMPTS} times, so it never enters
 * the medians as zeros.
 * @throws when every attempt failed.
 */
async function runLighthouse(
  url: string,
  port: number,
  reportFile: string | null,
  noindex = false,
  attempt = 1,
): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
  if (result.lhr.runtimeError) {
    if (attempt >= LIGHTHOUSE_ATTEMPTS) {
      throw new Error(`Lighthouse falhou ${attempt} vezes em ${url}: ${result.lhr.runtimeError.code}`);
    }
    process.stdout.write(`  (Lighthouse falhou: ${result.lhr.runtimeError.code}; de novo)\n`);
    return runLighthouse(url, port, reportFile, noindex, attempt + 1);
  }
  if (reportFile) {
    await fsp.writeFile(reportFile, typeof result.report === "string" ? result.report : JSON.stringify(result.lhr));
  }
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = (
    lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: noindex ? categoryScore(lhr, "seo", ["is-crawlable"]) : score("seo"),
    tbtMs: numeric("total-blocking-time"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: resources?.find((item) => item.resourceType === "script")?.transferSize ?? 0,
    domSize: numeric("dom-size"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

async function main(): Promise<void> {
  await fsp.mkdir(cacheDir, { recursive: true });
  if (args.includes("--build") || !fs.existsSync(path.join(root, "build/node/server.js"))) {
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  }
  const types = PAGE_TYPES.filter((type) => !ONLY || ONLY.includes(type.key));

  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as {
    assets: AssetsManifest;
  };
  console.log("\nOrçamento do build (primeira carga, como enviada: brotli; gzip entre parênteses)\n");
  console.log("| página | JS KB | meta | CSS KB | meta | arquivos JS/CSS |");
  console.log("|---|---|---|---|---|---|");
  const budgets: Record<string, BuildWeight> = {};
  for (const type of types) {
    const weight = buildWeight(build.assets, type.routes);
    budgets[type.key] = weight;
    console.log(
      `| ${type.label} | ${kb(weight.jsBytes)} (${kb(weight.jsGzipBytes)}) | ≤ ${type.jsKb} ${mark(weight.jsBytes <= type.jsKb * 1024)} | ` +
        `${kb(weight.cssBytes)} (${kb(weight.cssGzipBytes)}) | ≤ ${CSS_BUDGET_KB} ${mark(weight.cssBytes <= CSS_BUDGET_KB * 1024)} | ` +
        `${weight.jsFiles}/${weight.cssFiles} |`,
    );
  }
  if (args.includes("--skip-lighthouse")) {
    await fsp.writeFile(path.join(cacheDir, "last.json"), JSON.stringify({ budgets }, null, 2));
    return;
  }

  const tiles = await startTileServer();
  const site = await startSite(tiles.url);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: HEADLESS_CHROMIUM_FLAGS,
  });
  const results: Record<string, { url: string; runs: RunFigures[]; busyRetries: number }> = {};
  /** Lighthouse's benchmark index of every counted run and warm-up so far: the session's usual speed. */
  const speeds: number[] = [];
  const usualSpeed = () => median(speeds.filter(Number.isFinite));
  let markers: { local: MarkerFigures; phone: MarkerFigures } | null = null;
  const phoneLoads: Record<string, PhoneLoadFigures> = {};
  try {
    const urls = new Map<string, string>();
    for (const type of types) {
      const pagePath = typeof type.path === "string" ? type.path : await type.path(site.origin);
      const url = site.origin + pagePath;
      urls.set(type.key, url);
      // One untimed run first, in the same browser: the server's page cache and every photo variant the
      // page asks for are ready, so no counted run shares the CPU with the server resizing photos.
      speeds.push((await runLighthouse(url, chrome.port, null, type.noindex)).benchmarkIndex);
      results[type.key] = { url: pagePath, runs: [], busyRetries: 0 };
    }
    // Rounds: each page type once per round, so that a slow spell of the machine (minutes, ADR 0053)
    // falls on one run of several page types rather than on every run of one.
    for (let run = 1; run <= RUNS; run += 1) {
      for (const type of types) {
        const url = urls.get(type.key)!;
        const result = results[type.key];
        const report = path.join(cacheDir, `${type.key}-${run}.json`);
        let figures = await runLighthouse(url, chrome.port, report, type.noindex);
        for (let retry = 1; retry <= BUSY_RETRIES && isBusyRun(figures.benchmarkIndex, usualSpeed()); retry += 1) {
          process.stdout.write(
            `  (máquina ocupada: índice ${Math.round(figures.benchmarkIndex)} contra ${Math.round(usualSpeed())}; de novo)\n`,
          );
          result.busyRetries += 1;
          await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
          figures = await runLighthouse(url, chrome.port, report, type.noindex);
        }
        speeds.push(figures.benchmarkIndex);
        result.runs.push(figures);
        process.stdout.write(`  ${type.label} execução ${run}/${RUNS}: desempenho ${figures.performance}\n`);
      }
    }
    for (const type of types) {
      const url = urls.get(type.key)!;
      phoneLoads[type.key] = await measurePhoneLoads(
        url,
        PHONE_RUNS,
        process.env.CHROME_PATH ?? "/usr/bin/chromium",
        SLOW_4G,
      );
      if (type.key === "map") {
        markers = await measureMapMarkers(url, MARKER_RUNS, process.env.CHROME_PATH ?? "/usr/bin/chromium");
      }
    }
  } finally {
    await chrome.kill();
    site.child.kill("SIGTERM");
    tiles.close();
  }

  console.log(`\nLighthouse 12, celular (throttling simulado), mediana de ${RUNS} execuções\n`);
  console.log("| página | desempenho | a11y/bp/seo | TBT ms | LCP s | CLS | JS KB | DOM |");
  console.log("|---|---|---|---|---|---|---|---|");
  const summary: Record<string, Record<string, number>> = {};
  for (const type of types) {
    const runs = results[type.key].runs;
    const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
    const figures = {
      performance: m((r) => r.performance),
      accessibility: m((r) => r.accessibility),
      bestPractices: m((r) => r.bestPractices),
      seo: m((r) => r.seo),
      tbtMs: m((r) => r.tbtMs),
      lcpMs: m((r) => r.lcpMs),
      cls: m((r) => r.cls),
      jsBytes: m((r) => r.jsBytes),
      domSize: m((r) => r.domSize),
    };
    summary[type.key] = figures;
    const others = [figures.accessibility, figures.bestPractices, figures.seo];
    console.log(
      `| ${type.label} | ${figures.performance} ${mark(figures.performance >= type.performance)} | ` +
        `${others.join("/")}${type.noindex ? "¹" : ""} ${mark(others.every((score) => score >= TARGETS.otherScores))} | ` +
        `${Math.round(figures.tbtMs)} ${mark(figures.tbtMs <= TARGETS.tbtMs)} | ` +
        `${(figures.lcpMs / 1000).toFixed(1)} ${mark(figures.lcpMs <= TARGETS.lcpMs)} | ` +
        `${figures.cls.toFixed(3)} ${mark(figures.cls <= TARGETS.cls)} | ` +
        `${kb(figures.jsBytes)} ${mark(figures.jsBytes <= type.jsKb * 1024)} | ${figures.domSize} |`,
    );
  }
  const retried = Object.values(results).reduce((sum, result) => sum + result.busyRetries, 0);
  console.log(
    `\nÍndice de CPU do Lighthouse, mediana da sessão: ${Math.round(usualSpeed())}; ` +
      `execuções refeitas por máquina ocupada (índice abaixo de ${Math.round((1 - BUSY_TOLERANCE) * 100)} % da mediana): ${retried}.`,
  );
  printPhoneLoads(types, phoneLoads);
  if (markers) printMarkers(markers);
  await fsp.writeFile(
    path.join(cacheDir, "last.json"),
    JSON.stringify({ budgets, results, summary, phoneLoads, markers }, null, 2),
  );
  if (types.some((type) => type.noindex)) {
    console.log("\n¹ SEO sem a auditoria is-crawlable: a página é `noindex, follow` de propósito (ADR 0010).");
  }
  console.log(`\nRelatórios JSON em ${path.relative(root, cacheDir)}/`);
}

/** The phone-load table: medians in ms from navigation start, measured (not simulated). */
function printPhoneLoads(types: readonly PageType[], loads: Record<string, PhoneLoadFigures>): void {
  const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : "—");
  const { latencyMs, downloadBytesPerSecond } = SLOW_4G;
  const network = `4G lento, ${latencyMs} ms, ${((downloadBytesPerSecond * 8) / 1e6).toFixed(1)} Mbit/s, CPU ${CPU_SLOWDOWN}× mais lenta`;
  console.log(`\nCelular emulado no Chromium (${network}; ms desde a navegação, mediana de ${PHONE_RUNS} cargas)\n`);
  console.log("| página | primeira pintura (FCP) | maior pintura (LCP) | hidratada |");
  console.log("|---|---|---|---|");
  for (const type of types) {
    const load = loads[type.key];
    if (load) {
      console.log(
        `| ${type.label} | ${ms(load.firstContentfulPaint)} | ${ms(load.largestContentfulPaint)} | ${ms(load.hydrated)} |`,
      );
    }
  }
}

/** The map's first-marker table: medians in ms from navigation start, with the target. */
function printMarkers(markers: { local: MarkerFigures; phone: MarkerFigures }): void {
  const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : "—");
  const { latencyMs, downloadBytesPerSecond } = PHONE_NETWORK;
  console.log(`\nMapa: primeiro marcador (ms desde a navegação, mediana de ${markers.local.runs} cargas)\n`);
  console.log("| rede | documento | pontos | hidratada | mapa | primeiro marcador | mín–máx | sem marcador |");
  console.log("|---|---|---|---|---|---|---|---|");
  const rows: [string, MarkerFigures][] = [
    ["local", markers.local],
    [`celular (${latencyMs} ms, ${((downloadBytesPerSecond * 8) / 1e6).toFixed(0)} Mbit/s)`, markers.phone],
  ];
  for (const [label, figures] of rows) {
    console.log(
      `| ${label} | ${ms(figures.document)} | ${ms(figures.points)} | ${ms(figures.hydrated)} | ${ms(figures.map)} | ` +
        `${ms(figures.marker)} ${label === "local" ? mark(figures.marker <= FIRST_MARKER_TARGET_MS) : ""} | ` +
        `${ms(figures.markerMin)}–${ms(figures.markerMax)} | ${figures.missing} ${mark(figures.missing === 0)} |`,
    );
  }
  console.log(
    `\nMeta: primeiro marcador em até ${FIRST_MARKER_TARGET_MS} ms na conexão local (mediana), ` +
      `e nenhuma carga sem marcador em ${MARKER_TIMEOUT_MS / 1000} s.`,
  );
  for (const [label, figures] of rows) {
    for (const problem of figures.problems) console.log(`  ${label}, carga sem marcador: ${problem}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
