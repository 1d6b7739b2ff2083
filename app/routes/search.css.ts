/** Styles of the free-text search page (`search.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Page body. */
export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  paddingBlock: `${vars.space.lg} ${vars.space.xxl}`,
});

/** Page heading block. */
export const header = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

/** The H1. */
export const title = style({ fontSize: vars.fontSize.xxl });

/** The search form: field and button on one row. */
export const form = style({ display: "flex", gap: vars.space.sm, maxWidth: "720px", alignItems: "stretch" });

/** The text input. */
export const input = style({
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
export const submit = style({ minHeight: "48px", flexShrink: 0 });

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

/** List of shortcut chips. */
export const chips = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/** One chip link. */
export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "40px",
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.primary } },
});

/** The count inside a chip. */
export const chipCount = style({ color: vars.color.textMuted });

/** "Página 2 de 10". */
export const pageInfo = style({ textAlign: "center", color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The results section. */
export const results = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  transition: "opacity 150ms ease",
});

/** Results while a new page loads. */
export const loading = style({ opacity: 0.55 });
