/** Styles of the signed-in broker's bar above the site header. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const bar = style({
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
});

export const inner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "40px",
  flexWrap: "nowrap",
});

export const who = style({
  flex: "1 1 auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const link = style({
  color: vars.color.onPrimary,
  fontWeight: 600,
  padding: "8px 4px",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.onPrimary}`, outlineOffset: "2px" } },
});

export const signOut = style({
  font: "inherit",
  fontWeight: 600,
  color: vars.color.onPrimary,
  background: "transparent",
  border: `1px solid color-mix(in srgb, ${vars.color.onPrimary} 50%, transparent)`,
  borderRadius: vars.radius.pill,
  minHeight: "32px",
  padding: "4px 14px",
  cursor: "pointer",
  selectors: {
    "&:hover": { borderColor: vars.color.onPrimary },
    "&:focus-visible": { outline: `2px solid ${vars.color.onPrimary}`, outlineOffset: "2px" },
  },
});

/** The links to the restricted areas, side by side. */
export const areas = style({ display: "flex", alignItems: "center", gap: vars.space.md });
