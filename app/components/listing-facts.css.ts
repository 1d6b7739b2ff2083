/**
 * Styles of the key facts row (`listing-facts.tsx`): icon, value and label
 * per fact: compact one-line chips on phones (so they fit the first screen
 * with the price), tiles from 768 px. Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** The list of facts. */
export const list = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  ...f.plainList,
  "@media": {
    "(min-width: 768px)": {
      display: "grid",
      gridTemplateColumns: "repeat(auto-fill, minmax(128px, 1fr))",
      gap: vars.space.sm,
    },
  },
});

/** One fact: a chip on phones, a tile from 768 px. */
export const item = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  ...f.lightTile,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  whiteSpace: "nowrap",
  "@media": {
    "(min-width: 768px)": {
      display: "grid",
      gridTemplateColumns: "auto 1fr",
      columnGap: vars.space.sm,
      padding: f.lightTile.padding,
      whiteSpace: "normal",
    },
  },
});

/**
 * The icon, spanning both text lines of a tile; never narrower than its 24 px (a long
 * label such as "dormitórios" squeezed the grid's auto column and drew the bed a few
 * pixels tall).
 */
export const icon = style({
  display: "inline-flex",
  flexShrink: 0,
  width: "24px",
  height: "24px",
  color: vars.color.secondary,
  "@media": { "(min-width: 768px)": { gridRow: "span 2" } },
});

/** The value ("85 m²", "3"), never broken across lines ("111" above "m²"). */
export const value = style({
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  lineHeight: 1.2,
  fontVariantNumeric: "tabular-nums",
  "@media": { "(min-width: 768px)": { fontSize: vars.fontSize.lg } },
});

/** The label ("área útil", "dormitórios"). */
export const label = style([f.mutedText, { lineHeight: 1.3 }]);
