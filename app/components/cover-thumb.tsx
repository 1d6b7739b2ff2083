/**
 * A listing's cover photo as a 320×240 thumbnail (its 320-pixel rendition),
 * as the favourites list, the comparison and the map's popups show it.
 */
import { imageUrl } from "~/lib/images";

/**
 * The thumbnail `<img>`.
 * @param url the cover photo's URL as stored (`coverPhotoUrl`).
 * @param alt `""` where a text beside it already names the listing.
 * @param lazy loaded and decoded when near the viewport (lists below the fold).
 */
export function CoverThumb({
  url,
  className,
  alt,
  lazy,
}: {
  url: string;
  className: string;
  alt: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={imageUrl(url, 320)}
      width={320}
      height={240}
      alt={alt}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
    />
  );
}
