/**
 * Styles of the listing card (`listing-card.tsx`). Theme variables only
 * (docs/style.md §7).
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/**
 * The card: one link covering the whole card, named by its content. Its
 * first box (`::before`) holds the photo's 4:3 place, where {@link media}
 * is laid over it.
 */
export const card = style([
  fr.linkCard,
  {
    position: "relative",
    selectors: {
      "&::before": { content: '""', aspectRatio: "4 / 3", flexShrink: 0 },
      "&:hover": fr.lifted,
      "&:focus-visible": fr.focusRing,
    },
    "@media": {
      "(prefers-reduced-motion: reduce)": { transition: "none", selectors: { "&:hover": { transform: "none" } } },
    },
  },
]);

/**
 * Photo frame, fixed 4:3 ratio, laid over the place the card keeps for it
 * at its top. It comes last in the link, whose name (its content) then starts
 * with the kind, code and title rather than the photo count. Its place does
 * not depend on it being there: a browser that paints the card while the
 * frame is still unparsed (a busy phone reading a long page) shows the text
 * where it stays, not at the top of the card, to jump down when the photo
 * arrives.
 */
export const media = style({
  position: "absolute",
  insetBlockStart: 0,
  insetInline: 0,
  aspectRatio: "4 / 3",
  background: vars.color.light,
  overflow: "hidden",
});

/** The cover photo. */
export const photo = style([fr.coverImage]);

/** Placeholder when the listing has no photo. */
export const noPhoto = style([fr.centered, fr.fill, { color: vars.color.textMuted, fontSize: vars.fontSize.sm }]);

/** Badge row over the photo. */
export const badges = style({
  position: "absolute",
  top: vars.space.sm,
  left: vars.space.sm,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/** One badge. */
export const badge = style([fr.badge, { fontWeight: 600 }]);

/** Accent badge (Lançamento). */
export const badgeAccent = style([fr.badgeAccent]);

/** Text body of the card. */
export const body = style([fr.column, { gap: vars.space.xs, padding: vars.space.md, flex: 1 }]);

/** "Apartamento · Moema" line above the title. */
export const kicker = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: ".04em",
});

/** Card title. */
export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  lineHeight: 1.35,
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});

/** Location line (long neighbourhood names wrap). */
export const location = style({
  margin: 0,
  overflowWrap: "anywhere",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** Key figures (area, bedrooms…). */
export const facts = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

/** One key figure with its icon. */
export const fact = style([
  fr.inlineCenter,
  {
    gap: "6px",
    whiteSpace: "nowrap",
    color: vars.color.textMuted,
  },
]);

/** A fact's icon keeps its size when a long fact ("3 quartos (2 suítes)") fills a narrow card. */
globalStyle(`${fact} > svg`, { flexShrink: 0 });

/** Price block at the bottom of the card. */
export const prices = style({
  marginTop: "auto",
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  ...fr.column,
  gap: "2px",
});

/** Main price. */
export const price = style({
  margin: 0,
  overflowWrap: "anywhere",
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  color: vars.color.primary,
});

/** Small label before a price ("Venda", "Aluguel"), a space apart from it. */
export const priceLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 500,
  color: vars.color.textMuted,
  textTransform: "uppercase",
});

/** Suffix "/mês". */
export const perMonth = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  color: vars.color.textMuted,
});

/** Condo fee / IPTU line: the amounts wrap between each other, never inside one. */
export const fees = style({
  ...fr.wrapFlex,
  columnGap: vars.space.xs,
  margin: 0,
  minWidth: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

/** One fee, kept on one line; a dot before every fee but the first. */
export const fee = style({
  whiteSpace: "nowrap",
  // The space is part of the content, so a screen reader reads "R$ 1.500 · IPTU", not "·IPTU".
  selectors: { "& + &::before": { content: '"· "' } },
});

/** "📷 12" over the bottom right corner of the photo. */
export const photoCount = style([
  fr.inlineCenter,
  {
    position: "absolute",
    right: vars.space.sm,
    bottom: vars.space.sm,
    gap: "4px",
    padding: "2px 8px",
    borderRadius: vars.radius.pill,
    background: "rgba(0, 0, 0, .62)",
    color: "#ffffff",
    fontSize: vars.fontSize.xs,
    fontWeight: 600,
    lineHeight: 1.6,
    fontVariantNumeric: "tabular-nums",
  },
]);
