/**
 * The gallery's strip as the server renders it (usable without JavaScript:
 * `#foto-N` anchors), and the arrows shared with the fullscreen viewer.
 */
import type { KeyboardEvent, RefObject } from "react";
import type { Photo } from "~/domain/listing";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import * as s from "./gallery.css";

/** Widths (px) offered for a slide; the browser picks with `sizes`. */
const SLIDE_WIDTHS = [480, 640, 960, 1280] as const;
/** The previous/next photo buttons over a carousel; `onMove` gets the wanted index. */
export function ArrowButtons({
  index,
  count,
  onMove,
}: {
  index: number;
  count: number;
  onMove: (index: number) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={`${s.arrow} ${s.arrowPrev}`}
        onClick={() => onMove(index - 1)}
        disabled={index === 0}
        aria-label="Foto anterior"
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className={`${s.arrow} ${s.arrowNext}`}
        onClick={() => onMove(index + 1)}
        disabled={index === count - 1}
        aria-label="Próxima foto"
      >
        <ChevronRightIcon />
      </button>
    </>
  );
}

/** Alt text of photo `index` (0-based) of `count`. */
export function altText(photo: Photo, title: string, index: number, count: number): string {
  return photo.description ? `${photo.description} — ${title}` : `${title} — foto ${index + 1} de ${count}`;
}

/**
 * The page's strip of slides (`trackRef`): every photo, the first eager with
 * high priority, each with its "3 / 8" (without JavaScript the only counter).
 */
export function SlideTrack(props: {
  photos: Photo[];
  title: string;
  trackRef: RefObject<HTMLDivElement>;
  enhanced: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { photos, title, trackRef, enhanced, onKeyDown } = props;
  const count = photos.length;
  const slideSizes = "(min-width: 1264px) 808px, (min-width: 1024px) 62vw, 100vw";
  return (
    <div
      ref={trackRef}
      className={s.track}
      data-enhanced={enhanced && count > 1 ? "true" : undefined}
      tabIndex={0}
      role="region"
      aria-label={`Fotos, use as setas do teclado para navegar (${count} fotos)`}
      onKeyDown={onKeyDown}
    >
      {photos.map((photo, index) => (
        <figure
          key={`${photo.url}-${index}`}
          id={`foto-${index + 1}`}
          className={s.slide}
          data-slide=""
          aria-roledescription="foto"
          aria-label={`${index + 1} de ${count}`}
        >
          <img
            className={s.photo}
            src={imageUrl(photo.url, 960)}
            srcSet={imageSrcSet(photo.url, SLIDE_WIDTHS)}
            sizes={slideSizes}
            width={1200}
            height={800}
            alt={altText(photo, title, index, count)}
            loading={index === 0 ? "eager" : "lazy"}
            // React 18 warns on camelCase fetchPriority; the DOM attribute is lower-case.
            {...(index === 0 ? { fetchpriority: "high" } : {})}
            decoding={index === 0 ? "auto" : "async"}
            draggable={false}
          />
          {count > 1 ? (
            <span className={`${s.pill} ${s.slideCounter}`} aria-hidden="true">
              {index + 1} / {count}
            </span>
          ) : null}
        </figure>
      ))}
    </div>
  );
}
