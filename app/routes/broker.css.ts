/** Styles of `/corretor/{filtro}` (`broker.tsx`): the profile card beside the portfolio; the shared ones are in `~/components/page-layout.css`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

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

/** Space under the count-and-sort toolbar. */
export const toolbar = style({ marginBottom: vars.space.md });
