/**
 * New-deployment detection (docs/spec.txt §4 "The site polls a build
 * file", §7 "Build manifest: GET builds/latest.json with a timestamp query,
 * returns an id", §8 "Manifest … load failures: logged only", §9 "Page reload
 * guard 10 seconds"). The page polls `/builds/latest.json`; once the id differs
 * from the build the page was loaded with, the next navigation becomes a full
 * page load, and never two forced reloads within 10 s. Pure parts are exported
 * for tests; `app/lib/use-build-polling.ts` wires them into React.
 */
import { sessionStorageOrNull } from "./browser-storage";
import { BUILD_LATEST_PATH } from "~/lib/paths";
import { BUILD_POLL_INTERVAL_MS, BUILD_POLL_MIN_GAP_MS } from "./build-polling-timing";

export { BUILD_POLL_INTERVAL_MS, BUILD_POLL_MIN_GAP_MS };

/** Page reload guard, ms (docs/spec.txt §9). */
export const RELOAD_GUARD_MS = 10 * 1000;

/** sessionStorage key holding the time of the last forced reload (ms since the epoch). */
export const RELOAD_GUARD_KEY = "imobiliaria:build-reload-at";

/** What `/builds/latest.json` returns. */
export interface LatestBuild {
  id: string;
  /** ms since the epoch when the server started serving this build. */
  timestamp: number;
}

/** URL to poll, with the spec's cache-busting timestamp query (`?t=<ms>`). */
export function buildLatestUrl(now: number = Date.now()): string {
  return `${BUILD_LATEST_PATH}?t=${now}`;
}

/** Validates a `/builds/latest.json` body; null when it is not `{ id: string, timestamp: number }`. */
export function parseLatestBuild(body: unknown): LatestBuild | null {
  if (typeof body !== "object" || body === null) return null;
  const { id, timestamp } = body as Record<string, unknown>;
  if (typeof id !== "string" || id.trim() === "") return null;
  return { id, timestamp: typeof timestamp === "number" && Number.isFinite(timestamp) ? timestamp : 0 };
}

/**
 * True when the server now serves another build than the page's: both ids
 * known and different. An unknown id (failed poll, no id on the page) is never stale.
 */
export function isBuildStale(pageBuildId: string | null | undefined, latestId: string | null | undefined): boolean {
  if (!pageBuildId || !latestId) return false;
  return pageBuildId !== latestId;
}

/** The part of `Storage` the guard uses (sessionStorage in the browser). */
export type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether a forced full reload may happen now: none recorded in this tab, or
 * the last one at least {@link RELOAD_GUARD_MS} ago (docs/spec.txt §9). An unreadable
 * storage (privacy modes) answers false: without the guard we never force.
 */
export function canForceReload(storage: GuardStorage | null, now: number = Date.now()): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_GUARD_KEY));
    if (!Number.isFinite(last) || last <= 0 || last > now) return true;
    return now - last >= RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/**
 * Records a forced reload at `now` if {@link canForceReload} allows it and
 * returns whether the caller may reload. Returns false when the record cannot
 * be written (the guard could not protect the next load).
 */
export function claimForcedReload(storage: GuardStorage | null, now: number = Date.now()): boolean {
  if (!storage || !canForceReload(storage, now)) return false;
  try {
    storage.setItem(RELOAD_GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * Fetches the latest build. Failures (network, status, body) are logged with
 * `console.warn` and give null (docs/spec.txt §8: logged only).
 */
export async function fetchLatestBuild(
  fetchImpl: typeof fetch = fetch,
  now: number = Date.now(),
): Promise<LatestBuild | null> {
  try {
    const response = await fetchImpl(buildLatestUrl(now), {
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const latest = parseLatestBuild(await response.json());
    if (!latest) throw new Error("resposta inválida");
    return latest;
  } catch (error) {
    console.warn(
      "[build-polling] falha ao consultar a versão publicada:",
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}

/** Options of {@link createBuildWatcher}. */
export interface BuildWatcherOptions {
  /** Build id the page was loaded with. */
  pageBuildId: string;
  /** Fetch implementation (tests). */
  fetch?: typeof fetch;
  /** Clock (tests). */
  now?: () => number;
  /** Polling period, ms (default {@link BUILD_POLL_INTERVAL_MS}). */
  intervalMs?: number;
  /** Minimum gap between focus-triggered polls, ms (default {@link BUILD_POLL_MIN_GAP_MS}). */
  minGapMs?: number;
}

/** A running poller; see {@link createBuildWatcher}. */
export interface BuildWatcher {
  /** True once a poll saw another build id (false again if a later poll sees the page's id). */
  isStale(): boolean;
  /** Polls now unless a poll is running or (when `force` is false) the last one was under `minGapMs` ago. */
  check(force?: boolean): Promise<void>;
  /** Starts the interval and the focus / visibilitychange listeners (browser only). */
  start(): void;
  /** Stops everything. */
  stop(): void;
}

/**
 * Polls `/builds/latest.json` every `intervalMs` and when the tab regains
 * focus or becomes visible, remembering whether the page's build is stale.
 */
export function createBuildWatcher(options: BuildWatcherOptions): BuildWatcher {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? BUILD_POLL_INTERVAL_MS;
  const minGapMs = options.minGapMs ?? BUILD_POLL_MIN_GAP_MS;
  let stale = false;
  let lastPoll = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let interval: ReturnType<typeof setInterval> | null = null;

  const check = (force = false): Promise<void> => {
    if (running) return running;
    if (!force && now() - lastPoll < minGapMs) return Promise.resolve();
    lastPoll = now();
    running = fetchLatestBuild(options.fetch ?? globalThis.fetch.bind(globalThis), now())
      .then((latest) => {
        if (latest) stale = isBuildStale(options.pageBuildId, latest.id);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const onVisibility = () => {
    if (document.visibilityState === "visible") void check();
  };
  const onFocus = () => void check();

  return {
    isStale: () => stale,
    check,
    start() {
      if (interval !== null) return;
      interval = setInterval(() => void check(true), intervalMs);
      window.addEventListener("focus", onFocus);
      document.addEventListener("visibilitychange", onVisibility);
    },
    stop() {
      if (interval !== null) clearInterval(interval);
      interval = null;
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}

/** The navigation the hook sees: where to, and the form method if it is a submission. */
export interface PendingNavigation {
  /** Target path + search + hash. */
  href: string;
  /** Upper-case form method of a submission, undefined for a link. */
  formMethod?: string;
}

/**
 * Decides whether a starting navigation must become a full page load: the
 * build is stale, the navigation is a GET (a POST cannot be replayed by
 * `location.assign` without losing its body) and the 10 s guard allows it
 * (the guard is claimed as a side effect when the answer is true).
 */
export function shouldForceFullLoad(
  navigation: PendingNavigation,
  stale: boolean,
  storage: GuardStorage | null,
  now: number = Date.now(),
): boolean {
  if (!stale) return false;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return false;
  return claimForcedReload(storage, now);
}

/** What {@link isDocumentLinkClick} needs to know about a click on a link. */
export interface LinkClick {
  /** Mouse button (0 = main). */
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  /** The link's absolute `href`. */
  href: string;
  /** The link's `target` attribute ("" when absent). */
  target: string;
  /** Whether the link has a `download` attribute. */
  download: boolean;
  /** The page's absolute URL. */
  currentHref: string;
}

/**
 * True for a click the browser would turn into an ordinary same-tab
 * navigation to another document of this site: main button, no modifier,
 * not prevented, no `target`/`download`, same origin, and not a jump to a
 * hash of the current page. On a stale page such a click is left to the
 * browser (a full page load) instead of the client-side router.
 */
export function isDocumentLinkClick(click: LinkClick): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (click.download || (click.target && click.target !== "_self")) return false;
  let to: URL;
  let from: URL;
  try {
    to = new URL(click.href);
    from = new URL(click.currentHref);
  } catch {
    return false;
  }
  if (to.origin !== from.origin) return false;
  if (!/^https?:$/.test(to.protocol)) return false;
  const samePage = to.pathname === from.pathname && to.search === from.search;
  return !(samePage && to.hash !== "");
}

/** A running watch of one page's build: see {@link watchBuild}. */
export interface BuildWatch {
  /** Polls now (the tab regained focus or the first period ended before this code came). */
  check(): void;
  /** Turns a starting GET navigation into a full page load when the build is stale (at most once per guard). */
  navigationStarted(navigation: PendingNavigation): void;
  /** Stops polling and listening. */
  stop(): void;
}

/**
 * Watches for a build other than `pageBuildId` (browser only): polls, and on a
 * stale page leaves a plain click on a link to the browser (stopped in the
 * capture phase before the router sees it) and turns other GET navigations
 * into `location.assign`, never twice within the guard (docs/spec.txt §9).
 */
export function watchBuild(pageBuildId: string): BuildWatch {
  const watcher = createBuildWatcher({ pageBuildId });
  watcher.start();
  const onClick = (event: MouseEvent) => {
    if (!watcher.isStale()) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const plain = isDocumentLinkClick({
      button: event.button,
      metaKey: event.metaKey,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      defaultPrevented: event.defaultPrevented,
      href: anchor.href,
      target: anchor.getAttribute("target") ?? "",
      download: anchor.hasAttribute("download"),
      currentHref: window.location.href,
    });
    // The router's handler never runs; the browser follows the link itself.
    if (plain && claimForcedReload(sessionStorageOrNull())) event.stopPropagation();
  };
  window.addEventListener("click", onClick, { capture: true });
  return {
    check: () => void watcher.check(),
    navigationStarted(navigation) {
      if (shouldForceFullLoad(navigation, watcher.isStale(), sessionStorageOrNull())) {
        window.location.assign(navigation.href);
      }
    },
    stop() {
      window.removeEventListener("click", onClick, { capture: true });
      watcher.stop();
    },
  };
}
