/** Styles of the free-text search page (`search.tsx`); the shared ones are in `~/components/page-layout.css`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { page as pageRhythm } from "~/components/page-layout.css";

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
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "300px minmax(0, 1fr)", gap: vars.space.xl } },
});

/** A widened search ("Não encontramos casas…"): a highlighted notice. */
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
  borderLeft: `4px solid ${vars.color.warning}`,
  color: vars.color.text,
});
