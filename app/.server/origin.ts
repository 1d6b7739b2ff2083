/**
 * The site's public origin, for absolute URLs (canonical, Open Graph,
 * JSON-LD, sitemaps, links in e-mails).
 */
import { getConfig, type Config } from "./config";

/**
 * The public origin of the site, no trailing slash: `PUBLIC_URL` when set,
 * else the origin of `request`. The server builds every request's URL on
 * the trusted origin (never on a Host header it was sent; ADR 0021), so the
 * fallback is safe.
 */
export function siteOrigin(request: Request, config: Pick<Config, "PUBLIC_URL"> = getConfig()): string {
  return config.PUBLIC_URL ?? new URL(request.url).origin;
}
