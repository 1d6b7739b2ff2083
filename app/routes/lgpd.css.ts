/** Styles of the privacy policy `/lgpd` (`lgpd.tsx`): phone first (360 px). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The page's vertical rhythm. */
export const page = style([fr.pageColumn, { gap: vars.space.xl, maxWidth: "78ch" }]);

/** Page title. */
export const title = style(fr.pageTitle);

/** One section of the policy. */
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, lineHeight: 1.6 });

/** Section heading. */
export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.25 });

/** Muted line (last update, notes). */
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A list of the policy. */
export const list = style({ margin: 0, paddingInlineStart: "1.25rem", display: "grid", gap: vars.space.xs });

/** The controller's data (address block). */
export const card = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
  fontStyle: "normal",
  display: "grid",
  gap: vars.space.xs,
});
