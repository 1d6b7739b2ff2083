/**
 * Canonical public URLs of catalogue pages (docs/spec.txt §2 routes; docs/product.md).
 */
import { slugify } from "./slug";

/** What a listing URL needs. */
export interface ListingUrlParts {
  code: string;
  category: string;
  neighbourhood: string;
  /** Slug of the listing's condominium, or null/"" when it belongs to none. */
  condominiumSlug?: string | null;
}

/**
 * The `{condominio}` segment of a listing URL: the condominium's slug, or for a
 * listing outside any condominium a slug of type and neighbourhood
 * (docs/product.md, `/detalhes/{condominio}/{id}`), e.g. "apartamento-moema".
 */
export function listingSlug(parts: Omit<ListingUrlParts, "code">): string {
  if (parts.condominiumSlug) return parts.condominiumSlug;
  return slugify(`${parts.category} ${parts.neighbourhood}`) || "imovel";
}

/** Canonical path of a listing page: `/detalhes/{condominio}/{id}`. */
export function listingPath(parts: ListingUrlParts): string {
  return `/detalhes/${listingSlug(parts)}/${encodeURIComponent(parts.code)}`;
}

/** Canonical path of a condominium page: `/detalhes/{condominio}`. */
export function condominiumPath(slug: string): string {
  return `/detalhes/${slug}`;
}
