/**
 * Page layout of the two detail pages (`routes/listing.tsx`,
 * `routes/condominium.tsx`): breadcrumb, then from 1024 px the gallery, the
 * heading and the content in the left column with the price box sticky in the
 * right column from the top, so price and key facts show in the first screen;
 * below 1024 px one column (gallery edge to edge on phones, heading with a
 * compact price line, then the aside) and a fixed contact bar at the bottom
 * (docs/decisions/0036-listing-contact-bar.md). Theme variables only (docs/style.md §7).
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** Page body spacing. */
export const page = style({
  display: "grid",
  // One column no wider than the screen, whatever its content's widest line (a long condominium name).
  gridTemplateColumns: "minmax(0, 1fr)",
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

/** The gallery's cell: edge to edge on phones (out of the container's padding), the left column from 1024 px. */
export const galleryWrap = style({
  minWidth: 0,
  "@media": {
    "(max-width: 767.98px)": { marginInline: `calc(-1 * ${vars.space.md})` },
    "(min-width: 1024px)": { gridArea: "gallery" },
  },
});

/** Gallery + heading area + aside + content. */
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": {
    "(min-width: 768px)": { gap: vars.space.xl },
    "(min-width: 1024px)": {
      gridTemplateColumns: "minmax(0, 1fr) 360px",
      gridTemplateAreas: '"gallery aside" "header aside" "content aside"',
      gridTemplateRows: "auto auto 1fr",
      rowGap: vars.space.lg,
      columnGap: vars.space.xl,
    },
  },
});

/** Title block. */
export const header = style({
  display: "grid",
  gap: vars.space.sm,
  "@media": { "(min-width: 1024px)": { gridArea: "header" } },
});

/** The side column, sticky from 1024 px (the price box stays in view while the page scrolls). */
export const aside = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  minWidth: 0,
  "@media": {
    "(min-width: 1024px)": {
      gridArea: "aside",
      alignSelf: "start",
      position: "sticky",
      top: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
    },
  },
});

/** The compact price under the title, below 1024 px (where the price box comes after the heading). */
export const headerPrice = style({
  ...fr.wrapFlex,
  alignItems: "baseline",
  columnGap: vars.space.md,
  rowGap: "2px",
  margin: 0,
  "@media": { "(min-width: 1024px)": { display: "none" } },
});

/** One price of {@link headerPrice}. */
export const headerPriceItem = style({
  display: "inline-flex",
  alignItems: "baseline",
  gap: vars.space.xs,
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.xl,
  fontWeight: 800,
  fontVariantNumeric: "tabular-nums",
});

/** "Venda" / "Aluguel" / "/mês" beside a compact price. */
export const headerPriceLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 500, color: vars.color.textMuted });

/** Height (px) of the phone contact bar, without the safe area. */
const CONTACT_BAR_HEIGHT = "68px";

/**
 * The fixed contact bar of a listing below 1024 px: the short price, WhatsApp
 * and "Mensagem". While the cookie banner waits for a choice (only with a
 * Google tag configured) the banner sits just above the bar, so both stay
 * usable; the page gets bottom padding so the bar never covers the end of the page.
 */
export const contactBar = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: 990,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: CONTACT_BAR_HEIGHT,
  padding: `${vars.space.sm} 12px calc(${vars.space.sm} + env(safe-area-inset-bottom, 0px))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: "0 -4px 16px rgba(0, 0, 0, .08)",
  "@media": { "(min-width: 1024px)": { display: "none" } },
});

// The consent banner (fixed at the bottom too) moves up by the bar's height on a listing.
globalStyle('body:has([data-contact-bar]) [data-testid="consent-banner"]', {
  "@media": {
    "(max-width: 1023.98px)": { bottom: `calc(${CONTACT_BAR_HEIGHT} + env(safe-area-inset-bottom, 0px))` },
  },
});

globalStyle("body:has([data-contact-bar])", {
  "@media": {
    "(max-width: 1023.98px)": {
      paddingBottom: `calc(${CONTACT_BAR_HEIGHT} + env(safe-area-inset-bottom, 0px))`,
    },
  },
});

/** The short price at the start of the bar. */
export const contactBarPrice = style({
  display: "grid",
  // The short price never shrinks under the buttons ("R$ 276 mil", "R$ 12.500"): the buttons give way.
  flex: "0 0 auto",
  lineHeight: 1.2,
});

/** "Venda" / "Aluguel" above the short price. */
export const contactBarLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** The short price itself. */
export const contactBarValue = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 800,
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
});

/** A button of the bar (compact, 44 px tall). */
export const contactBarButton = style({});

// Inside the bar (more specific than the button variants whatever the stylesheet order).
globalStyle(`${contactBar} ${contactBarButton}`, {
  flex: "1 1 auto",
  minWidth: 0,
  justifyContent: "center",
  minHeight: "44px",
  paddingInline: "10px",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  // Price and three labels must fit 360 px phones whatever their system font's width.
  "@media": { "(max-width: 399.98px)": { paddingInline: "8px" } },
});

/** An icon of a bar button that gives way on the narrowest phones (under 400 px). */
export const contactBarIcon = style({
  "@media": { "(max-width: 399.98px)": { display: "none" } },
});

/** A row under the title for small actions (the favourite heart). */
export const headerActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

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

/** Full-width calls of the price box; their label may take two lines on the narrowest phones (320 px). */
export const fullWidth = style({ width: "100%", whiteSpace: "normal", textAlign: "center" });

/** WhatsApp green for the call to action, dark enough for white text at 16 px (5.0:1, WCAG AA). */
export const whatsapp = style({
  background: "#1a7f44",
  color: "#ffffff",
  selectors: { "&:hover": { background: "#156a39" } },
});

globalStyle(`${whatsapp} svg`, { flexShrink: 0 });

/** Section of similar listings / units. */
export const listSection = style({
  display: "grid",
  gap: vars.space.lg,
  paddingTop: vars.space.xl,
});

/** The "ver todas as unidades" link below a condominium's first units, centred. */
export const moreUnits = style({ margin: 0, display: "flex", justifyContent: "center" });

// The button's words wrap on a narrow phone rather than widen the page.
globalStyle(`${moreUnits} > a`, { whiteSpace: "normal", textAlign: "center", maxWidth: "100%" });

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
