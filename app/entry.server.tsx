/**
 * Server entry: streams the HTML. Bots and crawlers (isbot) get the complete
 * document at once (`onAllReady`), browsers the shell as soon as it is ready
 * (`onShellReady`); the Remix template's behaviour. The built stylesheets
 * are written inline (`DocumentLinks`). Errors are logged once, unless the
 * visitor aborted the request.
 */
import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { dataRequestRedirect } from "./.server/redirects";
import { createInertModuleScriptTransform, moduleLoaderSource } from "./.server/inert-module-script";
import { pageJsonLd } from "./.server/page-json-ld";
import { createStripNulTransform } from "./.server/strip-nul";
import { builtStylesheetText } from "./.server/stylesheets";
import { InlineStylesheetsProvider } from "./components/document-links";
import { PageJsonLdProvider } from "./components/json-ld";
import { ModuleLoaderSourceContext } from "./components/module-loader";
import { NonceProvider } from "./lib/nonce";

/**
 * Time after which a streaming render is aborted, ms (Remix template default);
 * single fetch also reads it to end the streamed loader data.
 */
export const streamTimeout = 5_000;

/** Renders the document for a page request. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // The CSP nonce of this request (server/security-headers.ts); React puts it on the scripts it writes.
  const nonce = loadContext.cspNonce ?? "";
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* The first load's stylesheets inline in the document (ADR 0045). */}
        <InlineStylesheetsProvider value={builtStylesheetText}>
          {/* The page's scripts start after its first paint (ADR 0049). */}
          <ModuleLoaderSourceContext.Provider value={moduleLoaderSource}>
            {/* The page's JSON-LD, kept out of the loader data (ADR 0094). */}
            <PageJsonLdProvider value={pageJsonLd(loadContext)}>
              <RemixServer context={remixContext} url={request.url} nonce={nonce || undefined} />
            </PageJsonLdProvider>
          </ModuleLoaderSourceContext.Provider>
        </InlineStylesheetsProvider>
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(
            body.pipe(createStripNulTransform()).pipe(createInertModuleScriptTransform()),
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Logs unexpected loader/action/render errors, except those of aborted requests. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return;
  console.error(error);
}

/**
 * A client data request (`/path.data`) for a path with a route rule gets the
 * rule's redirect instead of the loaders' answer: Remix encodes it as its
 * single-fetch redirect (app/.server/redirects/data-request.ts).
 */
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs): Response {
  return dataRequestRedirect(request) ?? response;
}
