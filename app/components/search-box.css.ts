/** Styles of `search-box.tsx` (the home hero's search). */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The form card. */
export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  width: "100%",
  maxWidth: "960px",
});

/** The free-text form (to /busca). */
export const textForm = style({ display: "flex", flexDirection: "column", gap: "4px" });

/** Input and button of the free-text form. */
export const textRow = style({ display: "flex", gap: vars.space.sm, alignItems: "stretch" });

/** "Buscar" of the free-text form. */
export const textSubmit = style({ minHeight: "48px", flexShrink: 0 });

/** "ou escolha os filtros" between the two forms. */
export const divider = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  selectors: {
    "&::before, &::after": { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});

/** The filters form (to /todos-os-imoveis). */
export const filtersForm = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** Comprar / Alugar segmented control (radio buttons). */
export const toggle = style({
  display: "inline-flex",
  alignSelf: "flex-start",
  padding: "4px",
  gap: "4px",
  margin: 0,
  border: "none",
  borderRadius: vars.radius.pill,
  background: vars.color.light,
});

/** One option of the toggle (label wrapping a visually hidden radio). */
export const toggleOption = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  color: vars.color.textMuted,
  selectors: {
    "&:has(input:checked)": { background: vars.color.primary, color: vars.color.onPrimary },
    "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.secondary}`, outlineOffset: "2px" },
  },
});

/** The radio inside a toggle option: hidden but focusable. */
export const toggleInput = style({
  position: "absolute",
  opacity: 0,
  inset: 0,
  margin: 0,
  cursor: "pointer",
});

/** Row of fields: stacked on phones, one row on wide screens. */
export const fields = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.sm,
  "@media": {
    "(min-width: 640px)": { gridTemplateColumns: "1fr 1fr" },
    "(min-width: 900px)": { gridTemplateColumns: "1.1fr 1.6fr 1fr auto", alignItems: "end" },
  },
});

/** A labelled field. */
export const field = style({ display: "flex", flexDirection: "column", gap: "4px", minWidth: 0 });

/** Field label. */
export const label = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: ".05em",
  color: vars.color.textMuted,
});

/** Select and input look. */
export const control = style({
  width: "100%",
  minHeight: "48px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: { "&:focus": { borderColor: vars.color.primary } },
});

/** The submit button. */
export const submit = style({
  minHeight: "48px",
  "@media": { "(min-width: 640px) and (max-width: 899px)": { gridColumn: "1 / -1" } },
});

globalStyle(`${submit} svg`, { flexShrink: 0 });
