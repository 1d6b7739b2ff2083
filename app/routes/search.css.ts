/** Styles of the free-text search page (`search.tsx`); the shared ones are in `~/components/page-layout.css`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { page as pageRhythm, sidebarLayout, warningNotice } from "~/components/page-layout.css";

/** Page body: heading, then the results, evenly spaced. */
export const page = style([pageRhythm, { display: "flex", flexDirection: "column", gap: vars.space.lg }]);

/** Page heading block. */
export const header = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

/** The search form (field and button on one row). */
export const form = style({ maxWidth: "720px" });

/** "Mostrando resultados para …" and the result count. */
export const summary = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  color: vars.color.textMuted,
});

/** Link to the equivalent listings page. */
export const listingsLink = style({ fontWeight: 600, color: vars.color.text, textDecoration: "underline" });

/** A section of shortcuts (empty query, empty results). */
export const shortcuts = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

/** Shortcut section heading. */
export const shortcutsTitle = style({ fontSize: vars.fontSize.lg });

/** Filters sidebar + results (as on the listings page). */
export const layout = sidebarLayout;

/** A widened search ("Não encontramos casas…"): a highlighted notice. */
export const notice = style([warningNotice, { color: vars.color.text }]);
