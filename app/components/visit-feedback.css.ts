/** Styles of the visitor's rating page (`/visitas/{token}/avaliacao`). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  paddingBlock: vars.space.xl,
  maxWidth: "40rem",
});

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** The five ratings: a fieldset whose options wrap, each a 44 px target. */
export const ratings = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });

export const legend = style({ fontWeight: 700, marginBottom: vars.space.sm, padding: 0 });

export const options = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const option = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, fontWeight: 700 } },
});

globalStyle(`${option} input`, { margin: 0, width: "1.1rem", height: "1.1rem" });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const error = style({ color: vars.color.error, margin: 0, fontWeight: 600 });

/** The given rating, read back. */
export const given = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  ...fr.primaryNote,
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
});
