/**
 * What every page with Google Analytics 4 / Tag Manager under Consent Mode
 * v2 needs at once (docs/decisions/0029-consent-and-google-analytics.md):
 * the script URLs and the inline bootstrap the server renders, and the
 * revocation of a consent, which must take effect in the open page even when
 * the tag's other browser code (`./google-tag-client`) cannot be downloaded.
 */
import type { GoogleTagSettings } from "./consent";

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
export function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}

/** Sets GA's documented opt-out flag `window['ga-disable-<id>']`. */
export function gaDisabled(measurementId: string, disabled: boolean): void {
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

/** After a revoked consent: updates consent to denied, disables GA and removes its cookies. */
export function revokeConsent(settings: GoogleTagSettings): void {
  gtag("consent", "update", { analytics_storage: "denied" });
  if (settings.measurementId) gaDisabled(settings.measurementId, true);
  removeAnalyticsCookies();
}
