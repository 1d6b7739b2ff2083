/**
 * Server side of cookie consent (docs/decisions/0029-consent-and-google-analytics.md):
 * Google's tag settings from configuration, the consent view the root loader
 * hands to the page, and the `Set-Cookie` that records a choice.
 */
import { type Config, getConfig } from "~/.server/config";
import {
  type ConsentState,
  type ConsentView,
  consentVariant,
  type GoogleTagSettings,
  serializeConsentCookie,
} from "~/lib/consent";

/**
 * Google Analytics 4 / Tag Manager settings, or null when neither
 * `GA_MEASUREMENT_ID` nor `GTM_ID` is set (then nothing of Google's is ever
 * rendered and the CSP stays closed to it).
 */
export function googleTagSettings(
  config: Pick<Config, "GA_MEASUREMENT_ID" | "GTM_ID"> = getConfig(),
): GoogleTagSettings | null {
  if (!config.GA_MEASUREMENT_ID && !config.GTM_ID) return null;
  return { measurementId: config.GA_MEASUREMENT_ID ?? null, containerId: config.GTM_ID ?? null };
}

/** The consent view of `request` (its cookie and User-Agent) for the root loader. */
export function consentView(request: Request, config: Config = getConfig()): ConsentView {
  return {
    variant: consentVariant(request.headers.get("Cookie"), request.headers.get("User-Agent")),
    google: googleTagSettings(config),
  };
}

/** The `Set-Cookie` header value recording `state`; `Secure` when `PUBLIC_URL` is https. */
export function consentSetCookie(state: ConsentState, config: Pick<Config, "PUBLIC_URL"> = getConfig()): string {
  return serializeConsentCookie(state, { secure: Boolean(config.PUBLIC_URL?.startsWith("https:")) });
}
