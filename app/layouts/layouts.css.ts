/** Styles of the admin and empty layouts (`admin.tsx`, `empty.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const adminPage = style({
  display: "flex",
  flexDirection: "column",
  minHeight: "100vh",
  background: vars.color.light,
});

export const adminBar = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.menu,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});

export const adminBarInner = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  height: vars.layout.headerHeight,
});

export const adminBrand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "10px",
  minWidth: 0,
  color: "inherit",
  textDecoration: "none",
  fontWeight: 700,
});

export const adminBrandText = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  "@media": {
    "(max-width: 559px)": { display: "none" },
  },
});

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

export const adminSiteLink = style({
  display: "inline-flex",
  alignItems: "center",
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
});

export const adminMain = style({
  flex: "1 0 auto",
  paddingBlock: vars.space.xl,
});

export const emptyPage = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xl,
  minHeight: "100vh",
  padding: `${vars.space.xxl} ${vars.space.md} ${vars.space.lg}`,
  background: vars.color.light,
});

export const emptyHome = style({ textDecoration: "none", borderRadius: vars.radius.sm });

export const emptyMain = style({
  width: "100%",
  maxWidth: "440px",
  flex: "1 0 auto",
});

export const emptyFooter = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: "center",
});
