/** Styles of the visits chart (`visits-chart.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The chart: scales with its column, keeps its aspect ratio (no layout shift). */
export const chart = style({ display: "block", width: "100%", height: "auto", maxWidth: "960px" });

/** Page-view bars. */
export const bar = style({ fill: vars.color.light, stroke: vars.color.border, strokeWidth: 0.5 });

/** The visitors line. */
export const line = style({ fill: "none", stroke: vars.color.secondary, strokeWidth: 2 });

/** Axis lines and grid. */
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });

/** Axis labels. */
export const axisLabel = style({ fill: vars.color.textMuted, fontSize: "11px" });

/** The chart's legend. */
export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
});

/** A legend swatch. */
export const swatch = style({
  display: "inline-block",
  width: "0.9em",
  height: "0.9em",
  marginRight: vars.space.xs,
  verticalAlign: "-0.1em",
  border: `1px solid ${vars.color.border}`,
});

/** Swatch colours, matching {@link bar} and {@link line}. */
export const swatchBar = style({ background: vars.color.light });
export const swatchLine = style({ background: vars.color.secondary });

/** Numbers in the data table line up on the right. */
export const number = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });
