/** Styles of `sort-form.tsx`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { control } from "./page-layout.css";

/** The sort form. */
export const form = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  whiteSpace: "nowrap",
  minWidth: 0,
});

/** The sort select. */
export const select = style([control, { minHeight: "40px", minWidth: 0 }]);

/** The no-JavaScript "Ordenar" button. */
export const button = style({ minHeight: "40px", paddingInline: vars.space.md });
