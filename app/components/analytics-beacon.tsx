/**
 * The browser half of the first-party analytics
 * (docs/decisions/0030-first-party-analytics.md): renders nothing; sends
 * small JSON beacons to `POST /api/eventos` with `navigator.sendBeacon`
 * (fallback `fetch` with `keepalive`), same origin, no cookie or storage of
 * its own. The code that sends and listens (`~/lib/analytics-client`) comes
 * in a chunk of its own once the page has hydrated, so that the page's first
 * load goes without it (docs/decisions/0046-lighter-first-loads.md):
 *
 * - a page view on the first load and on every client-side navigation
 *   (path + query; the server derives listing views, searches, filters and
 *   map searches from it), sent once the page has loaded and the browser is
 *   idle, so it never competes with the page;
 * - `gallery_open` when a click or Enter opens a photo gallery's full-screen
 *   viewer, `whatsapp_click` on a link to the WhatsApp hand-off or to
 *   WhatsApp, `form_start` on the first input in a lead form and
 *   `form_submit` when a valid lead form is sent (delegated listeners on the
 *   document: no component needs to know about analytics).
 *
 * Nothing is sent under `/admin`, `/painel` or `/login-corretores`, nor when
 * the browser asks not to be tracked (Do Not Track or Global Privacy Control).
 */
import { type UIMatch, useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type * as AnalyticsClientModule from "~/lib/analytics-client";
import { SEARCH_PATH } from "~/lib/paths";

type AnalyticsClient = typeof AnalyticsClientModule;

let client: Promise<AnalyticsClient> | undefined;

/** The sending and listening code; a failed load is tried again by the next use. */
function loadClient(): Promise<AnalyticsClient> {
  client ??= import("~/lib/analytics-client").catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/** Runs `work` after the load event, when the browser is idle. */
function whenIdle(work: () => void): void {
  const idle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * How many listings the search page on screen found (its loader's `total`), sent with its page
 * view so the admin home can list the searches with no result (ADR 0084); undefined elsewhere.
 */
function searchResults(matches: UIMatch[]): number | undefined {
  const match = matches.find((candidate) => candidate.pathname === SEARCH_PATH);
  const data = match?.data as { state?: unknown; total?: unknown } | null | undefined;
  return data?.state === "results" && typeof data.total === "number" ? data.total : undefined;
}

/** Mount once in the root: records page views and the delegated events (see the module comment). */
export function AnalyticsBeacon(): null {
  const { pathname, search } = useLocation();
  const results = searchResults(useMatches());
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    loadClient().then(
      ({ listen }) => {
        if (!unmounted) stop = listen();
      },
      () => undefined, // Offline or a new deployment: analytics never disturbs the page.
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);

  useEffect(() => {
    const key = `${pathname}${search}`;
    if (lastSent.current === key) return;
    const first = lastSent.current === null;
    lastSent.current = key;
    whenIdle(() => {
      const referrer = first && document.referrer ? { referrer: document.referrer.slice(0, 2000) } : {};
      const found = results === undefined ? {} : { results };
      loadClient().then(
        ({ send }) => send("pageview", { ...referrer, ...found }, { pathname, search }),
        () => undefined,
      );
    });
  }, [pathname, search, results]);

  return null;
}
