/**
 * `GET /sitemap.xml`: every active listing (with `lastmod`), the condominium
 * pages, the home and the main list pages, as absolute URLs (docs/product.md
 * "Public site", SEO). Built by `app/.server/catalogue/sitemap.ts`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSitemapXml } from "~/.server/catalogue/sitemap";
import { siteOrigin } from "~/.server/origin";

/** The sitemap XML; cacheable for 5 minutes (it changes only with a sync). */
export async function loader({ request }: LoaderFunctionArgs) {
  const xml = await getSitemapXml(siteOrigin(request));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, s-maxage=300, stale-while-revalidate=600",
    },
  });
}
