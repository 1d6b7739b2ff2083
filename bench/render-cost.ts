/**
 * `npm run bench:render` (docs/decisions/0094-listing-render-cost.md): what one
 * uncached page costs the server and weighs, per page type. The production
 * build on a copy of the bench PGlite (the frame of `bench:load`,
 * `./server-bench.ts`), asked one request at a time, as a phone's Chrome
 * would ask (its user agent, so the document streams; no cookie, so the page
 * cache could keep it), for pages it never rendered before:
 *
 * - listing pages: N distinct canonical listing URLs (each its first render);
 * - list pages: distinct filter URLs (a different minimum price each);
 * - `/busca`: distinct queries (the words and the number of bedrooms vary);
 * - condominium pages: distinct condominiums;
 * - home: `/` with a parameter no route reads, which makes the request bypass
 *   the page cache (`server/page-cache.ts`), so each request renders.
 *
 * A response the page cache answered (`X-Page-Cache: HIT`) would not measure
 * a render; the bench counts and reports such answers. A few pages of each
 * type are asked first and not counted (warm-up: code compiled, the
 * vocabulary and the other per-process caches loaded, as on a running site);
 * after the first type's warm-up the bench waits until the server is quiet
 * (`waitForQuiet`): the background work its first request starts (the Auth
 * emulator's loading, the photos, the neighbourhood figures) would otherwise
 * run beside the first measured pages.
 *
 * Prints, per page type: median and p95 server time (request sent → last
 * byte read, on the loopback, so transfer time is negligible), median time
 * to the first byte, and median HTML size raw and brotli (quality 11, as the
 * build precompresses assets); then the listing HTML's breakdown: inline
 * `<style>` elements, inline `<svg>` elements (the icon sprite included),
 * the loader-data script (`window.__remixContext`), JSON-LD, and the rest.
 * Prints figures only; never fails on them.
 *
 * Flags: `--build` rebuild the site; `--fresh` rebuild the cached PGlite;
 * `--listings=<n>` listing pages measured (default 60), `--others=<n>` pages
 * of each other type (default 15); `--profile=<dir>` write the server's CPU
 * profile (`server-<pid>.cpuprofile`, for Chrome DevTools) to `<dir>` when it
 * is stopped (`--cpu-prof` is refused in `NODE_OPTIONS`, and the server is
 * stopped by a signal, which `--cpu-prof` does not wait for; a preloaded
 * module starts the inspector's profiler instead).
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { sql } from "drizzle-orm";
import { loadVocabulary } from "../app/.server/catalogue/vocabulary";
import { filtersToUrl } from "../app/lib/filters";
import { condominiumPath, listingPath } from "../app/lib/urls";
import { benchAgainstServer, option, say } from "./server-bench";
import { waitForQuiet } from "./mixed-load";
import { formatMs, summarize } from "./stats";

const listingCount = Math.max(5, Number(option("listings") ?? 60));
const otherCount = Math.max(3, Number(option("others") ?? 15));
/** Pages of each type asked before the measured ones, not counted. */
const WARM_UP = 3;
const profileDir = option("profile");

/** The module preloaded into the server (and its `tsx` parent) by `--profile`: profiles until SIGTERM or exit. */
const PROFILER_SOURCE = `const inspector = require("node:inspector");
const fs = require("node:fs");
const path = require("node:path");
const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 100 });
session.post("Profiler.start");
let written = false;
function write() {
  if (written) return;
  written = true;
  session.post("Profiler.stop", (error, result) => {
    if (!error) fs.writeFileSync(path.join(__dirname, "server-" + process.pid + ".cpuprofile"), JSON.stringify(result.profile));
  });
}
process.prependListener("SIGTERM", write);
process.on("exit", write);
`;

/** The server's environment for `--profile=<dir>`: the profiler module written to `dir` and preloaded. */
function profilingEnv(dir: string): Record<string, string> {
  fs.mkdirSync(dir, { recursive: true });
  const preload = path.join(dir, "profiler.cjs");
  fs.writeFileSync(preload, PROFILER_SOURCE);
  return { NODE_OPTIONS: `--require ${preload}` };
}

/** A phone's Chrome (not a crawler: the document streams from the shell, as a visitor gets it). */
const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** One page type: its name and the paths asked (the first {@link WARM_UP} are not counted). */
interface PageType {
  name: string;
  paths: string[];
}

/** One answer: times (ms) and the HTML. */
interface Sample {
  status: number;
  cache: string | null;
  firstByteMs: number;
  totalMs: number;
  html: string;
}

/** Asks `origin` for `path` as a phone visitor and reads the whole body. */
async function fetchPage(origin: string, path: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    headers: { accept: "text/html", "accept-encoding": "identity", "user-agent": PHONE_USER_AGENT },
    redirect: "manual",
  });
  const firstByteMs = performance.now() - started;
  const html = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    firstByteMs,
    totalMs: performance.now() - started,
    html,
  };
}

/** Bytes of `text` in UTF-8. */
const bytes = (text: string) => Buffer.byteLength(text);

/** Bytes of `text` compressed with brotli at quality 11 (text mode). */
const brotliBytes = (text: string) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
  }).length;

/** "12,3 KB" (1 KB = 1,000 bytes, as the issue's and docs' figures). */
const kb = (n: number) => `${(n / 1000).toFixed(1).replace(".", ",")} KB`;

/** Total bytes of the matches of `pattern` in `html`. */
function matchedBytes(html: string, pattern: RegExp): number {
  let total = 0;
  for (const match of html.matchAll(pattern)) total += bytes(match[0]);
  return total;
}

/**
 * The parts of a document: inline `<style>`s, inline `<svg>`s (outermost
 * elements; they do not nest here), the loader-data script, JSON-LD scripts
 * and the rest (markup, text, other scripts), in bytes.
 */
export function htmlBreakdown(html: string) {
  const style = matchedBytes(html, /<style\b[^>]*>[\s\S]*?<\/style>/g);
  const svg = matchedBytes(html, /<svg\b[^>]*>[\s\S]*?<\/svg>/g);
  const loaderData = matchedBytes(html, /<script\b[^>]*>window\.__remixContext[\s\S]*?<\/script>/g);
  const jsonLd = matchedBytes(html, /<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g);
  const total = bytes(html);
  return { total, style, svg, loaderData, jsonLd, rest: total - style - svg - loaderData - jsonLd };
}

/** The median of `values` (NaN when empty). */
const median = (values: readonly number[]) => summarize(values).p50;

/** The paths of every page type, read from the synced database. */
async function pagePaths(db: Parameters<typeof loadVocabulary>[0]): Promise<PageType[]> {
  const vocabulary = await loadVocabulary(db);
  const listingRows = (
    await db.execute(
      sql`select code, category, neighbourhood, condominium_slug from listings where removed_at is null order by random() limit ${listingCount + WARM_UP}`,
    )
  ).rows as { code: string; category: string; neighbourhood: string; condominium_slug: string | null }[];
  const condominiumRows = (
    await db.execute(
      sql`select c.slug from condominiums c where exists (select 1 from listings l where l.condominium_slug = c.slug and l.removed_at is null) order by random() limit ${otherCount + WARM_UP}`,
    )
  ).rows as { slug: string }[];
  const city = vocabulary.cities.find((c) => c.slug === "sao-paulo") ?? vocabulary.cities[0]!;
  const words = ["apartamento", "casa", "pinheiros", "moema", "cobertura", "studio", "jardins", "vila"];
  const others = Array.from({ length: otherCount + WARM_UP }, (_, i) => i);
  return [
    {
      name: "imóvel",
      paths: listingRows.map((row) =>
        listingPath({
          code: row.code,
          category: row.category,
          neighbourhood: row.neighbourhood,
          condominiumSlug: row.condominium_slug,
        }),
      ),
    },
    {
      name: "lista",
      paths: others.map((i) =>
        filtersToUrl(
          {
            purpose: "venda",
            city: city.slug,
            neighbourhoods: [city.neighbourhoods[i % city.neighbourhoods.length]!.slug],
            priceMin: 100_000 + i * 10_000,
          },
          vocabulary,
        ),
      ),
    },
    {
      name: "/busca",
      // Word and bedroom count never repeat together: each query is new to the page cache.
      paths: others.map(
        (i) =>
          `/busca?q=${encodeURIComponent(`${words[i % words.length]} ${Math.floor(i / words.length) + 1} quartos`)}`,
      ),
    },
    { name: "condomínio", paths: condominiumRows.map((row) => condominiumPath(row.slug)) },
    { name: "início", paths: others.map((i) => `/?medida=${i}`) },
  ];
}

/** Asks for every path of `type` in turn; the measured samples (after the warm-up, and `settle()` once it is done). */
async function measureType(origin: string, type: PageType, settle?: () => Promise<void>): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const [index, pagePath] of type.paths.entries()) {
    if (index === WARM_UP) await settle?.();
    const sample = await fetchPage(origin, pagePath);
    if (index >= WARM_UP) samples.push(sample);
  }
  return samples;
}

/** The report line of one page type. */
function typeLine(name: string, samples: readonly Sample[]): string {
  const ok = samples.filter((s) => s.status === 200);
  const time = summarize(ok.map((s) => s.totalMs));
  const firstByte = median(ok.map((s) => s.firstByteMs));
  const raw = median(ok.map((s) => bytes(s.html)));
  const brotli = median(ok.map((s) => brotliBytes(s.html)));
  const hits = samples.filter((s) => s.cache?.toUpperCase() === "HIT").length;
  const other = samples.length - ok.length;
  return (
    `${name.padEnd(11)} n=${String(ok.length).padStart(3)} · servidor p50 ${formatMs(time.p50)} p95 ${formatMs(time.p95)}` +
    ` · 1º byte p50 ${formatMs(firstByte)} · HTML p50 ${kb(raw)} (brotli ${kb(brotli)})` +
    (hits ? ` · ${hits} do cache!` : "") +
    (other ? ` · ${other} sem 200` : "")
  );
}

/** The report lines of the listing HTML's breakdown (medians over the samples). */
function breakdownLines(samples: readonly Sample[]): string[] {
  const parts = samples.filter((s) => s.status === 200).map((s) => htmlBreakdown(s.html));
  const line = (label: string, key: keyof ReturnType<typeof htmlBreakdown>) =>
    `  ${label.padEnd(26)} ${kb(median(parts.map((p) => p[key]))).padStart(9)}`;
  return [
    "HTML do imóvel, por parte (mediana):",
    line("<style> inline", "style"),
    line("<svg> inline (sprite incl.)", "svg"),
    line("dados do loader (script)", "loaderData"),
    line("JSON-LD", "jsonLd"),
    line("o resto", "rest"),
    line("total", "total"),
  ];
}

async function main() {
  await benchAgainstServer({
    name: "render",
    env: profileDir ? profilingEnv(path.resolve(profileDir)) : {},
    prepare: pagePaths,
    measure: async (server, types) => {
      say();
      say(
        `Custo de uma página sem cache — PGlite, uma requisição por vez, ${listingCount} imóveis e ${otherCount} de cada outro tipo (após ${WARM_UP} de aquecimento)`,
      );
      let listingSamples: Sample[] = [];
      // Once, after the first warm-up: the start-up's background work done before anything is measured.
      let settle: (() => Promise<void>) | undefined = async () => {
        const { waitedMs, quiet } = await waitForQuiet(server.pgid);
        say(`(servidor ${quiet ? "em repouso" : "ainda ocupado"} após ${formatMs(waitedMs)} de espera)`);
      };
      for (const type of types) {
        const samples = await measureType(server.origin, type, settle);
        settle = undefined;
        if (type.name === "imóvel") listingSamples = samples;
        say(typeLine(type.name, samples));
      }
      say();
      for (const line of breakdownLines(listingSamples)) say(line);
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
