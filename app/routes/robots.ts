/**
 * `GET /robots.txt`: crawling allowed, with a `Sitemap:` line pointing at the
 * absolute `/sitemap.xml` (`PUBLIC_URL`, else the request's origin).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderRobots } from "~/.server/catalogue/sitemap";
import { siteOrigin } from "~/.server/origin";

/** The robots.txt text; cacheable for a day. */
export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(renderRobots(siteOrigin(request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
