/**
 * Styles of the consent banner and the cookie preferences (`consent-banner.tsx`):
 * the banner is fixed at the bottom (it covers, never pushes, the page: no
 * layout shift) and its three actions share one look (equal weight, ANPD's
 * cookie guide).
 */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { buttonBase } from "~/styles/ui.css";

/** The banner: a bar at the bottom of the viewport, above the page and below toasts. */
export const banner = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.surface,
  color: vars.color.text,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  padding: `${vars.space.md} ${vars.space.md} calc(${vars.space.md} + env(safe-area-inset-bottom, 0px))`,
});

/** Text and actions side by side from tablets on, stacked on phones. */
export const inner = style({
  maxWidth: vars.width.content,
  marginInline: "auto",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  "@media": {
    "(min-width: 768px)": { flexDirection: "row", alignItems: "center", justifyContent: "space-between" },
  },
});

/** The banner's short text. */
export const text = style({ margin: 0, fontSize: vars.fontSize.sm, lineHeight: 1.5 });

/** The three actions: same size on phones (three equal columns) and beyond. */
export const actions = style({
  margin: 0,
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.sm,
  flexShrink: 0,
});

/** One action ("Aceitar", "Rejeitar", "Configurar"): the same look for all three. */
export const action = style([
  buttonBase,
  {
    width: "100%",
    paddingInline: vars.space.md,
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.text,
    selectors: {
      "&:hover": { background: vars.color.light },
      "&:focus-visible": { outline: `3px solid ${vars.color.secondary}`, outlineOffset: "2px" },
    },
  },
]);

/** The preferences form on `/lgpd`. */
export const preferences = style({ display: "grid", gap: vars.space.md, margin: 0 });

/** One category: switch and label on a line, explanation below. */
export const category = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
  alignItems: "start",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
});

/** The switch (a checkbox with `role="switch"`). */
export const toggle = style({
  width: "1.25rem",
  height: "1.25rem",
  marginTop: "0.15rem",
  accentColor: vars.color.primary,
});

/** The category's name. */
export const categoryLabel = style({ fontWeight: 600 });

/** The category's explanation (second column). */
export const categoryText = style({ gridColumn: 2, margin: 0, fontSize: vars.fontSize.sm, lineHeight: 1.5 });

/** Save button and status line. */
export const footer = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md });

/** The "saved" status line. */
export const status = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The "Cookies deste site" table on `/lgpd`: full width, wrapping on phones (no sideways scroll). */
export const cookieTable = style({
  width: "100%",
  borderCollapse: "collapse",
  margin: `${vars.space.md} 0`,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
});

globalStyle(`${cookieTable} th, ${cookieTable} td`, {
  textAlign: "start",
  verticalAlign: "top",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});

/** The table's caption, as a small heading. */
export const cookieCaption = style({
  captionSide: "top",
  textAlign: "start",
  fontWeight: 700,
  paddingBottom: vars.space.xs,
});
