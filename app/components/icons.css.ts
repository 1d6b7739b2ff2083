import { createVar, globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { ICON_SHAPES, iconDataUri, type IconShape } from "./icon-shapes";

/**
 * The drawing of an icon, as CSS `url()` of its SVG: set by each icon's class
 * (and the pressed heart), read once by {@link icon}'s mask, so that each
 * drawing is written once in the stylesheet, not once per mask property.
 */
const drawing = createVar();

/** The declarations that make `uri` an icon's drawing. */
function mask(uri: string) {
  return { vars: { [drawing]: `url("${uri}")` } };
}

/**
 * Every icon: a box painted in the text colour through its drawing as a mask,
 * so it follows the text and the run-time brand colours. Its size comes from
 * the component (inline `width`/`height`). In forced-colours mode (Windows
 * contrast themes) the browser would paint the box in the background colour
 * and the brand colour it inherits may not show: it takes the theme's text
 * colour. It prints, as text does. Written at no specificity (`:where`), so
 * a component's class on an icon (a margin, `display: none` on narrow
 * screens) wins wherever its stylesheet sits.
 */
export const icon = style({});

globalStyle(`:where(${icon})`, {
  display: "block",
  flexShrink: 0,
  backgroundColor: "currentColor",
  maskImage: drawing,
  WebkitMaskImage: drawing,
  maskRepeat: "no-repeat",
  WebkitMaskRepeat: "no-repeat",
  maskPosition: "center",
  WebkitMaskPosition: "center",
  maskSize: "100% 100%",
  WebkitMaskSize: "100% 100%",
  forcedColorAdjust: "none",
  printColorAdjust: "exact",
  WebkitPrintColorAdjust: "exact",
  "@media": { "(forced-colors: active)": { backgroundColor: "CanvasText" } },
});

/** Each icon's drawing, by name (added to {@link icon}). */
export const shape = styleVariants(ICON_SHAPES as Record<keyof typeof ICON_SHAPES, IconShape>, (icon) =>
  mask(iconDataUri(icon)),
);

/** The heart filled in: the drawing of a pressed favourite button (`favourite-button.css.ts`). */
export const filledHeartMask = mask(iconDataUri(ICON_SHAPES.heart, true));
