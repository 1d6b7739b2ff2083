/** Styles of the site header (`site-header.tsx`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

const desktop = "(min-width: 860px)";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.menu,
  background: "rgba(255, 255, 255, 0.94)",
  backdropFilter: "saturate(180%) blur(12px)",
  WebkitBackdropFilter: "saturate(180%) blur(12px)",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  height: vars.layout.headerHeight,
  "@media": { "(min-width: 600px)": { gap: vars.space.md } },
});

export const homeLink = style({
  display: "inline-flex",
  minWidth: 0,
  textDecoration: "none",
  borderRadius: vars.radius.sm,
});

export const desktopNav = style({
  display: "none",
  "@media": { [desktop]: { display: "block" } },
});

export const navList = style([fr.centerRow, { gap: vars.space.xs }, fr.plainList]);

export const navLink = style([
  fr.inlineCenter,
  {
    minHeight: "44px",
    paddingInline: "14px",
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.md,
    fontWeight: 600,
    color: vars.color.text,
    textDecoration: "none",
    transition: "background-color 150ms ease, color 150ms ease",
    selectors: {
      "&:hover": { background: vars.color.light },
      '&[aria-current="page"]': { color: vars.color.secondary },
    },
  },
]);

/** The search icon link: pushed to the end of the bar, narrower padding than a text link. */
export const searchLink = style({ marginInlineStart: "auto", paddingInline: "10px" });

export const menu = style({
  position: "relative",
  "@media": { [desktop]: { display: "none" } },
});

export const menuButton = style([
  fr.inlineCenter,
  {
    gap: vars.space.sm,
    minHeight: "44px",
    paddingInline: "12px",
    borderRadius: vars.radius.pill,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    fontWeight: 600,
    cursor: "pointer",
    listStyle: "none",
    userSelect: "none",
    selectors: {
      "&::-webkit-details-marker": { display: "none" },
      "&::marker": { content: '""' },
    },
  },
]);

export const menuPanel = style({
  position: "fixed",
  insetInline: 0,
  top: vars.layout.headerHeight,
  maxHeight: `calc(100dvh - ${vars.layout.headerHeight})`,
  overflowY: "auto",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.lg}`,
});

export const menuList = style([{ display: "grid" }, fr.plainList]);

export const menuLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  minHeight: "52px",
  paddingInline: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    '&[aria-current="page"]': { color: vars.color.secondary },
  },
});

export const menuLinkIcon = style({ color: vars.color.textMuted });

/** The header's WhatsApp button: WhatsApp green mark, label from 600 px. */
export const whatsappLink = style({
  gap: "6px",
  minWidth: "44px",
  justifyContent: "center",
  paddingInline: 0,
  color: "#128c4b",
  "@media": { "(min-width: 600px)": { paddingInline: "10px" } },
});

/** "WhatsApp" beside the mark (hidden on narrow phones, where the mark alone has an accessible name). */
export const whatsappText = style({
  display: "none",
  "@media": { "(min-width: 600px)": { display: "inline" } },
});
