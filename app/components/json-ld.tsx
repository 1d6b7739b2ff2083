/**
 * {@link JsonLd}, which writes schema.org structured data (built by
 * `~/lib/json-ld`) as one `<script type="application/ld+json">`, safely.
 */
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
