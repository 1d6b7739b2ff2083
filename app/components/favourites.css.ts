/** Styles of `/favoritos` (`routes/favourites.tsx`, `./favourites-list.tsx`) and `/comparar` (`routes/compare.tsx`): phone first (360 px). */
import { style, type StyleRule } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The page's vertical rhythm. */
export const page = style([fr.pageColumn, { gap: vars.space.lg }]);

/** Title block. */
export const header = style([fr.column, { gap: vars.space.xs }]);

/** Page title. */
export const title = style(fr.pageTitle);

/** Muted text. */
export const muted = style({ margin: 0, color: vars.color.textMuted });

/** A row of buttons that wraps. */
export const actions = style([fr.wrapFlex, { gap: vars.space.sm, alignItems: "center" }]);

/** An error or notice panel. */
export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.error}`,
  color: vars.color.error,
  background: vars.color.surface,
  fontWeight: 600,
});

/** The saved listings. */
export const list = style([fr.plainList, { display: "grid", gap: vars.space.md }]);

/** One saved listing: photo beside the text from 600 px, above it on phones. */
export const item = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.md,
  ...fr.panel,
  boxShadow: vars.shadow.card,
  "@media": { "(min-width: 600px)": { gridTemplateColumns: "200px 1fr" } },
});

/** A listing's photo in a 4:3 frame (the list's and the comparison's). */
const photoFrame: StyleRule = {
  display: "block",
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.light,
};

/** Photo frame, 4:3. */
export const photo = style(photoFrame);

/** Text column of an item. */
export const body = style([fr.column, { gap: vars.space.xs, minWidth: 0 }]);

/** Category and code line. */
export const kicker = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Listing title. */
export const itemTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.25 });

/** Price line. */
export const price = style({ margin: 0, fontWeight: 700 });

/** Status "Disponível". */
export const available = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.sm, fontWeight: 600 });

/** Status "Este imóvel saiu do catálogo". */
export const gone = style({ margin: 0, color: vars.color.error, fontWeight: 600 });

/** The controls of an item (compare checkbox, remove). */
export const itemActions = style([fr.wrapFlex, { gap: vars.space.md, alignItems: "center", marginTop: vars.space.xs }]);

/** A checkbox with its label, 44 px high. */
export const check = style([
  fr.inlineCenter,
  { gap: vars.space.sm, minHeight: "44px", cursor: "pointer", fontWeight: 600 },
]);

/** The checkbox itself, larger than the default. */
export const checkbox = style({ width: "20px", height: "20px", accentColor: vars.color.secondary });

/** The share and compare panel. */
export const panel = style([
  fr.column,
  {
    gap: vars.space.sm,
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    background: vars.color.light,
  },
]);

/** Panel heading. */
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

/** The shared link, breakable on phones. */
export const shareLink = style({ overflowWrap: "anywhere", fontSize: vars.fontSize.sm });

/** Polite status line (copy confirmation). */
export const status = style({ margin: 0, minHeight: "1.2em", fontSize: vars.fontSize.sm });

/** Scroll box of the comparison table (keyboard-scrollable). */
export const tableScroll = style({
  // Positioned, so the visually hidden texts inside it scroll with it instead of widening the page.
  position: "relative",
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { "&:focus-visible": fr.focusRing },
});

/** The comparison table; from 900 px its listing columns share the width equally (fixed layout). */
export const table = style({
  borderCollapse: "separate",
  borderSpacing: 0,
  width: "100%",
  fontSize: vars.fontSize.sm,
  "@media": { "(min-width: 900px)": { tableLayout: "fixed" } },
});

/** A listing's column cell: the listings share the table's width (the label column keeps its own). */
export const cell = style({
  minWidth: "150px",
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
  background: vars.color.surface,
  "@media": { "(min-width: 900px)": { minWidth: "200px" } },
});

/**
 * The first column (what each row is): stays in view while the table scrolls sideways;
 * narrow (a table cell ignores `max-width`: its `width` keeps it from taking the table's
 * spare width).
 */
export const rowHead = style({
  position: "sticky",
  left: 0,
  zIndex: 1,
  width: "104px",
  minWidth: "104px",
  maxWidth: "130px",
  "@media": { "(min-width: 900px)": { width: "128px" } },
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.light,
  textAlign: "left",
  verticalAlign: "top",
  fontWeight: 600,
});

/** The photo in the table head. */
export const comparePhoto = style([photoFrame, { marginBottom: vars.space.xs }]);

/** The best value of a row ("★ Menor preço"): its own line under the figure, in words. */
export const best = style({
  display: "block",
  marginTop: "2px",
  color: vars.color.success,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

/** Amenity marks: ✓ in the success colour, — muted. */
export const yes = style({ color: vars.color.success, fontWeight: 700 });
export const no = style({ color: vars.color.textMuted });
