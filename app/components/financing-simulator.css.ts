/**
 * Styles of the financing simulator of a sale listing
 * (`financing-simulator.tsx`): the fields in a row from 768 px, the two
 * systems side by side from 640 px. Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The form: fields, bank shortcuts, buttons. */
export const form = style({ display: "grid", gap: vars.space.md });

/** The four fields: one column on a phone, two from 480 px, four from 900 px. */
export const fields = style({
  display: "grid",
  gap: vars.space.md,
  alignItems: "start",
  "@media": {
    "(min-width: 480px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "(min-width: 900px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

/** Intro and notes. */
export const muted = style(fr.mutedText);

/** The bank shortcuts. */
export const banks = style({
  ...fr.wrapFlex,
  gap: vars.space.sm,
  alignItems: "center",
  ...fr.plainList,
  fontSize: vars.fontSize.sm,
});

/** One bank shortcut (a chip). */
export const bank = style({
  display: "inline-block",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover": { borderColor: vars.color.text },
    '&[aria-current="true"]': { borderColor: vars.color.primary, fontWeight: 600 },
  },
});

/** The buttons. */
export const actions = style({ ...fr.wrapFlex, gap: vars.space.sm });

/** The results: one card per system. */
export const results = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))" } },
});

/** One system's card. */
export const card = style({ display: "grid", gap: vars.space.sm, ...fr.panel });

/** Card title. */
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

/** The figures of a card, label left and value right. */
export const figures = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

/** A figure's label. */
export const term = style({ color: vars.color.textMuted });

/** A figure's value. */
export const value = style({ margin: 0, fontWeight: 600, textAlign: "end", fontVariantNumeric: "tabular-nums" });

/** The financed amount line. */
export const summary = style({ margin: 0 });
