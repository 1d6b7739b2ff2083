/** Styles of `filters-form.tsx` (the listings page's filters). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import { control as baseControl } from "./page-layout.css";

/** Wide screens: the sidebar is always open. */
const wide = "(min-width: 960px)";

/** The collapsible wrapper (`<details>`): a "Filtros" button on phones, a sidebar on wide screens. */
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  "@media": {
    // Taller than the viewport with every facet: the sidebar scrolls on its own.
    [wide]: {
      position: "sticky",
      top: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
      maxHeight: `calc(100vh - ${vars.layout.headerHeight} - 2 * ${vars.space.md})`,
      overflowY: "auto",
      overscrollBehavior: "contain",
    },
  },
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

/** The form. */
export const form = style([
  fr.column,
  {
    gap: vars.space.lg,
    padding: vars.space.md,
    borderTop: `1px solid ${vars.color.border}`,
    "@media": { [wide]: { borderTop: "none", padding: vars.space.lg } },
  },
]);

/** Form heading (wide screens). */
export const heading = style({
  display: "none",
  fontSize: vars.fontSize.lg,
  "@media": { [wide]: { display: "block" } },
});

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

/** Scrollable checkbox list of neighbourhoods. */
export const checkList = style({
  maxHeight: "260px",
  overflowY: "auto",
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
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
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

/** "Limpar filtros" link. */
export const clear = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** An option that would give no listing: dimmed, still usable (works without JavaScript). */
export const zero = style({ opacity: 0.5 });

/** Count inside a chip. */
export const chipCount = style({ marginLeft: "6px", fontSize: vars.fontSize.xs, opacity: 0.8, pointerEvents: "none" });

/** Amenities: a taller list, two columns where there is room. */
export const checkColumns = style({
  maxHeight: "340px",
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  columnGap: vars.space.xs,
});
