/**
 * Styles of the key facts row (`listing-facts.tsx`): icon, value and label
 * per fact, wrapping on small screens. Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** The list of facts. */
export const list = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(128px, 1fr))",
  gap: vars.space.sm,
  ...f.plainList,
});

/** One fact. */
export const item = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignItems: "center",
  columnGap: vars.space.sm,
  ...f.lightTile,
});

/** The icon, spanning both text lines. */
export const icon = style({
  gridRow: "span 2",
  color: vars.color.secondary,
});

/** The value ("85 m²", "3"). */
export const value = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1.2,
  fontVariantNumeric: "tabular-nums",
});

/** The label ("área útil", "dormitórios"). */
export const label = style([f.mutedText, { lineHeight: 1.3 }]);
