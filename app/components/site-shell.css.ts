/** Styles of the public page chrome (`site-shell.tsx`). */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  display: "flex",
  flexDirection: "column",
  minHeight: "100vh",
});

export const main = style({ flex: "1 0 auto", display: "block" });

/** Background of the main area. */
export const tone = styleVariants({
  default: { background: vars.color.background },
  light: { background: vars.color.light },
});

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-100px",
  zIndex: vars.zIndex.modal,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: "none",
  selectors: {
    "&:focus": { top: vars.space.sm },
  },
});
