/** Styles of `/admin/estatisticas` (`admin-stats.tsx`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The summary figures, a wrapping grid of small cards. */
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(10rem, 1fr))",
  gap: vars.space.sm,
  margin: 0,
});

/** One summary figure. */
export const figure = style({
  ...fr.valueAboveLabel,
  padding: vars.space.sm,
  ...fr.surfaceBox,
});

/** The number of a summary figure. */
export const figureValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700, lineHeight: 1.1 });

/** The label of a summary figure. */
export const figureLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Numbers in tables line up on the right. */
export const number = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });
