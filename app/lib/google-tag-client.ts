/**
 * The browser half of Google's tag (docs/decisions/0029-consent-and-google-analytics.md),
 * loaded by `~/components/google-tag` only where a tag is configured, so that
 * no other page's first load carries it (docs/performance.md): grants
 * consent, adds Google's scripts after consent and sends page views. The
 * revocation is in `./google-tag`: it must not wait for a download.
 */
import type { GoogleTagSettings } from "./consent";
import { gaDisabled, gtag, googleTagScripts } from "./google-tag";

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

/** After "Aceitar": enables GA, updates consent to granted, configures and adds Google's scripts. */
export function grantConsent(settings: GoogleTagSettings): void {
  if (settings.measurementId) gaDisabled(settings.measurementId, false);
  gtag("consent", "update", { analytics_storage: "granted" });
  gtag("js", new Date());
  if (settings.measurementId) gtag("config", settings.measurementId, { send_page_view: false });
  if (settings.containerId) window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
  injectScripts(settings);
}

export { gtag };
