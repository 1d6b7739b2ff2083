/** Styles of the map's first picture (`map-preview.tsx`, docs/decisions/0097). */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Over the placeholder, under the map (which comes after it in the box): the tiles drawn before any script. */
export const preview = style({
  position: "absolute",
  inset: 0,
  overflow: "hidden",
  borderRadius: vars.radius.lg,
  pointerEvents: "none",
});

// While the picture is there the map's own background (and the box that stands for the map until
// it is created) lets it show through, so the map's tiles cover it as they come instead of a blank
// box coming first.
globalStyle(`${preview} ~ * .leaflet-container, ${preview} ~ * [data-map-surface]`, { background: "transparent" });
