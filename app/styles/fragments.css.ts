/**
 * Style fragments shared across the site's components and pages: plain style
 * objects that a `style([fragment, { … }])` composes with its own rules (the
 * result is one class with the same declarations as if written out), so that
 * the flex rows, pill links, badges, form cards and covered images are
 * declared once. Theme variables only (docs/style.md §7).
 */
import type { StyleRule } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** A list without bullets or indentation. */
export const plainList: StyleRule = { margin: 0, padding: 0, listStyle: "none" };

/** A flex column. */
export const column: StyleRule = { display: "flex", flexDirection: "column" };

/** A flex row, its items centred on the cross axis. */
export const centerRow: StyleRule = { display: "flex", alignItems: "center" };

/** An inline flex row, its items centred on the cross axis. */
export const inlineCenter: StyleRule = { display: "inline-flex", alignItems: "center" };

/** A wrapping flex row. */
export const wrapFlex: StyleRule = { display: "flex", flexWrap: "wrap" };

/** A content page's column: the site's page padding (lg above, xxl below), its blocks one under the other; give it a gap. */
export const pageColumn: StyleRule = { paddingBlock: `${vars.space.lg} ${vars.space.xxl}`, ...column };

/** A page's H1: the display size, tight lines, no margin. */
export const pageTitle: StyleRule = { margin: 0, fontSize: vars.fontSize.xxl, lineHeight: 1.15 };

/** Centres the items on both axes (of a flex or grid box). */
export const centerContent: StyleRule = { alignItems: "center", justifyContent: "center" };

/** A flex box centring its content on both axes. */
export const centered: StyleRule = { display: "flex", ...centerContent };

/** One line of text, cut with an ellipsis. */
export const ellipsis: StyleRule = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" };

/** Muted small text without margins (the line under a heading, a hint, a caption). */
export const mutedText: StyleRule = { margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted };

/**
 * A grid of as many equal columns of at least `min` (a CSS length) as its box holds, one on a
 * box narrower than `min`: the columns follow the box's width, not the viewport's.
 */
export function fitColumns(min: string): StyleRule {
  return { display: "grid", gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}), 1fr))` };
}

/** Fills its parent box. */
export const fill: StyleRule = { width: "100%", height: "100%" };

/** An image filling its box, cropped to cover it. */
export const coverImage: StyleRule = { display: "block", ...fill, objectFit: "cover" };

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden: StyleRule = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
};

/** The outline pill look (40 px high, surface background), without the layout of its content. */
export const pillOutline: StyleRule = {
  minHeight: "40px",
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
};

/** A small outline pill link or button with an icon or a count; give it a hover colour. */
export const pillLink: StyleRule = { ...inlineCenter, gap: vars.space.xs, ...pillOutline };

/** A whole-card link: a column on the surface colour with the card shadow, lifted on hover (see {@link lifted}). */
export const linkCard: StyleRule = {
  ...column,
  height: "100%",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  textDecoration: "none",
  boxShadow: vars.shadow.card,
  transition: "box-shadow .2s ease, transform .2s ease",
};

/** The hover state of a {@link linkCard}: raised shadow, 2 px up. */
export const lifted = { boxShadow: vars.shadow.raised, transform: "translateY(-2px)" };

/** A small badge in the brand's primary colour (Lançamento, Exclusivo, Destaque); give it a weight. */
export const badge: StyleRule = {
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  letterSpacing: ".02em",
};

/** The accent colours of a badge (Lançamento). */
export const badgeAccent: StyleRule = { background: vars.color.secondary, color: vars.color.onSecondary };

/** A list item marked by a 3 px rule on its start side (the broker's histories and visits). */
export const ruledItem: StyleRule = {
  borderInlineStart: `3px solid ${vars.color.border}`,
  paddingInlineStart: vars.space.sm,
};

/**
 * A box outlined in the border colour, with the medium corners, on the surface colour (a card, a
 * summary figure, a stacked table row); give it a padding, or use {@link panel}.
 */
export const surfaceBox: StyleRule = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
};

/** The site's bordered panel: a {@link surfaceBox} with the medium padding (cards, filters, forms). */
export const panel: StyleRule = { padding: vars.space.md, ...surfaceBox };

/**
 * A pill outlined in the border colour on the surface colour, `minHeight` high (a CSS length: 44 px
 * for a touch target, 40 px beside the pill links), its content padded only inline (the block
 * padding is zeroed, so a button's content centres on the height alone).
 */
export function surfacePill(minHeight: string): StyleRule {
  return {
    minHeight,
    padding: `0 ${vars.space.md}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.pill,
    background: vars.color.surface,
  };
}

/**
 * The look of a note set off by a 4 px rule in the primary colour on its start side, on the
 * surface colour (a saved notice, a rating read back); give it a padding and corners.
 */
export const primaryNote: StyleRule = {
  background: vars.color.surface,
  borderInlineStart: `4px solid ${vars.color.primary}`,
};

/**
 * A figure of a definition list drawn value first: its `dt` (the label) comes first in the
 * markup, so a screen reader says what a number is before the number, and shows under its `dd`.
 */
export const valueAboveLabel: StyleRule = { display: "flex", flexDirection: "column-reverse", gap: vars.space.xs };

/** A form card: a column of fields with medium gaps on the surface colour. */
export const formCard: StyleRule = {
  ...column,
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
};

/** The site's keyboard focus ring (brand secondary, 3 px, 2 px away). */
export const focusRing = { outline: `3px solid ${vars.color.secondary}`, outlineOffset: "2px" };

/** A dark pill button floating over the map, 44 px high: "Buscar nesta área" and the phones' "Ver lista" / "Ver mapa". */
export const mapPill: StyleRule = {
  minHeight: "44px",
  padding: `0 ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  boxShadow: vars.shadow.raised,
  cursor: "pointer",
};
