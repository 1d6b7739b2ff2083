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
import type { KeenSliderInstance, KeenSliderOptions, KeenSliderPlugin } from "keen-slider";
import { type KeyboardEvent, type MouseEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { Photo } from "~/domain/listing";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { CameraIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon } from "./icons";
import * as s from "./gallery.css";

/**
 * Carousel defaults, docs/spec.txt §9: "duration 500, threshold 40, bounce 20%,
 * deceleration 0.0075, default index 0, moveType snap, resize debounce max
 * 100". keen-slider takes `duration` (`defaultAnimation`), the default index
 * (`initial`) and snap mode directly; {@link thresholdPlugin} and
 * {@link bouncePlugin} add the drag threshold (px) and the overscroll limit
 * (share of a slide). Deceleration applies to free-scrolling carousels only
 * and keen-slider's own resize observer replaces the resize debounce.
 */
export const CAROUSEL_DEFAULTS = {
  /** Slide animation, ms. */
  duration: 500,
  /** Drag distance (px) below which a swipe snaps back. */
  threshold: 40,
  /** Largest overscroll at either end, as a share of one slide. */
  bounce: 0.2,
  deceleration: 0.0075,
  defaultIndex: 0,
  moveType: "snap",
  resizeDebounceMax: 100,
} as const;

/** Widths (px) offered for a slide; the browser picks with `sizes`. */
const SLIDE_WIDTHS = [480, 640, 960, 1280] as const;
/** Widths (px) offered in the fullscreen viewer. */
const VIEWER_WIDTHS = [640, 960, 1280, 1600] as const;

/**
 * keen-slider plugin: a drag shorter than `thresholdPx` snaps back to the
 * slide it started on; a longer one moves exactly one slide in its direction.
 * Runs after keen-slider's own drag handling (plugins run in order).
 */
export function thresholdPlugin(thresholdPx: number = CAROUSEL_DEFAULTS.threshold): KeenSliderPlugin {
  return (slider) => {
    let startPosition = 0;
    let startIndex = 0;
    slider.on("dragStarted", () => {
      startPosition = slider.track.details.position;
      startIndex = slider.track.details.abs;
    });
    slider.on("dragEnded", () => {
      const details = slider.track.details;
      // Track positions are in container widths: ×size gives pixels.
      const movedPx = (details.position - startPosition) * slider.size;
      const target = Math.abs(movedPx) < thresholdPx ? startIndex : startIndex + Math.sign(movedPx);
      slider.moveToIdx(Math.min(details.maxIdx, Math.max(details.minIdx, target)), true, {
        duration: CAROUSEL_DEFAULTS.duration,
      });
    });
  };
}

/**
 * keen-slider plugin: while dragging past the first or last slide, the track
 * never moves more than `ratio` of a slide beyond the end (docs/spec.txt §9 "bounce 20%").
 */
export function bouncePlugin(ratio: number = CAROUSEL_DEFAULTS.bounce): KeenSliderPlugin {
  return (slider) => {
    slider.on("dragged", () => {
      const { position, min, max } = slider.track.details;
      if (position < min - ratio) slider.track.to(min - ratio);
      else if (position > max + ratio) slider.track.to(max + ratio);
    });
  };
}

/** keen-slider options for a gallery starting at slide `initial` (docs/spec.txt §9 defaults). */
export function carouselOptions(initial: number = CAROUSEL_DEFAULTS.defaultIndex): KeenSliderOptions {
  return {
    initial,
    mode: CAROUSEL_DEFAULTS.moveType,
    rubberband: true,
    drag: true,
    defaultAnimation: { duration: CAROUSEL_DEFAULTS.duration },
    slides: { perView: 1, spacing: 0 },
    selector: "[data-slide]",
  } as KeenSliderOptions;
}

/**
 * How long (ms) the native strip must go without a scroll event before the
 * slider takes over or the counter follows a swipe: longer than the gap
 * between two scroll events of a running swipe or smooth scroll.
 */
const SCROLL_SETTLE_MS = 120;

/** Resolves once `element` has not scrolled for {@link SCROLL_SETTLE_MS}. */
function scrollSettled(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, SCROLL_SETTLE_MS);
    function onScroll() {
      clearTimeout(timer);
      timer = setTimeout(done, SCROLL_SETTLE_MS);
    }
    function done() {
      element.removeEventListener("scroll", onScroll);
      resolve();
    }
    element.addEventListener("scroll", onScroll, { passive: true });
  });
}

/** The slide a native strip shows (0-based), from its scroll position. */
function shownIndex(track: HTMLElement, count: number): number {
  return track.clientWidth > 0 ? clampIndex(Math.round(track.scrollLeft / track.clientWidth), count) : 0;
}

/** Wraps `index` into 0…count-1. */
function clampIndex(index: number, count: number): number {
  return Math.min(count - 1, Math.max(0, index));
}

/**
 * Creates a keen-slider on `ref` while `active`, loading the library on
 * demand; `onChange` gets the index of the current slide. The slider waits for
 * the native strip to stop scrolling, then starts on the slide the strip
 * shows (or on `initial` when it was never scrolled, as in the viewer), so
 * moves made while it loaded are kept. While it runs the track carries
 * `data-slider="true"` (keen-slider's styles, no native scrolling).
 */
function useCarousel(
  ref: RefObject<HTMLElement>,
  active: boolean,
  initial: number,
  count: number,
  onChange: (index: number) => void,
): RefObject<KeenSliderInstance | null> {
  const slider = useRef<KeenSliderInstance | null>(null);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    let cancelled = false;
    Promise.all([import("keen-slider"), scrollSettled(container)])
      .then(([mod]) => {
        if (cancelled) return;
        // The package's CommonJS build may arrive wrapped once more.
        const KeenSlider = (mod.default as unknown as { default?: typeof mod.default }).default ?? mod.default;
        const start = container.scrollLeft > 0 ? shownIndex(container, count) : initialRef.current;
        onChangeRef.current(start);
        container.dataset.slider = "true";
        container.scrollLeft = 0;
        slider.current = new KeenSlider(
          container,
          {
            ...carouselOptions(start),
            slideChanged: (instance) => onChangeRef.current(instance.track.details.rel),
          },
          [thresholdPlugin(), bouncePlugin()],
        );
      })
      .catch((error: unknown) => {
        // The native scroll-snap strip keeps working without the slider.
        console.error("[galeria] keen-slider não carregou", error);
      });
    return () => {
      cancelled = true;
      slider.current?.destroy();
      slider.current = null;
      delete container.dataset.slider;
    };
  }, [ref, active, count]);

  return slider;
}

/**
 * While `active` and no slider runs, calls `onChange` with the slide the
 * native strip on `ref` shows each time it stops scrolling (a swipe, a wheel).
 */
function useNativeSwipes(
  ref: RefObject<HTMLElement>,
  active: boolean,
  count: number,
  slider: RefObject<KeenSliderInstance | null>,
  onChange: (index: number) => void,
): void {
  useEffect(() => {
    const track = ref.current;
    if (!active || !track) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!slider.current) onChange(shownIndex(track, count));
      }, SCROLL_SETTLE_MS);
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      track.removeEventListener("scroll", onScroll);
    };
  }, [ref, active, count, slider, onChange]);
}

/**
 * Shows slide `index` of a carousel: through the slider when it runs, else by
 * scrolling the native strip (`onNative` gets the index, as the slider's
 * `slideChanged` would).
 */
function moveCarousel(
  slider: KeenSliderInstance | null,
  track: HTMLElement | null,
  index: number,
  onNative: (index: number) => void,
): void {
  if (slider) {
    slider.moveToIdx(index);
    return;
  }
  track?.scrollTo({ left: index * track.clientWidth });
  onNative(index);
}

/** Props of {@link Gallery}. */
export interface GalleryProps {
  /** Photos in display order (the first is the cover). */
  photos: Photo[];
  /** What the photos show, e.g. the listing title (alt texts, labels). */
  title: string;
}

/** The previous/next photo buttons over a carousel; `onMove` gets the wanted index. */
function ArrowButtons({ index, count, onMove }: { index: number; count: number; onMove: (index: number) => void }) {
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
function altText(photo: Photo, title: string, index: number, count: number): string {
  return photo.description ? `${photo.description} — ${title}` : `${title} — foto ${index + 1} de ${count}`;
}

/** The gallery: see the module comment. */
export function Gallery({ photos, title }: GalleryProps) {
  const count = photos.length;
  const [enhanced, setEnhanced] = useState(false);
  const [sliderWanted, setSliderWanted] = useState(false);
  const [current, setCurrent] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerIndex, setViewerIndex] = useState(0);
  const viewerIndexRef = useRef(0);
  viewerIndexRef.current = viewerIndex;
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbsRef = useRef<HTMLOListElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const viewerTrackRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Keep the photo the visitor scrolled to before hydration.
    const track = trackRef.current;
    if (track) setCurrent(shownIndex(track, count));
    setEnhanced(true);
  }, [count]);

  const slider = useCarousel(trackRef, sliderWanted && count > 1, current, count, setCurrent);
  const viewer = useCarousel(viewerTrackRef, viewerOpen && count > 1, viewerIndex, count, setViewerIndex);

  // Until the slider runs, the counters and thumbnails follow swipes on the native strips.
  useNativeSwipes(trackRef, count > 1, count, slider, setCurrent);
  useNativeSwipes(viewerTrackRef, viewerOpen && count > 1, count, viewer, setViewerIndex);

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
  const viewerGoTo = useCallback(
    (index: number) => moveCarousel(viewer.current, viewerTrackRef.current, clampIndex(index, count), setViewerIndex),
    [count, viewer],
  );

  // The viewer opens on the photo seen in the page, on its native strip until the slider runs.
  useEffect(() => {
    const track = viewerTrackRef.current;
    if (viewerOpen && track && !viewer.current) track.scrollLeft = viewerIndexRef.current * track.clientWidth;
  }, [viewerOpen, viewer]);

  const openViewer = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    setViewerIndex(current);
    setViewerOpen(true);
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    document.documentElement.style.overflow = "hidden";
  }, [current]);

  const closeViewer = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, []);

  // The dialog also closes itself (Esc): sync the gallery on every close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onClose = () => {
      document.documentElement.style.overflow = "";
      setViewerOpen(false);
      const index = viewerIndexRef.current;
      if (slider.current) slider.current.moveToIdx(index, false, { duration: 0 });
      else {
        const track = trackRef.current;
        if (track) track.scrollLeft = index * track.clientWidth;
        setCurrent(index);
      }
    };
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("close", onClose);
      document.documentElement.style.overflow = "";
    };
  }, [slider]);

  function onTrackKeyDown(event: KeyboardEvent) {
    const next =
      event.key === "ArrowRight"
        ? current + 1
        : event.key === "ArrowLeft"
          ? current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? count - 1
              : null;
    if (next == null) {
      if (event.key === "Enter") {
        event.preventDefault();
        openViewer();
      }
      return;
    }
    event.preventDefault();
    goTo(next);
  }

  function onViewerKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    viewerGoTo(viewerIndex + step);
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

  const slideSizes = "(min-width: 1264px) 808px, (min-width: 1024px) 62vw, 100vw";
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
        <div
          ref={trackRef}
          className={s.track}
          data-enhanced={enhanced && count > 1 ? "true" : undefined}
          tabIndex={0}
          role="region"
          aria-label={`Fotos, use as setas do teclado para navegar (${count} fotos)`}
          onKeyDown={onTrackKeyDown}
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
        {enhanced && count > 1 ? (
          <>
            <ArrowButtons index={current} count={count} onMove={goTo} />
            <span className={`${s.pill} ${s.counter}`} aria-live="polite" data-testid="gallery-counter">
              {current + 1} / {count}
            </span>
          </>
        ) : null}
        {enhanced ? (
          <button type="button" className={`${s.pill} ${s.fullscreenButton}`} onClick={openViewer}>
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
        ref={dialogRef}
        className={s.dialog}
        aria-label={`Fotos em tela cheia: ${title}`}
        onKeyDown={onViewerKeyDown}
      >
        {viewerOpen ? (
          <>
            <div className={s.dialogBar}>
              <p className={s.dialogTitle}>
                <span aria-live="polite">
                  {viewerIndex + 1} / {count}
                </span>
                {" · "}
                {title}
              </p>
              <button type="button" className={s.dialogClose} onClick={closeViewer} autoFocus>
                <CloseIcon size={18} />
                Fechar
              </button>
            </div>
            <div className={s.dialogStage}>
              <div ref={viewerTrackRef} className={`${s.track} ${s.dialogTrack}`}>
                {photos.map((photo, index) => (
                  <figure key={`${photo.url}-${index}`} className={s.slide} data-slide="">
                    <img
                      className={`${s.photo} ${s.dialogPhoto}`}
                      src={imageUrl(photo.url, 1280)}
                      srcSet={imageSrcSet(photo.url, VIEWER_WIDTHS)}
                      sizes="100vw"
                      alt={altText(photo, title, index, count)}
                      loading={Math.abs(index - viewerIndex) <= 1 ? "eager" : "lazy"}
                      decoding="async"
                      draggable={false}
                    />
                  </figure>
                ))}
              </div>
              {count > 1 ? <ArrowButtons index={viewerIndex} count={count} onMove={viewerGoTo} /> : null}
            </div>
            <p className={s.dialogCaption}>{photos[viewerIndex]?.description ?? ""}</p>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
