/** Styles of `text-search-form.tsx` (the free-text search of the home hero and of `/busca`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { control } from "./page-layout.css";

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
    selectors: { "&:focus": { borderColor: vars.color.primary } },
  },
]);

/** "Buscar". */
export const submit = style({ minHeight: "48px", flexShrink: 0 });
