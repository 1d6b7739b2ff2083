/**
 * The inline script that starts the page's scripts once the browser has
 * painted the page (ADR 0049), rendered once, right after `<Scripts>` at the
 * end of `<body>`.
 *
 * The server makes `<Scripts>`' module preloads and module script inert
 * (`createInertModuleScriptTransform` in app/.server/inert-module-script.ts),
 * so no script is fetched while the page is laid out and painted; this
 * script's source, written by the server entry, sets them going after the
 * first contentful paint, with the request's CSP nonce.
 */
import { createContext, useContext } from "react";

/**
 * The loader's source (a static script), provided by the server entry only;
 * null in the browser, which renders the element empty: the script has run by
 * then, and React does not compare the text of an element it hydrates.
 */
export const ModuleLoaderSourceContext = createContext<string | null>(null);

/** The loader script, with the request's nonce (render once, after `<Scripts>`). */
export function ModuleLoader({ nonce }: { nonce: string }) {
  const source = useContext(ModuleLoaderSourceContext);
  return (
    <script
      // The browser hides nonce values from the DOM: the client's "" is not a mismatch.
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: source ?? "" }}
    />
  );
}
