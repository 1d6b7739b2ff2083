/** Styles of the admin home's dashboard (`~/components/admin-dashboard`), over `admin.css.ts`; phone first. */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The KPI cards: one column on a phone, all six in a row on a laptop. */
export const kpis = style([
  fr.plainList,
  {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 10.5rem), 1fr))",
    gap: vars.space.md,
  },
]);

/** The big number of a KPI card (a link to the filtered lead list). */
export const kpiValue = style({
  fontSize: vars.fontSize.display,
  fontWeight: 700,
  lineHeight: 1.1,
  fontVariantNumeric: "tabular-nums",
  color: vars.color.text,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: { "a&:hover": { textDecoration: "underline" } },
});

/** The label above a KPI's number. */
export const kpiLabel = style({ margin: 0, fontWeight: 600, fontSize: vars.fontSize.sm });

/** The panels below the KPIs: one column on a phone, two from a wide tablet on. */
export const panels = style([fr.fitColumns("30rem"), { gap: vars.space.md, alignItems: "start" }]);

/** A table's caption, as a panel heading. */
export const caption = style({
  captionSide: "top",
  textAlign: "start",
  fontWeight: 700,
  fontSize: vars.fontSize.md,
  paddingBlockEnd: vars.space.xs,
});

/** Numbers line up on the right (doubled class: wins over the table cell's `text-align: start`). */
export const number = style({
  fontVariantNumeric: "tabular-nums",
  selectors: { "&&": { textAlign: "end" } },
});

/** A table cell of the dashboard: denser on a phone, so a four-column table fits 360 px. */
export const cell = style({
  "@media": { "screen and (max-width: 420px)": { selectors: { "&&": { paddingInline: vars.space.xs } } } },
});

/** A long text cell (a listing title, a search term) that may wrap anywhere. */
export const wrap = style({ overflowWrap: "anywhere" });

/** The list of the oldest unanswered leads. */
export const waiting = style([fr.plainList, fr.column, { gap: vars.space.xs, fontSize: vars.fontSize.sm }]);

/** One unanswered lead: name and kind, age, badge. */
export const waitingItem = style([
  fr.wrapFlex,
  {
    gap: `2px ${vars.space.sm}`,
    alignItems: "center",
    paddingBlock: vars.space.xs,
    borderTop: `1px solid ${vars.color.border}`,
  },
]);
