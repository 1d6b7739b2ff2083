/**
 * How soon `/mapa` shows its first markers, for `npm run bench:web`
 * (docs/decisions/0009-map.md): Chromium through Playwright opens the page in
 * a fresh context `runs` times and records, from the start of navigation, when
 * the document arrived, when the points (`/mapa/pontos`) finished, when the
 * page was hydrated (`data-view` set), when the Leaflet container appeared and
 * when the first marker did. Once on the local connection, once on an
 * emulated phone network ({@link PHONE_NETWORK}).
 */
import { chromium, type Browser, type CDPSession, type Page } from "playwright";
import { HEADLESS_CHROMIUM_FLAGS } from "./chromium-flags";

// Re-exported for the other browser benchmarks, which take it from here.
export { HEADLESS_CHROMIUM_FLAGS };

/** A phone on a good 4G connection: round trip in ms, download and upload in bytes/s. */
export const PHONE_NETWORK = { latencyMs: 85, downloadBytesPerSecond: (9 * 1e6) / 8, uploadBytesPerSecond: 1e6 / 8 };

/**
 * Emulates `network` (round trip ms, bytes/s each way) for `page` through the
 * DevTools protocol; returns the session for more emulation.
 */
export async function emulateNetwork(page: Page, network: typeof PHONE_NETWORK): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.downloadBytesPerSecond,
    uploadThroughput: network.uploadBytesPerSecond,
  });
  return cdp;
}

/** Target: the median first marker, ms from navigation start (ADR 0044 has what the page took before). */
export const FIRST_MARKER_TARGET_MS = 3000;

/** How long (ms) a load may take to show its first marker before it counts as a load without markers. */
export const MARKER_TIMEOUT_MS = 60_000;

/** One page load's milestones, ms from navigation start (NaN when it never happened). */
export interface MarkerRun {
  document: number;
  points: number;
  hydrated: number;
  map: number;
  marker: number;
}

/** One load's milestones, with what the page reported when it showed no marker (else empty). */
type LoadRun = MarkerRun & { problems: string[] };

/**
 * Medians of {@link MarkerRun} over the runs of one network, with the loads
 * that showed no marker within {@link MARKER_TIMEOUT_MS} (`missing`) and what
 * the page reported in them (`problems`: console errors, uncaught errors,
 * failed or refused requests).
 */
export type MarkerFigures = MarkerRun & {
  runs: number;
  markerMin: number;
  markerMax: number;
  missing: number;
  problems: string[];
};

/** The median of the finite values (the upper one of an even count); NaN when there are none. */
export const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};

async function loadOnce(browser: Browser, url: string, phoneNetwork: boolean): Promise<LoadRun> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`erro: ${error.message}`));
    page.on("requestfailed", (request) => problems.push(`falhou: ${request.url()} ${request.failure()?.errorText}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        if (!marks.hydrated && document.querySelector("[data-view]")) marks.hydrated = performance.now();
        if (!marks.map && document.querySelector(".leaflet-container")) marks.map = performance.now();
        if (!marks.marker && document.querySelector(".leaflet-marker-icon")) marks.marker = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-view"] });
    });
    if (phoneNetwork) await emulateNetwork(page, PHONE_NETWORK);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    // In the page, not "visible": a price marker is a zero-size anchor (its label hangs outside it), and
    // Playwright would wait on the first marker's own box, which never grows, when that one is a price.
    const shown = await page
      .waitForSelector(".leaflet-marker-icon", { state: "attached", timeout: MARKER_TIMEOUT_MS })
      .then(
        () => true,
        () => false,
      );
    if (!shown) problems.push(`nenhum marcador em ${MARKER_TIMEOUT_MS} ms`);
    const milestones = await page.evaluate(() => {
      const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const points = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
        entry.name.includes("/mapa/pontos"),
      );
      return {
        document: navigation?.responseEnd ?? Number.NaN,
        points: points?.responseEnd ?? Number.NaN,
        hydrated: marks.hydrated ?? Number.NaN,
        map: marks.map ?? Number.NaN,
        marker: marks.marker ?? Number.NaN,
      };
    });
    return { ...milestones, problems: shown ? [] : problems };
  } finally {
    await context.close();
  }
}

/**
 * Loads `url` (the map page) `runs` times on the local connection and `runs`
 * times on {@link PHONE_NETWORK}, after one untimed load; returns the medians.
 * A load that shows no marker in {@link MARKER_TIMEOUT_MS} is counted
 * (`missing`), with what the page reported, instead of ending the bench.
 * @throws when Chromium cannot start.
 */
export async function measureMapMarkers(
  url: string,
  runs: number,
  executablePath: string,
): Promise<{ local: MarkerFigures; phone: MarkerFigures }> {
  const browser = await chromium.launch({ executablePath, args: HEADLESS_CHROMIUM_FLAGS });
  try {
    await loadOnce(browser, url, false);
    const figures = async (phoneNetwork: boolean): Promise<MarkerFigures> => {
      const all: LoadRun[] = [];
      for (let run = 0; run < runs; run += 1) all.push(await loadOnce(browser, url, phoneNetwork));
      const pick = (key: keyof MarkerRun) => median(all.map((run) => run[key]));
      const markers = all.map((run) => run.marker).filter((value) => Number.isFinite(value));
      const missed = all.filter((run) => !Number.isFinite(run.marker));
      return {
        runs,
        document: pick("document"),
        points: pick("points"),
        hydrated: pick("hydrated"),
        map: pick("map"),
        marker: pick("marker"),
        markerMin: markers.length ? Math.min(...markers) : Number.NaN,
        markerMax: markers.length ? Math.max(...markers) : Number.NaN,
        missing: missed.length,
        problems: missed.flatMap((run) => run.problems),
      };
    };
    return { local: await figures(false), phone: await figures(true) };
  } finally {
    await browser.close();
  }
}
