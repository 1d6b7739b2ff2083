/** Styles of the error screen (`error-screen.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const screen = style({
  display: "grid",
  placeItems: "center",
  minHeight: "min(70vh, 640px)",
  paddingBlock: `${vars.space.xxl}`,
  paddingInline: vars.space.md,
  textAlign: "center",
});

export const content = style({
  display: "grid",
  justifyItems: "center",
  gap: vars.space.md,
  maxWidth: "560px",
});

export const status = style({
  fontFamily: vars.font.heading,
  fontSize: "clamp(4.5rem, 3rem + 8vw, 8rem)",
  fontWeight: 800,
  lineHeight: 1,
  letterSpacing: "-0.04em",
  color: vars.color.secondary,
  fontVariantNumeric: "tabular-nums",
});

export const title = style({
  fontSize: vars.fontSize.xxl,
});

export const description = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  marginBottom: vars.space.sm,
});

/** The optional detail line under the description. */
export const detail = style({
  color: vars.color.textMuted,
  marginTop: `calc(-1 * ${vars.space.sm})`,
  marginBottom: vars.space.sm,
});

/** The bare page used when even the root loader failed (no header/footer). */
export const bare = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
});
