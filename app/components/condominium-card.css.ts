/** Styles of `condominium-card.tsx` (home "Condomínios em destaque" and `/condominios`). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** Grid of condominium cards: one column on a 360 px phone, up to four on wide screens. */
export const grid = style([
  { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))", gap: vars.space.lg },
  fr.plainList,
]);

/** A condominium card (one link). */
export const card = style([
  fr.linkCard,
  {
    selectors: { "&:hover": fr.lifted },
    "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
  },
]);

/** Photo frame (16:9). */
export const media = style({ aspectRatio: "16 / 9", background: vars.color.light, overflow: "hidden" });

/** Photo. */
export const photo = style([fr.fill, { objectFit: "cover" }]);

/** Text of a card. */
export const body = style([fr.column, { gap: vars.space.xs, padding: vars.space.md }]);

/** Condominium name. */
export const name = style({ fontSize: vars.fontSize.lg });

/** Muted line (place, units). */
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** "a partir de" prices. */
export const prices = style([fr.column, { gap: "2px", marginTop: vars.space.xs, fontSize: vars.fontSize.sm }]);

globalStyle(`${prices} strong`, { fontSize: vars.fontSize.md, color: vars.color.primary });

/** An amount ("R$ 1.150/mês"): never broken across lines. */
export const amount = style({ whiteSpace: "nowrap" });
