/** Styles of `/corretor/{filtro}` (`broker.tsx`): the profile header beside the portfolio. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The page's vertical rhythm. */
export const page = style({ paddingBlock: `${vars.space.lg} ${vars.space.xxl}` });

/** Profile card column and portfolio: stacked on phones, side by side from 960 px. */
export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": {
    "screen and (min-width: 960px)": { gridTemplateColumns: "300px minmax(0, 1fr)", alignItems: "start" },
  },
});

/** The profile column (sticky on wide screens). */
export const profile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  "@media": { "screen and (min-width: 960px)": { position: "sticky", top: vars.space.lg } },
});

/** Heading block above the results. */
export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
});

/** The page title (the broker's name). */
export const title = style({ fontSize: vars.fontSize.xxl });

/** Muted count / CRECI line. */
export const muted = style({ color: vars.color.textMuted });

/** Count and sort form on one row (wrapping on phones). */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
