/**
 * Responsive image URLs through the site's own image route (`/imagens`,
 * `app/routes/image.ts`), which fetches the source from an allowed host
 * (Vista's CDN or the embedded sandbox), resizes it with sharp and caches it.
 * The browser never talks to Vista's hosts directly.
 */

/** Widths (px) the image route accepts; anything else is rounded up to one of these. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;

/** The image route's URL for `src` at about `width` px wide; "" when `src` is empty. */
export function imageUrl(src: string, width: number): string {
  if (!src) return "";
  const w = IMAGE_WIDTHS.find((candidate) => candidate >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `/imagens?src=${encodeURIComponent(src)}&w=${w}`;
}

/** A `srcset` attribute value for `src` over the given widths (px). */
export function imageSrcSet(src: string, widths: readonly number[] = [320, 480, 640, 960]): string {
  if (!src) return "";
  return widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(", ");
}
