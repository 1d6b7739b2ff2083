/** Styles of the owner's estimate on `/anunciar` (`valuation-form.tsx`, `valuation-result.tsx`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** A card of the page (the estimate form, the result, the contact). */
export const card = style([fr.formCard, { border: `1px solid ${vars.color.border}`, minWidth: 0 }]);

/** Fields side by side when the card is wide enough. */
export const grid = style([fr.fitColumns("9rem"), { gap: vars.space.md, alignItems: "start" }]);

/** The purpose choice (two radios). */
export const purposes = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: "flex",
  gap: vars.space.md,
  flexWrap: "wrap",
});

/** One radio with its label. */
export const radio = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, minHeight: 44 });

/** The legend of the purpose choice. */
export const legend = style({ fontWeight: 600, marginBottom: vars.space.xs, padding: 0 });

/** The error under the purpose choice. */
export const fieldError = style({ margin: 0, color: vars.color.error, fontSize: vars.fontSize.sm });

/** Card title. */
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.25 });

/** Muted small text. */
export const muted = style(fr.mutedText);

/** The estimate range: large, wrapping between its two figures on narrow phones. */
export const range = style({
  display: "block",
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.2,
  color: vars.color.text,
  overflowWrap: "anywhere",
});

/** The notice that this is not an appraisal. */
export const disclaimer = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.light,
  fontSize: vars.fontSize.sm,
});

/** The comparables: a compact list. */
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

/** One comparable. */
export const item = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: `0 ${vars.space.sm}`,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

/** A comparable's link (its title). */
export const itemLink = style({ color: vars.color.text, fontWeight: 600, minWidth: 0, overflowWrap: "anywhere" });

/** The two columns of the page on wide screens: the form, then the result and the contact. */
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  alignItems: "start",
  marginBlock: `${vars.space.lg} ${vars.space.xxl}`,
  "@media": { "screen and (min-width: 960px)": { gridTemplateColumns: "minmax(0, 5fr) minmax(0, 6fr)" } },
});

/** A column of cards. */
export const column = style({ display: "grid", gap: vars.space.lg, minWidth: 0 });

/** Full-width button whose label may wrap. */
export const submit = style({ width: "100%", whiteSpace: "normal", textAlign: "center" });

/** One figure of the range: never split between "R$" and its digits. */
export const figure = style({ whiteSpace: "nowrap" });

/** The page's heading block, clear of the sticky header. */
export const intro = style({ paddingTop: vars.space.lg, display: "grid", gap: vars.space.sm, maxWidth: "70ch" });
