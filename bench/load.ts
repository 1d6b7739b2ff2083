/**
 * `npm run bench:load` (docs/decisions/0071-admission-control.md): the
 * production server on PGlite over the full demo catalogue under crowds of
 * 50, 200 and 400 clients, each its own visitor (its own address), on an
 * uncached mix: list pages with a random price, listing pages, `/busca` and
 * `/mapa/pontos`. Prints, per crowd: requests per second, the latency of
 * answered pages and of refusals, status codes, and the server's memory
 * (resident set, sampled every 250 ms). Prints figures only; never fails on
 * them.
 *
 * Flags: `--fresh` rebuild the cached PGlite; `--build` rebuild the site;
 * `--seconds=<n>` load per crowd (default 15); `--crowds=50,200,400`;
 * `--env=NAME=value,…` settings for the server (e.g. `MAX_REQUESTS_QUEUED=100000`
 * to measure without shedding).
 */
import fs from "node:fs";
import http from "node:http";
import { sql } from "drizzle-orm";
import { loadVocabulary } from "../app/.server/catalogue/vocabulary";
import { filtersToUrl } from "../app/lib/filters";
import { listingPath } from "../app/lib/urls";
import { benchAgainstServer, option, say } from "./server-bench";
import { formatMs, summarize } from "./stats";

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

/** Resident set size (MB) of every process in the server's process group. */
function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}

/**
 * `clients` visitors, each its own address (`X-Forwarded-For` from the
 * loopback proxy the server trusts) and its own connection, each asking for
 * the next path of the shared rotation as soon as its last answer is read,
 * for `seconds`. Latencies (ms) of answers and of 503 refusals apart.
 */
async function crowdLoad(origin: string, paths: readonly string[], clients: number, seconds: number) {
  let next = 0;
  const served: number[] = [];
  const refused: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients * 2 });
  const get = (path: string, address: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${origin}${path}`,
        { agent, headers: { "x-forwarded-for": address, accept: "text/html", "accept-encoding": "gzip" } },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      request.setTimeout(60_000, () => request.destroy(new Error("timeout")));
      request.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const status = await get(paths[next++ % paths.length]!, address);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          (status === 503 ? refused : served).push(performance.now() - started);
          // A refused visitor waits a moment before trying again, as a browser's reload would.
          if (status === 503) await new Promise((resolve) => setTimeout(resolve, 250));
        } catch {
          errors += 1;
        }
      }
    }),
  );
  agent.destroy();
  return { served, refused, statusCodes, errors };
}

async function main() {
  await benchAgainstServer({
    name: "load",
    env: extraEnv,
    prepare: async (db) => {
      const vocabulary = await loadVocabulary(db);
      const rows = (
        await db.execute(
          sql`select code, category, neighbourhood, condominium_slug from listings where removed_at is null order by random() limit 2000`,
        )
      ).rows as { code: string; category: string; neighbourhood: string; condominium_slug: string | null }[];
      const city = vocabulary.cities.find((c) => c.slug === "sao-paulo") ?? vocabulary.cities[0]!;
      const words = ["apartamento", "casa", "pinheiros", "moema", "cobertura", "studio", "jardins", "vila"];
      const paths: string[] = [];
      for (let i = 0; i < 4000; i++) {
        const nb = city.neighbourhoods[i % city.neighbourhoods.length]!.slug;
        const row = rows[i % rows.length]!;
        const price = 100_000 + ((i * 7919) % 900_000);
        switch (i % 4) {
          case 0:
            paths.push(
              filtersToUrl({ purpose: "venda", city: city.slug, neighbourhoods: [nb], priceMin: price }, vocabulary),
            );
            break;
          case 1:
            paths.push(
              listingPath({
                code: row.code,
                category: row.category,
                neighbourhood: row.neighbourhood,
                condominiumSlug: row.condominium_slug,
              }),
            );
            break;
          case 2:
            paths.push(`/busca?q=${encodeURIComponent(`${words[i % words.length]} ${(i % 5) + 1} quartos`)}&p=${i}`);
            break;
          default:
            paths.push(`/mapa/pontos?cidade=${city.slug}&valor-min=${price}`);
        }
      }
      return paths;
    },
    measure: async (server, paths) => {
      say();
      say(
        `Carga — PGlite, ${seconds} s por multidão, mistura sem cache (listas, imóveis, /busca, /mapa/pontos), cada cliente com seu endereço${Object.keys(extraEnv).length ? ` · ${JSON.stringify(extraEnv)}` : ""}`,
      );
      say(`memória em repouso: ${groupRssMb(server.pgid).toFixed(0)} MB`);
      for (const crowd of crowds) {
        let peak = 0;
        const sampler = setInterval(() => (peak = Math.max(peak, groupRssMb(server.pgid))), 250);
        const result = await crowdLoad(server.origin, paths, crowd, seconds);
        clearInterval(sampler);
        const codes = Object.entries(result.statusCodes)
          .map(([code, n]) => `${code}: ${n}`)
          .join(", ");
        const served = summarize(result.served);
        const refused = summarize(result.refused);
        say(
          `${String(crowd).padStart(4)} clientes: ${(result.served.length / seconds).toFixed(1)} atendidas/s · atendidas p50 ${formatMs(served.p50)} p95 ${formatMs(served.p95)} p99 ${formatMs(served.p99)} · recusadas (503) p50 ${formatMs(refused.p50)} p95 ${formatMs(refused.p95)} · erros ${result.errors} · memória máx. ${peak.toFixed(0)} MB · (${codes})`,
        );
      }
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
