/**
 * A page's structured data (JSON-LD) handed from its loader to the server's
 * render of the document, outside the loader data
 * (docs/decisions/0094-listing-render-cost.md).
 *
 * Loader data is written into the document a second time, as the JSON the
 * browser hydrates from, and the browser never reads JSON-LD: only crawlers
 * do, and they read the first document. So a loader files the page's nodes
 * under the request's load context ({@link setPageJsonLd}); `entry.server.tsx`
 * gives them to `<PageJsonLd>` (`~/components/json-ld`), which writes them
 * once. A client-side navigation gets none, as no crawler makes one.
 *
 * Remix passes the same load context object to the loaders and to the
 * document's render of one request; a WeakMap keyed by it keeps nothing once
 * the request is done.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { JsonLdNode } from "~/lib/json-ld";

const byRequest = new WeakMap<AppLoadContext, readonly JsonLdNode[]>();

/** Files `nodes` as the JSON-LD of the page this request renders (a later call replaces them). */
export function setPageJsonLd(context: AppLoadContext, nodes: readonly JsonLdNode[]): void {
  byRequest.set(context, nodes);
}

/** The JSON-LD a loader filed for this request, or null when none did. */
export function pageJsonLd(context: AppLoadContext): readonly JsonLdNode[] | null {
  return byRequest.get(context) ?? null;
}
