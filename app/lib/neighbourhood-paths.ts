/**
 * Paths of the neighbourhood market pages (ADR 0090): `/bairros` and
 * `/bairros/{cidade}/{bairro}`, with the list URLs' city and neighbourhood
 * slugs (`listings.city_slug`, `neighbourhood_slug`).
 */

/** The index of neighbourhoods by city. */
export const NEIGHBOURHOODS_PATH = "/bairros";

/** A neighbourhood's market page, e.g. `/bairros/sao-paulo/moema`. */
export function neighbourhoodMarketPath(citySlug: string, neighbourhoodSlug: string): string {
  return `${NEIGHBOURHOODS_PATH}/${encodeURIComponent(citySlug)}/${encodeURIComponent(neighbourhoodSlug)}`;
}
