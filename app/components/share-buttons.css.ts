/**
 * Styles of the share buttons (`share-buttons.tsx`). Theme variables only
 * (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The group. */
export const group = style({
  display: "grid",
  gap: vars.space.sm,
});

/** "Compartilhar". */
export const title = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
});

/** Row of buttons. */
export const buttons = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});

/** One share button (small outline pill). */
export const shareButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "40px",
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
  selectors: {
    "&:hover": { borderColor: vars.color.text },
  },
});

/** Feedback after copying ("Link copiado!"). */
export const status = style({
  minHeight: "1.4em",
  fontSize: vars.fontSize.sm,
  color: vars.color.success,
});
