/**
 * Styles of the price box (`price-box.tsx`): the offer prices large, the
 * charges as a tidy definition list, the monthly cost highlighted.
 * Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** The box. */
export const box = style([f.raisedCard]);

/** One offer (sale or rent). */
export const offer = style({
  display: "grid",
  gap: "2px",
});

/** "Venda" / "Aluguel" label above a price. */
export const offerLabel = style([f.eyebrow, { fontSize: vars.fontSize.sm, letterSpacing: ".06em" }]);

/** The big price. */
export const price = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: 800,
  lineHeight: 1.15,
  letterSpacing: "-0.02em",
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
});

/** "/mês" after a rent. */
export const perMonth = style({
  fontSize: vars.fontSize.md,
  fontWeight: 500,
  color: vars.color.textMuted,
  marginInlineStart: "2px",
});

/** Small line under a price (price per m²). */
export const note = style([f.mutedText]);

/** Charges list (condomínio, IPTU). */
export const charges = style({
  display: "grid",
  gap: vars.space.sm,
  margin: 0,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

/** One row of the charges list: term left, value right. */
export const row = style([f.spreadRow, { fontSize: vars.fontSize.sm }]);

/** Term of a row. */
export const term = style({
  color: vars.color.textMuted,
});

/** Value of a row. */
export const value = style({
  margin: 0,
  fontWeight: 600,
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
});

/** The monthly cost block. */
export const monthly = style({
  display: "grid",
  gap: "2px",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
});

/** Label of the monthly cost. */
export const monthlyLabel = style([f.spreadRow, { fontWeight: 700 }]);

/** Value of the monthly cost. */
export const monthlyValue = style({
  margin: 0,
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  fontVariantNumeric: "tabular-nums",
});

/** What the monthly cost adds up. */
export const monthlyHint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

/** Slot for the calls to action (WhatsApp button). */
export const actions = style([f.stack]);
