/** Styles of `listing-grid.tsx`: 1 column at 360 px, up to 4 on wide screens. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { body as cardBody } from "./listing-card.css";

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

/**
 * In a {@link row} below 960 px, a card's text is drawn only when it nears
 * the viewport (`content-visibility: auto`): a phone first draws one or two
 * cards of each row instead of all of them (the home page's two rows hold a
 * large share of its elements, ADR 0060), and the rest as the visitor swipes or scrolls.
 * Text not yet drawn stays in the accessibility tree and in find-in-page.
 *
 * Its place is kept by a reserved height (`contain-intrinsic-block-size`),
 * above the tallest text a card of that width holds (measured from 320 to
 * 959 px: kind, two title lines, place, up to three lines of features and
 * two of fees below 390 px, two and one from 390 px, price). A row
 * stretches every card to its tallest one, so a card drawn later is stretched
 * to the row's height and remembers it (`auto`): the row's height, and with
 * it everything below the row, does not move when a card is drawn, on a swipe
 * or on the way back to a scrolled page. In `em`, so the reserve grows with
 * the reader's text size. A text taller than the reserve (text far larger
 * than usual) makes its row grow once, when it is drawn. Measurements and
 * alternatives: docs/decisions/0060-home-rows-drawn-near-the-viewport.md.
 */
globalStyle(`${row} ${cardBody}`, {
  "@media": {
    "(max-width: 959px)": { contentVisibility: "auto", containIntrinsicBlockSize: "auto 19.5em" },
    "(min-width: 360px) and (max-width: 959px)": { containIntrinsicBlockSize: "auto 16.5em" },
    "(min-width: 390px) and (max-width: 959px)": { containIntrinsicBlockSize: "auto 13.5em" },
  },
});
