/**
 * Style fragments the detail pages' components share (`detail-page.css.ts`,
 * `price-box.css.ts`, `broker-card.css.ts`, `share-buttons.css.ts`,
 * `listing-facts.css.ts`, `amenities.css.ts`): plain style objects that each
 * `style([fragment, { … }])` composes with its own rules, so that the cards,
 * labels and rows of the aside and the content look alike. Theme variables
 * only (docs/style.md §7).
 */
import type { StyleRule } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A bordered card of the aside (broker). */
export const card: StyleRule = {
  display: "grid",
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
};

/** A bordered card with the card shadow (price box, condominium summary). */
export const raisedCard: StyleRule = { ...card, boxShadow: vars.shadow.card };

/** A vertical stack with small gaps (buttons, contact links). */
export const stack: StyleRule = { display: "grid", gap: vars.space.sm };

/** A vertical stack with medium gaps (a section's title and body). */
export const section: StyleRule = { display: "grid", gap: vars.space.md };

/** Items in a wrapping row with small gaps (buttons). */
export const wrapRow: StyleRule = { display: "flex", flexWrap: "wrap", gap: vars.space.sm };

/** Small muted text (notes, labels, CRECI). */
export const mutedText: StyleRule = { fontSize: vars.fontSize.sm, color: vars.color.textMuted };

/** An upper-case muted label above a value ("VENDA", "CORRETOR RESPONSÁVEL"); give it a size and spacing. */
export const eyebrow: StyleRule = { fontWeight: 600, textTransform: "uppercase", color: vars.color.textMuted };

/** Term left, value right, on one baseline. */
export const spreadRow: StyleRule = {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.md,
};

/** An icon and a text side by side. */
export const iconLine: StyleRule = { display: "flex", alignItems: "center", gap: vars.space.xs };

/** A light tile (a fact, a summary number). */
export const lightTile: StyleRule = {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.light,
};

/** A list without bullets or indentation (the site-wide fragment). */
export { plainList } from "~/styles/fragments.css";
