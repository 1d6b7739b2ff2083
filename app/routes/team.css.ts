/** Styles of `/sobre` and `/membro/{id}` (`about.tsx`, `member.tsx`): phone first (360 px). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The page's vertical rhythm. */
export const page = style([fr.pageColumn, { gap: vars.space.xl }]);

/** Page title. */
export const title = style(fr.pageTitle);

/** Running text (keeps the admin's line breaks). */
export const prose = style({ margin: 0, maxWidth: "70ch", whiteSpace: "pre-line", lineHeight: 1.6 });

/** Muted line. */
export const muted = style({ margin: 0, color: vars.color.textMuted });

/** Team grid: one column on phones, up to four on wide screens. */
export const team = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/** One member card. */
export const memberCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: "white",
  boxShadow: vars.shadow.card,
});

/** Member name link. */
export const name = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.lg, color: vars.color.text });

/** Profile: photo beside the text from 720 px. */
export const profile = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { "screen and (min-width: 720px)": { gridTemplateColumns: "280px 1fr", alignItems: "start" } },
});

/** Contact buttons row. */
export const contacts = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** Section heading with room below it. */
export const sectionTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.xl });

/** The profile's text column: the page's rhythm without its outer padding. */
export const profileText = style([page, { paddingBlock: 0 }]);

/** The agency's data on `/sobre` (one line each). */
export const agency = style({
  display: "grid",
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  fontStyle: "normal",
  color: vars.color.textMuted,
});
