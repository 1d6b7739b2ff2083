/** Styles of `listing-grid.tsx`: 1 column at 360 px, up to 4 on wide screens. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The grid (a list). Columns follow the available width, so it also fits beside a sidebar. */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))",
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/** One cell. */
export const item = style({ minWidth: 0 });

/**
 * Variant for home sections: a horizontal, swipeable row with scroll snap
 * on phones and tablets (so the page stays short), the normal grid from 960 px.
 */
export const row = style({
  "@media": {
    "(max-width: 959px)": {
      gridAutoFlow: "column",
      gridTemplateColumns: "none",
      gridAutoColumns: "min(80%, 320px)",
      overflowX: "auto",
      overscrollBehaviorX: "contain",
      scrollSnapType: "x mandatory",
      scrollPaddingInline: vars.space.md,
      paddingBottom: vars.space.sm,
      marginInline: `calc(-1 * ${vars.space.md})`,
      paddingInline: vars.space.md,
    },
  },
});

/** Cells of {@link row} snap to the start. */
export const rowItem = style({ scrollSnapAlign: "start" });
