/** Styles of the site header (`site-header.tsx`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** From here the bar carries the primary navigation items and the "Menu" drop-down the rest. */
const barNav = "(min-width: 960px)";
/** From here the bar carries the whole navigation and the menu is gone. */
const fullNav = "(min-width: 1240px)";
/** Phones and small tablets: the "Menu" button and the WhatsApp label. */
const phone = "(max-width: 959.98px)";

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
  "@media": {
    "(min-width: 600px)": { gap: vars.space.md },
    [barNav]: { gap: vars.space.sm },
  },
});

/** The logo link: may shrink (its name cut with an ellipsis) on phones only; whole from 960 px. */
export const homeLink = style({
  display: "inline-flex",
  minWidth: 0,
  textDecoration: "none",
  borderRadius: vars.radius.sm,
  "@media": { [barNav]: { flexShrink: 0 } },
});

export const desktopNav = style({
  display: "none",
  "@media": { [barNav]: { display: "block", flexShrink: 0 } },
});

export const navList = style([fr.centerRow, { gap: "2px" }, fr.plainList]);

/** A navigation item that is not primary: in the bar only from 1240 px (always in the menu). */
export const secondaryItem = style({
  display: "none",
  "@media": { [fullNav]: { display: "list-item" } },
});

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
    // A label never wraps and the link never shrinks: the breakpoints above keep the bar wide enough.
    whiteSpace: "nowrap",
    flexShrink: 0,
    transition: "background-color 150ms ease, color 150ms ease",
    selectors: {
      "&:hover": { background: vars.color.light },
      '&[aria-current="page"]': { color: vars.color.secondary },
    },
  },
]);

/** A text link of the bar's navigation: tighter than the icon links' 44 px pills. */
export const barNavLink = style({ paddingInline: "10px" });

/** The search icon link: pushed to the end of the bar, narrower padding than a text link. */
export const searchLink = style({ marginInlineStart: "auto", paddingInline: "10px" });

export const menu = style({
  position: "relative",
  flexShrink: 0,
  "@media": { [fullNav]: { display: "none" } },
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
    whiteSpace: "nowrap",
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
  "@media": {
    // Beside the bar's navigation: a drop-down under the button instead of a sheet.
    [barNav]: {
      position: "absolute",
      insetInline: "auto 0",
      top: `calc(100% + ${vars.space.sm})`,
      width: "320px",
      maxHeight: `calc(100dvh - ${vars.layout.headerHeight} - ${vars.space.md})`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      padding: `${vars.space.xs} ${vars.space.md} ${vars.space.sm}`,
    },
  },
});

/** The menu button's "Menu": visually hidden on the narrowest phones, where it would cut the logo. */
export const menuButtonText = style({
  "@media": { "(max-width: 399.98px)": fr.visuallyHidden },
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

export const menuLinkIcon = style({ flexShrink: 0, color: vars.color.textMuted });

/** The header's WhatsApp button: WhatsApp green mark, label where the bar has room. */
export const whatsappLink = style({
  gap: "6px",
  minWidth: "44px",
  justifyContent: "center",
  paddingInline: 0,
  color: "#128c4b",
  "@media": { "(min-width: 600px)": { paddingInline: "10px" } },
});

/**
 * "WhatsApp" beside the mark from 600 px until the navigation joins the bar
 * (960 px); the mark alone elsewhere, named by the link's `aria-label`.
 */
export const whatsappText = style({
  display: "none",
  "@media": { [`(min-width: 600px) and ${phone}`]: { display: "inline" } },
});
