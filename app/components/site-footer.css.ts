/** Styles of the site footer (`site-footer.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const footer = style({
  marginTop: "auto",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  paddingBlock: `${vars.space.xxl} ${vars.space.lg}`,
});

export const grid = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": {
    "(min-width: 768px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" },
  },
});

export const about = style({
  display: "grid",
  gap: vars.space.md,
  alignContent: "start",
  maxWidth: "46ch",
});

export const homeLink = style({ justifySelf: "start", textDecoration: "none", borderRadius: vars.radius.sm });

export const text = style({
  fontSize: vars.fontSize.sm,
  color: "color-mix(in srgb, currentColor 78%, transparent)",
});

export const heading = style({
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  color: "inherit",
});

export const links = style({
  display: "grid",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "36px",
  color: "inherit",
  textDecoration: "none",
  opacity: 0.86,
  selectors: {
    "&:hover": { opacity: 1, textDecoration: "underline" },
  },
});

export const bottom = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginTop: vars.space.xxl,
  paddingTop: vars.space.lg,
  borderTop: "1px solid color-mix(in srgb, currentColor 18%, transparent)",
  fontSize: vars.fontSize.sm,
  color: "color-mix(in srgb, currentColor 70%, transparent)",
});

/** The contact block (address, phone, WhatsApp, e-mail). */
export const contact = style({
  display: "grid",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
  fontStyle: "normal",
});

/** One line of a multi-line text (address, opening hours). */
export const line = style({ display: "block" });
