/**
 * The listing page's "Histórico de preço" section and the "Baixou X% em dd/mm"
 * note of the price box (`price-history.tsx`). Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** "Baixou 8% em 12/11" under a price. */
export const dropNote = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  color: vars.color.success,
});

/** Sparkline of the sale (or rent) price. */
export const sparkline = style({
  display: "block",
  width: "100%",
  maxWidth: "320px",
  height: "48px",
  color: vars.color.secondary,
});

/** Wrapper that lets the table scroll sideways on a phone instead of widening the page. */
export const tableWrap = style({
  overflowX: "auto",
  maxWidth: "100%",
});

/** The table of changes. */
export const table = style({
  borderCollapse: "collapse",
  width: "100%",
  fontVariantNumeric: "tabular-nums",
  fontSize: vars.fontSize.sm,
});

/** Header and body cells. */
export const cell = style({
  textAlign: "start",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});

/** A drop (green) or a rise (muted) in the change column. */
export const down = style({ color: vars.color.success, fontWeight: 700 });
export const up = style({ color: vars.color.textMuted });
