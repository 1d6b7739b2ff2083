/**
 * Canonical public URLs of catalogue pages (docs/spec.txt §2 routes; docs/product.md).
 */
import { slugify } from "./slug";
import { WHATSAPP_CONTACT_PATH } from "~/lib/paths";

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

/**
 * The link of a WhatsApp button: `/obrigado-whatsapp?imovel=<code>&origem=<page path>`
 * plus the page's `utm_*` parameters, so the contact is recorded as a lead
 * before the visitor continues to `wa.me`.
 * @param page Path of the page the button is on (starting with "/").
 * @param search The page's query string (only `utm_*` parameters are kept).
 */
export function whatsAppContactPath(options: { page: string; code?: string | null; search?: string }): string {
  const params = new URLSearchParams();
  if (options.code) params.set("imovel", options.code);
  params.set("origem", options.page);
  for (const [name, value] of new URLSearchParams(options.search ?? "")) {
    if (/^utm_[a-z_]{1,30}$/.test(name) && value && value.length <= 200) params.append(name, value);
  }
  return `${WHATSAPP_CONTACT_PATH}?${params}`;
}
