/**
 * How long the Vista sandbox takes to build its catalogue from the dataset
 * (`buildCatalogue`, server/vista-sandbox/catalogue.ts): the sandbox, and so
 * `npm start` on its embedded defaults, the e2e tests and every bench, waits
 * for it once at start.
 */
import { readFileSync } from "node:fs";
import { buildCatalogue, DATASET_PATH } from "../server/vista-sandbox/catalogue";

/** Target CPU time of one build, ms. */
export const CATALOGUE_CPU_TARGET_MS = 2000;

/** Result of {@link measureCatalogueBuild}. */
export interface CatalogueBuildFigures {
  /** Listings built. */
  listings: number;
  /** CPU time (every thread, user + system) of the fastest of the timed builds, ms. */
  cpuMs: number;
}

/**
 * Builds the catalogue once untimed (the dataset read and the JIT warm), then
 * `builds` times, and returns the CPU time of the fastest: CPU time rather
 * than wall time, and the fastest rather than the mean, so a machine busy
 * with other work does not inflate it.
 */
export function measureCatalogueBuild(builds = 3): CatalogueBuildFigures {
  const csv = readFileSync(DATASET_PATH, "utf8");
  let listings = buildCatalogue(csv).listings.length;
  let cpuMs = Infinity;
  for (let i = 0; i < builds; i++) {
    const started = process.cpuUsage();
    listings = buildCatalogue(csv).listings.length;
    const used = process.cpuUsage(started);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  return { listings, cpuMs };
}
