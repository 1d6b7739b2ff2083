/**
 * Browser entry: keeps the server-rendered main content for bots (see
 * `captureServerMarkup` and docs/decisions on bots and client-side errors),
 * then hydrates the document at once: the page's scripts are only fetched
 * after its first contentful paint (`<ModuleLoader>`, ADR 0049), so hydrating
 * can no longer hold that paint back. Hydration is a transition, which React
 * splits into short tasks. Taps and keys wait until the root has committed
 * (`holdEarlyEvents`, ADR 0079).
 */
import { RemixBrowser } from "@remix-run/react";
import { type ReactNode, startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { InlineStylesheetsProvider, readInlineStylesheets } from "~/components/document-links";
import { captureServerMarkup } from "~/components/error-screen";
import { isIslandUpdateBeforeHydration } from "~/components/island";
import { holdEarlyEvents } from "~/lib/early-events";

captureServerMarkup();
// The stylesheets the server wrote inline, read before React takes over the <head> (ADR 0045).
const inlineStylesheets = readInlineStylesheets();
// Until the root commits, React would answer a tap by hydrating a suspended root (ADR 0079).
const releaseEarlyEvents = holdEarlyEvents(window);

/** Lets the held events through once the hydrated root has committed (one child: `useId`s are unchanged). */
function ReleaseEarlyEvents({ children }: { children: ReactNode }) {
  useEffect(releaseEarlyEvents, []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesheetsProvider value={inlineStylesheets}>
        <ReleaseEarlyEvents>
          <RemixBrowser />
        </ReleaseEarlyEvents>
      </InlineStylesheetsProvider>
    </StrictMode>,
    {
      // React's default (reportError), without the expected reports of islands (docs/decisions/0051).
      onRecoverableError(error) {
        if (isIslandUpdateBeforeHydration(error)) return;
        if (typeof reportError === "function") reportError(error);
        else console.error(error);
      },
    },
  );
});
