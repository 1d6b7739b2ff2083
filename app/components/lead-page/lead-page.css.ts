/**
 * Styles of the broker's lead pages ("Meus leads" on `/painel`, `/painel/leads/:id`); the cards,
 * badges and forms are the admin area's (`../admin.css`), these only add what a lead needs.
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** A lead's message in the list: three lines at most, the page shows it whole. */
export const clamp = style({
  margin: 0,
  overflowWrap: "anywhere",
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 3,
  overflow: "hidden",
});

/** Facts that wrap on a phone instead of widening the page. */
export const meta = style([
  fr.wrapFlex,
  { gap: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.fontSize.sm, minWidth: 0, overflowWrap: "anywhere" },
]);

/** The one-tap reply buttons. */
export const replies = style([fr.wrapFlex, { gap: vars.space.sm, margin: 0 }]);

/** A section of the lead page. */
export const section = style([fr.column, { gap: vars.space.sm, minWidth: 0 }]);

/** The status form: select(s) and the button, wrapping on a phone. */
export const statusForm = style([fr.wrapFlex, { gap: vars.space.sm, alignItems: "flex-end", margin: 0 }]);

/** A field of the status form: as wide as its content, never wider than the page. */
export const statusField = style([fr.column, { gap: vars.space.xs, minWidth: 0, maxWidth: "100%" }]);

/** The lead's history, oldest first. */
export const history = style([fr.column, fr.plainList, { gap: vars.space.sm }]);

/** One history entry: a rule on its start side, as the private panel's history. */
export const historyItem = style({
  borderInlineStart: `3px solid ${vars.color.border}`,
  paddingInlineStart: vars.space.sm,
  overflowWrap: "anywhere",
  whiteSpace: "pre-line",
});
