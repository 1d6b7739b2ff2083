/**
 * `npm run bench:abuse` (ADR 0062): what hostile list URLs cost the
 * production server on PGlite (the embedded default, where one request's
 * queries hold the whole process), over the full demo catalogue. Prints
 * figures and "meta ✓ / ✗"; never fails on a missed target.
 *
 * Measured, one request at a time unless said otherwise, each URL made unique
 * so neither the page cache nor the facet-count cache answers it:
 * - the attack URL: every São Paulo neighbourhood, every amenity and a random
 *   `utm_source` (target: ≤ 100 ms), alone and with its redirect followed;
 * - the heaviest URL the caps accept: {@link MAX_NEIGHBOURHOODS}
 *   neighbourhoods, {@link MAX_AMENITIES} amenities and every other facet,
 *   with a random price (an empty result, so its wider searches run);
 * - an ordinary page (apartments for sale in one neighbourhood, random price)
 *   alone, then while 4 clients request attack URLs back to back (target: p50
 *   within twice the idle p50), then while 4 clients request the heaviest
 *   accepted URL, and `/health/server` meanwhile.
 *
 * Flags: `--fresh` rebuild the cached PGlite; `--build` rebuild the site;
 * `--samples=<n>` requests per line (default 20).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { loadVocabulary } from "../app/.server/catalogue/vocabulary";
import { AMENITY_FILTERS } from "../app/lib/amenities";
import { filtersToUrl, MAX_AMENITIES, MAX_NEIGHBOURHOODS, type ListingFilters } from "../app/lib/filters";
import { benchAgainstServer, option, say } from "./server-bench";
import { formatMs, summarize, targetMark, type LatencySummary } from "./stats";

const samples = Math.max(3, Number(option("samples") ?? 20));

/** Targets of ADR 0062 (ms, and a ratio). */
const TARGETS = { attackP50: 100, ordinaryUnderAttackRatio: 2 } as const;

/** A query string that makes every URL unique (the page cache keys on the URL). */
const unique = () => Math.random().toString(36).slice(2, 10);

/**
 * One GET from the loopback address `from` (redirects followed when
 * `follow`); its latency in ms and final status. The attackers speak from
 * 127.0.0.2, the visitor from 127.0.0.1: two clients to the server.
 */
async function timedGet(url: string, follow = false, from = "127.0.0.1"): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const { status, location } = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const request = http.get(
        target,
        { localAddress: from, headers: { "User-Agent": "Mozilla/5.0 bench", Connection: "close" } },
        (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
    });
    if (!follow || !location || status < 300 || status >= 400 || hop >= 3) {
      return { ms: performance.now() - started, status };
    }
    target = new URL(location, target);
  }
}

/** `count` sequential requests of `makeUrl()`, their latencies and status codes. */
async function sequence(makeUrl: () => string, count: number, follow = false) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const { ms, status } = await timedGet(makeUrl(), follow);
    times.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return { summary: summarize(times), statuses };
}

/** Runs `clients` loops of `makeUrl()` requests (redirects followed) until `until` settles; how many ran. */
async function background(makeUrl: () => string, clients: number, until: Promise<unknown>): Promise<number> {
  let done = false;
  let requests = 0;
  void until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done) {
        await timedGet(makeUrl(), true, "127.0.0.2").catch(() => undefined);
        requests += 1;
      }
    }),
  );
  return requests;
}

function row(label: string, s: LatencySummary, statuses: Map<number, number>, note = ""): string {
  const codes = [...statuses].map(([code, n]) => `${code}: ${n}`).join(", ");
  return `${label.padEnd(44)} p50 ${formatMs(s.p50).padStart(9)}  p95 ${formatMs(s.p95).padStart(9)}  máx ${formatMs(s.max).padStart(9)}  (${codes})${note ? ` · ${note}` : ""}`;
}

async function main() {
  await benchAgainstServer({
    name: "abuse",
    prepare: loadVocabulary,
    measure: async (server, vocabulary) => {
      const city = vocabulary.cities.find((c) => c.slug === "sao-paulo") ?? vocabulary.cities[0];
      const nbs = city.neighbourhoods.map((nb) => nb.slug);
      const busiest = [...city.neighbourhoods].sort((a, b) => b.count - a.count)[0].slug;
      const list = `${server.origin}/todos-os-imoveis`;
      const attack = () =>
        `${list}?cidade=${city.slug}&${nbs.map((nb) => `bairro=${nb}`).join("&")}` +
        `&comodidades=${AMENITY_FILTERS.map((a) => a.slug).join(",")}&utm_source=${unique()}`;
      // Canonical URLs (a 200 at once), each with a price no other request had.
      const canonical = (filters: ListingFilters) => `${server.origin}${filtersToUrl(filters, vocabulary)}`;
      const capped = () =>
        canonical({
          city: city.slug,
          neighbourhoods: nbs.slice(0, MAX_NEIGHBOURHOODS),
          amenities: AMENITY_FILTERS.slice(0, MAX_AMENITIES).map((a) => a.slug),
          priceMin: 1_000 + Math.floor(Math.random() * 1_000_000),
          bedroomsMin: 2,
          suitesMin: 1,
          parkingMin: 1,
          bathroomsMin: 1,
          areaMin: 20,
          condoFeeMax: 9_000,
          launch: true,
          exclusive: true,
        });
      const ordinary = () =>
        canonical({
          purpose: "venda",
          category: "apartamento",
          city: city.slug,
          neighbourhoods: [busiest],
          priceMin: 1_000 + Math.floor(Math.random() * 100_000),
        });
      say();
      say(`Abuso — ${city.neighbourhoods.length} bairros em ${city.label}, ${samples} pedidos por linha, PGlite`);
      await sequence(ordinary, 3); // warm-up: JIT, first page render
      const attackAlone = await sequence(attack, samples);
      say(
        row(
          "URL de ataque (todos os bairros e comodidades)",
          attackAlone.summary,
          attackAlone.statuses,
          `meta p50 ≤ ${TARGETS.attackP50} ms ${targetMark(attackAlone.summary.p50, TARGETS.attackP50)}`,
        ),
      );
      const attackFollowed = await sequence(attack, samples, true);
      say(row("URL de ataque, seguindo o redirecionamento", attackFollowed.summary, attackFollowed.statuses));
      const cappedAlone = await sequence(capped, samples);
      say(row("URL mais pesada aceita (sem resultado)", cappedAlone.summary, cappedAlone.statuses));
      const idle = await sequence(ordinary, samples);
      say(row("página comum, servidor ocioso", idle.summary, idle.statuses));

      for (const [label, makeUrl] of [
        ["URL de ataque (seguida)", attack],
        ["URL mais pesada aceita", capped],
      ] as const) {
        let finish!: () => void;
        const until = new Promise<void>((resolve) => (finish = resolve));
        const load = background(makeUrl, 4, until);
        const loaded = await sequence(ordinary, samples);
        const health = await sequence(() => `${server.origin}/health/server`, Math.min(samples, 10));
        finish();
        const background4 = await load;
        const limit = idle.summary.p50 * TARGETS.ordinaryUnderAttackRatio;
        say(
          row(
            `página comum, 4 clientes de ${label}`,
            loaded.summary,
            loaded.statuses,
            `meta p50 ≤ 2 × ocioso (${formatMs(limit)}) ${targetMark(loaded.summary.p50, limit)} · ${background4} pedidos de fundo`,
          ),
        );
        say(row(`/health/server, 4 clientes de ${label}`, health.summary, health.statuses));
      }
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
