/**
 * Styles of `breadcrumbs.tsx`. The trail wraps between crumbs only: each
 * crumb keeps its words together and carries the "›" after it (never at the
 * start of a line); the current page, last, may shorten with an ellipsis.
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** `<nav>` of the breadcrumb. */
export const nav = style({ paddingTop: vars.space.md, minWidth: 0 });

/** Breadcrumb list. */
export const list = style([
  fr.plainList,
  {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: vars.space.xs,
    rowGap: "2px",
    fontSize: vars.fontSize.sm,
    color: vars.color.textMuted,
  },
]);

/** A crumb: one unbreakable run with its separator after it (all but the last). */
export const crumb = style({
  display: "inline-flex",
  alignItems: "center",
  minWidth: 0,
  maxWidth: "100%",
  whiteSpace: "nowrap",
  selectors: {
    "&:not(:last-child)::after": {
      content: '"›"',
      marginInlineStart: vars.space.xs,
      color: vars.color.textMuted,
    },
  },
});

/** Link of a crumb. */
export const link = style({
  color: vars.color.textMuted,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.text, textDecoration: "underline" } },
});

/** The current page in the trail (may be long: one line, ellipsis). */
export const current = style([
  { display: "block", maxWidth: "min(100%, 480px)", minWidth: 0 },
  fr.ellipsis,
  { color: vars.color.text },
]);
