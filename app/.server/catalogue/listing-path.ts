/**
 * The read-model columns of a listing's public path: what `listingPath` (`~/lib/urls`) takes,
 * for every query that links to listing pages.
 */
import { listings } from "../db/schema";

/** Selected as `db.select({ ...listingPathColumns, … })`; a row then fits `ListingUrlParts`. */
export const listingPathColumns = {
  code: listings.code,
  category: listings.category,
  neighbourhood: listings.neighbourhood,
  condominiumSlug: listings.condominiumSlug,
};
