/**
 * "Mercado em Moema": the link from a list page filtered by one
 * neighbourhood to that neighbourhood's market page (ADR 0090). Nothing for
 * other filter sets.
 */
import { Link } from "@remix-run/react";
import { neighbourhoodMarketPath } from "~/lib/neighbourhood-paths";
import * as s from "./neighbourhood-link.css";

/** The places of the list page's vocabulary the link reads its label from. */
interface PlaceVocabulary {
  cities: readonly { slug: string; neighbourhoods: readonly { slug: string; label: string }[] }[];
}

/** The link, when `filters` name a city and exactly one of its neighbourhoods known to `vocabulary`. */
export function NeighbourhoodMarketLink({
  filters,
  vocabulary,
}: {
  filters: { city?: string; neighbourhoods?: readonly string[] };
  vocabulary: PlaceVocabulary;
}) {
  const [slug, ...more] = filters.neighbourhoods ?? [];
  if (!filters.city || !slug || more.length) return null;
  const label = vocabulary.cities
    .find((city) => city.slug === filters.city)
    ?.neighbourhoods.find((nb) => nb.slug === slug)?.label;
  if (!label) return null;
  return (
    <p className={s.marketLink}>
      <Link to={neighbourhoodMarketPath(filters.city, slug)}>Mercado em {label}: preço do m² e movimento</Link>
    </p>
  );
}
