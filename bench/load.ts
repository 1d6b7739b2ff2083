/**
 * `npm run bench:load` (docs/decisions/0071-admission-control.md): the
 * production server on PGlite over the full demo catalogue under crowds of
 * 50, 200 and 400 clients, each its own visitor (its own address), on an
 * uncached mix: list pages with varied filters, listing pages, `/busca` and
 * `/mapa/pontos`, every URL once (bench/mixed-load.ts, the same mix as
 * `npm run bench`). Prints, per crowd: answers per second, p50/p95/p99 per
 * page type, refusals (503) apart from failures, status codes, and the
 * server's memory (resident set, sampled every 250 ms). Prints figures and
 * "meta ✓ / ✗" only; never fails on them.
 *
 * Flags: `--fresh` rebuild the cached PGlite; `--build` rebuild the site;
 * `--seconds=<n>` load per crowd (default 15); `--crowds=50,200,400`;
 * `--env=NAME=value,…` settings for the server (e.g. `MAX_REQUESTS_QUEUED=100000`
 * to measure without shedding); `--crawl` the crawler scenario after the
 * crowds (`--crawl-limit=<n>` listings at most).
 */
import { drawMixedWorkload } from "./mixed-load";
import { measureMixedLoad } from "./mixed-report";
import { benchAgainstServer, flag, option, say } from "./server-bench";

const seconds = Math.max(3, Number(option("seconds") ?? 15));
const crowds = (option("crowds") ?? "50,200,400")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const extraEnv = Object.fromEntries(
  (option("env") ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=") as [string, string]),
);

async function main() {
  await benchAgainstServer({
    name: "load",
    env: extraEnv,
    prepare: (db) => drawMixedWorkload(db),
    measure: async (server, workload) => {
      say();
      say(
        `Carga — PGlite, ${seconds} s por multidão, mistura sem cache (listas, imóveis, /busca, /mapa/pontos; cada URL uma vez), cada cliente com seu endereço${Object.keys(extraEnv).length ? ` · ${JSON.stringify(extraEnv)}` : ""}`,
      );
      const limit = option("crawl-limit");
      await measureMixedLoad(server, workload, {
        crowds,
        seconds,
        crawl: flag("crawl"),
        crawlLimit: limit ? Number(limit) : undefined,
        say,
      });
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
