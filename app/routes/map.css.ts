/**
 * Styles of `/mapa` (`map.tsx`). Phone: filters fold, map on top (55vh), list
 * under it. From 960 px: filters sidebar, map above the list. From 1200 px:
 * filters, map (sticky, full height) and list side by side.
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { header as layoutHeader } from "~/components/page-layout.css";

const medium = "(min-width: 960px)";
const wide = "(min-width: 1200px)";

/** Page body: wider than the content column (the map wants room). */
export const page = style({
  width: "100%",
  maxWidth: "1680px",
  marginInline: "auto",
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xxl}`,
  "@media": { "(min-width: 768px)": { paddingInline: vars.space.xl } },
});

/** Heading block (tighter than the other list pages: the map wants the room). */
export const header = style([layoutHeader, { marginBottom: vars.space.md }]);

/** Filters, map and list. */
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gridTemplateAreas: '"filters" "map" "list"',
  gap: vars.space.md,
  alignItems: "start",
  "@media": {
    [medium]: {
      gridTemplateColumns: "280px minmax(0, 1fr)",
      gridTemplateAreas: '"filters map" "filters list"',
      gap: vars.space.lg,
    },
    [wide]: {
      gridTemplateColumns: "280px minmax(0, 1fr) 380px",
      gridTemplateAreas: '"filters map list"',
    },
  },
});

export const filters = style({ gridArea: "filters", minWidth: 0, alignSelf: "stretch" });

export const mapArea = style({
  gridArea: "map",
  minWidth: 0,
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.sm})`,
  "@media": {
    [wide]: { position: "sticky", top: `calc(${vars.layout.headerHeight} + ${vars.space.md})` },
  },
});

/** Fixed-height box of the map (and of its placeholder). */
export const mapBox = style({
  position: "relative",
  height: "55vh",
  minHeight: "300px",
  "@media": {
    [medium]: { height: "60vh", minHeight: "420px" },
    [wide]: { height: `calc(100vh - ${vars.layout.headerHeight} - 2 * ${vars.space.md})`, minHeight: "480px" },
  },
});

export const listArea = style({
  gridArea: "list",
  minWidth: 0,
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.sm})`,
});

/** Before the map module loads. */
export const placeholder = style({
  width: "100%",
  height: "100%",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.light,
  textAlign: "center",
});

export const placeholderText = style({ margin: 0, color: vars.color.textMuted });

/** Phones: floating "Ver lista" / "Ver mapa". */
export const toggle = style({
  position: "fixed",
  left: "50%",
  bottom: vars.space.md,
  transform: "translateX(-50%)",
  zIndex: 900,
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: "none",
  boxShadow: vars.shadow.raised,
  "@media": { [medium]: { display: "none" } },
});
