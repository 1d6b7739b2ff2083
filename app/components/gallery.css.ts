/**
 * Styles of the photo gallery (`gallery.tsx`). Without JavaScript the track is
 * a native horizontal scroll-snap strip (swipe or scroll through the photos),
 * and stays one once hydrated (`data-enhanced="true"`: live counter, arrows)
 * until keen-slider drives it (`data-slider="true"`); these rules replace
 * keen-slider's own stylesheet (same declarations, no extra request).
 * Theme variables only (docs/style.md §7); the fullscreen dialog uses the modal
 * stacking order (docs/spec.txt §9: modal 1100).
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The whole gallery: stage and thumbnails. */
export const gallery = style({
  display: "grid",
  gap: vars.space.sm,
  minWidth: 0,
});

/** Frame of the slides with the controls over it. */
export const stage = style({
  position: "relative",
  borderRadius: 0,
  overflow: "hidden",
  background: vars.color.light,
  "@media": {
    "(min-width: 768px)": { borderRadius: vars.radius.lg },
  },
});

/** The slides' track. */
export const track = style({
  display: "flex",
  overflowX: "auto",
  overflowY: "hidden",
  scrollSnapType: "x mandatory",
  scrollbarWidth: "none",
  aspectRatio: "3 / 2",
  selectors: {
    "&::-webkit-scrollbar": { display: "none" },
    '&[data-slider="true"]': {
      overflow: "hidden",
      scrollSnapType: "none",
      userSelect: "none",
      WebkitUserSelect: "none",
      touchAction: "pan-y",
      WebkitTapHighlightColor: "transparent",
      alignContent: "flex-start",
      position: "relative",
      cursor: "grab",
    },
    '&[data-slider="true"]:active': { cursor: "grabbing" },
  },
  "@media": {
    // An explicit height, not aspect-ratio + max-height: a max-height would be
    // transferred to the width through the ratio and leave a gap at the side.
    "(min-width: 768px)": { aspectRatio: "auto", height: "min(520px, 56vw)" },
    // Beside the price box: short enough that the title and the key facts
    // show under it in the first screen (1366×900: 414 px).
    "(min-width: 1024px)": { height: "clamp(300px, 46vh, 480px)" },
  },
});

/** One slide. */
export const slide = style({
  position: "relative",
  flex: "0 0 100%",
  width: "100%",
  minHeight: "100%",
  overflow: "hidden",
  scrollSnapAlign: "start",
  margin: 0,
});

/** A photo filling its slide. */
export const photo = style([fr.coverImage, { pointerEvents: "none" }]);

/** "3 / 8" inside each slide (shown without JavaScript, where slides move natively). */
export const slideCounter = style({
  position: "absolute",
  right: vars.space.sm,
  bottom: vars.space.sm,
  selectors: {
    [`${track}[data-enhanced="true"] &`]: { display: "none" },
  },
});

/** Pill over the photo: counter and fullscreen button share it. */
export const pill = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `4px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: "rgba(0, 0, 0, .62)",
  color: "#fff",
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  lineHeight: 1.4,
  fontVariantNumeric: "tabular-nums",
});

/** The live counter of the enhanced gallery. */
export const counter = style({
  position: "absolute",
  right: vars.space.sm,
  bottom: vars.space.sm,
  pointerEvents: "none",
});

/** "Tela cheia" button. */
export const fullscreenButton = style({
  position: "absolute",
  left: vars.space.sm,
  bottom: vars.space.sm,
  border: 0,
  minHeight: "36px",
  cursor: "pointer",
  selectors: {
    "&:hover": { background: "rgba(0, 0, 0, .8)" },
  },
});

/** Round previous/next arrow over the photo. */
export const arrow = style({
  position: "absolute",
  top: "50%",
  transform: "translateY(-50%)",
  display: "none",
  alignItems: "center",
  justifyContent: "center",
  width: "44px",
  height: "44px",
  border: 0,
  borderRadius: vars.radius.pill,
  background: "rgba(255, 255, 255, .92)",
  color: vars.color.text,
  boxShadow: vars.shadow.card,
  cursor: "pointer",
  selectors: {
    "&:disabled": { opacity: 0.4, cursor: "default" },
    "&:hover:not(:disabled)": { background: "#fff" },
  },
  "@media": {
    "(min-width: 600px)": { display: "inline-flex" },
  },
});

/** Position of the previous arrow. */
export const arrowPrev = style({ left: vars.space.md });
/** Position of the next arrow. */
export const arrowNext = style({ right: vars.space.md });

/** Strip of thumbnails under the stage. */
export const thumbs = style({
  display: "flex",
  gap: vars.space.sm,
  margin: 0,
  padding: `2px ${vars.space.md}`,
  listStyle: "none",
  overflowX: "auto",
  scrollbarWidth: "thin",
  "@media": {
    "(min-width: 768px)": { paddingInline: 0 },
  },
});

/** One thumbnail link. */
export const thumb = style({
  display: "block",
  flex: "0 0 auto",
  width: "64px",
  aspectRatio: "3 / 2",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  border: "2px solid transparent",
  opacity: 0.75,
  transition: "opacity .15s ease, border-color .15s ease",
  selectors: {
    "&:hover": { opacity: 1 },
    '&[aria-current="true"]': { borderColor: vars.color.secondary, opacity: 1 },
  },
  "@media": {
    "(min-width: 768px)": { width: "88px" },
  },
});

/** Image of a thumbnail. */
export const thumbImage = style([fr.coverImage, { background: vars.color.light }]);

/** Placeholder of a listing without photos. */
export const empty = style([
  fr.column,
  fr.centerContent,
  { gap: vars.space.sm, aspectRatio: "16 / 9", color: vars.color.textMuted, background: vars.color.light },
]);

/** The fullscreen viewer (a modal `<dialog>`). */
export const dialog = style({
  position: "fixed",
  inset: 0,
  width: "100vw",
  maxWidth: "100vw",
  height: "100dvh",
  maxHeight: "100dvh",
  margin: 0,
  padding: 0,
  border: 0,
  background: "#0b0b0c",
  color: "#fff",
  zIndex: vars.zIndex.modal,
  selectors: {
    "&[open]": { display: "grid", gridTemplateRows: "auto minmax(0, 1fr) auto", gridTemplateColumns: "minmax(0, 1fr)" },
    "&::backdrop": { background: "rgba(0, 0, 0, .9)" },
  },
});

/** Top bar of the viewer: counter and close button. */
export const dialogBar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.sm,
  paddingInlineStart: vars.space.md,
});

/** Title of the viewer (the listing title), one line. */
export const dialogTitle = style([
  { margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600, color: "#fff" },
  fr.ellipsis,
]);

/** Close button of the viewer. */
export const dialogClose = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  paddingInline: vars.space.md,
  border: 0,
  borderRadius: vars.radius.pill,
  background: "rgba(255, 255, 255, .12)",
  color: "#fff",
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, .22)" },
  },
});

/** Stage of the viewer. */
export const dialogStage = style({
  position: "relative",
  minHeight: 0,
  minWidth: 0,
  overflow: "hidden",
});

/** Track of the viewer: fills the stage. */
export const dialogTrack = style({
  height: "100%",
  aspectRatio: "auto",
  "@media": {
    "(min-width: 768px)": { height: "100%" },
    "(min-width: 1024px)": { height: "100%" },
  },
});

/** Whole photo in the viewer (no cropping). */
export const dialogPhoto = style({
  objectFit: "contain",
});

/** Caption line at the bottom of the viewer. */
export const dialogCaption = style({
  minHeight: "2.5em",
  padding: vars.space.sm,
  textAlign: "center",
  fontSize: vars.fontSize.sm,
  color: "rgba(255, 255, 255, .8)",
});

globalStyle(`${dialog} ${arrow}`, { display: "inline-flex" });
