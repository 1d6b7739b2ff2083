/** Styles of the home page (`home.tsx`). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import { chips } from "~/components/page-layout.css";

/** The hero: brand-coloured band with the headline and the search box. */
export const hero = style({
  position: "relative",
  overflow: "hidden",
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary} 0%, color-mix(in srgb, ${vars.color.primary} 78%, ${vars.color.secondary}) 100%)`,
  paddingBlock: `${vars.space.xxl} calc(${vars.space.xxl} + ${vars.space.lg})`,
});

/** Photo behind the hero (a featured listing's), darkened for contrast. */
export const heroPhoto = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  objectFit: "cover",
  opacity: 0.28,
  pointerEvents: "none",
});

/** Hero content column. */
export const heroInner = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.lg,
});

/** Hero headline. */
export const heroTitle = style({ color: vars.color.onPrimary, maxWidth: "20ch" });

/** Hero sentence under the headline. */
export const heroText = style({ fontSize: vars.fontSize.lg, maxWidth: "56ch", opacity: 0.92 });

/** Quick links under the search box: a list of chips. */
export const quickLinks = chips;

/** One quick link (on the dark hero). */
export const quickLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "36px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: "1px solid color-mix(in srgb, currentColor 45%, transparent)",
  color: vars.color.onPrimary,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  selectors: { "&:hover": { background: "color-mix(in srgb, currentColor 14%, transparent)" } },
});

/** A page section. */
export const section = style({ paddingBlock: vars.space.xxl });

/** A section on the light tint. */
export const sectionTinted = style({ background: vars.color.light });

/** Section header: title, subtitle and a "ver todos" link. */
export const sectionHeader = style([
  fr.wrapFlex,
  {
    alignItems: "flex-end",
    justifyContent: "space-between",
    gap: vars.space.sm,
    marginBottom: vars.space.lg,
  },
]);

/** Subtitle under a section title. */
export const sectionText = style({ color: vars.color.textMuted, marginTop: vars.space.xs });

/** "Ver todos" link. */
export const seeAll = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

/** Muted line (city counts). */
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** City blocks. */
export const cities = style({ display: "flex", flexDirection: "column", gap: vars.space.xl });

/** One city's block of links. */
export const cityBlock = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** Links "à venda" / "para alugar" beside the city name. */
export const cityLinks = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `${vars.space.xs} ${vars.space.md}`,
});

/** Neighbourhood link list. */
export const placeList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 200px), 1fr))",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

/** A neighbourhood link. */
export const placeLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: "44px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.text } },
});

/** Count in a neighbourhood link. */
export const placeCount = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The "Quer vender seu imóvel?" block. */
export const sell = style({
  display: "grid",
  // One column that may be narrower than its content's widest word or field: no sideways scroll at 320 px.
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "center",
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  "@media": {
    "(min-width: 768px)": { padding: vars.space.xl },
    "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(360px, 420px)", padding: vars.space.xxl },
  },
});

/** The "quero vender" form card inside the block (light card on the brand colour). */
export const sellForm = style({ boxShadow: vars.shadow.raised });

/** Title of the sell block. */
export const sellTitle = style({ color: vars.color.onPrimary });

/** Text of the sell block. */
export const sellText = style({ marginTop: vars.space.sm, opacity: 0.9, maxWidth: "60ch" });

/** Feature list of the sell block. */
export const sellList = style({
  display: "grid",
  gap: vars.space.xs,
  marginTop: vars.space.md,
  padding: 0,
  listStyle: "none",
});

globalStyle(`${sellList} li`, { display: "flex", alignItems: "center", gap: vars.space.sm });

/** The link of the sell block to `/anunciar` (the owner's instant estimate). */
export const sellLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: 44,
  marginTop: vars.space.md,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: "underline",
});

/**
 * Featured condominiums: 1, 2 or 4 columns, never 3, so the
 * `HOME_CONDOMINIUMS` (4) cards always fill whole rows (ADR 0038).
 */
export const condominiumRow = style({});
globalStyle(`${condominiumRow} > ul`, {
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": {
    "(min-width: 640px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "(min-width: 1100px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});
