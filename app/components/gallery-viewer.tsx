/**
 * The gallery's fullscreen viewer: a modal `<dialog>` with its own carousel
 * (Esc closes it, ← → navigate) over the page's strip.
 */
import type { KeenSliderInstance } from "keen-slider";
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { Photo } from "~/domain/listing";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { clampIndex, moveCarousel, useCarousel, useNativeSwipes } from "./gallery-carousel";
import { altText, ArrowButtons } from "./gallery-slides";
import { CloseIcon } from "./icons";
import * as s from "./gallery.css";

/** Widths (px) offered in the fullscreen viewer. */
const VIEWER_WIDTHS = [640, 960, 1280, 1600] as const;

/** The fullscreen viewer's state and controls ({@link useViewer}). */
export interface Viewer {
  /** Whether the dialog is open. */
  open: boolean;
  /** The photo it shows (0-based). */
  index: number;
  dialogRef: RefObject<HTMLDialogElement>;
  /** Its own strip of slides. */
  trackRef: RefObject<HTMLDivElement>;
  /** Shows photo `index` (clamped) in the viewer. */
  goTo: (index: number) => void;
  /** Opens the dialog on the photo the page shows. */
  show: () => void;
  /** Closes the dialog; the page's strip then moves to the photo last seen. */
  close: () => void;
  /** ← and → in the dialog. */
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * The fullscreen viewer (a modal `<dialog>` on `dialogRef`) over the page's
 * carousel: it opens on the photo the page shows (`current`), has its own
 * carousel, and on every close, by "Fechar" or by Esc, the page's strip
 * (`trackRef`, its `slider` once it runs) moves to the photo last seen in it.
 */
export function useViewer(
  count: number,
  current: number,
  setCurrent: (index: number) => void,
  trackRef: RefObject<HTMLDivElement>,
  slider: RefObject<KeenSliderInstance | null>,
): Viewer {
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerIndex, setViewerIndex] = useState(0);
  const viewerIndexRef = useRef(0);
  viewerIndexRef.current = viewerIndex;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const viewerTrackRef = useRef<HTMLDivElement>(null);
  const viewer = useCarousel(viewerTrackRef, viewerOpen && count > 1, viewerIndex, count, setViewerIndex);
  useNativeSwipes(viewerTrackRef, viewerOpen && count > 1, count, viewer, setViewerIndex);

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
  }, [slider, trackRef, setCurrent]);

  function onViewerKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    viewerGoTo(viewerIndex + step);
  }

  return {
    open: viewerOpen,
    index: viewerIndex,
    dialogRef,
    trackRef: viewerTrackRef,
    goTo: viewerGoTo,
    show: openViewer,
    close: closeViewer,
    onKeyDown: onViewerKeyDown,
  };
}

/** The open viewer's content: "3 / 8 · title", "Fechar", its strip on the photo shown, and the caption. */
export function ViewerContent({ photos, title, viewer }: { photos: Photo[]; title: string; viewer: Viewer }) {
  const { index: viewerIndex, trackRef, close: onClose, goTo: onMove } = viewer;
  const count = photos.length;
  return (
    <>
      <div className={s.dialogBar}>
        <p className={s.dialogTitle}>
          <span aria-live="polite">
            {viewerIndex + 1} / {count}
          </span>
          {" · "}
          {title}
        </p>
        <button type="button" className={s.dialogClose} onClick={onClose} autoFocus>
          <CloseIcon size={18} />
          Fechar
        </button>
      </div>
      <div className={s.dialogStage}>
        <div ref={trackRef} className={`${s.track} ${s.dialogTrack}`}>
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
        {count > 1 ? <ArrowButtons index={viewerIndex} count={count} onMove={onMove} /> : null}
      </div>
      <p className={s.dialogCaption}>{photos[viewerIndex]?.description ?? ""}</p>
    </>
  );
}
