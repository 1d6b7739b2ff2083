/** Styles of `search-box.tsx` (the home hero's search). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import { input } from "./text-search-form.css";

/** The form card. */
export const form = style([fr.formCard, { boxShadow: vars.shadow.raised, width: "100%", maxWidth: "960px" }]);

/** The free-text form (to /busca). */
export const textForm = style([fr.column, { gap: "4px" }]);

/** "ou escolha os filtros" between the two forms. */
export const divider = style([
  fr.centerRow,
  {
    gap: vars.space.sm,
    margin: 0,
    fontSize: vars.fontSize.xs,
    color: vars.color.textMuted,
    selectors: {
      "&::before, &::after": { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
    },
  },
]);

/** The filters form (to /todos-os-imoveis). */
export const filtersForm = style([fr.column, { gap: vars.space.md }]);

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
export const toggleOption = style([
  fr.inlineCenter,
  {
    position: "relative",
    minHeight: "40px",
    paddingInline: vars.space.lg,
    borderRadius: vars.radius.pill,
    fontWeight: 600,
    fontSize: vars.fontSize.sm,
    cursor: "pointer",
    color: vars.color.textMuted,
    selectors: {
      "&:has(input:checked)": { background: vars.color.primary, color: vars.color.onPrimary },
      "&:has(input:focus-visible)": fr.focusRing,
    },
  },
]);

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
export const field = style([fr.column, { gap: "4px", minWidth: 0 }]);

/** Field label. */
export const label = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: ".05em",
  color: vars.color.textMuted,
});

/** Select and input look: the free-text field's. */
export const control = input;

/** The submit button. */
export const submit = style({
  minHeight: "48px",
  "@media": { "(min-width: 640px) and (max-width: 899px)": { gridColumn: "1 / -1" } },
});

globalStyle(`${submit} svg`, { flexShrink: 0 });
