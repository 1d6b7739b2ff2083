import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The sort form. */
export const form = style({ display: "flex", alignItems: "center", gap: vars.space.sm, fontSize: vars.fontSize.sm });

/** The sort select. */
export const select = style({
  minHeight: "40px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
});

/** The no-JavaScript "Ordenar" button. */
export const button = style({ minHeight: "40px", paddingInline: vars.space.md });
