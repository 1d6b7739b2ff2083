/**
 * `npm run bench:valuation`: a leave-one-out backtest of the owner's estimate
 * (`estimateValue`, ADR 0089) over the real catalogue.
 *
 * The catalogue is the bench's (ADR 0012): the Vista sandbox over the data
 * set, synced by the real sync into a PGlite of its own,
 * `.cache/bench/valuation-pglite` (a copy of `npm run bench`'s folder when
 * there is one, brought up to date by a delta sync). Every active listing is
 * read once; then, for each purpose, every listing with a price, an area and
 * a number of bedrooms is estimated from the OTHER listings, with the
 * candidates the page's query would return (same city, type and purpose,
 * area ±30 %, bedrooms ±1, its own neighbourhood first then by distance from
 * the neighbourhood's centroid, at most `CANDIDATE_LIMIT`). A listing counts
 * when the rule finds at least 10 comparables for it. Printed: the listings
 * counted, the median absolute percentage error of the point estimate (the
 * median price per m² × area), the share within ±15 %, and the share whose
 * asking price falls inside the shown range. Never fails on the figures.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isNull } from "drizzle-orm";
import { listings } from "../app/.server/db/schema";
import type { Purpose } from "../app/domain/listing";
import {
  areaBounds,
  BEDROOM_TOLERANCE,
  CANDIDATE_LIMIT,
  estimateValue,
  quantile,
  type ComparableCandidate,
} from "../app/lib/valuation";
import { preparePglite, startBenchSandbox } from "./catalogue";
import { copyPglite } from "./http";

/** Fewest comparables a listing needs to be counted in the backtest. */
const MIN_BACKTEST_COMPARABLES = 10;
/** An estimate within this share of the asking price counts as close. */
const CLOSE = 0.15;

const root = fileURLToPath(new URL("..", import.meta.url));
const cacheDir = path.join(root, ".cache/bench");

/** An active listing as the backtest reads it. */
interface Row {
  code: string;
  city: string;
  category: string;
  neighbourhood: string;
  forSale: boolean;
  forRent: boolean;
  salePrice: number | null;
  rentPrice: number | null;
  area: number | null;
  bedrooms: number | null;
  suites: number | null;
  parking: number | null;
  condoFee: number | null;
  lat: number | null;
  lon: number | null;
}

/** km between two points (the equirectangular approximation the page's query uses). */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dy = (lat1 - lat2) * 111.32;
  const dx = (lon1 - lon2) * 111.32 * Math.cos((lat2 * Math.PI) / 180);
  return Math.sqrt(dx * dx + dy * dy);
}

/** Centroid of the located active listings of each `city/neighbourhood`. */
function centroids(rows: Row[]): Map<string, { lat: number; lon: number }> {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const row of rows) {
    if (row.lat == null || row.lon == null) continue;
    const key = `${row.city}/${row.neighbourhood}`;
    const sum = sums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    sum.lat += row.lat;
    sum.lon += row.lon;
    sum.n += 1;
    sums.set(key, sum);
  }
  return new Map([...sums].map(([key, sum]) => [key, { lat: sum.lat / sum.n, lon: sum.lon / sum.n }]));
}

/** Figures of one purpose. */
interface Figures {
  purpose: Purpose;
  priced: number;
  counted: number;
  medianError: number;
  withinClose: number;
  insideRange: number;
}

/** Leave-one-out over the listings offered for `purpose` (see the module comment). */
function backtest(rows: Row[], purpose: Purpose): Figures {
  const priceOf = (row: Row) =>
    purpose === "venda" ? (row.forSale ? row.salePrice : null) : row.forRent ? row.rentPrice : null;
  const offered = rows.filter((row) => (priceOf(row) ?? 0) > 0 && (row.area ?? 0) > 0);
  const centre = centroids(rows);
  const groups = new Map<string, Row[]>();
  for (const row of offered) {
    const key = `${row.city}/${row.category}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const errors: number[] = [];
  let inside = 0;
  for (const group of groups.values()) {
    for (const subject of group) {
      if (subject.bedrooms == null) continue;
      const subjectArea = subject.area!;
      const bounds = areaBounds(subjectArea);
      const c = centre.get(`${subject.city}/${subject.neighbourhood}`);
      const candidates: ComparableCandidate[] = [];
      for (const other of group) {
        if (other === subject || other.area! < bounds.min || other.area! > bounds.max) continue;
        if (other.bedrooms == null || Math.abs(other.bedrooms - subject.bedrooms) > BEDROOM_TOLERANCE) continue;
        candidates.push({
          code: other.code,
          neighbourhood: other.neighbourhood,
          area: other.area!,
          bedrooms: other.bedrooms,
          suites: other.suites,
          parking: other.parking,
          condoFee: other.condoFee,
          price: priceOf(other)!,
          distanceKm:
            c && other.lat != null && other.lon != null ? distanceKm(other.lat, other.lon, c.lat, c.lon) : null,
        });
      }
      // The query's order and bound: own neighbourhood first, then nearest (unlocated last), then code.
      candidates.sort(
        (a, b) =>
          Number(b.neighbourhood === subject.neighbourhood) - Number(a.neighbourhood === subject.neighbourhood) ||
          (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
          (a.code < b.code ? -1 : 1),
      );
      const estimate = estimateValue(
        {
          purpose,
          category: subject.category,
          city: subject.city,
          neighbourhood: subject.neighbourhood,
          area: subjectArea,
          bedrooms: subject.bedrooms,
          ...(subject.suites != null ? { suites: subject.suites } : {}),
          ...(subject.parking != null ? { parking: subject.parking } : {}),
          ...(subject.condoFee != null && subject.condoFee > 0 ? { condoFee: subject.condoFee } : {}),
        },
        candidates.slice(0, CANDIDATE_LIMIT),
      );
      if (estimate.status !== "estimate" || estimate.comparables.length < MIN_BACKTEST_COMPARABLES) continue;
      const actual = priceOf(subject)!;
      errors.push(Math.abs(estimate.pricePerM2.median * subjectArea - actual) / actual);
      if (actual >= estimate.pricePerM2.low * subjectArea && actual <= estimate.pricePerM2.high * subjectArea) inside++;
    }
  }
  errors.sort((a, b) => a - b);
  return {
    purpose,
    priced: offered.length,
    counted: errors.length,
    medianError: errors.length ? quantile(errors, 0.5) : NaN,
    withinClose: errors.length ? errors.filter((error) => error <= CLOSE).length / errors.length : NaN,
    insideRange: errors.length ? inside / errors.length : NaN,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1).replace(".", ",")} %`;

async function main() {
  const dir = path.join(cacheDir, "valuation-pglite");
  const shared = path.join(cacheDir, "pglite");
  const have = async (folder: string) =>
    fs.stat(path.join(folder, "PG_VERSION")).then(
      () => true,
      () => false,
    );
  if (!(await have(dir)) && (await have(shared))) {
    console.log("[valuation] copiando o PGlite do bench …");
    await copyPglite(shared, path.join(cacheDir, "valuation-copy"));
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(path.join(cacheDir, "valuation-copy", "pglite"), dir);
    await fs.rm(path.join(cacheDir, "valuation-copy"), { recursive: true, force: true });
  }
  const sandbox = await startBenchSandbox(path.join(cacheDir, "sandbox"));
  try {
    const bench = await preparePglite(dir, process.argv.includes("--fresh"), {
      sandbox,
      log: (line) => console.log(`  [sync] ${line}`),
    });
    try {
      const l = listings;
      const rows: Row[] = await bench.database.db
        .select({
          code: l.code,
          city: l.citySlug,
          category: l.categorySlug,
          neighbourhood: l.neighbourhoodSlug,
          forSale: l.forSale,
          forRent: l.forRent,
          salePrice: l.salePrice,
          rentPrice: l.rentPrice,
          area: l.area,
          bedrooms: l.bedrooms,
          suites: l.suites,
          parking: l.parkingSpaces,
          condoFee: l.condoFee,
          lat: l.latitude,
          lon: l.longitude,
        })
        .from(l)
        .where(isNull(l.removedAt));
      console.log(`\nBacktest da estimativa (ADR 0089), deixando cada imóvel de fora: ${rows.length} imóveis ativos`);
      console.log(`Conta um imóvel com pelo menos ${MIN_BACKTEST_COMPARABLES} comparáveis.\n`);
      for (const purpose of ["venda", "aluguel"] as const) {
        const f = backtest(rows, purpose);
        console.log(
          `${purpose.padEnd(8)} anunciados ${String(f.priced).padStart(6)} | estimados ${String(f.counted).padStart(6)} | ` +
            `erro mediano ${percent(f.medianError)} | dentro de ±15 %: ${percent(f.withinClose)} | ` +
            `preço dentro da faixa: ${percent(f.insideRange)}`,
        );
      }
    } finally {
      await bench.close();
    }
  } finally {
    await sandbox.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
