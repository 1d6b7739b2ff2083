/** Styles of `condominium-card.tsx` (home "Condomínios em destaque" and `/condominios`). */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Grid of condominium cards: one column on a 360 px phone, up to four on wide screens. */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))",
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/** A condominium card (one link). */
export const card = style({
  display: "flex",
  flexDirection: "column",
  height: "100%",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
  transition: "box-shadow .2s ease, transform .2s ease",
  selectors: { "&:hover": { boxShadow: vars.shadow.raised, transform: "translateY(-2px)" } },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

/** Photo frame (16:9). */
export const media = style({ aspectRatio: "16 / 9", background: vars.color.light, overflow: "hidden" });

/** Photo. */
export const photo = style({ width: "100%", height: "100%", objectFit: "cover" });

/** Text of a card. */
export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, padding: vars.space.md });

/** Condominium name. */
export const name = style({ fontSize: vars.fontSize.lg });

/** Muted line (place, units). */
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** "a partir de" prices. */
export const prices = style({
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  marginTop: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${prices} strong`, { fontSize: vars.fontSize.md, color: vars.color.primary });
