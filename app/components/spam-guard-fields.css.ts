/** Styles of `spam-guard-fields.tsx`. */
import { style } from "@vanilla-extract/css";

/** The honeypot: off screen, out of the tab order, hidden from assistive tech. */
export const trap = style({
  position: "absolute",
  left: "-10000px",
  width: "1px",
  height: "1px",
  overflow: "hidden",
});
