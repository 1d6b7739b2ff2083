/** Styles of the visit pages (`visit-book.tsx`, `visit-manage.tsx`): phone first (360 px). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The page's column. */
export const page = style([fr.pageColumn, { gap: vars.space.lg, maxWidth: "46rem" }]);

export const title = style(fr.pageTitle);

/** The listing summary: cover photo beside the title and place. */
export const summary = style({
  display: "grid",
  gridTemplateColumns: "96px minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "center",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
});

export const cover = style({
  width: "96px",
  height: "72px",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.border,
});

export const summaryText = style({ display: "grid", gap: vars.space.xs, minWidth: 0, overflowWrap: "anywhere" });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A form of the page. */
export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** Fields side by side from tablet width. */
export const row = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "1fr 1fr" } },
});

/** The slot picker: one group per day. */
export const days = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: vars.space.md, minWidth: 0 });

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.sm });

export const day = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });

export const dayTitle = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textTransform: "capitalize",
});

/** The times of a day as wrapping chips (each a 44 px target). */
export const times = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const radio = style({
  position: "absolute",
  opacity: 0,
  width: "1px",
  height: "1px",
});

export const chip = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "72px",
  ...fr.surfacePill("44px"),
  cursor: "pointer",
  fontVariantNumeric: "tabular-nums",
  selectors: {
    "&:has(input:checked)": {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderColor: vars.color.primary,
    },
    "&:has(input:focus-visible)": { outline: `2px solid ${vars.color.secondary}`, outlineOffset: "2px" },
  },
});

/** Previous / next days links. */
export const pager = style({ display: "flex", justifyContent: "space-between", gap: vars.space.md, flexWrap: "wrap" });

/** A card of facts (the visit's date, place, host). */
export const card = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: "grid",
  gap: vars.space.sm,
  overflowWrap: "anywhere",
});

export const facts = style({ margin: 0, display: "grid", gap: vars.space.xs });

export const when = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700, lineHeight: 1.3 });

/** Actions in a row that wraps. */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

/** The success banner after booking, moving or cancelling. */
export const banner = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.success} 14%, white)`,
  fontWeight: 600,
});

export const note = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
