/** Styles of `empty-state.tsx`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The panel. */
export const panel = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: "center",
  background: vars.color.light,
  borderRadius: vars.radius.lg,
});

/** Round icon badge. */
export const icon = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "64px",
  height: "64px",
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.secondary,
  boxShadow: vars.shadow.card,
});

/** Title. */
export const title = style({ fontSize: vars.fontSize.xl, maxWidth: "36ch" });

/** Explanation. */
export const text = style({ color: vars.color.textMuted, maxWidth: "60ch" });

/** Actions / suggestions. */
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
});
