/** Styles of the map page's list (`map-list.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The list section. */
export const list = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  minWidth: 0,
  transition: "opacity 150ms ease",
});

/** While a new list loads. */
export const loading = style({ opacity: 0.55 });

/** "Imóveis na lista". */
export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });

/** Count line. */
export const summary = style({ margin: 0, color: vars.color.textMuted });

/** Note shown when the list is limited to the searched area. */
export const areaNote = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.light,
  fontSize: vars.fontSize.sm,
});

/** Nothing in view. */
export const empty = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
});

/** "Remover área": a clear, tappable link. */
export const removeShape = style({ fontWeight: 600, whiteSpace: "nowrap" });
