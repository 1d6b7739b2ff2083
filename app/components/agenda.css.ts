/** Styles of the broker's agenda (`/painel/agenda`): the weekly hours form, the preview and the visits. */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The form: its groups one under the other. */
export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md, maxWidth: "46rem" });

/** One weekday (or group of settings) with its legend. */
export const day = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});

export const legend = style({ fontWeight: 700, paddingInline: vars.space.xs });

/** The inputs of one interval or of the numbers: side by side while they fit, wrapping on a phone. */
export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(8.5rem, 1fr))",
  gap: vars.space.sm,
  // Labels of one or two lines: the inputs line up at the bottom.
  alignItems: "end",
});

/** One interval: its caption (the second's) over its two inputs. */
export const interval = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const caption = style(fr.mutedText);

/** The weekdays: one column on a phone, two on a wide screen. */
export const days = style([fr.fitColumns("20rem"), { gap: vars.space.md }]);

/** The preview's days and the visits: a plain list. */
export const list = style([fr.plainList, fr.column, { gap: vars.space.sm }]);

export const listItem = style([fr.ruledItem, { overflowWrap: "anywhere" }]);

/** A day's times, wrapping. */
export const times = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const time = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `2px ${vars.space.xs}`,
  fontVariantNumeric: "tabular-nums",
  fontSize: vars.fontSize.sm,
});

/** The success notice after saving. */
export const saved = style({ margin: 0, padding: vars.space.sm, borderRadius: vars.radius.sm, ...fr.primaryNote });
