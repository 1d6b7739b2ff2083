/** Styles of `pagination.tsx`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The navigation landmark. */
export const nav = style({
  display: "flex",
  justifyContent: "center",
  marginBlock: vars.space.xl,
});

/** The list of page links. */
export const list = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

const cell = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minWidth: "44px",
  height: "44px",
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
} as const;

/** A page link. */
export const link = style({
  ...cell,
  color: vars.color.text,
  textDecoration: "none",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: { "&:hover": { borderColor: vars.color.text } },
});

/** The current page. */
export const current = style({
  ...cell,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  border: `1px solid ${vars.color.primary}`,
});

/** "…" between far pages. */
export const gap = style({ ...cell, minWidth: "24px", color: vars.color.textMuted, fontWeight: 400 });

/** Previous/next link; their words hide on narrow screens (icon stays, with an accessible name). */
export const stepText = style({
  "@media": {
    "(max-width: 479px)": {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
    },
  },
});

/** Page numbers far from the current one hide on narrow screens. */
export const far = style({
  "@media": { "(max-width: 479px)": { display: "none" } },
});
