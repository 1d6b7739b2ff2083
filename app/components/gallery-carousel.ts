/**
 * The gallery's carousel (docs/spec.txt §9 defaults): keen-slider's options
 * and plugins, the hooks that start it on demand over the native scroll-snap
 * strip and follow the strip's swipes until it runs, and the move to a slide
 * through either (docs/decisions/0051-islands-and-gallery-on-demand.md).
 */
import type { KeenSliderInstance, KeenSliderOptions, KeenSliderPlugin } from "keen-slider";
import { type RefObject, useEffect, useRef } from "react";

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
export function shownIndex(track: HTMLElement, count: number): number {
  return track.clientWidth > 0 ? clampIndex(Math.round(track.scrollLeft / track.clientWidth), count) : 0;
}

/** Wraps `index` into 0…count-1. */
export function clampIndex(index: number, count: number): number {
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
export function useCarousel(
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
export function useNativeSwipes(
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
export function moveCarousel(
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
