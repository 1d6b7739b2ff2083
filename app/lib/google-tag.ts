/**
 * What the server renders of Google Analytics 4 / Tag Manager under Consent
 * Mode v2 (docs/decisions/0029-consent-and-google-analytics.md): the script
 * URLs and the inline bootstrap. Pure strings, shared by the document head
 * (`~/components/google-tag`) and the browser code that loads the tag after
 * consent (`./google-tag-client`).
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
