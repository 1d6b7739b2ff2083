/**
 * Browser entry: keeps the server-rendered main content for bots (see
 * `captureServerMarkup` and docs/decisions on bots and client-side errors),
 * then hydrates the document once the browser has painted it: the scripts
 * arrive while the page is still being laid out (they are preloaded), and
 * hydrating at once would hold back the first paint (ADR 0042). A page
 * loaded in a hidden tab, which paints nothing, hydrates at once.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { InlineStylesheetsProvider, readInlineStylesheets } from "~/components/document-links";
import { captureServerMarkup } from "~/components/error-screen";

captureServerMarkup();
// The stylesheets the server wrote inline, read before React takes over the <head> (ADR 0045).
const inlineStylesheets = readInlineStylesheets();

function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <InlineStylesheetsProvider value={inlineStylesheets}>
          <RemixBrowser />
        </InlineStylesheetsProvider>
      </StrictMode>,
    );
  });
}

if (document.visibilityState === "hidden") hydrate();
// The callback runs before the next frame is painted; the timeout, just after it.
else requestAnimationFrame(() => setTimeout(hydrate, 0));
