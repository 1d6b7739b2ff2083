/**
 * Page layout of the two detail pages (`routes/listing.tsx`,
 * `routes/condominium.tsx`): breadcrumb, gallery, a content column with a
 * sticky aside (price box, broker, sharing) from 1024 px, one column below
 * with the aside right after the heading. Theme variables only (docs/style.md §7).
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** Page body spacing. */
export const page = style({
  display: "grid",
  gap: vars.space.lg,
  paddingBottom: vars.space.xxl,
  "@media": {
    "(min-width: 768px)": { gap: vars.space.xl },
  },
});

/** `<nav>` of the breadcrumb. */
export const breadcrumbNav = style({
  paddingTop: vars.space.md,
  minWidth: 0,
});

/** Breadcrumb list. */
export const breadcrumb = style([f.plainList, f.mutedText, f.iconLine, { flexWrap: "wrap" }]);

/** A crumb; separators before every crumb but the first. */
export const crumb = style({
  minWidth: 0,
  selectors: { "& + &::before": { content: '"›"', marginInlineEnd: vars.space.xs } },
});

/** Link of a crumb. */
export const crumbLink = style({
  color: vars.color.textMuted,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.text, textDecoration: "underline" } },
});

/** The current page in the trail (may be long: one line, ellipsis). */
export const crumbCurrent = style([
  { display: "inline-block", maxWidth: "min(60vw, 480px)" },
  fr.ellipsis,
  { verticalAlign: "bottom", color: vars.color.text },
]);

/** The gallery: edge to edge on phones, in the content column from 768 px. */
export const galleryWrap = style({
  width: "100%",
  maxWidth: `calc(${vars.width.content} + 2 * ${vars.space.xl})`,
  marginInline: "auto",
  "@media": {
    "(min-width: 768px)": { paddingInline: vars.space.xl },
  },
});

/** Heading area + aside + content. */
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": {
    "(min-width: 1024px)": {
      gridTemplateColumns: "minmax(0, 1fr) 360px",
      gridTemplateAreas: '"header aside" "content aside"',
      columnGap: vars.space.xxl,
    },
  },
});

/** Title block. */
export const header = style({
  display: "grid",
  gap: vars.space.sm,
  "@media": { "(min-width: 1024px)": { gridArea: "header" } },
});

/** The sticky side column. */
export const aside = style({
  display: "grid",
  gap: vars.space.md,
  "@media": {
    "(min-width: 1024px)": {
      gridArea: "aside",
      position: "sticky",
      top: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
    },
  },
});

/** Main content sections. */
export const content = style({
  display: "grid",
  gap: vars.space.xl,
  minWidth: 0,
  "@media": { "(min-width: 1024px)": { gridArea: "content" } },
});

/** Small line above the title: type, code, badges. */
export const kicker = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** A badge (Lançamento, Exclusivo, Destaque). */
export const badge = style([fr.badge, { fontWeight: 700 }]);

/** Accent badge (Lançamento). */
export const badgeAccent = style([fr.badgeAccent]);

/** The page title (smaller than the display size: titles are long). */
export const title = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: 1.2,
});

/** Location line under the title. */
export const location = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.xs,
  color: vars.color.textMuted,
});

/** Icon in a text line. */
export const inlineIcon = style({
  flex: "0 0 auto",
  marginTop: "3px",
});

/** "Condomínio X" link line. */
export const condoLine = style([f.iconLine, { fontWeight: 600 }]);

/** A content section. */
export const section = style([f.section, { paddingTop: vars.space.xl, borderTop: `1px solid ${vars.color.border}` }]);

/** Description paragraphs. */
export const prose = style({
  display: "grid",
  gap: vars.space.md,
  maxWidth: "72ch",
  color: vars.color.text,
  lineHeight: 1.7,
  overflowWrap: "anywhere",
});

/** Definition list of details, two columns. */
export const details = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});

/** One detail. */
export const detail = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  paddingBlock: vars.space.xs,
  borderBottom: `1px dashed ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

/** Term of a detail. */
export const detailTerm = style({ color: vars.color.textMuted });

/** Value of a detail. */
export const detailValue = style({ margin: 0, fontWeight: 600, textAlign: "right" });

/** The location card: the place in words and the OpenStreetMap link (the map itself is below it). */
export const locationCard = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.light,
});

/** Muted small text. */
export const muted = style([f.mutedText]);

/** "Atualizado em …" line. */
export const updated = style([f.iconLine, f.mutedText]);

/** Full-width WhatsApp call in the price box. */
export const fullWidth = style({ width: "100%" });

/** WhatsApp green for the call to action. */
export const whatsapp = style({
  background: "#1f8f4e",
  color: "#ffffff",
  selectors: { "&:hover": { background: "#187a41" } },
});

globalStyle(`${whatsapp} svg`, { flexShrink: 0 });

/** Section of similar listings / units. */
export const listSection = style({
  display: "grid",
  gap: vars.space.lg,
  paddingTop: vars.space.xl,
});

/** Heading row of a list section: title and a link. */
export const listHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

/** The 410 notice block. */
export const gone = style({
  display: "grid",
  gap: vars.space.md,
  justifyItems: "start",
  marginTop: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.light,
});

/** Buttons in a row. */
export const actions = style([f.wrapRow]);

/** The condominium's summary card in the aside. */
export const summaryBox = style([f.raisedCard]);

/** Summary numbers of a condominium (units, ranges). */
export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  margin: 0,
});

/** One summary number. */
export const stat = style([f.lightTile, { display: "grid", gap: "2px" }]);

/** A summary number spanning the whole row (ranges). */
export const statWide = style({ gridColumn: "1 / -1" });

/** Label of a summary number. */
export const statLabel = style([f.eyebrow, { fontSize: vars.fontSize.xs, letterSpacing: ".05em" }]);

/** Value of a summary number. */
export const statValue = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  fontVariantNumeric: "tabular-nums",
});
