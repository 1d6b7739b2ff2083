/**
 * Google Analytics 4 / Tag Manager under Consent Mode v2
 * (docs/decisions/0029-consent-and-google-analytics.md). Rendered in the
 * document head only when `GA_MEASUREMENT_ID` or `GTM_ID` is set:
 *
 * 1. A nonce'd inline script defines `dataLayer`/`gtag` and sets every
 *    consent type to "denied" (`wait_for_update` 500 ms) before any tag.
 * 2. Google's script (gtag.js and/or gtm.js) is added ONLY after consent:
 *    server-rendered with the nonce when the cookie already says
 *    analytics=1; injected by the browser right after "Aceitar" (allowed by
 *    `'strict-dynamic'`), followed by `consent update` granted.
 * 3. Page views are sent by this component (config `send_page_view: false`),
 *    on the first render and on every client-side navigation.
 * 4. A revoked consent (on `/lgpd`) updates consent to denied, disables GA
 *    and removes its `_ga*` cookies.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { GoogleTagSettings } from "~/lib/consent";
import { useNonce } from "~/lib/nonce";
import { isUntrackedPath } from "~/lib/untracked-paths";
import { useOptionalRootData } from "~/lib/root-data";

/** Origin of Google's tag scripts. */
export const GOOGLE_TAG_ORIGIN = "https://www.googletagmanager.com";

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** The script URLs to load for `settings`: gtag.js for a GA4 id, gtm.js for a container. */
export function googleTagScripts(settings: GoogleTagSettings): string[] {
  const urls: string[] = [];
  if (settings.measurementId) {
    urls.push(`${GOOGLE_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(settings.measurementId)}`);
  }
  if (settings.containerId) urls.push(`${GOOGLE_TAG_ORIGIN}/gtm.js?id=${encodeURIComponent(settings.containerId)}`);
  return urls;
}

/** The commands that configure the tags once consent is granted (after the consent update). */
function grantedCommands(settings: GoogleTagSettings): string {
  return [
    "gtag('consent','update',{analytics_storage:'granted'});",
    "gtag('js',new Date());",
    settings.measurementId ? `gtag('config',${JSON.stringify(settings.measurementId)},{send_page_view:false});` : "",
    settings.containerId ? "dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});" : "",
  ].join("");
}

/**
 * The inline bootstrap: `dataLayer`, `gtag`, Consent Mode v2 defaults (all
 * denied) and, when consent was already given, the grant and the config.
 * Ids are validated by the configuration (`G-…`, `GTM-…`) and JSON-encoded.
 */
export function googleTagBootstrap(settings: GoogleTagSettings, granted: boolean): string {
  return [
    "window.dataLayer=window.dataLayer||[];",
    "function gtag(){dataLayer.push(arguments);}",
    "window.gtag=gtag;",
    "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',wait_for_update:500});",
    granted ? grantedCommands(settings) : "",
  ].join("");
}

/** Sends a command to Google's data layer (no-op before the bootstrap ran). */
function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}

/** Adds Google's scripts to the page (once per URL). */
function injectScripts(settings: GoogleTagSettings): void {
  for (const src of googleTagScripts(settings)) {
    if (document.querySelector(`script[src="${src}"]`)) continue;
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    script.dataset.googleTag = "";
    document.head.appendChild(script);
  }
}

/** Sets GA's documented opt-out flag `window['ga-disable-<id>']`. */
function gaDisabled(measurementId: string, disabled: boolean): void {
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = disabled;
}

/** Expires Google Analytics' cookies (`_ga`, `_ga_<id>`, `_gid`) on this host and its parent domains. */
function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => /^_ga($|_)|^_gid$|^_gat/.test(name));
  const labels = window.location.hostname.split(".");
  const domains = [""];
  for (let i = 0; i < labels.length - 1; i++) domains.push(`; domain=.${labels.slice(i).join(".")}`);
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
}

/**
 * The tag in the document head (see the module comment); renders nothing
 * when Google's tag is not configured or the root loader failed.
 */
export function GoogleTag() {
  const consent = useOptionalRootData()?.consent;
  const settings = consent?.google ?? null;
  const granted = consent?.variant === "granted";
  const nonce = useNonce();
  const location = useLocation();
  // The private areas (the owner's report carries its token in the path, a lead's page a visitor's
  // name in its title) load no tag and send Google no page view.
  const untracked = isUntrackedPath(location.pathname);
  // What the server rendered: the hydrated markup must not change afterwards. A private page
  // keeps only the bootstrap (consent denied, nothing sent); leaving it grants and loads the tag.
  const [initiallyGranted] = useState(granted && !untracked);
  const configured = useRef(initiallyGranted);

  useEffect(() => {
    if (!settings || untracked) return;
    if (granted && !configured.current) {
      configured.current = true;
      if (settings.measurementId) gaDisabled(settings.measurementId, false);
      gtag("consent", "update", { analytics_storage: "granted" });
      gtag("js", new Date());
      if (settings.measurementId) gtag("config", settings.measurementId, { send_page_view: false });
      if (settings.containerId) window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
      injectScripts(settings);
    } else if (!granted && configured.current) {
      configured.current = false;
      gtag("consent", "update", { analytics_storage: "denied" });
      if (settings.measurementId) gaDisabled(settings.measurementId, true);
      removeAnalyticsCookies();
    }
  }, [granted, settings, untracked]);

  // One page view per location while consent holds (the first render included).
  useEffect(() => {
    if (!settings || !granted || untracked) return;
    gtag("event", "page_view", { page_location: window.location.href, page_title: document.title });
  }, [granted, settings, untracked, location.pathname, location.search]);

  if (!settings) return null;
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: googleTagBootstrap(settings, initiallyGranted) }}
      />
      {initiallyGranted
        ? googleTagScripts(settings).map((src) => (
            <script key={src} async src={src} nonce={nonce} data-google-tag="" suppressHydrationWarning />
          ))
        : null}
    </>
  );
}
