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
import type * as GoogleTagClient from "~/lib/google-tag-client";
import { googleTagBootstrap, googleTagScripts, revokeConsent } from "~/lib/google-tag";
import { useNonce } from "~/lib/nonce";
import { isUntrackedPath } from "~/lib/untracked-paths";
import { useOptionalRootData } from "~/lib/root-data";

let client: Promise<typeof GoogleTagClient> | undefined;

/** The tag's browser code (a chunk of its own); a failed load is tried again by the next use. */
function loadClient(): Promise<typeof GoogleTagClient> {
  client ??= import("~/lib/google-tag-client").catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/** Runs `work` with the tag's browser code; a failed load (offline, a new deployment) is ignored. */
function withClient(work: (tag: typeof GoogleTagClient) => void): void {
  loadClient().then(work, () => undefined);
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
      // Not granted when the code could not load: the next change of consent tries again.
      loadClient().then(
        (tag) => tag.grantConsent(settings),
        () => void (configured.current = false),
      );
    } else if (!granted && configured.current) {
      configured.current = false;
      // At once, not after a download: a refusal takes effect even when the tag's code cannot load.
      revokeConsent(settings);
    }
  }, [granted, settings, untracked]);

  // One page view per location while consent holds (the first render included).
  useEffect(() => {
    if (!settings || !granted || untracked) return;
    const page = { page_location: window.location.href, page_title: document.title };
    withClient((tag) => tag.gtag("event", "page_view", page));
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
