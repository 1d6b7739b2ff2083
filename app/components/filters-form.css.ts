/** Styles of `filters-form.tsx` (the list pages' filters: sidebar, phone sheet, sections). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import { control as baseControl } from "./page-layout.css";

/** Wide screens: the sidebar is always open. */
const wide = "(min-width: 960px)";

/**
 * The collapsible wrapper (`<details>`): a "Filtros" button on phones, a
 * sidebar on wide screens that scrolls with the page (no scroll area of its
 * own: the sections keep it short).
 */
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

// Browsers that know ::details-content keep the sidebar open on wide screens
// even before JavaScript runs (the component also sets `open` there).
globalStyle(`${panel}::details-content`, {
  "@media": { [wide]: { contentVisibility: "visible", blockSize: "auto" } },
} as never);

/** The "Filtros" summary (hidden on wide screens). */
export const summary = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: "48px",
  padding: `0 ${vars.space.md}`,
  fontWeight: 600,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
  "@media": { [wide]: { display: "none" } },
});

/** Icon and word of the summary. */
export const summaryLabel = style([fr.inlineCenter, { gap: vars.space.sm }]);

/** Number of active filters in the summary. */
export const countBadge = style([
  { minWidth: "24px", height: "24px", paddingInline: "6px", borderRadius: vars.radius.pill },
  fr.badgeAccent,
  { fontSize: vars.fontSize.xs, lineHeight: "24px", textAlign: "center" },
]);

/** The sheet: in the page (folded form, sidebar) until it opens as a full-screen dialog on a phone. */
export const sheet = style({
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { [wide]: { borderTop: "none" } },
});

/** The open sheet (phones, with JavaScript): the whole screen; only its body scrolls. */
export const sheetOpen = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: "flex",
  flexDirection: "column",
  borderTop: "none",
  background: vars.color.surface,
  overflowY: "auto",
  overscrollBehavior: "contain",
});

/** Heading row (with "Fechar" in the sheet). */
export const sheetHeader = style({
  display: "none",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg} 0`,
  "@media": { [wide]: { display: "flex" } },
  selectors: {
    [`${sheetOpen} &`]: {
      display: "flex",
      position: "sticky",
      top: 0,
      zIndex: 1,
      paddingBottom: vars.space.sm,
      paddingInline: vars.space.md,
      background: vars.color.surface,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

/** "Fechar" (×). */
export const close = style([
  fr.centered,
  {
    width: "44px",
    height: "44px",
    border: "none",
    borderRadius: vars.radius.pill,
    background: "transparent",
    color: vars.color.text,
    cursor: "pointer",
    selectors: { "&:hover": { background: vars.color.light }, "&:focus-visible": fr.focusRing },
  },
]);

/** The form. */
export const form = style([
  fr.column,
  {
    gap: 0,
    padding: `0 ${vars.space.md} ${vars.space.md}`,
    "@media": { [wide]: { padding: `0 ${vars.space.lg} ${vars.space.lg}` } },
    selectors: { [`${sheetOpen} &`]: { flex: "1 0 auto", paddingBottom: 0 } },
  },
]);

/** Form heading. */
export const heading = style({ fontSize: vars.fontSize.lg, margin: 0 });

/** One collapsible section (`<details>`). */
export const section = style({ borderBottom: `1px solid ${vars.color.border}` });

/** A section's title row: title, what is set, and a chevron. */
export const sectionSummary = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "48px",
  paddingBlock: vars.space.xs,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&::after": {
      content: '""',
      flexShrink: 0,
      width: "8px",
      height: "8px",
      marginInline: "4px 2px",
      borderRight: `2px solid ${vars.color.textMuted}`,
      borderBottom: `2px solid ${vars.color.textMuted}`,
      transform: "translateY(-2px) rotate(45deg)",
    },
    "details[open] > &::after": { transform: "translateY(2px) rotate(-135deg)" },
    "&:focus-visible": fr.focusRing,
  },
});

/** Section title (kept on one line; the value beside it wraps instead). */
export const sectionTitle = style({
  flexShrink: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  color: vars.color.text,
});

/**
 * What a section has set ("2+", "R$ 2.500 a R$ 5.000"), right-aligned; it wraps onto a
 * second line rather than being cut ("R$ 2.500 a R$…" hid the very figure set).
 */
export const sectionValue = style({
  marginLeft: "auto",
  minWidth: 0,
  textAlign: "right",
  overflowWrap: "break-word",
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.primary,
});

/** A section's controls. */
export const sectionBody = style([fr.column, { gap: vars.space.md, paddingBottom: vars.space.md }]);

/** A group of controls. */
export const group = style([fr.column, { gap: vars.space.sm, margin: 0, padding: 0, border: "none", minWidth: 0 }]);

/** Group or field label. */
export const label = style({
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.text,
});

/** Select / text input. */
export const control = style([
  baseControl,
  { width: "100%", minHeight: "44px", selectors: { "&:focus": { borderColor: vars.color.primary } } },
]);

/** Two inputs side by side (price range). */
export const pair = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.sm });

/** Small label over one input of a pair. */
export const subLabel = style([fr.column, { gap: "2px", fontSize: vars.fontSize.xs, color: vars.color.textMuted }]);

/** Chips (radio buttons styled as pills). */
export const chips = style([fr.wrapFlex, { gap: vars.space.xs }]);

/** One chip. */
export const chip = style([
  fr.inlineCenter,
  {
    position: "relative",
    minHeight: "40px",
    paddingInline: "14px",
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.sm,
    cursor: "pointer",
    selectors: {
      "&:has(input:checked)": {
        background: vars.color.primary,
        borderColor: vars.color.primary,
        color: vars.color.onPrimary,
      },
      "&:has(input:focus-visible)": fr.focusRing,
    },
  },
]);

/** The radio inside a chip. */
export const chipInput = style({ position: "absolute", inset: 0, opacity: 0, margin: 0, cursor: "pointer" });

/** Checkbox list of neighbourhoods: the form's only inner scroll, narrowed by "Procurar bairro". */
export const checkList = style({
  maxHeight: "280px",
  overflowY: "auto",
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

/** "Ver todos os N bairros": a text button under the first neighbourhoods, a full-size touch target. */
export const moreButton = style({
  alignSelf: "flex-start",
  minHeight: "44px",
  padding: 0,
  border: "none",
  background: "none",
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: "underline",
  cursor: "pointer",
});

/** One checkbox row. */
export const check = style([
  fr.centerRow,
  {
    gap: vars.space.sm,
    minHeight: "36px",
    paddingInline: vars.space.xs,
    fontSize: vars.fontSize.sm,
    cursor: "pointer",
    borderRadius: vars.radius.sm,
    selectors: { "&:hover": { background: vars.color.light } },
  },
]);

globalStyle(`${check} input`, {
  width: "18px",
  height: "18px",
  margin: 0,
  accentColor: vars.color.primary,
  flexShrink: 0,
});

/** Count beside an option. */
export const optionCount = style({ marginLeft: "auto", color: vars.color.textMuted, fontSize: vars.fontSize.xs });

/** Hint text. */
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Buttons row. */
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  paddingTop: vars.space.md,
});

/** The sheet's footer: sticky at the bottom, "Limpar" and "Ver N imóveis". */
export const sheetFooter = style({
  position: "sticky",
  bottom: 0,
  flexWrap: "nowrap",
  marginTop: "auto",
  marginInline: `calc(-1 * ${vars.space.md})`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
});

/** "Limpar" in the sheet footer. */
export const clearButton = style({ flexShrink: 0, minHeight: "48px", paddingInline: vars.space.md });

/** "Ver N imóveis": the rest of the footer. */
export const applyButton = style({ flex: "1 1 0", minWidth: 0, minHeight: "48px", paddingInline: vars.space.sm });

/** "Limpar filtros" link. */
export const clear = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/**
 * An option that would give no listing: in the muted text colour, still
 * usable (works without JavaScript). Not by opacity: a half-transparent label
 * falls below WCAG AA's 4.5:1 contrast.
 */
export const zero = style({ color: vars.color.textMuted });

/**
 * Count inside a chip: the muted text colour, the chip's own colour once chosen. A
 * colour, never opacity: a see-through count fell under WCAG AA's 4.5:1 (ADR 0092).
 */
export const chipCount = style({
  marginLeft: "6px",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  pointerEvents: "none",
  selectors: { [`${chip}:has(input:checked) &`]: { color: "inherit" } },
});

/** Amenities: every option in the page (no inner scroll), two columns where there is room. */
export const checkColumns = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  columnGap: vars.space.xs,
});
