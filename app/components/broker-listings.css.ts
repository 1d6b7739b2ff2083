/**
 * "Meus imóveis" (`/painel/imoveis`): a table on a wide screen that becomes
 * one card per listing below {@link STACK_BELOW}, so a phone (360 px) never
 * scrolls sideways. The cells and colours are those of the broker area
 * (`private-listing.css`) and the admin lists (`admin.css`).
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** Below this width the rows are stacked as cards (eight columns need about 800 px). */
const STACK_BELOW = "screen and (max-width: 799px)";

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  "@media": { [STACK_BELOW]: { display: "block" } },
});

export const caption = style({
  textAlign: "start",
  color: vars.color.textMuted,
  paddingBlockEnd: vars.space.xs,
  "@media": { [STACK_BELOW]: { display: "block" } },
});

/** The header row: read by screen readers on a phone, hidden there from the eye (each cell carries its label). */
export const head = style({ "@media": { [STACK_BELOW]: { ...fr.visuallyHidden } } });

export const body = style({
  "@media": { [STACK_BELOW]: { ...fr.column, gap: vars.space.sm } },
});

export const row = style({
  "@media": {
    [STACK_BELOW]: {
      display: "grid",
      gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
      gap: `${vars.space.xs} ${vars.space.sm}`,
      padding: vars.space.sm,
      ...fr.surfaceBox,
    },
  },
});

export const cell = style({
  textAlign: "start",
  verticalAlign: "top",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
  "@media": {
    [STACK_BELOW]: {
      display: "block",
      padding: 0,
      borderBottom: "none",
      minWidth: 0,
      selectors: {
        "&::before": {
          content: "attr(data-label)",
          display: "block",
          fontSize: vars.fontSize.xs,
          fontWeight: 600,
          color: vars.color.textMuted,
        },
      },
    },
  },
});

/** A cell that spans the whole card on a phone (code, listing, price, internal data). */
export const wide = style({ "@media": { [STACK_BELOW]: { gridColumn: "1 / -1" } } });

/** A figure: right-aligned in the table, plain in a card. */
export const figure = style({
  textAlign: "end",
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
  "@media": { [STACK_BELOW]: { textAlign: "start" } },
});

/** A header cell over a figure. */
export const figureHead = style({ textAlign: "end" });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const search = style([fr.wrapFlex, { gap: vars.space.sm, alignItems: "flex-end" }]);

/** A field of the search form: grows, but never wider than a phone's column. */
export const searchField = style({ flex: "1 1 14rem", minWidth: 0, maxWidth: "28rem" });

export const summary = style([fr.wrapFlex, { gap: `${vars.space.xs} ${vars.space.md}`, alignItems: "baseline" }]);

export const total = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
