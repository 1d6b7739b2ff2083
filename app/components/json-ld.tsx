/**
 * {@link JsonLd}, which writes schema.org structured data (built by
 * `~/lib/json-ld`) as one `<script type="application/ld+json">`, safely; and
 * {@link PageJsonLd}, which writes the data a loader filed outside its
 * loader data (`~/.server/page-json-ld`, docs/decisions/0094-listing-render-cost.md).
 */
import { createContext, useContext } from "react";
import type { JsonLdNode } from "~/lib/json-ld";

/**
 * JSON for a `<script>` element: `<`, `>`, `&` and the line separators are
 * escaped, so no value can close the script or break the page.
 */
export function serializeJsonLd(data: JsonLdNode | JsonLdNode[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** One `<script type="application/ld+json">` with `data`. */
export function JsonLd({ data }: { data: JsonLdNode | JsonLdNode[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/**
 * The JSON-LD the page's loader filed for this request (`setPageJsonLd`), as
 * `entry.server.tsx` supplies it; null in the browser.
 */
const PageJsonLdContext = createContext<readonly JsonLdNode[] | null>(null);

/** Supplies {@link PageJsonLd} with the request's JSON-LD (the server's render only). */
export const PageJsonLdProvider = PageJsonLdContext.Provider;

/**
 * The page's JSON-LD, written by the server from {@link PageJsonLdProvider}
 * instead of the loader data (an empty element when it has none). The
 * browser renders the same element empty: hydration never compares or
 * replaces a `dangerouslySetInnerHTML` text, so the server's stays (the
 * warning is suppressed), and `pageKey` (the page's canonical URL) makes a
 * client-side navigation to another page replace it by an empty one, so no
 * page keeps another's data.
 */
export function PageJsonLd({ pageKey }: { pageKey: string }) {
  const nodes = useContext(PageJsonLdContext);
  return (
    <script
      key={pageKey}
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: nodes ? serializeJsonLd([...nodes]) : "" }}
    />
  );
}
