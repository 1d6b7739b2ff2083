/**
 * Photo gallery of a listing or condominium page (docs/product.md: "gallery
 * (keen-slider, with fullscreen and keyboard)").
 *
 * Server-rendered and usable without JavaScript: the first photo is a real
 * `<img>` (eager, high priority), the others load lazily, the track is a
 * native scroll-snap strip and the thumbnails are `#foto-N` links. Once
 * hydrated, arrows, a live "3 / 8" counter, keyboard navigation (←, →, Home,
 * End) and a fullscreen viewer (a modal `<dialog>`: Esc closes it, ← → navigate)
 * work on that strip. keen-slider, with the spec's carousel defaults
 * ({@link CAROUSEL_DEFAULTS}), is loaded when the visitor first reaches for
 * the gallery (pointer over or down on it, a touch, focus) and takes over once
 * the strip stops scrolling, on the photo then shown: a visitor who never
 * touches the photos never downloads it (docs/decisions/0051).
 */
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import type { Photo } from "~/domain/listing";
import { imageUrl } from "~/lib/images";
import { clampIndex, moveCarousel, shownIndex, useCarousel, useNativeSwipes } from "./gallery-carousel";
import { ArrowButtons, SlideTrack } from "./gallery-slides";
import { useViewer, ViewerContent } from "./gallery-viewer";
import { CameraIcon, ExpandIcon } from "./icons";
import * as s from "./gallery.css";

/** Props of {@link Gallery}. */
export interface GalleryProps {
  /** Photos in display order (the first is the cover). */
  photos: Photo[];
  /** What the photos show, e.g. the listing title (alt texts, labels). */
  title: string;
}

/** The slide a key shows on the page's strip (←, →, Home, End), from slide `current` of `count`; null for other keys. */
function slideForKey(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight") return current + 1;
  if (key === "ArrowLeft") return current - 1;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** The gallery: see the module comment. */
export function Gallery({ photos, title }: GalleryProps) {
  const count = photos.length;
  const [enhanced, setEnhanced] = useState(false);
  const [sliderWanted, setSliderWanted] = useState(false);
  const [current, setCurrent] = useState(0);
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbsRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // Keep the photo the visitor scrolled to before hydration.
    const track = trackRef.current;
    if (track) setCurrent(shownIndex(track, count));
    setEnhanced(true);
  }, [count]);

  const slider = useCarousel(trackRef, sliderWanted && count > 1, current, count, setCurrent);
  // Until the slider runs, the counter and thumbnails follow swipes on the native strip.
  useNativeSwipes(trackRef, count > 1, count, slider, setCurrent);
  const viewer = useViewer(count, current, setCurrent, trackRef, slider);

  /** The visitor reaches for the gallery: time to load the slider. */
  const wantSlider = useCallback(() => setSliderWanted(true), []);

  // Keep the active thumbnail in view without scrolling the page.
  useEffect(() => {
    const list = thumbsRef.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!list || !item) return;
    const left = item.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + item.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: left - list.clientWidth / 2 + item.offsetWidth / 2 });
    }
  }, [current]);

  const goTo = useCallback(
    (index: number) => moveCarousel(slider.current, trackRef.current, clampIndex(index, count), setCurrent),
    [count, slider],
  );

  function onTrackKeyDown(event: KeyboardEvent) {
    const next = slideForKey(event.key, current, count);
    if (next == null) {
      if (event.key === "Enter") {
        event.preventDefault();
        viewer.show();
      }
      return;
    }
    event.preventDefault();
    goTo(next);
  }

  function onThumbClick(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (!enhanced) return;
    event.preventDefault();
    goTo(index);
  }

  if (count === 0) {
    return (
      <div className={s.empty} role="img" aria-label={`${title}: sem fotos`}>
        <CameraIcon size={32} />
        <span>Fotos em breve</span>
      </div>
    );
  }

  return (
    <section
      className={s.gallery}
      aria-roledescription="galeria"
      aria-label={`Fotos: ${title}`}
      onPointerEnter={wantSlider}
      onPointerDown={wantSlider}
      onTouchStart={wantSlider}
      onFocus={wantSlider}
    >
      <div className={s.stage}>
        <SlideTrack photos={photos} title={title} trackRef={trackRef} enhanced={enhanced} onKeyDown={onTrackKeyDown} />
        {enhanced && count > 1 ? (
          <>
            <ArrowButtons index={current} count={count} onMove={goTo} />
            <span className={`${s.pill} ${s.counter}`} aria-live="polite" data-testid="gallery-counter">
              {current + 1} / {count}
            </span>
          </>
        ) : null}
        {enhanced ? (
          <button type="button" className={`${s.pill} ${s.fullscreenButton}`} onClick={viewer.show}>
            <ExpandIcon size={16} />
            Tela cheia
          </button>
        ) : null}
      </div>

      {count > 1 ? (
        <ol ref={thumbsRef} className={s.thumbs} aria-label="Miniaturas">
          {photos.map((photo, index) => (
            <li key={`${photo.url}-${index}`}>
              <a
                href={`#foto-${index + 1}`}
                className={s.thumb}
                aria-current={index === current ? "true" : undefined}
                aria-label={`Ver foto ${index + 1} de ${count}`}
                onClick={(event) => onThumbClick(event, index)}
              >
                <img
                  className={s.thumbImage}
                  src={imageUrl(photo.thumbnailUrl || photo.url, 160)}
                  srcSet={`${imageUrl(photo.thumbnailUrl || photo.url, 160)} 1x, ${imageUrl(photo.thumbnailUrl || photo.url, 320)} 2x`}
                  width={112}
                  height={75}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}

      <dialog
        ref={viewer.dialogRef}
        className={s.dialog}
        aria-label={`Fotos em tela cheia: ${title}`}
        onKeyDown={viewer.onKeyDown}
      >
        {viewer.open ? <ViewerContent photos={photos} title={title} viewer={viewer} /> : null}
      </dialog>
    </section>
  );
}
