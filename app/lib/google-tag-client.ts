/**
 * The browser half of Google's tag (docs/decisions/0029-consent-and-google-analytics.md),
 * loaded by `~/components/google-tag` only where a tag is configured, so that
 * no other page's first load carries it (docs/performance.md): grants and
 * revokes consent, adds Google's scripts after consent and sends page views.
 */
import type { GoogleTagSettings } from "./consent";
import { googleTagScripts } from "./google-tag";

/** Sends a command to Google's data layer (no-op before the bootstrap ran). */
export function gtag(...args: unknown[]): void {
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

/** After "Aceitar": enables GA, updates consent to granted, configures and adds Google's scripts. */
export function grantConsent(settings: GoogleTagSettings): void {
  if (settings.measurementId) gaDisabled(settings.measurementId, false);
  gtag("consent", "update", { analytics_storage: "granted" });
  gtag("js", new Date());
  if (settings.measurementId) gtag("config", settings.measurementId, { send_page_view: false });
  if (settings.containerId) window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
  injectScripts(settings);
}

/** After a revoked consent: updates consent to denied, disables GA and removes its cookies. */
export function revokeConsent(settings: GoogleTagSettings): void {
  gtag("consent", "update", { analytics_storage: "denied" });
  if (settings.measurementId) gaDisabled(settings.measurementId, true);
  removeAnalyticsCookies();
}
