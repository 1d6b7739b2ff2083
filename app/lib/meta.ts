/**
 * The tags every public page shares: title, description, canonical link,
 * Open Graph and the Twitter card (docs/product.md "Public site" / SEO). The root
 * route adds og:site_name and og:locale; route-specific tags (prev/next,
 * robots) stay in the routes and are appended to this list.
 */
import type { MetaDescriptor } from "@remix-run/node";

/** Width (px) of the Open Graph image of a detail page (through the image route). */
export const OG_IMAGE_WIDTH = 1280;

/** What {@link pageMeta} needs to describe one page. */
export interface PageMetaInput {
  /** The document `<title>` (e.g. "Apartamento em Centro | Imobiliária"). */
  title: string;
  /** og:title (and twitter:title) when it differs from `title`, e.g. without the " | site" suffix. */
  socialTitle?: string;
  /** Meta description, also og:description (and twitter:description). */
  description: string;
  /** Absolute canonical URL, also og:url. */
  canonicalUrl: string;
  /** Absolute URL of the Open Graph image; none: a plain "summary" Twitter card. */
  image?: string | null;
  /** og:image:width, in px, when the image has a known width. */
  imageWidth?: number;
  /** og:image:alt, when the image has a description. */
  imageAlt?: string;
  /** Also emit twitter:title, twitter:description and twitter:image (the detail pages). */
  twitter?: boolean;
}

/**
 * The shared head tags of a public page, in a stable order: title,
 * description, canonical, og:type ("website"), og:title, og:description,
 * og:url, twitter:card ("summary_large_image" with an image, else "summary"),
 * then (with `twitter`) twitter:title and twitter:description, then, with an
 * image, og:image, og:image:width, og:image:alt and (with `twitter`)
 * twitter:image. Returns a new array the caller may push more tags onto.
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { title, description, canonicalUrl, image, imageWidth, imageAlt, twitter } = input;
  const socialTitle = input.socialTitle ?? title;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "website" },
    { property: "og:title", content: socialTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (twitter) {
    tags.push({ name: "twitter:title", content: socialTitle }, { name: "twitter:description", content: description });
  }
  if (image) {
    tags.push({ property: "og:image", content: image });
    if (imageWidth != null) tags.push({ property: "og:image:width", content: String(imageWidth) });
    if (imageAlt != null) tags.push({ property: "og:image:alt", content: imageAlt });
    if (twitter) tags.push({ name: "twitter:image", content: image });
  }
  return tags;
}

/**
 * Head tags of a page shown while the first sync still fills the catalogue:
 * a title, `noindex` (nothing worth indexing yet) and the canonical link.
 */
export function catalogueUpdatingMeta(title: string, canonicalUrl: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }, { tagName: "link", rel: "canonical", href: canonicalUrl }];
}

/**
 * Head tags of an admin page: "`page` | Administração" and `noindex` (the
 * admin area is private; its pages are never cached either).
 * @param page the page's own title, e.g. "Financiamento".
 */
export function adminMeta(page: string): MetaDescriptor[] {
  return [{ title: `${page} | Administração` }, { name: "robots", content: "noindex" }];
}
