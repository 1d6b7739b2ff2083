/**
 * What a visitor on a phone sees, measured in a real browser rather than
 * Lighthouse's simulation, for `npm run bench:web` (ADR 0049): Chromium
 * through Playwright opens a page in a fresh context `runs` times on an
 * emulated phone (a network, {@link PHONE_NETWORK} unless told, and a CPU
 * {@link CPU_SLOWDOWN}× slower) and
 * records, from the start of navigation, the first contentful paint, the
 * largest contentful paint (Paint Timing, LCP API) and when React had
 * hydrated the page and run its effects (the React DevTools hook).
 */
import { chromium, type Browser } from "playwright";
import { emulateNetwork, HEADLESS_CHROMIUM_FLAGS, median, PHONE_NETWORK } from "./map-markers";

/** CPU slowdown of the emulated phone (Lighthouse's mobile default). */
export const CPU_SLOWDOWN = 4;

/** An Android Chrome user agent. */
const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/**
 * Runs before the page's scripts: records the last largest-contentful-paint
 * candidate and the first React commit (the hydration; React DOM's production
 * build reports each commit to a DevTools hook). A string, not a function:
 * tsx would wrap a function's inner functions in a helper the page lacks.
 */
const PROBE_SOURCE = `
  window.__largestPaint = NaN;
  window.__hydrated = NaN;
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) { window.__largestPaint = entry.startTime; });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: function () { return 1; },
    checkDCE: function () {},
    onCommitFiberRoot: function () {},
    onCommitFiberUnmount: function () {},
    onPostCommitFiberRoot: function () {
      if (Number.isNaN(window.__hydrated)) window.__hydrated = performance.now();
    },
  };
`;

/** One load's milestones, ms from navigation start (NaN when it never happened). */
export interface PhoneLoad {
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  hydrated: number;
}

/** Medians of {@link PhoneLoad} over `runs` loads. */
export type PhoneLoadFigures = PhoneLoad & { runs: number };

/** A network to emulate: round trip in ms, download and upload in bytes/s. */
export type EmulatedNetwork = typeof PHONE_NETWORK;

/** Lighthouse's mobile network (slow 4G: 150 ms, 1.6 Mbit/s down, 750 kbit/s up). */
export const SLOW_4G: EmulatedNetwork = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1e6) / 8,
  uploadBytesPerSecond: (0.75 * 1e6) / 8,
};

async function loadOnce(browser: Browser, url: string, network: EmulatedNetwork): Promise<PhoneLoad> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    // Headless Chromium's own user agent is a bot's (isbot), and bots get no hydration (ADR 0003).
    userAgent: PHONE_USER_AGENT,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: PROBE_SOURCE });
    const cdp = await emulateNetwork(page, network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForFunction(() => !Number.isNaN((window as unknown as { __hydrated: number }).__hydrated), null, {
      timeout: 60_000,
    });
    return await page.evaluate(() => {
      const w = window as unknown as { __largestPaint: number; __hydrated: number };
      return {
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        largestContentfulPaint: w.__largestPaint,
        hydrated: w.__hydrated,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * Loads `url` `runs` times on the emulated phone, after one untimed load;
 * returns the medians.
 * @throws when Chromium cannot start, or a load does not finish or hydrate in 60 s.
 */
export async function measurePhoneLoads(
  url: string,
  runs: number,
  executablePath: string,
  network: EmulatedNetwork = PHONE_NETWORK,
): Promise<PhoneLoadFigures> {
  const browser = await chromium.launch({ executablePath, args: HEADLESS_CHROMIUM_FLAGS });
  try {
    await loadOnce(browser, url, network);
    const all: PhoneLoad[] = [];
    for (let run = 0; run < runs; run += 1) all.push(await loadOnce(browser, url, network));
    const pick = (key: keyof PhoneLoad) => median(all.map((load) => load[key]));
    return {
      runs,
      firstContentfulPaint: pick("firstContentfulPaint"),
      largestContentfulPaint: pick("largestContentfulPaint"),
      hydrated: pick("hydrated"),
    };
  } finally {
    await browser.close();
  }
}
