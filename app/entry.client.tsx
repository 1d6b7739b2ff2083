/**
 * Browser entry: keeps the server-rendered main content for bots (see
 * `captureServerMarkup` and docs/decisions on bots and client-side errors),
 * then hydrates the document.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { captureServerMarkup } from "~/components/error-screen";

captureServerMarkup();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
