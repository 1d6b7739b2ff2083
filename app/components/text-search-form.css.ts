/** Styles of `text-search-form.tsx` (the free-text search of the home hero and of `/busca`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { control } from "./page-layout.css";

/** Phones: the button shrinks to its icon. */
const narrow = "(max-width: 479px)";

/** Input and button on one row. */
export const row = style({ display: "flex", gap: vars.space.sm, alignItems: "stretch" });

/** A 48 px text control (also the home search box's selects and code field). */
export const input = style([
  control,
  {
    width: "100%",
    minHeight: "48px",
    paddingInline: vars.space.md,
    fontSize: vars.fontSize.md,
    "@media": { [narrow]: { paddingInline: vars.space.sm } },
    selectors: { "&:focus": { borderColor: vars.color.primary } },
  },
]);

/** "Buscar": a 48 px square icon button below 480 px (the field keeps the width). */
export const submit = style({
  minHeight: "48px",
  flexShrink: 0,
  "@media": { [narrow]: { minWidth: "48px", paddingInline: vars.space.sm } },
});

/** The word "Buscar": read by screen readers only below 480 px. */
export const submitText = style({
  "@media": {
    [narrow]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
