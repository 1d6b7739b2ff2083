/** Styles of the admin and empty layouts (`admin.tsx`, `empty.tsx`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** A page column at least as tall as the window, on the light tint. */
const fullPage = { minHeight: "100vh", background: vars.color.light };

/** The main area, taking the height the bar and footer leave. */
const grow = { flex: "1 0 auto" };

export const adminPage = style([fr.column, fullPage]);

export const adminBar = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.menu,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});

export const adminBarInner = style([
  fr.centerRow,
  {
    justifyContent: "space-between",
    gap: vars.space.md,
    height: vars.layout.headerHeight,
  },
]);

export const adminBrand = style([
  fr.inlineCenter,
  {
    gap: "10px",
    minWidth: 0,
    color: "inherit",
    textDecoration: "none",
    fontWeight: 700,
  },
]);

export const adminBrandText = style([fr.ellipsis, { "@media": { "(max-width: 559px)": { display: "none" } } }]);

export const adminBadge = style({
  flex: "none",
  padding: "2px 10px",
  borderRadius: vars.radius.pill,
  background: "color-mix(in srgb, currentColor 16%, transparent)",
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
});

export const adminSiteLink = style([
  fr.inlineCenter,
  {
    gap: vars.space.xs,
    minHeight: "40px",
    paddingInline: "14px",
    borderRadius: vars.radius.pill,
    border: "1px solid color-mix(in srgb, currentColor 35%, transparent)",
    color: "inherit",
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
    textDecoration: "none",
    whiteSpace: "nowrap",
    selectors: {
      "&:hover": { background: "color-mix(in srgb, currentColor 12%, transparent)" },
    },
  },
]);

export const adminMain = style([grow, { paddingBlock: vars.space.xl }]);

export const emptyPage = style([
  fr.column,
  { alignItems: "center", gap: vars.space.xl, padding: `${vars.space.xxl} ${vars.space.md} ${vars.space.lg}` },
  fullPage,
]);

export const emptyHome = style({ textDecoration: "none", borderRadius: vars.radius.sm });

export const emptyMain = style([{ width: "100%", maxWidth: "440px" }, grow]);

export const emptyFooter = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: "center",
});
